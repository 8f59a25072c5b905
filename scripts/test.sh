#!/usr/bin/env bash
# Runs every test: backend unit and integration tests against a real Postgres, then the
# realtime tests driven by the official socket.io-client against the server binary.
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

echo "== realtime tests"
cargo build -p backend
(
  cd tests/realtime
  [ -d node_modules ] || npm ci --no-audit --no-fund
  npm test
)
