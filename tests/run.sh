#!/bin/sh
# run.sh -- run every test: the cmocka unit tests (the store contract on
# SQLite and on PostgreSQL), the fuzz replays, the golden CLI cases (on
# SQLite, and again on PostgreSQL), the layers check (tools/layers.sh), the
# libraries loaded when needed (tests/noload) and the HTTP API tests (node
# --test).
# usage: tests/run.sh BUILD_DIR     (the Makefile's 'make test' calls it)
# Ends with the line 'N passed, N failed[, N skipped]'.
set -u
B=${1:-build/rel}
passed=0
failed=0
skipped=0
log=$(mktemp)
# A throwaway PostgreSQL cluster for the PostgreSQL half of the suite (the
# store contract and the golden cases run again on it), in a folder of its
# own, stopped at the end; one that will not start is a failure, never a
# skip (CI must run it).
pgdir=$(mktemp -d)
trap 'sh scripts/pg-cluster.sh stop "$pgdir" >/dev/null 2>&1; rm -rf "$log" "$pgdir"' EXIT
if sh scripts/pg-cluster.sh start "$pgdir" >"$log" 2>&1; then
	export PODIUM_TEST_PG="$pgdir"
	echo "ok   postgresql: a throwaway cluster in $pgdir"
	passed=$((passed + 1))
else
	echo "FAIL postgresql: the throwaway cluster did not start:"
	sed 's/^/    /' "$log"
	failed=$((failed + 1))
fi

for t in "$B"/tests/test_*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	CMOCKA_MESSAGE_OUTPUT=stdout "$t" >"$log" 2>&1
	rc=$?
	# one line per cmocka group (the store's contract suite runs a group
	# per backend): add them up
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" |
	    awk '{ n += $1 } END { print n + 0 }')
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" |
	    awk '{ n += $1 } END { print n + 0 }')
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1	# crashed or a sanitizer stopped it
	fi
	if [ "$f" -ne 0 ]; then
		echo "FAIL unit $name"
		sed 's/^/    /' "$log"
	else
		echo "ok   unit $name ($p)"
	fi
	passed=$((passed + p))
	failed=$((failed + f))
done

# Every input a fuzzer ever crashed on, and the seeds, replayed through
# the harness built without libFuzzer: one test per harness.
for r in "$B"/tests/replay-fuzz_*; do
	[ -x "$r" ] || continue
	name=${r##*/replay-}
	set -- tests/fuzz/seeds/"$name"/* tests/fuzz/regress/"$name"/*
	files=""
	for f in "$@"; do [ -f "$f" ] && files="$files $f"; done
	# shellcheck disable=SC2086
	if "$r" $files >"$log" 2>&1; then
		echo "ok   fuzz replay $name ($(tail -n 1 "$log"))"
		passed=$((passed + 1))
	else
		echo "FAIL fuzz replay $name"
		sed 's/^/    /' "$log"
		failed=$((failed + 1))
	fi
done

out=$(sh tests/cli/run.sh "$B/podium")
rc=$?
printf '%s\n' "$out" | grep -v '^cli: ' 
summary=$(printf '%s\n' "$out" | sed -n 's/^cli: //p' | tail -n 1)
set -- $summary
cp=${1:-0}; cf=${2:-0}; cs=${3:-0}
if [ -z "$summary" ] || [ "$rc" -gt 1 ]; then
	cf=$((cf + 1))
fi
passed=$((passed + cp))
failed=$((failed + cf))
skipped=$((skipped + cs))

# suite NAME CMD...: run a suite that prints a line per test and ends
# with 'NAME: PASSED FAILED [SKIPPED]'; add its counts (no such line: one
# failure)
suite() {
	name=$1
	shift
	out=$("$@")
	printf '%s\n' "$out" | grep -v "^$name: "
	summary=$(printf '%s\n' "$out" | sed -n "s/^$name: //p" | tail -n 1)
	set -- $summary
	passed=$((passed + ${1:-0}))
	failed=$((failed + ${2:-1}))
	skipped=$((skipped + ${3:-0}))
}

# podium migrate, SQLite -> PostgreSQL -> SQLite, byte for byte
suite migrate sh tests/migrate/run.sh "$B/podium"
# the manual against the help (tools/man.sh, make man)
suite man sh tests/man/check.sh "$B/podium"
# the includes against the layers of docs/ARCHITECTURE.md (make layers)
suite layers sh tests/layers/run.sh
# libpq, libmicrohttpd and libxml2 loaded only when needed, and a clear
# error when one cannot be
suite noload sh tests/noload/run.sh "$B/podium" "$B/tests/podium-noload"
# the HTTP API against the same binary (under SAN=1, the sanitized one)
suite api sh tests/api/run.sh "$B/podium"

if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
