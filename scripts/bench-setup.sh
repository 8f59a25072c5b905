# What every benchmark command of our server does before it runs (sourced by bench.sh,
# soak.sh, bench-nodes.sh, bench-lb.sh and bench-profile.sh from the repository root):
# bench-env.sh's database, packages and descriptors, and the release server unless BACKEND_BIN
# names one.
source scripts/bench-env.sh
if [ -z "${BACKEND_BIN:-}" ]; then
  # Built in the shared build cache, as the other scripts build.
  source scripts/cache.sh
  cargo build --release -p backend
  export BACKEND_BIN="$CARGO_TARGET_DIR/release/backend"
fi
