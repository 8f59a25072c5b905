#!/usr/bin/env bash
# Makes sure a Postgres answers and prints the admin URL to use.
# - DATABASE_ADMIN_URL set: used as it is.
# - A server on 127.0.0.1:5432 with trust auth for "postgres": used.
# - Otherwise a private cluster is started on port 5439 (Debian's postgresql package is
#   installed when initdb is missing): under data/pg, or, run as root, in the postgres user's
#   home (/var/lib/postgresql/clockto/<checkout>), since the cluster runs as that user and
#   may not reach into the checkout (a clone in /root, whose home is drwx------).
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

PORT=5439
URL="postgres://postgres@127.0.0.1:$PORT/postgres"
if [ "$(id -u)" = 0 ]; then
  # One cluster per checkout, named by its path, in a folder the postgres user owns.
  PGHOME=$(getent passwd postgres | cut -d: -f6)
  DATA="$PGHOME/clockto/$(printf '%s' "$PWD" | sha256sum | cut -c1-16)"
  # From / : the postgres user may not be able to enter the checkout.
  as_pg() { (cd / && runuser -u postgres -- "$@"); }
  if [ ! -f "$DATA/PG_VERSION" ]; then
    install -d -m 0700 -o postgres "$PGHOME/clockto" "$DATA"
  fi
else
  DATA="$PWD/data/pg"
  as_pg() { "$@"; }
  mkdir -p "$DATA"
fi
if [ ! -f "$DATA/PG_VERSION" ]; then
  as_pg "$PGBIN/initdb" -D "$DATA" -U postgres --auth=trust >&2
fi
if ! answers "$URL"; then
  as_pg "$PGBIN/pg_ctl" -D "$DATA" -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1" -l "$DATA/server.log" -w start >&2
fi
echo "$URL"
