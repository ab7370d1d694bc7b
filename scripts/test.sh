#!/usr/bin/env bash
# `npm test`: lint, types, unit and database tests, browser tests (JavaScript on and off)
# against the production build, then the container (podman; skipped where podman is missing outside
# CI). Needs nothing but the clone; TEST_DATABASE_URL adds PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's duration is printed at the end (and when a step fails, the durations so far).
STEP_NAMES=()
STEP_SECONDS=()
step_started=$SECONDS
step_name=""
close_step() {
  if [ -n "$step_name" ]; then
    STEP_NAMES+=("$step_name")
    STEP_SECONDS+=($((SECONDS - step_started)))
  fi
}
step() {
  close_step
  step_name="$*"
  step_started=$SECONDS
  printf '\n\033[1m== %s ==\033[0m\n' "$*"
}
print_durations() {
  local status=$?
  close_step
  step_name=""
  printf '\n\033[1m== Step durations ==\033[0m\n'
  local i
  for i in "${!STEP_NAMES[@]}"; do
    printf '  %6s s  %s\n' "${STEP_SECONDS[$i]}" "${STEP_NAMES[$i]}"
  done
  printf '  %6s s  in all\n' "$SECONDS"
  if [ -n "${E2E_DATA_DIR:-}" ]; then rm -rf "$E2E_DATA_DIR"; fi
  if [ -n "${BASE_IMAGE_PID:-}" ]; then kill "$BASE_IMAGE_PID" 2>/dev/null || true; fi
  return $status
}
trap print_durations EXIT

step "Tools (Chromium, Java, podman)"
# What the steps below need from Debian, installed at once (one package-list update) when missing:
# Chromium for the browser tests (Playwright never downloads a browser), Java for the W3C Nu HTML
# checker (vnu-jar's own Java download is disabled), and in CI podman for the container step.
missing=()
if [ -z "${CHROME_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
if ! command -v java >/dev/null 2>&1; then missing+=(default-jre-headless); fi
if ! command -v podman >/dev/null 2>&1 && [ "${CI:-}" = true ]; then missing+=(podman runc debootstrap); fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing Debian's ${missing[*]}"
  as_root=()
  [ "$(id -u)" = 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "using ${CHROME_PATH:-/usr/bin/chromium}"
java -version 2>&1 | head -1

# The container step's base image (debootstrap and Node from the registries: mostly waiting on
# downloads and the disk) is made in the background meanwhile; the container step waits for it.
BASE_IMAGE_LOG=""
BASE_IMAGE_PID=""
if command -v podman >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  BASE_IMAGE_LOG="$(mktemp -t devperspective-base-image-XXXXXX.log)"
  bash scripts/container/build-base.sh >"$BASE_IMAGE_LOG" 2>&1 &
  BASE_IMAGE_PID=$!
  echo "the container's base image is being made in the background (log: $BASE_IMAGE_LOG)"
fi

step "Lint and format"
npx biome check .
npm run -s lint:layers

step "Types"
npx react-router typegen
npx tsc

step "Unit and database tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run

step "Build"
npm run build

step "Browser tests (JavaScript on and off)"
E2E_DATA_DIR="$(mktemp -d -t devperspective-e2e-XXXXXX)"
export E2E_DATA_DIR
npx playwright test

step "Container (the Dockerfile's image on both databases)"
if [ -n "$BASE_IMAGE_PID" ]; then
  base_status=0
  wait "$BASE_IMAGE_PID" || base_status=$?
  BASE_IMAGE_PID=""
  cat "$BASE_IMAGE_LOG"
  rm -f "$BASE_IMAGE_LOG"
  [ "$base_status" = 0 ] || { echo "making the container's base image failed" >&2; exit 1; }
fi
if command -v podman >/dev/null 2>&1; then
  # The PostgreSQL half uses TEST_DATABASE_URL's server when set (a fresh database is created there).
  if [ -n "${TEST_DATABASE_URL:-}" ] && [ -z "${CONTAINER_TEST_PG:-}" ]; then
    export CONTAINER_TEST_PG="${TEST_DATABASE_URL%/*}/postgres"
  fi
  bash scripts/container/test.sh
elif [ "${CI:-}" = true ]; then
  echo "podman is missing, and CI never skips the container step: apt-get install -y podman runc debootstrap" >&2
  exit 1
else
  echo "Container step skipped: podman is not installed here (apt-get install -y podman runc debootstrap). CI never skips it."
fi
