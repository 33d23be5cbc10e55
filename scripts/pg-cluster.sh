#!/bin/sh
# pg-cluster.sh -- a throwaway PostgreSQL cluster for tests and benchmarks:
# initdb in a folder of its own, listening only on a Unix socket in that
# folder, run as the postgres user when started by root (PostgreSQL
# refuses to run as root).  Nothing outside the folder is touched.
#
# usage: scripts/pg-cluster.sh start DIR   prints the libpq URI of database
#                                          'podium' in it, e.g.
#                                          postgresql:///podium?host=DIR
#        scripts/pg-cluster.sh stop DIR [immediate]
#                                          stops it (the folder is left to
#                                          the caller to remove); with
#                                          'immediate', as a crash would:
#                                          no checkpoint, recovery from
#                                          the WAL at the next start
#        scripts/pg-cluster.sh uri DIR     prints the URI again
# Exit 0 ok; 1 PostgreSQL is missing or would not start (the reason on
# stderr, with its log).
set -eu

cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
	sed -n 's/^# \{0,1\}//p' "$0" | sed -n '/^usage/,/^Exit/p' >&2
	exit 64
fi

bin=""
for d in /usr/lib/postgresql/*/bin; do
	[ -x "$d/initdb" ] && bin=$d
done
if [ -z "$bin" ]; then
	echo "pg-cluster: PostgreSQL is not installed (scripts/deps.sh pg installs it)" >&2
	exit 1
fi

# as root, run PostgreSQL's programs as the postgres user
as_pg() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

uri() {
	echo "postgresql:///podium?host=$dir&port=5432&user=podium"
}

case $cmd in
start)
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	[ "$(id -u)" -eq 0 ] && chown postgres "$dir"
	if [ ! -f "$dir/data/PG_VERSION" ]; then
		as_pg "$bin/initdb" -D "$dir/data" -U podium -A trust -E UTF8 \
			--locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
			echo "pg-cluster: initdb failed:" >&2
			cat "$dir/initdb.log" >&2
			exit 1
		}
	fi
	# no TCP at all: the socket in DIR is the only way in; fsync stays
	# on so durability tests mean what they say, unless the caller says
	# PODIUM_PG_FSYNC=off (make test: nothing there crashes the cluster,
	# and each CREATE DATABASE then costs no fsync of its files)
	sync=${PODIUM_PG_FSYNC:-on}
	case $sync in on|off) ;; *)
		echo "pg-cluster: PODIUM_PG_FSYNC='$sync': on or off" >&2
		exit 64 ;;
	esac
	as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
		-o "-c listen_addresses='' -c unix_socket_directories='$dir' -c port=5432 -c max_connections=200 -c fsync=$sync -c synchronous_commit=$sync -c full_page_writes=$sync" \
		start >/dev/null 2>&1 || {
		echo "pg-cluster: the server did not start:" >&2
		cat "$dir/server.log" >&2
		exit 1
	}
	as_pg "$bin/psql" -h "$dir" -p 5432 -U podium -d postgres -qAt \
		-c "SELECT 1 FROM pg_database WHERE datname = 'podium'" |
		grep -q 1 ||
		as_pg "$bin/createdb" -h "$dir" -p 5432 -U podium podium
	uri
	;;
stop)
	case ${3:-fast} in fast|immediate) ;; *)
		echo "pg-cluster: stop DIR [immediate]: '$3' is not a mode" >&2
		exit 64 ;;
	esac
	dir=$(cd "$dir" && pwd)
	[ -f "$dir/data/postmaster.pid" ] &&
		as_pg "$bin/pg_ctl" -D "$dir/data" -m "${3:-fast}" -w stop >/dev/null
	exit 0
	;;
uri)
	dir=$(cd "$dir" && pwd)
	uri
	;;
*)
	echo "pg-cluster: unknown command '$cmd': start, stop or uri" >&2
	exit 64
	;;
esac
