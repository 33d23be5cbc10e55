#!/bin/sh
# desk.sh -- the answer to a save on the operator's desk (/desk).
#
# A 16-athlete final ranked from its marks, in the Athens 2004 fixture
# (1,570 medals in the Games beside it); 500 saves one after another as
# the desk makes them (desk-save.mjs): a PATCH of one mark, every rank and
# medal computed again, the change audited with its fields, answered once
# the views show it, then the event read again.  Reports p50/p99 from the
# save's start to the event read back; the bar is p99 < 100 ms.  There is
# no peer: the figure is the operator's wait.
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

need_deb curl
SAVES=${SAVES:-500}
[ "$SMOKE" = 1 ] && { SAVES=20; ROUNDS=1; }
PORT=18086
: >"$WORK/d"
i=0
while [ "$i" -lt "$ROUNDS" ]; do
	i=$((i + 1))
	say "bench desk: $SAVES saves, round $i of $ROUNDS"
	make_db "$WORK/d.db"
	token=$(PODIUM_DB="$WORK/d.db" "$PODIUM" token add --role operator \
		--name bench 2>/dev/null | grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
	event=$(PODIUM_DB="$WORK/d.db" "$PODIUM" event add --games PG2004 \
		--sport Swimming --name "100 m Freestyle S10 final" --gender W \
		--status live --order asc 2>/dev/null)
	printf 'npc,name,mark\n' >"$WORK/final.csv"
	for n in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
		printf 'CHN,Swimmer %s,1:0%s.%s\n' "$n" $((n % 10)) $((10 + n))
	done >>"$WORK/final.csv"
	PODIUM_DB="$WORK/d.db" "$PODIUM" result set "$event" --file \
		"$WORK/final.csv" 2>/dev/null
	start_podium "$WORK/d.db" $PORT || exit 1
	node "$BENCH_DIR/desk-save.mjs" $PORT "$token" "$event" "$SAVES" >>"$WORK/d" ||
		say "bench desk: errors"
	kill $PODIUM_PID
	wait $PODIUM_PID 2>/dev/null
done
med() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' \
	"$WORK/d" | sort -n | awk '{ v[NR] = $1 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'; }
p50=$(med p50_ms)
p99=$(med p99_ms)
mx=$(med max_ms)
errs=$(med errors)
bar=met
awk -v p="$p99" 'BEGIN { exit !(p < 100) }' || bar="NOT met"
printf '\ndesk: %s saves of a 16-athlete final, %s rounds, medians\n' "$SAVES" "$ROUNDS"
printf 'save to event read back: p50 %s ms, p99 %s ms, max %s ms; errors %s\n' \
	"$p50" "$p99" "$mx" "$errs"
mkdir -p "$RESULTS"
printf '{"bench": "desk", "date": "%s", "machine": "%s", "saves": %s, "rounds": %s, "p50_ms": %s, "p99_ms": %s, "max_ms": %s, "errors": %s}\n' \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(machine)" "$SAVES" "$ROUNDS" \
	"$p50" "$p99" "$mx" "$errs" >"$RESULTS/desk-latest.json"
[ "$SMOKE" = 1 ] || cp "$RESULTS/desk-latest.json" "$RESULTS/desk-$(date -u +%Y%m%dT%H%M%SZ).json"
printf 'desk summary: save answered and read back p99 %s ms (bar < 100 ms: %s), errors %s\n' \
	"$p99" "$bar" "$errs"
