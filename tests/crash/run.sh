#!/bin/sh
# run.sh -- make crash: the three crash tests at once.  Each has its own
# folder, database (or cluster) and ports, and each spends its time
# waiting (on a random delay before a kill, on a server's start, on
# PostgreSQL's restart), so run one after another they left the machine
# idle most of the time; together they take about as long as the longest.
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

for t in import-kill serve-kill pg-restart; do
	(sh "$here/$t.sh" "$podium" "$kills" >"$out/$t" 2>&1
	 echo $? >"$out/$t.rc") &
done
wait
status=0
for t in import-kill serve-kill pg-restart; do
	cat "$out/$t"
	rc=$(cat "$out/$t.rc" 2>/dev/null || echo 1)
	[ "$rc" -ne 0 ] && { echo "crash: $t.sh ended with $rc"; status=1; }
done
exit $status
