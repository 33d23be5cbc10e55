#!/bin/sh
# run.sh -- golden CLI cases: each folder tests/cli/NNNN-<command>-<detail>/
# holds `cmd` (a shell script run with `podium` on PATH), expected.out,
# expected.err and expected.rc.  Each case runs in a fresh empty directory
# holding `fixtures` (tests/fixtures) and, when ../shared/data exists,
# `shared` (that folder); PODIUM_DB is ./podium.db there.  A case with a
# file `needs-shared` is skipped, saying so, when ../shared is absent.
#
# With PODIUM_TEST_PG set to a cluster's folder (scripts/pg-cluster.sh),
# every case that names no database file (no podium.db, sqlite3 or --db
# in its cmd or expected output) runs a second time on a fresh PostgreSQL
# database of that cluster, against the same expected files: the two
# backends' outputs are byte for byte the same.  The parent makes those
# databases in one psql session, in the cases' order, while the cases
# run (a case waits for its own), and drops them in one at the end: a
# psql process and connection per CREATE and per DROP cost 0.2 s of CPU
# a case, a fifth of a case's PostgreSQL run (0105: 0.95 s).
#
# Cases run JOBS at a time (default: twice the cores; each has its own
# directory and database, so they are independent), and their lines are
# printed in the cases' order.  PODIUM_TEST_PG_GOLDEN=0 skips the
# PostgreSQL reruns (make test SAN=1 sets it: the sanitized binary's
# PostgreSQL paths are covered by the contract, migrate and cluster tests).
#
# usage: tests/cli/run.sh PODIUM_BINARY [--update] [--jobs N] [CASE...]
# Prints one line per case (and per PostgreSQL run), then
# 'cli: PASSED FAILED SKIPPED'.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
update=0
jobs=$(( $(nproc 2>/dev/null || echo 1) * 2 ))
while [ $# -gt 0 ]; do
	case $1 in
	--update) update=1; shift ;;
	--jobs) jobs=$2; shift 2 ;;
	--one) one=1; shift ;;
	*) break ;;
	esac
done
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
shared=$(cd "$top/../shared/data" 2>/dev/null && pwd)
bindir=$(mktemp -d)
ln -s "$bin" "$bindir/podium"
trap 'rm -rf "$bindir"' EXIT
passed=0 failed=0 skipped=0

# run_case DIR NAME DB SUFFIX: one run of a case with PODIUM_DB=DB,
# compared with its expected files ("cli" or "cli-pg" in the report)
run_case() {
	work=$(mktemp -d)
	ln -s "$top/tests/fixtures" "$work/fixtures"
	[ -n "$shared" ] && ln -s "$shared" "$work/shared"
	(cd "$work" && PATH="$bindir:$PATH" PODIUM_DB=$3 LANG=C \
		LC_ALL=C NO_COLOR= sh "$1/cmd" >"$work/.out" 2>"$work/.err" \
		</dev/null)
	echo $? >"$work/.rc"
	if [ "$update" = 1 ]; then
		cp "$work/.out" "$1/expected.out"
		cp "$work/.err" "$1/expected.err"
		cp "$work/.rc" "$1/expected.rc"
	fi
	ok=1
	for f in out err rc; do
		if ! cmp -s "$work/.$f" "$1/expected.$f"; then
			ok=0
			echo "FAIL cli$4 $2: $f differs"
			diff -u "$1/expected.$f" "$work/.$f" 2>&1 | head -40 |
				sed 's/^/    /'
		fi
	done
	if [ "$ok" = 1 ]; then
		echo "ok   cli$4 $2"
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
	rm -rf "$work"
}

cases=${*:-$(ls -d "$here"/[0-9]*/ | sed 's:/$::')}
admin="postgresql:///postgres?host=${PODIUM_TEST_PG:-}&user=podium"
dbs=${PODIUM_TEST_PG_DBS:-}

# pg_on: do the cases run again on PostgreSQL at all?
pg_on() {
	[ -n "${PODIUM_TEST_PG:-}" ] && [ "$update" = 0 ] &&
	    [ "${PODIUM_TEST_PG_GOLDEN:-1}" != 0 ]
}

# pg_rerun DIR: does this case run again on PostgreSQL?
pg_rerun() {
	pg_on && ! { [ -f "$1/needs-shared" ] && [ -z "$shared" ]; } &&
	    ! grep -qE 'podium[.]db|sqlite3|--db|PODIUM_DB' "$1/cmd" \
		"$1/expected.out" "$1/expected.err"
}

