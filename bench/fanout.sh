#!/bin/sh
# fanout.sh -- one result reaching 10,000 live viewers.
#
# 10,000 server-sent-event clients (sse_clients.c, on loopback) on one
# podium serve; one result written through the API, by the clients'
# process itself, from the connect() that begins it (a curl process, as
# before, put its own 6 to 10 ms of start-up inside the figure); the
# time until every client has the update, and the server's memory per
# idle stream with 19,000 streams open (IDLE).  Bars: every client
# within 50 ms at p99 from the start of the write; at most 16 KiB per
# idle stream.
#
# The latency is split in two: the first client's (min), about when the
# server published the change (the write's commit and the rebuild of the
# views), and what the 99th percentile waits beyond it (sending).  The
# sending is compared, round by round, with its floor on this machine:
# sse_floor.c, a bare program that sends one pre-framed 600-byte message
# to as many sockets from two threads, measured by the same clients.
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

need_deb curl time
CLIENTS=${CLIENTS:-10000}
IDLE=${IDLE:-19000}
[ "$SMOKE" = 1 ] && { CLIENTS=200; IDLE=300; ROUNDS=1; }
# each side holds one descriptor per stream: raise the soft limit to the
# hard one (20,000 here; every stream and the server's own fit)
ulimit -n "$(ulimit -Hn)" 2>/dev/null
most=$CLIENTS
[ "$IDLE" -gt "$most" ] && most=$IDLE
[ "$(ulimit -n)" -gt $((most + 200)) ] ||
	{ say "bench fanout: open-file limit $(ulimit -n) is below $most streams"; exit 1; }
PORT=18083
FLOOR_PORT=18087
cc -O2 -o "$WORK/sse_clients" "$BENCH_DIR/sse_clients.c" || exit 1
cc -O2 -pthread -o "$WORK/sse_floor" "$BENCH_DIR/sse_floor.c" || exit 1

make_db "$WORK/fan.db"
token=$(PODIUM_DB="$WORK/fan.db" "$PODIUM" token add --role operator \
	--name bench 2>/dev/null | grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
event=$(PODIUM_DB="$WORK/fan.db" "$PODIUM" event add --games PG2004 \
	--sport Bench --name "Fan-out final" --status official 2>/dev/null)
PODIUM_PID=

# clients_ready OUT PID WHAT: until the clients say ready; they print
# their result line and exit when not every stream opened in 60 s
clients_ready() {
	until grep -q '^ready' "$1" 2>/dev/null; do
		if grep -q '^clients' "$1" 2>/dev/null || ! kill -0 "$2" 2>/dev/null; then
			say "bench fanout: $3: not all open: $(tail -n 1 "$1")"
			exit 1
		fi
		sleep 0.2
	done
}

# "TID COMM NS" of each thread of the server: its run time so far
task_times() {
	for t in /proc/$PODIUM_PID/task/*; do
		printf '%s %s %s\n' "${t##*/}" "$(cat "$t/comm")" \
			"$(cut -d' ' -f1 "$t/schedstat")"
	done
}

i=0
while [ "$i" -lt "$ROUNDS" ]; do
	i=$((i + 1))
	say "bench fanout: $CLIENTS streams, round $i of $ROUNDS"
	# a fresh server each round: memory freed by the last round's
	# streams stays in the allocator and would hide this round's
	start_podium "$WORK/fan.db" $PORT || exit 1
	fifo=$WORK/fifo
	rm -f "$fifo"
	mkfifo "$fifo"
	# the clients make the write themselves, from their own loop: the
	# start of the write is its connect() (sse_clients.c says why)
	"$WORK/sse_clients" $PORT /api/games/PG2004/stream $CLIENTS 10 \
		post "/api/games/PG2004/events/$event/results" "$token" \
		"{\"npc\":\"CHN\",\"name\":\"Fan $i\",\"rank\":1}" \
		<"$fifo" >"$WORK/clients.out" &
	cpid=$!
	track $cpid
	exec 3>"$fifo"
	clients_ready "$WORK/clients.out" $cpid "$CLIENTS streams"
	# SCHED=FILE: the scheduler's events over the write's second, for
	# `perf sched timehist -i FILE.N` (what ran on the two cores
	# besides the senders; bench/README.md, bar 2 round five)
	if [ -n "${SCHED:-}" ]; then
		perf sched record -a -o "$SCHED.$i" -- sleep 2 >/dev/null 2>&1 &
		track $!
	fi
	sleep 1	# let the last connections settle
	# TASKS=FILE: each server thread's CPU over the round (from just
	# before the write to 0.3 s after the last client), one line a
	# round of "TID COMM MS;" -- CPU time, which the machine's load
	# does not move as it moves latencies (bench/README.md, bar 2
	# round six)
	[ -n "${TASKS:-}" ] && task_times >"$WORK/t0"
	echo go >&3
	wait $cpid || say "bench fanout: not every client had the update, or the write failed (round $i): $(tail -n 1 "$WORK/clients.out")"
	exec 3>&-
	if [ -n "${TASKS:-}" ]; then
		sleep 0.3
		task_times | awk 'NR == FNR { a[$1] = $3; next }
			$3 - a[$1] > 50000 { printf "%s %s %.2f;", $1, $2, ($3 - a[$1]) / 1e6 }
			END { print "" }' "$WORK/t0" - >>"$TASKS"
	fi
	tail -n 1 "$WORK/clients.out" |
		awk '{ for (i = 1; i < NF; i++) { if ($i == "min_ms") m = $(i + 1)
			if ($i == "p99_ms") p = $(i + 1) }
			printf "%s sending_ms %.1f\n", $0, p - m }' >>"$WORK/fan"
	kill $PODIUM_PID
	wait $PODIUM_PID 2>/dev/null

	# the floor, the same clients, right after
	rm -f "$fifo" "$fifo.f"
	mkfifo "$fifo" "$fifo.f"
	"$WORK/sse_floor" $FLOOR_PORT $CLIENTS 2 600 <"$fifo.f" \
		>"$WORK/floor.out" &
	fpid=$!
	track $fpid
	exec 4>"$fifo.f"
	until grep -q '^listening' "$WORK/floor.out" 2>/dev/null; do
		kill -0 $fpid 2>/dev/null || { say "bench fanout: sse_floor cannot listen on $FLOOR_PORT"; exit 1; }
		sleep 0.1
	done
	"$WORK/sse_clients" $FLOOR_PORT /stream $CLIENTS 10 \
		<"$fifo" >"$WORK/clients.out" &
	cpid=$!
	track $cpid
	exec 3>"$fifo"
	clients_ready "$WORK/clients.out" $cpid "$CLIENTS streams to the floor"
	sleep 1
	echo "$(date +%s%N)" >&3
	echo go >&4
	wait $cpid || say "bench fanout: not every client had the floor's message (round $i)"
	exec 3>&- 4>&-
	wait $fpid
	tail -n 1 "$WORK/clients.out" |
		awk '{ for (i = 1; i < NF; i += 2) printf "floor_%s %s ", $i, $(i + 1)
			print "" }' >>"$WORK/fan"
