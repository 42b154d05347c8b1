#!/usr/bin/env bash
# Installs Debian's PostgreSQL (as root), starts a throw-away server on a loopback port owned by
# the postgres user, and prints the connection URL. Stop it with: .ci/postgres.sh stop <dir>
set -euo pipefail
if [ "${1:-}" = stop ]; then
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  su postgres -c "$bin/pg_ctl -D '$2' stop -m fast" >/dev/null 2>&1 || true
  rm -rf "$2"
  exit 0
fi
if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
dir=$(mktemp -d /tmp/blocksmith-pg.XXXXXX)
chown postgres: "$dir"
su postgres -c "$bin/initdb -D '$dir' -A trust -U postgres --no-sync" >/dev/null
# The first free port from PGPORT_CI (default 55432) on.
port=${PGPORT_CI:-55432}
for _ in $(seq 1 20); do
  if su postgres -c "$bin/pg_ctl -D '$dir' -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off' -l '$dir/server.log' start -w" >&2; then
    break
  fi
  port=$((port + 1))
done
su postgres -c "$bin/pg_isready -h 127.0.0.1 -p $port" >&2
echo "DIR=$dir"
echo "URL=postgres://postgres@127.0.0.1:$port/postgres"
