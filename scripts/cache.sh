# Sourced by the scripts that build: build outputs live outside the checkout, where a later
# clone on this machine finds them (as a CI cache would), so a fresh clone compiles only the
# project's own crate. A clone's sources are newer than any output made before it, so cargo
# rebuilds what they feed; two checkouts building at the same time should each set their own
# CARGO_TARGET_DIR. CLOCKTO_CACHE moves the whole cache.
: "${CLOCKTO_CACHE:=${XDG_CACHE_HOME:-$HOME/.cache}/clockto}"
export CLOCKTO_CACHE
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$CLOCKTO_CACHE/target}"
# The server binary the test suites start: the one `scripts/run.sh` runs.
export BACKEND_BIN="${BACKEND_BIN:-$CARGO_TARGET_DIR/debug/backend}"
mkdir -p "$CLOCKTO_CACHE"
