#!/usr/bin/env bash
# The schedule board at a large store's size in Debian's chromium (not part of the tests):
# builds the release server and the web app, then runs bench/board.mjs, which prints the
# figures beside their targets and writes bench/RESULTS-board.md. Environment: RUNS (default 3),
# CHROMIUM_PATH (default /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$(scripts/ensure-postgres.sh)}"
cargo build --release -p backend
(cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build)
export BACKEND_BIN="${BACKEND_BIN:-$PWD/target/release/backend}"
exec node bench/board.mjs
