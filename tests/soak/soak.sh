#!/bin/sh
# soak.sh -- 'make soak': podium serve under load for a long while.
#
# wrk at full speed on the standings, a result written every 100 ms and
# 1,000 open event streams, for SOAK_SECONDS (default 600).  Then: wrk's
# requests and errors, the writes that failed, the streams the server
# dropped, and the server's memory at the start and the end (it should be
# flat).  Exit 1 on any error, failed write or dropped stream.
#
# The memory bar (issue 17, bar 5; reported, not a test): after the first
# 5 minutes (SOAK_WARM seconds) RSS grows by less than 1 MB.  Samples
# every SOAK_SAMPLE seconds (60).
# Loopback only; every loop ends with the run.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
podium=${PODIUM:-$top/build/rel/podium}
secs=${SOAK_SECONDS:-600}
streams=${SOAK_STREAMS:-1000}
sample=${SOAK_SAMPLE:-60}
warm=${SOAK_WARM:-300}
# SOAK_NAMES=N: the writes go to N competitors in turn, each write
# replacing that competitor's result, so the event's results stay at N
# and what grows is not the data; unset, every write is a new competitor
# and the event grows without end (the data the server holds with it)
names=${SOAK_NAMES:-0}
work=$(mktemp -d)
# SOAK_PORT: the server's port (18090), so that two soaks can run side by side
port=${SOAK_PORT:-18090}
spid= wpid= rpid= lpid= kpid=
# whatever ends it, nothing it started is left
trap 'kill $spid $wpid $rpid $lpid $kpid 2>/dev/null; [ -n "${SOAK_KEEP_LOG:-}" ] && cp "$work/serve.log" "$SOAK_KEEP_LOG"; rm -rf "$work"' EXIT
trap 'echo "soak: stopped by a signal"; exit 2' INT TERM HUP PIPE
command -v wrk >/dev/null || sh "$top/scripts/deps.sh"
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || true; }
command -v wrk >/dev/null || { echo "soak: wrk is not installed"; exit 2; }
ulimit -n "$(ulimit -Hn)"
export PODIUM_DB="$work/soak.db"
cc -O2 -o "$work/sse" "$top/bench/sse_clients.c" || exit 2
"$podium" init 2>/dev/null
token=$("$podium" token add --role operator --name soak 2>/dev/null |
	grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
event=$("$podium" event add --games PG2004 --sport Soak --name Heats \
	--status official 2>/dev/null)
deathsig=
command -v setpriv >/dev/null 2>&1 && deathsig="setpriv --pdeathsig KILL"
$deathsig "$podium" serve --port $port >"$work/serve.log" 2>&1 &
spid=$!
until curl -s -o /dev/null "http://127.0.0.1:$port/"; do sleep 0.1; done
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$spid/status"; }
# RSS, then its anonymous and file-backed parts, KiB
mem() { awk '/^(VmRSS|RssAnon|RssFile):/ { printf "%s ", $2 }' "/proc/$spid/status"; }

"$work/sse" $port /api/games/PG2004/stream "$streams" 10 watch "$secs" \
	>"$work/streams.out" &
wpid=$!
until grep -q ready "$work/streams.out" 2>/dev/null; do sleep 0.2; done
rss_start=$(rss)
echo "soak: $secs s, $streams streams open, RSS $rss_start KiB at the start"

# a write every 100 ms, each its own change
(
	n=0 fails=0
	end=$(( $(date +%s) + secs ))
	while [ "$(date +%s)" -lt "$end" ]; do
		n=$((n + 1))
		who=$n rank=$((n % 8 + 1))
		# a competitor's rank moves each turn: every write a change
		[ "$names" -gt 0 ] && { who=$((n % names)); rank=$(( (n / names + n) % 8 + 1 )); }
		code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 \
			-H "Authorization: Bearer $token" \
			-d "{\"npc\":\"GBR\",\"name\":\"Soak $who\",\"rank\":$rank}" \
			"http://127.0.0.1:$port/api/games/PG2004/events/$event/results")
		[ "$code" = 200 ] || fails=$((fails + 1))
		sleep 0.1
	done
	echo "$n $fails" >"$work/writes"
) &
lpid=$!
# memory every $sample s: seconds since the start, KiB
(
	t0=$(date +%s)
	while kill -0 $spid 2>/dev/null && [ $(( $(date +%s) - t0 + sample )) -le "$secs" ]; do
		sleep "$sample"; echo "$(( $(date +%s) - t0 )) $(mem)"
	done
) >"$work/rss" &
rpid=$!
wrk -t2 -c64 -d"${secs}s" --latency \
	"http://127.0.0.1:$port/api/games/PG2004/standings?source=seed" >"$work/wrk.out" 2>&1 &
kpid=$!
wait $kpid
wait $wpid
wait $lpid
sleep 1
rss_end=$(rss)
kill $rpid 2>/dev/null
read -r writes wfail <"$work/writes"
reqs=$(awk '/requests in/ { print $1 }' "$work/wrk.out")
errs=$(awk '/Socket errors|Non-2xx/ { gsub(/[^0-9 ]/, " "); for (i = 1; i <= NF; i++) s += $i } END { print s + 0 }' "$work/wrk.out")
rps=$(awk '/Requests\/sec/ { print $2 }' "$work/wrk.out")
p99=$(awk '/^ +99%/ { print $2 }' "$work/wrk.out")
echo "soak: wrk $reqs requests ($rps/s, p99 $p99), $errs errors"
echo "soak: $writes writes, $wfail failed"
echo "soak: streams: $(cat "$work/streams.out" | tail -n 1)"
echo "soak: RSS $rss_start KiB at the start, $rss_end KiB at the end; samples (s, RSS, anon, file KiB):"
sed 's/^/    /' "$work/rss"
# the growth after the warm-up: the last sample at or before $warm s to
# the last one, both under load (the end figure above is taken once the
# streams have closed)
awk -v w="$warm" '$1 <= w { at = $2; t = $1 } { e = $2; te = $1 }
	END { if (at == "" || te <= w) { print "soak: shorter than the warm-up (" w " s): no growth figure"; exit }
	      printf "soak: RSS %d KiB at %d s -> %d KiB at %d s, %+d KiB (bar: under 1024 KiB): %s\n",
		at, t, e, te, e - at, (e - at < 1024) ? "met" : "NOT met" }' "$work/rss"
closed=$(tail -n 1 "$work/streams.out" | awk '{ print $6 }')
[ "$errs" -eq 0 ] && [ "$wfail" -eq 0 ] && [ "${closed:-1}" -eq 0 ]
