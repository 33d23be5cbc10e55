#!/bin/sh
# streams.sh -- event streams that come and go (issue 27, item 5).
#
# WAVES waves of PER_WAVE streams (4 x 5,000: 20,000 streams) opened on
# one podium serve, each until it has its first table, then all closed at
# once; then ONE_BY_ONE streams (2,000) opened and closed one at a time,
# as one client did in the audit, which took the server to 19,964
# descriptors when a gone client's socket waited for the next 15 s
# heartbeat.  Figures (streams-churn.mjs): the slowest wave's time from
# the close to the server's descriptor count back where it began; the
# most descriptors it held during the one-at-a-time churn; its RSS at the
# start, at the peak and 16 s after the last stream (past the builder's
# malloc_trim).  Bars: every socket given back within a second of its
# client going, and the memory back within 10 MB of the start.
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

WAVES=${WAVES:-4}
PER_WAVE=${PER_WAVE:-5000}
ONE_BY_ONE=${ONE_BY_ONE:-2000}
[ "$SMOKE" = 1 ] && { WAVES=2; PER_WAVE=200; ONE_BY_ONE=100; }
ulimit -n "$(ulimit -Hn)" 2>/dev/null
[ "$(ulimit -n)" -gt $((PER_WAVE + 200)) ] ||
	{ say "bench streams: open-file limit $(ulimit -n) is below $PER_WAVE streams"; exit 1; }
command -v node >/dev/null 2>&1 || { say "bench streams: needs node"; exit 1; }
PORT=18089

make_db "$WORK/streams.db"
start_podium "$WORK/streams.db" $PORT || exit 1
say "bench streams: $WAVES waves of $PER_WAVE streams, then $ONE_BY_ONE one at a time"
line=$(node "$BENCH_DIR/streams-churn.mjs" $PORT $PODIUM_PID $WAVES $PER_WAVE \
	$ONE_BY_ONE) || exit 1
logged=$(grep -c 'application error' "$WORK/serve.log")
say "bench streams: $line; 'application error' lines: $logged"
get() { printf '%s\n' "$line" | awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }'; }
grow=$(( $(get rss_end_kb) - $(get rss_start_kb) ))
verdict=pass
[ "$grow" -le 10240 ] || verdict=FAIL
awk -v r="$(get release_ms_max)" 'BEGIN { exit !(r <= 1000) }' || verdict=FAIL
[ "$logged" -eq 0 ] || verdict=FAIL
say "bench streams: RSS $(get rss_start_kb) -> peak $(get rss_peak_kb) -> $(get rss_end_kb) KiB ($grow KiB more, bar 10240); sockets back within $(get release_ms_max) ms of their clients going (bar 1000); one client, one stream at a time: at most $(get fds_peak) descriptors (from $(get fds_start)): $verdict"
mkdir -p "$RESULTS"
printf '{"bench":"streams","at":"%s","streams":%d,"rss_start_kb":%d,"rss_peak_kb":%d,"rss_end_kb":%d,"release_ms_max":%s,"one_by_one":%d,"fds_start":%d,"fds_peak":%d,"verdict":"%s"}\n' \
	"$(date -u +%Y%m%dT%H%M%SZ)" $((WAVES * PER_WAVE)) "$(get rss_start_kb)" \
	"$(get rss_peak_kb)" "$(get rss_end_kb)" "$(get release_ms_max)" \
	"$ONE_BY_ONE" "$(get fds_start)" "$(get fds_peak)" "$verdict" \
	>"$RESULTS/streams-$(date -u +%Y%m%dT%H%M%SZ).json"
[ "$verdict" = pass ]
