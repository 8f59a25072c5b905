#!/usr/bin/env bash
# The README's first run on a fresh machine: a clone in a home folder only its owner may
# enter (0700, as root's is), inside a network namespace where nothing answers on 5432 (only
# loopback, up). scripts/ensure-postgres.sh must start its private cluster there, and the
# server must start on it, seed the demo store and let its owner sign in.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
binary=${BACKEND_BIN:-$repo/target/debug/backend}

if [ "$(id -u)" != 0 ]; then
  # unshare -n needs root. A check that cannot run fails: it never passes unmade.
  echo "first run: needs root for a network namespace (unshare -n); run it as root" >&2
  exit 1
fi

home=$(mktemp -d /tmp/first-run-home.XXXXXX)
chmod 0700 "$home"
git clone -q "$repo" "$home/clockto"
# The working tree as it is, uncommitted changes included.
cp "$repo/scripts/ensure-postgres.sh" "$home/clockto/scripts/ensure-postgres.sh"

cleanup() {
  local data
  data=$(getent passwd postgres | cut -d: -f6)/clockto/$(printf '%s' "$home/clockto" | sha256sum | cut -c1-16)
  if [ -f "$data/postmaster.pid" ]; then
    (cd / && runuser -u postgres -- "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/pg_ctl" -D "$data" -m immediate stop) >/dev/null 2>&1 || true
  fi
  rm -rf "$home" "$data"
}
trap cleanup EXIT

HOME_DIR=$home BINARY=$binary unshare -n bash -euo pipefail -c '
  ip link set lo up
  cd "$HOME_DIR/clockto"
  if psql "postgres://postgres@127.0.0.1:5432/postgres" -Atc "select 1" >/dev/null 2>&1; then
    echo "something answers on 5432 inside the namespace" >&2; exit 1
  fi
  url=$(scripts/ensure-postgres.sh)
  psql "$url" -qc "create database clockto"
  DATABASE_URL="${url%/*}/clockto" BIND=127.0.0.1:8089 DATA_DIR="$HOME_DIR/data" \
    STATIC_DIR="$HOME_DIR/none" SEED_DEMO=true SCHEDULE_TICK_SECONDS=0 RUST_LOG=warn \
    "$BINARY" & pid=$!
  for _ in $(seq 1 600); do
    [ "$(curl -s -o /dev/null -w "%{http_code}" http://127.0.0.1:8089/ready)" = 200 ] && break
    kill -0 $pid 2>/dev/null || { echo "the server stopped" >&2; exit 1; }
    sleep 0.1
  done
  status=$(curl -s -o /dev/null -w "%{http_code}" -H "content-type: application/json" \
    -d "{\"email\":\"owner@example.com\",\"password\":\"demo1234\"}" \
    http://127.0.0.1:8089/api/v1/login)
  kill -TERM $pid; wait $pid
  [ "$status" = 200 ] || { echo "the demo owner could not sign in: $status" >&2; exit 1; }
  echo "first run: private cluster at $url, demo store served"
'
