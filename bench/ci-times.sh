#!/bin/sh
# ci-times.sh -- CI's suites timed on two commits, each from a clean clone,
# suite by suite in turns (the old commit's, then the new one's), so that
# the load of a shared machine falls on both alike (issue 28, item 6).
#
# usage: bench/ci-times.sh OLD_COMMIT NEW_COMMIT [SUITE...]
# SUITE is build (make podium: the release build, which make crash and
# make test-e2e need and make test would do first), crash (make crash),
# e2e (make test-e2e), test (make test, the rest of its build included)
# or san (make test SAN=1, its whole build included); default all five,
# in that order: the short suites first, so that a run cut short on a
# busy machine has said something.
# Each commit is cloned once from this repository into a folder of its
# own with ../shared beside it (a link to this tree's ../shared, when
# there is one), so both sides run the same cases.  Prints, per suite,
#     SUITE OLD_S NEW_S RATIO OLD_RESULT | NEW_RESULT
# (RESULT: the suite's 'N passed, N failed' or crash: lines), the load
# average before each run, and the totals.  Leaves the clones in
# $CI_TIMES_KEEP when it is set (a folder).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
old=$1
new=$2
shift 2
suites=${*:-build crash e2e test san}
work=${CI_TIMES_KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${CI_TIMES_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
[ -d "$top/../shared" ] && ln -sfn "$(cd "$top/../shared" && pwd)" "$work/shared"
for side in old new; do
	eval c=\$$side
	if [ ! -d "$work/$side" ]; then
		git clone -q "$top" "$work/$side" &&
			git -C "$work/$side" checkout -q "$c" || exit 2
	fi
done

# suite SIDE SUITE: run it in that side's clone; its time and result
suite() {
	case $2 in
	build) goal="podium" ;;
	test) goal="test" ;;
	san) goal="test SAN=1" ;;
	crash) goal="crash" ;;
	e2e) goal="test-e2e" ;;
	*) echo "ci-times: no suite $2" >&2; exit 2 ;;
	esac
	log="$work/$1-$2.log"
	# make test-e2e finds tests/api's packages (its server.mjs) where make
	# test installed them (c4709de's does not install them itself): when
	# it runs first, they are installed here, untimed, on both sides
	if [ "$2" = e2e ] && [ ! -d "$work/$1/tests/api/node_modules" ]; then
		(cd "$work/$1/tests/api" && npm ci --no-audit --no-fund \
			--silent) >/dev/null 2>&1
	fi
	t0=$(date +%s)
	# shellcheck disable=SC2086
	make -C "$work/$1" $goal >"$log" 2>&1
	t=$(($(date +%s) - t0))
	r=$(grep -E '^[0-9]+ passed, [0-9]+ failed|^crash: [0-9]+ [0-9]+$' \
	    "$log" | tr '\n' ' ')
	echo "$t ${r:-no count}"
}

to=0 tn=0
for s in $suites; do
	lo=$(cut -d' ' -f1 /proc/loadavg)
	o=$(suite old "$s")
	ln=$(cut -d' ' -f1 /proc/loadavg)
	n=$(suite new "$s")
	so=${o%% *} sn=${n%% *}
	to=$((to + so)) tn=$((tn + sn))
	echo "$s $so $sn $(awk -v a="$so" -v b="$sn" 'BEGIN { printf "%.2f", b / a }') ${o#* }| ${n#* }(load $lo, $ln)"
done
echo "total $to $tn $(awk -v a="$to" -v b="$tn" 'BEGIN { printf "%.2f", b / a }')"
