#!/usr/bin/env bash
# Several nodes on one Postgres (not part of the tests): builds the release server unless
# BACKEND_BIN names one, installs the benchmark's packages, then runs bench/nodes.mjs, which
# drives 1, 2 and 4 server processes on one database, measures LISTEN/NOTIFY directly, prints
# the figures and writes bench/RESULTS-nodes.md. Environment: NODES (default 1,2,4),
# ONLY=N1,N2,N3,N4 to pick workloads, QUICK=1 for a short trial.
set -euo pipefail
cd "$(dirname "$0")/.."

ADMIN_URL=$(scripts/ensure-postgres.sh)
export BENCH_DATABASE_URL="${BENCH_DATABASE_URL:-$ADMIN_URL}"
if [ -z "${BACKEND_BIN:-}" ]; then
  cargo build --release -p backend
fi
(cd bench && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
# Thousands of sockets need as many descriptors on each side.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
exec node bench/nodes.mjs
