# What every benchmark command needs, a server of ours or not (sourced from the repository
# root by bench-setup.sh and bench-limits.sh): a database to run on, the benchmark's packages,
# and descriptors for thousands of sockets on each side.
ADMIN_URL=$(scripts/ensure-postgres.sh)
export BENCH_DATABASE_URL="${BENCH_DATABASE_URL:-$ADMIN_URL}"
(cd bench && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
