#!/usr/bin/env bash
# Runs every test: backend unit and integration tests against a real Postgres, then the web
# app's lint, type check, unit tests and build, then its end-to-end tests in Debian's chromium
# against the real server binary.
set -euo pipefail
cd "$(dirname "$0")/.."

ADMIN_URL=$(scripts/ensure-postgres.sh)
export TEST_DATABASE_URL="$ADMIN_URL"

echo "== backend tests"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast
else
  cargo test --workspace --no-fail-fast
fi

echo "== web app: lint, types, unit tests, build"
(
  cd frontend
  [ -d node_modules ] || npm ci --no-audit --no-fund
  npm run lint
  npm run typecheck
  npm test
  npm run build
)

echo "== web app: end-to-end"
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  echo "installing chromium..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
fi
cargo build -p backend
(cd frontend && npm run test:e2e)
