# What every benchmark command of our server does before it runs (sourced by bench.sh,
# soak.sh, bench-nodes.sh and bench-profile.sh from the repository root): bench-env.sh's
# database, packages and descriptors, and the release server unless BACKEND_BIN names one.
source scripts/bench-env.sh
if [ -z "${BACKEND_BIN:-}" ]; then
  cargo build --release -p backend
fi
