#!/usr/bin/env bash
# Runs the benchmarks (not part of the tests): builds the release server, installs the
# benchmark's packages, and compares our realtime server with the reference socket.io server.
# Environment: REPS (default 3), QUICK=1 for a short trial, ONLY=W1,W4 to pick workloads,
# TARGETS=ours or peer to run one side.
set -euo pipefail
cd "$(dirname "$0")/.."

ADMIN_URL=$(scripts/ensure-postgres.sh)
export BENCH_DATABASE_URL="${BENCH_DATABASE_URL:-$ADMIN_URL}"
cargo build --release -p backend
(cd bench && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
# Ten thousand sockets need as many descriptors on each side.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
exec node bench/run.mjs
