#!/bin/sh
# stream_latency.sh -- a unit's result, from the write's acknowledgement
# to its `unit` message on N open streams (issue 30.3: p95 under 1 s on a
# loaded machine).  A figure, not a bar make test asserts.
#
# One podium serve on the small units fixture (tests/fixtures/units-100m);
# for each N of STREAMS, N streams of ?unit=RSC (stream-latency.mjs, in
# one node process on loopback) and WRITES unit result writes through the
# API, one after another; the time from each write's answer to each
# stream's message of that version: p50, p95, p99, max.  ROUNDS rounds,
# each N's figures the median of its rounds'.  LOAD=1 runs a busy loop
# on each CPU meanwhile (the "loaded machine").
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

need_deb curl
STREAMS=${STREAMS:-"1 100 1000"}
WRITES=${WRITES:-50}
LOAD=${LOAD:-0}
[ "$SMOKE" = 1 ] && { STREAMS="1 10"; WRITES=5; ROUNDS=1; }
PORT=18091
RSC=ATHM100M--------------RND1000100--

db=$WORK/units.db
PODIUM_DB=$db "$PODIUM" import units "$TOP/tests/fixtures/units-100m" \
	--games OG2024 >/dev/null 2>&1 || { say "bench stream_latency: import failed"; exit 1; }
token=$(PODIUM_DB=$db "$PODIUM" token add --role operator --name bench \
	2>/dev/null | grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
[ -n "$token" ] || { say "bench stream_latency: no token"; exit 1; }
PODIUM_DB=$db "$PODIUM" unit status "$RSC" --games OG2024 --to running \
	>/dev/null 2>&1 || { say "bench stream_latency: unit status failed"; exit 1; }
ulimit -n "$(ulimit -Hn)" 2>/dev/null
start_podium "$db" $PORT || exit 1

if [ "$LOAD" = 1 ]; then
	for i in $(seq "$(nproc)"); do
		sh -c 'while :; do :; done' &
		track $!
	done
fi

: >"$WORK/runs"
for r in $(seq "$ROUNDS"); do
	for n in $STREAMS; do
		say "bench stream_latency: $n streams, round $r of $ROUNDS"
		node "$BENCH_DIR/stream-latency.mjs" $PORT OG2024 "$RSC" "$token" \
			"$n" "$WRITES" >>"$WORK/runs" || exit 1
	done
done

printf '\nstream_latency: write acknowledged -> its unit message, %s writes, %s rounds (median of rounds), load %s\n' \
	"$WRITES" "$ROUNDS" "$LOAD"
printf '%8s %9s %9s %9s %9s\n' streams p50_ms p95_ms p99_ms max_ms
for n in $STREAMS; do
	med() {
		grep "\"n\":$n," "$WORK/runs" | sed "s/.*\"$1\":\([0-9.]*\).*/\1/" |
			sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
	}
	printf '%8s %9s %9s %9s %9s\n' "$n" "$(med p50)" "$(med p95)" "$(med p99)" "$(med max)"
done
mkdir -p "$RESULTS"
cp "$WORK/runs" "$RESULTS/stream_latency-latest.jsonl"
