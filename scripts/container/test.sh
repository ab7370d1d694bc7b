#!/usr/bin/env bash
# The container test (`npm test`'s container step): builds the image from the Dockerfile with
# podman and proves, on the embedded database in a volume and on PostgreSQL via DATABASE_URL:
# healthy by its own HEALTHCHECK; home, an article and /admin/login answer; a non-root process;
# the first-run setup link in its log; `npm run admin` inside the running container; an article
# created through the admin panel survives stop, rm and a new container; SIGTERM stops it within
# 5 s with an in-flight request answered; /metrics refuses a missing token; no secret in the log;
# the image holds no dev dependencies, tests or unused sources (largest layers and size printed).
#
# Host network (the sandbox has no other), so the container listens on CONTAINER_TEST_PORT
# (default 6391) and never meets other servers. PostgreSQL: CONTAINER_TEST_PG (default
# postgres://postgres@127.0.0.1:5432/postgres); a fresh database is created and dropped.
set -euo pipefail
source "$(dirname "$0")/podman.sh"
cd "$CONTAINER_DIR/../.."

PORT="${CONTAINER_TEST_PORT:-6391}"
IMAGE="${CONTAINER_TEST_IMAGE:-localhost/devperspective:test}"
PG_ADMIN_URL="${CONTAINER_TEST_PG:-postgres://postgres@127.0.0.1:5432/postgres}"
RUN_ID="$$-$RANDOM"
BASE="http://127.0.0.1:$PORT"
METRICS_TOKEN="metrics-$RUN_ID-secret"
ADMIN_EMAIL="ops-$RUN_ID@example.test"
ADMIN_PASSWORD="container-pass-$RUN_ID"
WORK="$(mktemp -d -t devperspective-ct-XXXXXX)"
CONTAINERS=()
VOLUMES=()
DATABASE=""

