#!/bin/sh
# cluster.sh -- several 'podium serve' nodes on one PostgreSQL database,
# behind nginx with docs/deploy/nginx.conf (its ports changed), against
# nginx serving the same standings bytes as a static file.
#
# For 1, 2 and 3 nodes: wrk through the balancer on
# GET /api/games/PG2004/standings, requests/s and p99, as a ratio to the
# static file in the same run.  Then the time from a write's
# acknowledgement on node A to its arrival on a stream of node B, over
# WRITES writes (default 1,000): p50 and p99.  Bar (issue): cross-node p99
# at most 100 ms.
. "$(dirname "$0")/lib.sh"

need_deb wrk nginx curl postgresql
ulimit -n "$(ulimit -Hn)" 2>/dev/null
DUR=${DUR:-10}
WRITES=${WRITES:-1000}
[ "$SMOKE" = 1 ] && { DUR=1; ROUNDS=1; WRITES=50; }
URL=/api/games/PG2004/standings
LB=18190
STATIC=18191
chmod 755 "$WORK"

pg=$WORK/pg
uri=$(sh "$TOP/scripts/pg-cluster.sh" start "$pg") || exit 1
NODES=""
NGINX=""
AT_EXIT='sh "$TOP/scripts/pg-cluster.sh" stop "$pg" >/dev/null 2>&1'
"$PODIUM" --db "$uri" init >/dev/null 2>&1 || { say "bench cluster: init failed"; exit 1; }
token=$("$PODIUM" --db "$uri" token add --role admin --name bench 2>/dev/null)

start_node() {	# PORT
	"$PODIUM" --db "$uri" serve --port "$1" 2>"$WORK/node$1.err" &
	NODES="$NODES $!"
	track $!
	for _ in $(seq 50); do
		curl -sf "http://127.0.0.1:$1$URL" >/dev/null && return 0
		sleep 0.1
	done
	say "bench cluster: node on $1 did not start:"
	cat "$WORK/node$1.err" >&2
	return 1
}

# the deployment's nginx.conf with N upstreams on this machine's ports,
# and a static copy of the standings beside it for the peer
balancer() {	# N
	mkdir -p "$WORK/www/api/games/PG2004"
	chmod -R 755 "$WORK/www"
	curl -s "http://127.0.0.1:18181$URL" >"$WORK/www/api/games/PG2004/standings"
	awk -v n="$1" -v lb="$LB" -v st="$STATIC" -v w="$WORK" '
		/server 127.0.0.1:808[0-9];/ { k++; if (k > n) next
			sub(/127.0.0.1:808[0-9]/, "127.0.0.1:1818" k) }
		/listen 80;/ { print "\t\tlisten 127.0.0.1:" lb ";"; next }
		/error_log/ { print "error_log " w "/ng.err warn;"; next }
		/^pid/ { print "pid " w "/ng.pid;"; next }
		/^http {/ { print; print "\tserver { listen 127.0.0.1:" st "; root " w "/www; default_type application/json; location / { try_files $uri =404; } }"; next }
		{ print }' "$TOP/docs/deploy/nginx.conf" >"$WORK/ng.conf"
	nginx -c "$WORK/ng.conf" -p "$WORK" -g 'daemon off;' 2>>"$WORK/ng.err" &
	NGINX=$!
	track $!
	sleep 0.5
}

run_wrk() {	# PORT -> "req/s p99_ms"
	wrk -t2 -c100 -d"${DUR}s" --latency "http://127.0.0.1:$1$URL" 2>&1 |
		awk '/Requests\/sec/ { r = $2 }
		     / 99%/ { v = $2; if (v ~ /us$/) v = v / 1000; else if (v ~ /ms$/) v = v + 0; else if (v ~ /s$/) v = v * 1000; p = v }
		     END { printf "%.0f %.2f\n", r, p }'
}

printf '\ncluster: GET %s through nginx (docs/deploy/nginx.conf), wrk -t2 -c100, %ss, %s rounds\n' "$URL" "$DUR" "$ROUNDS"
printf '%-8s %12s %9s %14s %11s\n' nodes req_per_s p99_ms static_req_s ratio
for n in 1 2 3; do
	start_node "1818$n" || exit 1
	balancer "$n"
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		i=$((i + 1))
		say "bench cluster: $n nodes, round $i of $ROUNDS"
		run_wrk $LB >>"$WORK/lb$n"
		run_wrk $STATIC >>"$WORK/st$n"
	done
	kill "$NGINX"; wait "$NGINX" 2>/dev/null; NGINX=""
	r=$(sort -n "$WORK/lb$n" | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }')
	s=$(sort -n "$WORK/st$n" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	printf '%-8s %12s %9s %14s %11.3f\n' "$n" "${r% *}" "${r#* }" "$s" \
		"$(echo "${r% *} $s" | awk '{ print $1 / $2 }')"
	echo "$n ${r% *} ${r#* } $s" >>"$WORK/rows"
done

say "bench cluster: $WRITES writes on node A, read on node B's stream"
lat=$(node "$BENCH_DIR/cluster-latency.mjs" 18181 18182 "$token" "$WRITES") ||
	{ say "bench cluster: the latency run failed"; exit 1; }
set -- $lat
printf '\ncross-node: %s writes acknowledged on A, arrival on B: p50 %s ms, p99 %s ms, max %s ms (bar p99 <= 100)\n' "$2" "$3" "$4" "$5"
p99=$4
met=$(echo "$p99" | awk '{ print ($1 <= 100) ? "met" : "NOT met" }')
printf 'cluster summary: 3 nodes %s req/s through nginx; cross-node p99 %s ms; bar %s\n' \
	"$(awk '$1 == 3 { print $2 }' "$WORK/rows")" "$p99" "$met"
mkdir -p "$RESULTS"
{
	printf '{"bench":"cluster","when":"%s","machine":"%s","rounds":%s,"seconds":%s,"nodes":[' \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(machine)" "$ROUNDS" "$DUR"
	awk '{ printf "%s{\"nodes\":%s,\"req_per_s\":%s,\"p99_ms\":%s,\"static_req_per_s\":%s}", (NR > 1 ? "," : ""), $1, $2, $3, $4 }' "$WORK/rows"
	printf '],"cross_node":{"writes":%s,"p50_ms":%s,"p99_ms":%s,"max_ms":%s}}\n' "$2" "$3" "$4" "$5"
} >"$RESULTS/cluster-latest.json"