# dbname CASE_NAME: its PostgreSQL database
dbname() {
	echo "c_$(echo "$1" | tr -c 'a-z0-9\n' '_')"
}

# made DB: wait until the parent's session has made DB (it writes a file
# of that name into $dbs, and .end when it is through); a case run alone
# (--one without the parent) makes its own
made() {
	if [ -z "$dbs" ]; then
		psql "$admin" -qAt -c "DROP DATABASE IF EXISTS $1" \
			-c "CREATE DATABASE $1" >/dev/null 2>&1
		return
	fi
	while [ ! -e "$dbs/$1" ] && [ ! -e "$dbs/.end" ]; do
		sleep 0.05
	done
	[ -e "$dbs/$1" ]
}

# The parent hands each case to a child (this script with --one), JOBS at
# a time; each child writes its lines to a file of its own, and the
# parent prints them in order and adds up their counts.
if [ -z "${one:-}" ]; then
	outdir=$(mktemp -d)
	dbs=$(mktemp -d)
	trap 'rm -rf "$bindir" "$outdir" "$dbs"' EXIT
	export PODIUM_TEST_PG_DBS="$dbs"
	# the PostgreSQL reruns' databases, made while the cases run (a
	# database is named back only once it exists)
	if pg_on; then
		for c in $cases; do
			[ -d "$c" ] || c="$here/$c"
			pg_rerun "$c" || continue
			db=$(dbname "$(basename "$c")")
			printf 'DROP DATABASE IF EXISTS %s;\nCREATE DATABASE %s;\n' \
				"$db" "$db"
			printf "SELECT 'made', datname FROM pg_database WHERE datname = '%s';\n" \
				"$db"
		done | psql "$admin" -qAt -F ' ' 2>"$dbs/psql.log" | {
			while read -r m n; do
				[ "$m" = made ] && : >"$dbs/$n"
			done
			: >"$dbs/.end"
		} &
		maker=$!
	else
		: >"$dbs/.end"
		maker=""
	fi
	i=0
	for c in $cases; do
		i=$((i + 1))
		printf '%05d %s\n' "$i" "$c"
	done | xargs -P "$jobs" -L 1 sh -c \
		'sh "$1" "$2" $4 --one "$6" >"$3/$5.log" 2>&1' \
		sh "$0" "$bin" "$outdir" "$([ "$update" = 1 ] && echo --update)"
	if [ -n "$maker" ]; then
		wait "$maker"
		for f in "$dbs"/c_*; do
			[ -e "$f" ] && echo "DROP DATABASE IF EXISTS ${f##*/};"
		done | psql "$admin" -qAt >/dev/null 2>&1
	fi
	for f in "$outdir"/*.log; do
		[ -f "$f" ] || continue
		grep -v '^cli: ' "$f"
		set -- $(sed -n 's/^cli: //p' "$f" | tail -n 1)
		if [ $# -lt 3 ]; then
			echo "FAIL cli $(basename "$f" .log): the case's run ended without a count"
			failed=$((failed + 1))
			continue
		fi
		passed=$((passed + $1))
		failed=$((failed + $2))
		skipped=$((skipped + $3))
	done
	echo "cli: $passed $failed $skipped"
	[ "$failed" -eq 0 ]
	exit
fi

for c in $cases; do
	[ -d "$c" ] || c="$here/$c"
	c=$(cd "$c" && pwd)
	name=$(basename "$c")
	if [ -f "$c/needs-shared" ] && [ -z "$shared" ]; then
		echo "skip $name: ../shared/data is not here (a user's clone)"
		skipped=$((skipped + 1))
		continue
	fi
	run_case "$c" "$name" podium.db ""
	if pg_rerun "$c"; then
		db=$(dbname "$name")
		if made "$db"; then
			run_case "$c" "$name" "postgresql:///$db?host=$PODIUM_TEST_PG&user=podium" -pg
			[ -n "$dbs" ] || psql "$admin" -qAt \
				-c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1
		else
			echo "FAIL cli-pg $name: database $db was not made:"
			sed 's/^/    /' "$dbs/psql.log" 2>/dev/null | tail -n 5
			failed=$((failed + 1))
		fi
	fi
done
echo "cli: $passed $failed $skipped"
[ "$failed" -eq 0 ]