ok() { printf '  ok  %s\n' "$*"; }
die() {
  printf '  FAIL %s\n' "$*" >&2
  for name in "${CONTAINERS[@]}"; do
    if pod container exists "$name"; then
      echo "---- last log lines of $name ----" >&2
      pod logs --tail 40 "$name" >&2 2>&1 || true
    fi
  done
  exit 1
}
cleanup() {
  for name in "${CONTAINERS[@]}"; do pod rm -f -t 0 "$name" >/dev/null 2>&1 || true; done
  for volume in "${VOLUMES[@]}"; do pod volume rm -f "$volume" >/dev/null 2>&1 || true; done
  if [ -n "$DATABASE" ]; then psql -q "$PG_ADMIN_URL" -c "drop database if exists \"$DATABASE\" with (force)" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

if curl -s -o /dev/null --max-time 1 "$BASE/"; then die "port $PORT is in use: set CONTAINER_TEST_PORT"; fi

# --- The image ------------------------------------------------------------------------------------
started=$SECONDS
bash "$CONTAINER_DIR/build-image.sh" "$IMAGE" >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log" >&2; die "image build failed"; }
echo "image $IMAGE built in $((SECONDS - started)) s"

base_size=$(pod image inspect --format '{{.Size}}' "$(base_image_name)")
image_size=$(pod image inspect --format '{{.Size}}' "$IMAGE")
added_mb=$(( (image_size - base_size) / 1000000 ))
echo "image: $((image_size / 1000000)) MB, of which the app adds $added_mb MB over $(base_image_name) ($((base_size / 1000000)) MB). Largest layers:"
pod history --format json "$IMAGE" | node -e '
  const layers = JSON.parse(require("fs").readFileSync(0, "utf8")).sort((a, b) => b.size - a.size).slice(0, 5);
  for (const { size, CreatedBy } of layers) {
    const step = CreatedBy.replace(/^\/bin\/sh -c (#\(nop\) )?/, "").slice(0, 90);
    console.log(`    ${(size / 1e6).toFixed(1).padStart(7)} MB  ${step}`);
  }'
[ "$added_mb" -le "${CONTAINER_MAX_ADDED_MB:-120}" ] || die "the app adds $added_mb MB over the base image (at most ${CONTAINER_MAX_ADDED_MB:-120})"
ok "the app adds $added_mb MB over the base image (≤ ${CONTAINER_MAX_ADDED_MB:-120})"

dev_dependencies=$(node -e 'console.log(Object.keys(require("./package.json").devDependencies).join(" "))')
contents=$(pod run --rm --network host --entrypoint sh "$IMAGE" -c "
  cd /app
  for name in $dev_dependencies tsx esbuild vitest; do [ -e node_modules/\$name ] && echo \"dev dependency: node_modules/\$name\"; done
  for path in tests app docs scripts/admin.ts scripts/test.sh scripts/container vite.config.ts tsconfig.json playwright.config.ts .git; do
    [ -e \$path ] && echo \"not used at run time: \$path\"
  done
  find /app -maxdepth 1 | sort | tr '\n' ' '
" 2>/dev/null)
if grep -q -E '^(dev dependency|not used)' <<<"$contents"; then die "the image holds what the runtime does not use:
$(grep -E '^(dev dependency|not used)' <<<"$contents")"; fi
ok "no dev dependencies, tests or unused sources (/app: $(tail -1 <<<"$contents"))"

# --- One database ---------------------------------------------------------------------------------
# run_container NAME ENV... : starts the image detached on PORT with the given -e/-v options.
run_container() {
  local name="$1"
  shift
  CONTAINERS+=("$name")
  # ENABLE_TEST_HOOKS=1 adds /__test/slow, the in-flight request of the SIGTERM check.
  pod run -d --name "$name" --network host \
    -e PORT="$PORT" -e SITE_URL="$BASE" -e METRICS_TOKEN="$METRICS_TOKEN" -e ENABLE_TEST_HOOKS=1 \
    "$@" "$IMAGE" >/dev/null
}

# wait_healthy NAME: runs the image's own HEALTHCHECK until it passes (podman keeps no timer here).
wait_healthy() {
  local name="$1" deadline=$((SECONDS + 120)) since=$SECONDS
  until pod healthcheck run "$name" >/dev/null 2>&1; do
    [ "$(pod inspect --format '{{.State.Running}}' "$name")" = true ] || die "$name exited before becoming healthy"
    [ $SECONDS -lt $deadline ] || die "$name did not become healthy within 120 s"
    sleep 1
  done
  ok "$name healthy by its own HEALTHCHECK after ~$((SECONDS - since)) s"
}

status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 15 "$@"; }

prove() {
  local label="$1"
  shift
  local name="dp-ct-$label-$RUN_ID"
  echo "== $label =="
  run_container "$name" "$@"
  wait_healthy "$name"

  [ "$(status_of "$BASE/")" = 200 ] || die "home did not answer 200"
  local article
  article=$(curl -s --max-time 15 "$BASE/" | grep -o 'href="/post/[^"]*"' | head -1 | sed 's/href="//; s/"$//')
  [ -n "$article" ] || die "no article link on the home page"
  [ "$(status_of "$BASE$article")" = 200 ] || die "$article did not answer 200"
  [ "$(status_of "$BASE/admin/login")" = 200 ] || die "/admin/login did not answer 200"
  ok "home, $article and /admin/login answer 200"

  local uid
  uid=$(pod exec "$name" awk '/^Uid:/ { print $2 }' /proc/1/status)
  [ -n "$uid" ] && [ "$uid" != 0 ] || die "the server process runs as uid '$uid'"
  ok "the server process runs as uid $uid ($(pod exec "$name" id -un))"

  grep -q -E "$BASE/setup/[A-Za-z0-9_-]+" <<<"$(pod logs "$name" 2>&1)" || die "no setup link in the container's log"
  ok "the first-run setup link is in the container's log"

  local out
  out=$(pod exec "$name" npm run --silent admin -- create --email "$ADMIN_EMAIL" --password "$ADMIN_PASSWORD" --name "Ops Admin" 2>&1) \
    || die "npm run admin failed inside the container: $out"
  ok "npm run admin inside the running container: $out"
  if out=$(pod exec "$name" npm run --silent admin -- create --email not-an-address --password x --name "" 2>&1); then
    die "npm run admin accepted bad input inside the container"
  fi
  ok "npm run admin refuses bad input with: $(tail -1 <<<"$out")"

  local cookie slug="container-$label-$RUN_ID"
  cookie=$(curl -s -o /dev/null -D - --max-time 15 -X POST "$BASE/admin/login" -H "Origin: $BASE" \
    --data-urlencode "email=$ADMIN_EMAIL" --data-urlencode "password=$ADMIN_PASSWORD" \
    | grep -i '^set-cookie: dp_session=' | sed 's/^[Ss]et-[Cc]ookie: //; s/;.*//' | tr -d '\r')
  [ -n "$cookie" ] || die "signing in with the administrator npm run admin created failed"
  local created
  created=$(status_of -X POST "$BASE/admin/articles/new" -H "Origin: $BASE" -H "Cookie: $cookie" \
    --data-urlencode "title=Survives the container $label" --data-urlencode "slug=$slug" \
    --data-urlencode "content=Written through the admin panel before the container was replaced.")
  [ "$created" = 303 ] || die "creating an article through the admin panel answered $created"
  [ "$(status_of "$BASE/post/$slug")" = 200 ] || die "/post/$slug did not answer 200 after creating it"
  ok "article /post/$slug created through the admin panel"

  [ "$(status_of "$BASE/metrics")" = 401 ] || die "/metrics without the token did not answer 401"
  grep -q '^http_requests_total{' <<<"$(curl -s --max-time 15 -H "Authorization: Bearer $METRICS_TOKEN" "$BASE/metrics")" \
    || die "/metrics with the token did not answer the Prometheus text"
  [ "$(status_of "$BASE/readyz")" = 200 ] || die "/readyz did not answer 200"
  ok "/metrics: 401 without the token, Prometheus text with it; /readyz 200"

  # SIGTERM with a request in flight: it is answered, and the container stops within 5 s.
  curl -s --max-time 20 -o "$WORK/inflight-$label" -w '%{http_code}' "$BASE/__test/slow?ms=2000" >"$WORK/inflight-$label.status" &
  local client=$!
  sleep 0.5
  local stop_started stop_ms exit_code
  stop_started=$(date +%s%N)
  pod stop -t 10 "$name" >/dev/null
  stop_ms=$(( ($(date +%s%N) - stop_started) / 1000000 ))
  wait "$client" || true
  exit_code=$(pod inspect --format '{{.State.ExitCode}}' "$name")
  [ "$(cat "$WORK/inflight-$label.status")" = 200 ] && grep -q "slow response finished" "$WORK/inflight-$label" \
    || die "the in-flight request was not answered (status $(cat "$WORK/inflight-$label.status"))"
  [ "$stop_ms" -lt 5000 ] || die "SIGTERM took $stop_ms ms to stop the container (limit 5 s)"
  [ "$exit_code" = 0 ] || die "the container exited with $exit_code after SIGTERM"
  ok "SIGTERM: stopped in $stop_ms ms, exit 0, the in-flight request answered 200"

  local log
  log=$(pod logs "$name" 2>&1)
  for secret in "$ADMIN_PASSWORD" "${cookie#dp_session=}" "$METRICS_TOKEN"; do
    grep -q -F -- "$secret" <<<"$log" && die "a secret of this test is in the container's log"
  done
  grep -F '"path":"/admin/login"' <<<"$log" | grep -F '"status":200' | grep -c -F '"msg":"request"' >/dev/null \
    || die "no JSON request line for /admin/login in the log"
  ok "JSON request lines in the log; no password, session cookie or metrics token in it"

  pod rm "$name" >/dev/null
  local again="$name-again"
  run_container "$again" "$@"
  wait_healthy "$again"
  [ "$(status_of "$BASE/post/$slug")" = 200 ] || die "/post/$slug is gone after re-creating the container"
  ok "/post/$slug survived stop, rm and a new container"
  pod stop -t 10 "$again" >/dev/null
  pod rm "$again" >/dev/null
}

VOLUME="dp-ct-data-$RUN_ID"
pod volume create "$VOLUME" >/dev/null
VOLUMES+=("$VOLUME")
started=$SECONDS
prove embedded -v "$VOLUME:/data"
echo "embedded database: $((SECONDS - started)) s"

if psql -q "$PG_ADMIN_URL" -c 'select 1' >/dev/null 2>&1; then
  DATABASE="dp_container_${RUN_ID//-/_}"
  psql -q "$PG_ADMIN_URL" -c "create database \"$DATABASE\"" >/dev/null
  started=$SECONDS
  prove postgres -e DATABASE_URL="${PG_ADMIN_URL%/*}/$DATABASE"
  echo "PostgreSQL: $((SECONDS - started)) s"
elif [ "${CI:-}" = true ]; then
  die "PostgreSQL at $PG_ADMIN_URL does not answer (CI must prove both databases)"
else
  echo "PostgreSQL half skipped: $PG_ADMIN_URL does not answer (set CONTAINER_TEST_PG)."
fi
echo "container test passed"
