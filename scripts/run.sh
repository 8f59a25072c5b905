#!/usr/bin/env bash
# Builds and runs the product on one port: API, sockets and web app, with a demo store.
# It builds the development profile (dependencies optimised, the project's crate not), the
# build the test command then reuses; a deployment builds `cargo build --release`
# (docs/operations.md).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache.sh

ADMIN_URL=$(scripts/ensure-postgres.sh)
if [ -z "${DATABASE_URL:-}" ]; then
  export DATABASE_URL="${ADMIN_URL%/*}/clockto"
  psql "$ADMIN_URL" -Atc "select 1 from pg_database where datname='clockto'" | grep -q 1 \
    || psql "$ADMIN_URL" -qc "create database clockto"
fi

if [ -f frontend/package.json ]; then
  (cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build)
fi

# The voice assistant's speech worker; without it the assistant says it is unavailable.
if [ -z "${SPEECH_WORKER:-}" ]; then
  SPEECH_WORKER=$(scripts/speech-setup.sh) || { echo "the voice assistant is unavailable: its speech worker could not be set up" >&2; SPEECH_WORKER=; }
  export SPEECH_WORKER
fi

export SEED_DEMO="${SEED_DEMO:-true}"
cargo build -p backend
exec "$BACKEND_BIN"
