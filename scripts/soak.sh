#!/usr/bin/env bash
# The soak (not part of the tests): builds the release server unless BACKEND_BIN names one,
# installs the benchmark's packages, and runs bench/soak.mjs: 50 stores of mixed traffic for
# SOAK_MINUTES (default 30) with the server's resident memory sampled every 10 s, then an idle
# tail (SOAK_IDLE_MINUTES, default 6). Exits non-zero when memory does not plateau.
# Environment: SOAK_MINUTES, SOAK_IDLE_MINUTES, SOAK_STORES (50), SOAK_EMPLOYEES (6 per store),
# SOAK_RATE (20 actions/s), SOAK_CHURN (4 socket starts/s), SOAK_SAMPLES=file.json to keep
# every sample, BACKEND_BIN to skip the build.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-setup.sh
exec node bench/soak.mjs
