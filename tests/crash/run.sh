#!/bin/sh
# run.sh -- make crash: the three crash tests, the two that spend their
# time waiting (serve-kill on random delays before a kill and on the
# server's start, pg-restart on PostgreSQL's restarts) at once: each has
# its own folder, database or cluster, and ports, so together they take
# about as long as the longer.  import-kill runs first, alone: its kills
# fall at random within a clean import's time measured at its start, and
# that time must be measured under the load the kills then run under.
# Each one's lines are printed whole when it ends, in the order below.
#
# usage: tests/crash/run.sh PODIUM [KILLS]
# Prints each test's lines (each ends with 'crash: PASSED FAILED');
# exits non-zero when any of them failed.
set -u
podium=$1
kills=${2:-20}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# run T: one test into $out/T, its exit status into $out/T.rc
run() {
	sh "$here/$1.sh" "$podium" "$kills" >"$out/$1" 2>&1
	echo $? >"$out/$1.rc"
}

run import-kill
run serve-kill &
run pg-restart &
wait
status=0
for t in import-kill serve-kill pg-restart; do
	cat "$out/$t"
	rc=$(cat "$out/$t.rc" 2>/dev/null || echo 1)
	[ "$rc" -ne 0 ] && { echo "crash: $t.sh ended with $rc"; status=1; }
done
exit $status
