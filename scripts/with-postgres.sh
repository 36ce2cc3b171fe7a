#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server on 127.0.0.1, then stops and removes it.
# Usage: scripts/with-postgres.sh npm run test:api   (the command sees TEST_DATABASE_URL and PG_URL)
# Installs Debian's postgresql when no server binaries are found.
set -euo pipefail

# `|| true`: with pipefail, no match would otherwise end the script here instead of installing.
find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true; }
bin=$(find_bin)
if [ -z "$bin" ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  bin=$(find_bin)
  [ -n "$bin" ] || { echo "with-postgres: no PostgreSQL server binaries after installing postgresql" >&2; exit 1; }
fi

# A free port on loopback, asked of Node, which the project needs anyway.
port=${PG_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
dir=$(mktemp -d /tmp/training-admin-pg.XXXXXX)
# PostgreSQL refuses to run as root; run it as the postgres user Debian's package creates.
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi
# Set before starting, so a server that fails half-way is still stopped and its files removed.
stop() {
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$dir"
}
trap stop EXIT
as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
if ! as_pg "$bin/pg_ctl" -D "$dir/data" -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" -l "$dir/log" -w start >/dev/null; then
  cat "$dir/log" >&2
  exit 1
fi

export PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
export TEST_DATABASE_URL="$PG_URL"
"$@"
