#!/usr/bin/env bash
# Client booking under a rush (not part of the tests): builds the release server, then runs
# bench/booking.mjs, which prints reservations a second, the p50 and p99 of reserveEvent and
# proves no session was overbooked, and writes bench/RESULTS-booking.md. Environment: CLIENTS
# (default 1000), SPREAD_MS (10000), CONCURRENCY (64).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache.sh

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$(scripts/ensure-postgres.sh)}"
cargo build --release -p backend
(cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
export BACKEND_BIN="$CARGO_TARGET_DIR/release/backend"
exec node bench/booking.mjs
