#!/bin/sh
# import-kill.sh -- a CLI import killed with SIGKILL at random moments
# leaves the database as it was before or as it is after, never between.
#
# usage: tests/crash/import-kill.sh PODIUM [KILLS]
# Makes a medals CSV big enough to take a while, records the table before
# and after a clean import, then kills imports at random delays and checks
# each time that PRAGMA integrity_check is ok and the table is one of the
# two.  Prints 'crash: PASSED FAILED'.
set -u
podium=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
kills=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

# 150,000 medals over 5,000 events: about half a second to import.
awk 'BEGIN {
	split("CHN GBR USA AUS UKR ESP GER FRA JPN CAN BRA KOR", npc, " ")
	print "medal,npc,sport,event,athlete"
	for (e = 0; e < 50000; e++)
		for (m = 1; m <= 3; m++)
			printf "%d,%s,Sport %d,Event %d,Athlete %d-%d\n", m,
			       npc[(e * 7 + m) % 12 + 1], e % 20, e, e, m
}' >big.csv
# the same medals won by other NPCs: the source that replaces the first
# (a Games ranks one medal source; --replace ends the first's medals and
# writes these, in one transaction that a kill must leave whole or undone)
awk -F, 'NR == 1 { print; next } {
	split("CHN GBR USA AUS UKR ESP GER FRA JPN CAN BRA KOR", npc, " ")
	for (k = 1; k <= 12; k++) if (npc[k] == $2) break
	$2 = npc[k % 12 + 1]; print
}' OFS=, big.csv >more.csv
export PODIUM_DB="$work/podium.db"
"$podium" init 2>/dev/null
"$podium" import medals big.csv --games PG2004 --source base 2>/dev/null
"$podium" table --games PG2004 --format csv >before.csv
cp podium.db base.db
t0=$(date +%s%N)
"$podium" import medals more.csv --games PG2004 --source more --replace 2>/dev/null
took=$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
"$podium" table --games PG2004 --format csv >after.csv
cmp -s before.csv after.csv && { echo "crash: the import changes nothing"; exit 2; }

passed=0 failed=0 i=0 landed=0
while [ "$i" -lt "$kills" ]; do
	i=$((i + 1))
	cp base.db podium.db
	rm -f podium.db-wal podium.db-shm
	# a random delay from 0 to 1.5 times a clean import's time, so that
	# some kills come before the commit and some after; timeout sends the
	# SIGKILL then, or returns as soon as the import ends before it (a
	# sleep of the whole delay waited on an import that had landed)
	delay=$(awk -v s="$i$$" -v t="$took" 'BEGIN { srand(s); d = rand() * t * 1.5; printf "%.3f", d < 0.001 ? 0.001 : d }')
	# --foreground: without it timeout sends the KILL to its whole process
	# group, itself included, and the shell went on while the killed
	# import was still exiting with the database's lock held (CI saw
	# "database is locked" from the integrity check); with it, timeout
	# kills the import alone and returns once it has been reaped
	timeout --foreground -s KILL "$delay" "$podium" import medals more.csv \
		--games PG2004 --source more --replace >/dev/null 2>&1
	ok=$(sqlite3 podium.db 'PRAGMA integrity_check' 2>&1)
	"$podium" table --games PG2004 --format csv >now.csv 2>/dev/null
	if [ "$ok" != ok ]; then
		echo "FAIL kill $i: integrity_check: $ok"
		failed=$((failed + 1))
	elif cmp -s now.csv before.csv; then
		passed=$((passed + 1))
	elif cmp -s now.csv after.csv; then
		passed=$((passed + 1))
		landed=$((landed + 1))
	else
		echo "FAIL kill $i: the table is neither before nor after"
		failed=$((failed + 1))
	fi
done
echo "ok   crash import: $kills kills, $landed landed whole, $((kills - landed)) rolled back"
echo "crash: $passed $failed"
[ "$failed" -eq 0 ]
