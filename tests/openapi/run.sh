#!/usr/bin/env bash
# Generated-input testing of the API (schemathesis, all phases) against a real server on a
# fresh database with the demo store, signed in as its owner. TEST_DATABASE_URL names the
# Postgres to make the database in (default: the local one).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/cache.sh
venv="$CLOCKTO_CACHE/api-fuzz/venv"
if [ ! -x "$venv/bin/st" ]; then
  mkdir -p "$CLOCKTO_CACHE/api-fuzz"
  python3 -m venv "$venv" || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
    python3 -m venv "$venv"
  }
  "$venv/bin/pip" install -q -r tests/openapi/requirements.txt
fi
# The voice assistant's worker, so its call is answered rather than refused as unavailable.
export SPEECH_WORKER="${SPEECH_WORKER:-$(scripts/speech-setup.sh)}"
# Built already when the test command runs this (SERVER_BUILT).
[ -n "${SERVER_BUILT:-}" ] || cargo build -p backend
"$venv/bin/python" tests/openapi/run.py
