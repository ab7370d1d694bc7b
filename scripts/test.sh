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
  return $status
}
trap print_durations EXIT

step "Browser"
if [ -z "${CHROME_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is missing: installing Debian's chromium package (Playwright never downloads a browser)."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
echo "using ${CHROME_PATH:-/usr/bin/chromium}"

step "Java (the Nu HTML checker)"
if ! command -v java >/dev/null 2>&1; then
  # The browser tests check every page with the W3C Nu HTML checker (vnu-jar), which runs on Java.
  echo "Java is missing: installing Debian's default-jre-headless (vnu-jar's own Java download is disabled)."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
  fi
fi
java -version 2>&1 | head -1

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
if ! command -v podman >/dev/null 2>&1 && [ "${CI:-}" = true ]; then
  # Like Chromium above: CI installs what the step needs rather than skipping it.
  echo "podman is missing: installing Debian's podman, runc and debootstrap (CI never skips the container step)."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
  fi
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
