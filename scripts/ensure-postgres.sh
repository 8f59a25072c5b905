#!/usr/bin/env bash
# Makes sure a Postgres answers and prints the admin URL to use.
# - DATABASE_ADMIN_URL set: used as it is.
# - A server on 127.0.0.1:5432 with trust auth for "postgres": used.
# - Otherwise a private cluster is started under data/pg on port 5439 (Debian's postgresql
#   package is installed when initdb is missing).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${DATABASE_ADMIN_URL:-}" ]; then
  echo "$DATABASE_ADMIN_URL"; exit 0
fi

answers() { psql "$1" -Atc 'select 1' >/dev/null 2>&1; }

if command -v psql >/dev/null && answers "postgres://postgres@127.0.0.1:5432/postgres"; then
  echo "postgres://postgres@127.0.0.1:5432/postgres"; exit 0
fi

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "installing postgresql..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi

DATA="$PWD/data/pg"
PORT=5439
URL="postgres://postgres@127.0.0.1:$PORT/postgres"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ ! -f "$DATA/PG_VERSION" ]; then
  mkdir -p "$DATA"
  [ "$(id -u)" = 0 ] && chown -R postgres "$DATA"
  as_pg "$PGBIN/initdb" -D "$DATA" -U postgres --auth=trust >&2
fi
if ! answers "$URL"; then
  as_pg "$PGBIN/pg_ctl" -D "$DATA" -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1" -l "$DATA/server.log" -w start >&2
fi
echo "$URL"
