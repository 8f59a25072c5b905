#!/usr/bin/env bash
# The physical limits under the benchmarks (not part of the tests): what a perfect server
# would reach on this machine, with no server of ours: the kernel's cost of sending on TCP
# loopback (bench/limits/loopback.c, compiled with gcc) and Postgres's commit floor (pgbench).
# Prints them; scripts/bench.sh measures the same at the start of its run. QUICK=1: shorter.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-env.sh
exec node bench/limits.mjs
