#!/usr/bin/env bash
# `npm test`: lint, types, unit and database tests, then browser tests (JavaScript on and off)
# against the production build. Needs nothing but the clone; TEST_DATABASE_URL adds PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

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
trap 'rm -rf "$E2E_DATA_DIR"' EXIT
npx playwright test