done

# Memory: IDLE streams on a fresh server, the clients in their own
# process; the server's RSS before and after they are all open.
say "bench fanout: $IDLE idle streams"
start_podium "$WORK/fan.db" $PORT || exit 1
sleep 0.5
before=$(rss_kb $PODIUM_PID)
"$WORK/sse_clients" $PORT /api/games/PG2004/stream $IDLE 10 watch 4 \
	>"$WORK/idle.out" &
cpid=$!
track $cpid
clients_ready "$WORK/idle.out" $cpid "$IDLE idle streams"
sleep 2	# let the last connections settle
idle=$(rss_kb $PODIUM_PID)
wait $cpid || { say "bench fanout: the server closed idle streams: $(tail -n 1 "$WORK/idle.out")"; exit 1; }
kill $PODIUM_PID
wait $PODIUM_PID 2>/dev/null
per=$(awk -v a="$before" -v b="$idle" -v n=$IDLE \
	'BEGIN { printf "%.1f", (b - a) / n }')

say "bench fanout: each round's figures:"
sed 's/^/    /' "$WORK/fan" >&2
med() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' \
	"$WORK/fan" | sort -n | awk '{ v[NR] = $1 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'; }
recv=$(med received)
p50=$(med p50_ms)
p99=$(med p99_ms)
mx=$(med max_ms)
mn=$(med min_ms)
ackm=$(med ack_ms)
sending=$(med sending_ms)
floor=$(med floor_p99_ms)
printf '\nfanout: %s streams, %s rounds, medians; load average %s\n' "$CLIENTS" \
	"$ROUNDS" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'received %s of %s; latency min %s ms, p50 %s ms, p99 %s ms, max %s ms\n' \
	"$recv" "$CLIENTS" "$mn" "$p50" "$p99" "$mx"
printf 'of the p99: %s ms until the first client has it (the write acknowledged at %s ms), %s ms sending\n' \
	"$mn" "$ackm" "$sending"
printf 'the floor (sse_floor.c, 2 threads, same clients): p99 %s ms; podium sending / floor %s\n' \
	"$floor" "$(awk -v a="$sending" -v b="$floor" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')"
printf '%s idle streams: RSS %s KiB -> %s KiB, %s KiB per idle stream\n' \
	"$IDLE" "$before" "$idle" "$per"
mkdir -p "$RESULTS"
printf '{"bench": "fanout", "date": "%s", "machine": "%s", "clients": %s, "rounds": %s, "received": %s, "min_ms": %s, "p50_ms": %s, "p99_ms": %s, "max_ms": %s, "ack_ms": %s, "sending_ms": %s, "floor_p99_ms": %s, "idle_streams": %s, "kib_per_idle_stream": %s, "load": "%s"}\n' \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(machine)" "$CLIENTS" "$ROUNDS" \
	"$recv" "$mn" "$p50" "$p99" "$mx" "$ackm" "$sending" "$floor" "$IDLE" "$per" \
	"$(cut -d' ' -f1-3 /proc/loadavg)" >"$RESULTS/fanout-latest.json"
[ "$SMOKE" = 1 ] || cp "$RESULTS/fanout-latest.json" "$RESULTS/fanout-$(date -u +%Y%m%dT%H%M%SZ).json"
met=$(awk -v r="$recv" -v n="$CLIENTS" -v p="$p99" -v m="$per" \
	'BEGIN { print (r == n && p <= 50 && m <= 16) ? "met" : "NOT met" }')
printf 'fanout summary: p99 %s ms for %s streams, %s KiB per idle stream; bars %s\n' \
	"$p99" "$CLIENTS" "$per" "$met"
