#!/bin/sh
# writes.sh -- results written one by one through the API.
#
# 10,000 results, each its own POST and its own audited change, from 8
# concurrent clients (writers.c) on keep-alive connections.  Reports
# writes per second and p50/p99 latency; a write counts once answered,
# and the store syncs each commit to disk first (synchronous=FULL).
# There is no peer here: the figures are podium's own.
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

need_deb curl time
TOTAL=${TOTAL:-10000}
CLIENTS=${CLIENTS:-8}
[ "$SMOKE" = 1 ] && { TOTAL=200; ROUNDS=1; }
PORT=18084
cc -O2 -pthread -D_GNU_SOURCE -o "$WORK/writers" "$BENCH_DIR/writers.c" || exit 1

i=0
while [ "$i" -lt "$ROUNDS" ]; do
	i=$((i + 1))
	say "bench writes: $TOTAL writes by $CLIENTS clients, round $i of $ROUNDS"
	make_db "$WORK/w.db"
	token=$(PODIUM_DB="$WORK/w.db" "$PODIUM" token add --role operator \
		--name bench 2>/dev/null | grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
	event=$(PODIUM_DB="$WORK/w.db" "$PODIUM" event add --games PG2004 \
		--sport Bench --name "Heats" --status official 2>/dev/null)
	start_podium "$WORK/w.db" $PORT || exit 1
	"$WORK/writers" $PORT "/api/games/PG2004/events/$event/results" \
		"$token" "$TOTAL" "$CLIENTS" >>"$WORK/w" || say "bench writes: errors"
	kill $PODIUM_PID
	wait $PODIUM_PID 2>/dev/null
	# every acknowledged write is there, once
	got=$(sqlite3 "$WORK/w.db" "SELECT count(*) FROM results WHERE event_id = $event AND until IS NULL")
	echo "stored $got" >>"$WORK/w"
done
med() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' \
	"$WORK/w" | sort -n | awk '{ v[NR] = $1 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'; }
rate=$(med per_s)
p50=$(med p50_ms)
p99=$(med p99_ms)
errs=$(med errors)
stored=$(med stored)
printf '\nwrites: %s results by %s clients, %s rounds, medians\n' "$TOTAL" "$CLIENTS" "$ROUNDS"
printf '%s writes/s; latency p50 %s ms, p99 %s ms; errors %s; results stored %s of %s\n' \
	"$rate" "$p50" "$p99" "$errs" "$stored" "$TOTAL"
mkdir -p "$RESULTS"
printf '{"bench": "writes", "date": "%s", "machine": "%s", "writes": %s, "clients": %s, "rounds": %s, "per_s": %s, "p50_ms": %s, "p99_ms": %s, "errors": %s, "stored": %s}\n' \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(machine)" "$TOTAL" "$CLIENTS" "$ROUNDS" \
	"$rate" "$p50" "$p99" "$errs" "$stored" >"$RESULTS/writes-latest.json"
[ "$SMOKE" = 1 ] || cp "$RESULTS/writes-latest.json" "$RESULTS/writes-$(date -u +%Y%m%dT%H%M%SZ).json"
# the bar (issue 17): 2,000 acknowledged durable writes/s, p99 under 25 ms
verdict=$(awk -v r="$rate" -v p="$p99" 'BEGIN { print (r >= 2000 && p < 25) ? "met" : "missed" }')
printf 'writes bar: >= 2000 writes/s and p99 < 25 ms: %s\n' "$verdict"
printf 'writes summary: %s durable writes/s, p99 %s ms, %s of %s stored\n' \
	"$rate" "$p99" "$stored" "$TOTAL"
