#!/usr/bin/env bash
# Nodes behind HAProxy and a rolling restart under load (not part of the tests): installs
# Debian's haproxy when it is missing (it is run as a child of the benchmark with a generated
# configuration, never as a system service), builds the release server unless BACKEND_BIN names
# one, installs the benchmark's packages, then runs bench/lb.mjs, which prints the figures and
# writes bench/RESULTS-lb.md. Environment: ONLY=W8,W2 to pick workloads, QUICK=1 for a short
# trial.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v haproxy >/dev/null; then
  apt-get install -y haproxy
fi
source scripts/bench-setup.sh
exec node bench/lb.mjs
