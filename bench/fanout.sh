#!/bin/sh
# fanout.sh -- one result reaching 10,000 live viewers.
#
# 10,000 server-sent-event clients (sse_clients.c, on loopback) on one
# podium serve; one result written through the API; the time until every
# client has the update, and the server's memory per idle stream.
# Bars: every client within 100 ms at p99; at most 16 KiB per idle stream.
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

need_deb curl time
CLIENTS=${CLIENTS:-10000}
[ "$SMOKE" = 1 ] && { CLIENTS=200; ROUNDS=1; }
# each side holds one descriptor per stream: raise the soft limit to the
# hard one (20,000 here; every stream and the server's own fit)
ulimit -n "$(ulimit -Hn)" 2>/dev/null
[ "$(ulimit -n)" -gt $((CLIENTS + 200)) ] ||
	{ say "bench fanout: open-file limit $(ulimit -n) is below $CLIENTS streams"; exit 1; }
PORT=18083
cc -O2 -o "$WORK/sse_clients" "$BENCH_DIR/sse_clients.c" || exit 1

make_db "$WORK/fan.db"
token=$(PODIUM_DB="$WORK/fan.db" "$PODIUM" token add --role operator \
	--name bench 2>/dev/null | grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
event=$(PODIUM_DB="$WORK/fan.db" "$PODIUM" event add --games PG2004 \
	--sport Bench --name "Fan-out final" --status official 2>/dev/null)
PODIUM_PID=

i=0
while [ "$i" -lt "$ROUNDS" ]; do
	i=$((i + 1))
	say "bench fanout: $CLIENTS streams, round $i of $ROUNDS"
	# a fresh server each round: memory freed by the last round's
	# streams stays in the allocator and would hide this round's
	start_podium "$WORK/fan.db" $PORT || exit 1
	sleep 0.5
	before=$(rss_kb $PODIUM_PID)
	fifo=$WORK/fifo
	rm -f "$fifo"
	mkfifo "$fifo"
	"$WORK/sse_clients" $PORT /api/games/PG2004/stream $CLIENTS 10 \
		<"$fifo" >"$WORK/clients.out" &
	cpid=$!
	track $cpid
	exec 3>"$fifo"
	until grep -q ready "$WORK/clients.out" 2>/dev/null; do
		kill -0 $cpid 2>/dev/null || { say "bench fanout: clients died"; exit 1; }
		sleep 0.2
	done
	sleep 1	# let the last connections settle
	idle=$(rss_kb $PODIUM_PID)
	t0=$(date +%s%N)
	echo "$t0" >&3
	curl -s -o /dev/null -H "Authorization: Bearer $token" \
		-d "{\"npc\":\"CHN\",\"name\":\"Fan $i\",\"rank\":1}" \
		"http://127.0.0.1:$PORT/api/games/PG2004/events/$event/results"
	wait $cpid
	exec 3>&-
	line=$(tail -n 1 "$WORK/clients.out")
	per=$(awk -v a="$before" -v b="$idle" -v n=$CLIENTS \
		'BEGIN { printf "%.1f", (b - a) / n }')
	echo "$line rss_before_kb $before rss_idle_kb $idle per_stream_kb $per" \
		>>"$WORK/fan"
	kill $PODIUM_PID
	wait $PODIUM_PID 2>/dev/null
done

med() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' \
	"$WORK/fan" | sort -n | awk '{ v[NR] = $1 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'; }
recv=$(med received)
p50=$(med p50_ms)
p99=$(med p99_ms)
mx=$(med max_ms)
per=$(med per_stream_kb)
printf '\nfanout: %s streams, %s rounds, medians\n' "$CLIENTS" "$ROUNDS"
printf 'received %s of %s; latency p50 %s ms, p99 %s ms, max %s ms; %s KiB per idle stream\n' \
	"$recv" "$CLIENTS" "$p50" "$p99" "$mx" "$per"
mkdir -p "$RESULTS"
printf '{"bench": "fanout", "date": "%s", "machine": "%s", "clients": %s, "rounds": %s, "received": %s, "p50_ms": %s, "p99_ms": %s, "max_ms": %s, "kib_per_idle_stream": %s}\n' \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(machine)" "$CLIENTS" "$ROUNDS" \
	"$recv" "$p50" "$p99" "$mx" "$per" >"$RESULTS/fanout-latest.json"
[ "$SMOKE" = 1 ] || cp "$RESULTS/fanout-latest.json" "$RESULTS/fanout-$(date -u +%Y%m%dT%H%M%SZ).json"
met=$(awk -v r="$recv" -v n="$CLIENTS" -v p="$p99" -v m="$per" \
	'BEGIN { print (r == n && p <= 100 && m <= 16) ? "met" : "NOT met" }')
printf 'fanout summary: p99 %s ms for %s streams, %s KiB per idle stream; bars %s\n' \
	"$p99" "$CLIENTS" "$per" "$met"
