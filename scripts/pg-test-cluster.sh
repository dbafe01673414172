#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the mirror's tests (docs/mirror.md, "A shared PostgreSQL").
#
#   eval "$(bash scripts/pg-test-cluster.sh start)"   # creates it, starts it on 127.0.0.1, prints
#                                                     # `export FISCO_TEST_PG_URL=postgres://…`
#   bash scripts/pg-test-cluster.sh stop              # stops it and removes its folder
#
# The cluster lives in FISCO_PG_CLUSTER_DIR (default: a folder under the system's temp folder,
# named by this user), listens on 127.0.0.1 only, on a free port, and holds one database
# (`fisco_test`) owned by one role (`fisco`) with a random password: the tests take the URL,
# never a fixed secret. initdb and pg_ctl refuse to run as root: as root they run as the
# `postgres` user (Debian's package creates it). Debian's server binaries are under
# /usr/lib/postgresql/<version>/bin; PG_BIN names another folder.
set -euo pipefail

dir="${FISCO_PG_CLUSTER_DIR:-${TMPDIR:-/tmp}/fisco-pg-test-$(id -u)}"
bin="${PG_BIN:-}"
if [ -z "$bin" ]; then
  for candidate in /usr/lib/postgresql/*/bin; do [ -x "$candidate/initdb" ] && bin="$candidate"; done
fi
[ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "pg-test-cluster: no PostgreSQL server found (apt-get install postgresql, or PG_BIN=…)" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    if [ -f "$dir/url" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
      echo "export FISCO_TEST_PG_URL='$(cat "$dir/url")'"
      exit 0
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    chmod 700 "$dir"
    port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
    password="$(node -e 'console.log(require("crypto").randomBytes(18).toString("base64url"))')"
    printf '%s\n' "$password" >"$dir/pwfile"
    [ "$(id -u)" = 0 ] && chown -R postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U fisco --pwfile="$dir/pwfile" -A scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    rm -f "$dir/pwfile"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off" start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    PGPASSWORD="$password" "$bin/psql" -qAt -h 127.0.0.1 -p "$port" -U fisco -d postgres -c 'CREATE DATABASE fisco_test' >/dev/null
    url="postgres://fisco:$password@127.0.0.1:$port/fisco_test"
    (umask 077 && printf '%s\n' "$url" >"$dir/url")
    echo "export FISCO_TEST_PG_URL='$url'"
    ;;
  stop)
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
