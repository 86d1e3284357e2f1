#!/usr/bin/env bash
# Makes the database cluster on the first start (an empty PGDATA), then runs PostgreSQL.
# Settings as the official image reads them: POSTGRES_USER (default postgres), POSTGRES_PASSWORD
# (required unless POSTGRES_HOST_AUTH_METHOD=trust), POSTGRES_DB (default: the user's name).
set -euo pipefail

user=${POSTGRES_USER:-postgres}
database=${POSTGRES_DB:-$user}
auth=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}

if [ "${1:-postgres}" != postgres ]; then exec "$@"; fi
shift || true

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ ! -w "$PGDATA" ]; then
    echo "forge-postgres: $PGDATA is not writable by uid $(id -u); give the volume to that user" >&2
    exit 1
  fi
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != trust ]; then
    echo "forge-postgres: set POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust on a private network)" >&2
    exit 1
  fi
  echo "forge-postgres: making the cluster in $PGDATA (user $user, database $database)"
  pwfile=$(mktemp)
  trap 'rm -f "$pwfile"' EXIT
  printf '%s\n' "${POSTGRES_PASSWORD:-}" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host="$auth" --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  trap - EXIT
  {
    echo "listen_addresses = '*'"
    echo "unix_socket_directories = '/var/run/postgresql'"
  } >> "$PGDATA/postgresql.conf"
  echo "host all all all $auth" >> "$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    # Single-user mode: no server to start and stop just to create the database.
    printf 'CREATE DATABASE "%s" OWNER "%s";\n' "$database" "$user" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "forge-postgres: cluster ready"
fi

exec postgres -D "$PGDATA" "$@"
