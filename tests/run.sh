#!/bin/sh
# run.sh -- run every test: the cmocka unit tests (the store contract on
# SQLite and on PostgreSQL), the fuzz replays, the golden CLI cases (on
# SQLite, and again on PostgreSQL), the migrate, man, po (the catalogue
# of words), layers and noload checks, and the HTTP API tests (node
# --test).
#
# The suites are independent (each has its own folders, databases and
# ports), so they run in two lanes at once: the golden cases (themselves
# several at a time, tests/cli/run.sh) in one, everything else in the
# other.  Each suite's lines are printed whole when it ends, under a
# '== SUITE' heading with its time; while a suite runs, a line on stderr
# says which.  PODIUM_TEST_SERIAL=1 runs one suite at a time.
#
# usage: tests/run.sh BUILD_DIR     (the Makefile's 'make test' calls it)
# Ends with the line 'N passed, N failed[, N skipped]'.
set -u
B=${1:-build/rel}
passed=0
failed=0
skipped=0
out=$(mktemp -d)
# Throwaway PostgreSQL clusters for the PostgreSQL half of the suite (the
# store contract, the golden cases, migrate and the API's cluster tests),
# each in a folder of its own, stopped at the end; one that will not start
# is a failure, never a skip (CI must run it).  The golden cases get a
# cluster of their own because the API tests stop and start theirs.
# fsync is off: nothing here crashes a cluster on purpose (make crash's
# pg-restart.sh starts its own with fsync on).
pgdir=$(mktemp -d)
pgcli=$(mktemp -d)
trap 'sh scripts/pg-cluster.sh stop "$pgdir" >/dev/null 2>&1;
      sh scripts/pg-cluster.sh stop "$pgcli" >/dev/null 2>&1;
      rm -rf "$out" "$pgdir" "$pgcli"' EXIT
for d in "$pgdir" "$pgcli"; do
	if PODIUM_PG_FSYNC=off sh scripts/pg-cluster.sh start "$d" \
	    >"$out/pg.log" 2>&1; then
		echo "ok   postgresql: a throwaway cluster in $d"
		passed=$((passed + 1))
	else
		echo "FAIL postgresql: the throwaway cluster did not start:"
		sed 's/^/    /' "$out/pg.log"
		failed=$((failed + 1))
	fi
done
export PODIUM_TEST_PG="$pgdir"

# unit: each cmocka binary; one '[  PASSED  ]' line per group (the
# store's contract suite runs a group per backend), added up
unit() {
	log=$(mktemp)
	p=0 f=0 s=0
	for t in "$B"/tests/test_*; do
		[ -x "$t" ] || continue
		name=$(basename "$t")
		CMOCKA_MESSAGE_OUTPUT=stdout "$t" >"$log" 2>&1
		rc=$?
		tp=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" |
		    awk '{ n += $1 } END { print n + 0 }')
		tf=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" |
		    awk '{ n += $1 } END { print n + 0 }')
		ts=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" |
		    awk '{ n += $1 } END { print n + 0 }')
		if [ "$rc" -ne 0 ] && [ "$tf" -eq 0 ]; then
			tf=1	# crashed or a sanitizer stopped it
		fi
		if [ "$tf" -ne 0 ]; then
			echo "FAIL unit $name"
			sed 's/^/    /' "$log"
		elif [ "$ts" -ne 0 ]; then
			echo "ok   unit $name ($tp, $ts skipped)"
			grep -i 'skipped' "$log" | grep -v '^\[' |
				sed 's/^/    /'
		else
			echo "ok   unit $name ($tp)"
		fi
		p=$((p + tp)) f=$((f + tf)) s=$((s + ts))
	done
	rm -f "$log"
	echo "unit: $p $f $s"
}

# fuzz: every input a fuzzer ever crashed on, and the seeds, replayed
# through the harness built without libFuzzer: one test per harness
fuzz() {
	log=$(mktemp)
	p=0 f=0
	for r in "$B"/tests/replay-fuzz_*; do
		[ -x "$r" ] || continue
		name=${r##*/replay-}
		set -- tests/fuzz/seeds/"$name"/* tests/fuzz/regress/"$name"/*
		files=""
		for x in "$@"; do [ -f "$x" ] && files="$files $x"; done
		# shellcheck disable=SC2086
		if "$r" $files >"$log" 2>&1; then
			echo "ok   fuzz replay $name ($(tail -n 1 "$log"))"
			p=$((p + 1))
		else
			echo "FAIL fuzz replay $name"
			sed 's/^/    /' "$log"
			f=$((f + 1))
		fi
	done
	rm -f "$log"
	echo "fuzz: $p $f 0"
}

# run NAME CMD...: run one suite (its lines end with 'NAME: P F [S]')
# into $out/NAME, timed
run() {
	suite=$1
	shift
	echo "test: $suite ..." >&2
	t0=$(date +%s)
	"$@" >"$out/$suite.out" 2>&1
	echo "$suite-rc: $?" >>"$out/$suite.out"
	echo "$(($(date +%s) - t0))" >"$out/$suite.time"
}

# report NAME: print a suite's lines under its heading and add its counts
# (no count line, or a suite that failed without counting: one failure)
report() {
	name=$1
	echo "== $name ($(cat "$out/$name.time" 2>/dev/null || echo '?') s)"
	grep -v "^$name: \|^$name-rc: " "$out/$name.out"
	summary=$(sed -n "s/^$name: //p" "$out/$name.out" | tail -n 1)
	rc=$(sed -n "s/^$name-rc: //p" "$out/$name.out" | tail -n 1)
	set -- $summary
	p=${1:-0} f=${2:-1} s=${3:-0}
	if [ -z "$summary" ] || { [ "${rc:-1}" -gt 1 ] && [ "$f" -eq 0 ]; }; then
		echo "FAIL $name: ended without its count (rc ${rc:-?})"
		f=$((f + 1))
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + s))
}

# the second lane: every suite but the golden cases, one after another
others() {
	run unit unit
	run fuzz fuzz
	# podium migrate, SQLite -> PostgreSQL -> SQLite, byte for byte
	run migrate sh tests/migrate/run.sh "$B/podium"
	# the manual against the help (tools/man.sh, make man)
	run man sh tests/man/check.sh "$B/podium"
	# the catalogue of words: po/podium.pot current, every .po whole
	run po sh tests/po/check.sh
	# the includes against the layers of docs/ARCHITECTURE.md
	run layers sh tests/layers/run.sh
	# libpq, libmicrohttpd and libxml2 loaded only when needed
	run noload sh tests/noload/run.sh "$B/podium" "$B/tests/podium-noload"
	# the HTTP API against the same binary (under SAN=1, the sanitized one)
	run api sh tests/api/run.sh "$B/podium"
}

if [ "${PODIUM_TEST_SERIAL:-0}" = 1 ]; then
	(export PODIUM_TEST_PG="$pgcli"; run cli sh tests/cli/run.sh "$B/podium")
	others
else
	(export PODIUM_TEST_PG="$pgcli"; run cli sh tests/cli/run.sh "$B/podium") &
	cli_pid=$!
	others
	wait "$cli_pid"
fi
for s in unit fuzz cli migrate man po layers noload api; do
	report "$s"
done

if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
