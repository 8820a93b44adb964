#!/bin/sh
# The entry point of the postgres:15 image that .ci/docker-check makes from Debian's
# postgresql-15 (no image registry is reachable there). It does what compose.yaml asks
# of the official image, and no more: on an empty $PGDATA, a cluster whose superuser is
# $POSTGRES_USER (default postgres) with $POSTGRES_PASSWORD, the database $POSTGRES_DB
# (default: the user's name), password (scram-sha-256) logins over TCP from anywhere
# and trusted ones over the local socket (what `pg_isready` and `psql` in the container
# use); then the server, as the postgres user, in the foreground.
set -eu

if [ "${1#-}" != "$1" ]; then
  set -- postgres "$@"
fi
if [ "$1" != postgres ]; then
  exec "$@"
fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres: set POSTGRES_PASSWORD (the superuser's password)" >&2
    exit 1
  fi
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [ "$db" != postgres ]; then
    # Socket only while the database is made, so nobody connects to a half-made one.
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres \
      -c "CREATE DATABASE \"$db\"" >/dev/null
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "postgres: cluster made in $PGDATA (user $user, database $db)"
fi
exec "$@"
