#!/bin/sh
# test-times.sh -- each test of make test timed on two trees, one after
# the other, so that the machine's load falls on both alike.
#
# usage: tools/test-times.sh OLD_TREE NEW_TREE [ROUNDS]
# Both trees built (build/rel: the binary and the unit tests).  For every
# golden CLI case, unit test binary and HTTP API test file that both trees
# have, it runs the old tree's then the new tree's, ROUNDS times (default
# 3), keeps each side's fastest, and prints
#     old_s new_s ratio name
# sorted by ratio, then 'test-times: N tests, K slower by more than 10%
# (of those taking 0.5 s or more)'.  The unit tests run on SQLite and on
# a throwaway PostgreSQL cluster of their own, as make test runs them.
# ONLY=PATTERN keeps the tests whose 'KIND NAME' matches (grep -E: a|b).
# A test that fails in either tree is named on stderr: a failure is fast.
# Issue 17: no existing test more than 10% slower than before.
set -u
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
rounds=${3:-3}
work=$(mktemp -d)
pg=$(mktemp -d)
trap 'sh "$new/scripts/pg-cluster.sh" stop "$pg" >/dev/null 2>&1; rm -rf "$work" "$pg"' EXIT
trap 'exit 2' INT TERM

if sh "$new/scripts/pg-cluster.sh" start "$pg" >/dev/null 2>"$work/pg.err"; then
	export PODIUM_TEST_PG="$pg"
else
	echo "test-times: no PostgreSQL cluster; the unit tests run on SQLite only:" >&2
	sed 's/^/    /' "$work/pg.err" >&2
fi

now() { date +%s%N; }

# time TREE KIND NAME: run one test of TREE, print its seconds
run_one() {
	t0=$(now)
	case $2 in
	cli) sh "$1/tests/cli/run.sh" "$1/build/rel/podium" "$3" ;;
	unit) "$1/build/rel/tests/$3" ;;
	api) PODIUM_BIN="$1/build/rel/podium" node --test \
		--test-concurrency=1 "$1/tests/api/$3" ;;
	esac >"$work/out" 2>&1 ||
		echo "test-times: $2 $3 failed in $1 (its time says nothing):" \
			"$(tail -n 1 "$work/out")" >&2
	t1=$(now)
	echo $(((t1 - t0) / 1000000))
}

{
	for c in "$old"/tests/cli/[0-9]*/; do
		c=$(basename "$c")
		[ -d "$new/tests/cli/$c" ] && echo "cli $c"
	done
	for u in "$old"/build/rel/tests/test_*; do
		u=$(basename "$u")
		[ -x "$new/build/rel/tests/$u" ] && echo "unit $u"
	done
	for a in "$old"/tests/api/*.test.mjs; do
		a=$(basename "$a")
		[ -f "$new/tests/api/$a" ] && echo "api $a"
	done
} | grep -E -e "${ONLY:-.}" >"$work/list"

total=$(wc -l <"$work/list")
i=0
while read -r kind name; do
	i=$((i + 1))
	best_o= best_n=
	r=0
	while [ "$r" -lt "$rounds" ]; do
		r=$((r + 1))
		o=$(run_one "$old" "$kind" "$name")
		n=$(run_one "$new" "$kind" "$name")
		[ -z "$best_o" ] || [ "$o" -lt "$best_o" ] && best_o=$o
		[ -z "$best_n" ] || [ "$n" -lt "$best_n" ] && best_n=$n
	done
	echo "$best_o $best_n $kind $name" >>"$work/times"
	[ $((i % 25)) -eq 0 ] && echo "test-times: $i of $total" >&2
done <"$work/list"

awk '{ r = $1 > 0 ? $2 / $1 : 1
	printf "%.2f %.2f %.2f %s %s\n", $1 / 1000, $2 / 1000, r, $3, $4 }' \
	"$work/times" | sort -k3,3n -k1,1n >"$work/table"
cat "$work/table"
awk -v n="$total" '{ if ($1 >= 0.5 && $3 > 1.10) k++; o += $1; w += $2 }
	END { printf "test-times: %d tests, %d slower by more than 10%% (of those taking 0.5 s or more); %.1f s before, %.1f s after (fastest of each)\n", n, k, o, w }' \
	"$work/table"
