#!/usr/bin/env bash
# The longer resilience tests (not in the test command): Postgres restarted under load on a
# private cluster, 100 trials of simultaneous grabs across two nodes, and rounds of killing a
# node mid-stream. Environment: ROUNDS (kill -9 rounds, default 5), GRAB_TRIALS (100),
# RESILIENCE_DOWN_MS (how long Postgres stays down, 4000).
set -euo pipefail
cd "$(dirname "$0")/.."

TEST_DATABASE_URL=$(scripts/ensure-postgres.sh)
export TEST_DATABASE_URL
cargo build -p backend
cd tests/realtime
[ -d node_modules ] || npm ci --no-audit --no-fund
node --test --test-concurrency=1 --test-timeout=600000 resilience/
for round in $(seq "${ROUNDS:-5}"); do
  echo "== kill -9 round $round"
  node --test --test-timeout=120000 test/resilience.test.mjs
done
