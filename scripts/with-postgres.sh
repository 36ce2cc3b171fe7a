#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server on 127.0.0.1, then stops and removes it.
# Usage: scripts/with-postgres.sh npm run test:api   (the command sees TEST_DATABASE_URL and PG_URL)
# Installs Debian's postgresql when no server binaries are found.
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
bin=$(find_bin)
if [ -z "$bin" ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  bin=$(find_bin)
fi

port=${PG_PORT:-$(python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")}
dir=$(mktemp -d /tmp/training-admin-pg.XXXXXX)
# PostgreSQL refuses to run as root; run it as the postgres user Debian's package creates.
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi
as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
as_pg "$bin/pg_ctl" -D "$dir/data" -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" -l "$dir/log" -w start >/dev/null
stop() {
  as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT

export PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
export TEST_DATABASE_URL="$PG_URL"
"$@"
