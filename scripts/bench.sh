#!/usr/bin/env bash
# Runs the benchmarks (not part of the tests): builds the release server unless BACKEND_BIN
# names one, installs the benchmark's packages, and compares our realtime server with the
# reference socket.io server.
# Environment: REPS (default 3), QUICK=1 for a short trial, ONLY=W1,W4 to pick workloads,
# TARGETS=ours or peer to run one side.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-setup.sh
exec node bench/run.mjs
