#!/usr/bin/env bash
# Several nodes on one Postgres (not part of the tests): builds the release server unless
# BACKEND_BIN names one, installs the benchmark's packages, then runs bench/nodes.mjs, which
# drives 1, 2 and 4 server processes on one database, measures LISTEN/NOTIFY directly, prints
# the figures and writes bench/RESULTS-nodes.md. Environment: NODES (default 1,2,4),
# ONLY=N1,N2,N3,N4 to pick workloads, QUICK=1 for a short trial.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-setup.sh
exec node bench/nodes.mjs
