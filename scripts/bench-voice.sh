#!/usr/bin/env bash
# The voice assistant's latency (not part of the tests): sets up the speech worker, builds the
# release server (unless BACKEND_BIN names one), then runs bench/voice.mjs, which prints the
# median and p95 of a 5-second command answered end to end, the split between recognition,
# the answer and synthesis, and the worker's memory, and writes bench/RESULTS-voice.md.
# Environment: REPS (default 30).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache.sh

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$(scripts/ensure-postgres.sh)}"
export SPEECH_WORKER="${SPEECH_WORKER:-$(scripts/speech-setup.sh)}"
if [ -z "${BACKEND_BIN_GIVEN:-}" ] && [ -z "${BENCH_BACKEND_BIN:-}" ]; then
  cargo build --release -p backend
  export BACKEND_BIN="$CARGO_TARGET_DIR/release/backend"
else
  export BACKEND_BIN="${BENCH_BACKEND_BIN:-$BACKEND_BIN}"
fi
(cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
exec node bench/voice.mjs
