# What every benchmark command does before it runs (sourced by bench.sh, soak.sh and
# bench-nodes.sh from the repository root): a database to run on, the release server unless
# BACKEND_BIN names one, the benchmark's packages, and descriptors for thousands of sockets on
# each side.
ADMIN_URL=$(scripts/ensure-postgres.sh)
export BENCH_DATABASE_URL="${BENCH_DATABASE_URL:-$ADMIN_URL}"
if [ -z "${BACKEND_BIN:-}" ]; then
  cargo build --release -p backend
fi
(cd bench && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
