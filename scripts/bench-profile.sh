#!/usr/bin/env bash
# Profiles of our server under the workloads whose targets are missed (not part of the tests):
# builds the release server unless BACKEND_BIN names one, installs the benchmark's packages,
# then runs bench/profile.mjs, which samples the server with `perf` during W1, W2, W5 and W8
# and traces the system calls of one edit to 1,000 sockets and of one chat message to 500
# members. Environment: PROFILE=cpu-W1,cpu-W2,cpu-W5,cpu-W8,one-edit,one-message to pick,
# PERF_FREQ (samples a second, default 1999).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v perf >/dev/null || { echo "perf is needed (linux-perf)" >&2; exit 1; }
source scripts/bench-setup.sh
exec node bench/profile.mjs
