#!/usr/bin/env bash
# Runs a command with an S3-compatible server (moto) on loopback, its address in
# S3_TEST_ENDPOINT; the server stops when the command ends. The server is installed in a venv
# in the build cache (scripts/cache.sh) on first use.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/cache.sh"
dir="$CLOCKTO_CACHE/s3-test"
venv="$dir/venv"
if [ ! -x "$venv/bin/moto_server" ]; then
  mkdir -p "$dir"
  python3 -m venv "$venv" || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
    python3 -m venv "$venv"
  }
  "$venv/bin/pip" install -q -r "$root/tests/s3/requirements.txt"
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$dir/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.1
done
S3_TEST_ENDPOINT="http://127.0.0.1:$port" "$@"
