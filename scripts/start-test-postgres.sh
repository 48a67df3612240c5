#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on 127.0.0.1 for the integration tests and prints its URL.
# Debian's initdb refuses root, so the cluster runs as the postgres user. Usage:
#   export TEST_DATABASE_URL=$(bash scripts/start-test-postgres.sh)
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PGPORT=${PGPORT:-54329}
PGDATA=${PGDATA:-/tmp/bct-test-pg}
RUN_AS=()
if [ "$(id -u)" = 0 ]; then RUN_AS=(runuser -u postgres --); fi

if ! "${RUN_AS[@]}" "$PGBIN/pg_isready" -h 127.0.0.1 -p "$PGPORT" -q; then
  rm -rf "$PGDATA"
  mkdir -p "$PGDATA"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDATA"
  "${RUN_AS[@]}" "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 >/dev/null
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
    -o "-h 127.0.0.1 -p $PGPORT -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
