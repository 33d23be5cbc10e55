#!/bin/sh
# serve.sh -- the medal table to many readers: podium serve against nginx
# serving the same bytes as a static file.
#
# wrk on loopback, GET /api/games/PG2004/standings, at 50 and 500
# connections, podium and nginx alternately.  Reports requests per second
# and p50/p99 latency.  Bar: podium's requests/s at least nginx's at both
# loads, and its p99 no worse.
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

need_deb wrk nginx curl time
ulimit -n "$(ulimit -Hn)" 2>/dev/null
DUR=${DUR:-10}
[ "$SMOKE" = 1 ] && { DUR=1; ROUNDS=1; }
P1=18081
P2=18082
URL=/api/games/PG2004/standings

make_db "$WORK/serve.db"
start_podium "$WORK/serve.db" $P1 || exit 1
start_nginx $P2 $P1 $URL || exit 1
bytes=$(wc -c <"$NGINX_FILE")

# wrk's summary -> "RPS P50_MS P99_MS"
one_run() {
	wrk -t2 -c"$2" -d"${DUR}s" --latency "http://127.0.0.1:$1$URL" 2>&1 |
		awk '
		function ms(v) {
			if (v ~ /us$/) return v / 1000
			if (v ~ /ms$/) return v + 0
			if (v ~ /s$/) return v * 1000
			return v
		}
		/^ +50%/ { p50 = ms($2) }
		/^ +99%/ { p99 = ms($2) }
		/^Requests\/sec/ { rps = $2 }
		/Non-2xx|Socket errors/ { err = err $0 }
		END { printf "%s %.3f %.3f\n", rps, p50, p99
		      if (err != "") print "bench serve: " err > "/dev/stderr" }'
}

for c in 50 500; do
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		i=$((i + 1))
		say "bench serve: $c connections, round $i of $ROUNDS"
		for tool in podium nginx; do
			port=$P1
			[ $tool = nginx ] && port=$P2
			set -- $(one_run $port $c)
			echo "$tool-$c $1 $2 $3" >>"$WORK/serve"
		done
	done
done

col() { awk -v l="$1" -v c="$2" '$1 == l { print $c }' "$WORK/serve" | sort -n |
	awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m }'; }
printf '\nserve: GET %s (%s bytes), wrk -t2, %ss runs, %s rounds, medians\n' "$URL" "$bytes" "$DUR" "$ROUNDS"
printf '%-14s %12s %9s %9s\n' server req_per_s p50_ms p99_ms
for c in 50 500; do
	for tool in podium nginx; do
		printf '%-14s %12s %9s %9s\n' "$tool-$c" "$(col $tool-$c 2)" \
			"$(col $tool-$c 3)" "$(col $tool-$c 4)"
	done
done
r50=$(awk -v a="$(col podium-50 2)" -v b="$(col nginx-50 2)" 'BEGIN { printf "%.3f", a / b }')
r500=$(awk -v a="$(col podium-500 2)" -v b="$(col nginx-500 2)" 'BEGIN { printf "%.3f", a / b }')
l50=$(awk -v a="$(col podium-50 4)" -v b="$(col nginx-50 4)" 'BEGIN { printf "%.3f", a / b }')
l500=$(awk -v a="$(col podium-500 4)" -v b="$(col nginx-500 4)" 'BEGIN { printf "%.3f", a / b }')
printf 'podium/nginx req/s: %s at 50, %s at 500 (bar >= 1); p99: %s at 50, %s at 500 (bar <= 1)\n' \
	"$r50" "$r500" "$l50" "$l500"
mkdir -p "$RESULTS"
{
	printf '{"bench": "serve", "date": "%s", "machine": "%s", "bytes": %s, "seconds": %s, "rounds": %s, "runs": {' \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(machine)" "$bytes" "$DUR" "$ROUNDS"
	sep=""
	for k in podium-50 nginx-50 podium-500 nginx-500; do
		printf '%s"%s": {"req_per_s": %s, "p50_ms": %s, "p99_ms": %s}' "$sep" "$k" \
			"$(col $k 2)" "$(col $k 3)" "$(col $k 4)"
		sep=", "
	done
	printf '}, "ratios": {"rps_50": %s, "rps_500": %s, "p99_50": %s, "p99_500": %s}}\n' \
		"$r50" "$r500" "$l50" "$l500"
} >"$RESULTS/serve-latest.json"
[ "$SMOKE" = 1 ] || cp "$RESULTS/serve-latest.json" "$RESULTS/serve-$(date -u +%Y%m%dT%H%M%SZ).json"
met=$(awk -v a="$r50" -v b="$r500" -v c="$l50" -v d="$l500" \
	'BEGIN { print (a >= 1 && b >= 1 && c <= 1 && d <= 1) ? "met" : "NOT met" }')
printf 'serve summary: podium/nginx req/s %s (50) %s (500), p99 %s %s; bars %s\n' \
	"$r50" "$r500" "$l50" "$l500" "$met"
