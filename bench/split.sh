#!/bin/sh
# split.sh -- how the server's threads share one wrk run: each thread's
# run time (/proc/PID/task/*/schedstat) beside wrk's requests/s, p50 and
# p99, for podium builds side by side and nginx serving the same bytes.
#
#   sh bench/split.sh [BUILD...]    (default: build/rel/podium)
#   CONNS=50 DUR=5 ROUNDS=3
#
# Not a bar: the profile behind bar 3 (bench/README.md), to read beside
# serve.sh's ratios.
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

need_deb wrk nginx curl
ulimit -n "$(ulimit -Hn)" 2>/dev/null
DUR=${DUR:-5}
CONNS=${CONNS:-50}
[ "$SMOKE" = 1 ] && { DUR=1; ROUNDS=1; }
[ $# -eq 0 ] && set -- "$PODIUM"
URL=/api/games/PG2004/standings
P1=18084
P2=18085

make_db "$WORK/split.db"
# every thread of the processes PID...: "TID COMM RUN_NS WAIT_NS
# PREEMPTED": its run time, its time runnable but waiting for a CPU
# (schedstat), and how often it was taken off a CPU it still wanted
# (nonvoluntary_ctxt_switches)
runtime() {
	for p in "$@"; do
		for t in /proc/"$p"/task/*; do
			[ -r "$t/schedstat" ] || continue
			printf '%s %s %s %s\n' "${t##*/}" "$(cat "$t/comm")" \
				"$(cut -d' ' -f1,2 "$t/schedstat")" \
				"$(awk '/^nonvoluntary/ { print $2 }' "$t/status")"
		done
	done
}

# one_run LABEL PORT PID...: wrk, then the threads that ran >= 20 ms
one_run() {
	label=$1 port=$2
	shift 2
	runtime "$@" >"$WORK/before"
	out=$(wrk -t2 -c"$CONNS" -d"${DUR}s" --latency "http://127.0.0.1:$port$URL" 2>&1 |
		awk '/^ +50%/ { p50 = $2 } /^ +99%/ { p99 = $2 }
		     /^Requests\/sec/ { rps = $2 }
		     END { printf "%s req/s, p50 %s, p99 %s", rps, p50, p99 }')
	printf "%s %s\n" "$label" "$out" >>"$WORK/runs"
	runtime "$@" >"$WORK/after"
	split=$(awk 'NR == FNR { r[$1] = $3; w[$1] = $4; p[$1] = $5; next }
		{ ms = ($3 - r[$1]) / 1e6
		  if (ms >= 20) printf "%s %.0f/%.0f/%d, ", $2, ms,
			($4 - w[$1]) / 1e6, $5 - p[$1] }' \
		"$WORK/before" "$WORK/after")
	printf '%-10s %s; threads (run/wait ms/preempted): %s(load %s)\n' "$label" "$out" "$split" \
		"$(cut -d' ' -f1 /proc/loadavg)"
}

n=0
for b in "$@"; do
	n=$((n + 1))
	PODIUM=$b start_podium "$WORK/split.db" $((P1 + 10 * n)) || exit 1
	eval "PID$n=\$PODIUM_PID"
done
start_nginx $P2 $((P1 + 10)) $URL || exit 1
sleep 0.5
NGINX_PIDS=$(cat "$WORK/nginx.pid"; pgrep -P "$(cat "$WORK/nginx.pid")")

printf 'split: %s connections, wrk -t2, %ss runs\n' "$CONNS" "$DUR"
i=0
while [ "$i" -lt "$ROUNDS" ]; do
	i=$((i + 1))
	n=0
	for b in "$@"; do
		n=$((n + 1))
		eval "pid=\$PID$n"
		one_run "podium$n" $((P1 + 10 * n)) "$pid"
	done
	one_run nginx $P2 $NGINX_PIDS
done

# the medians over the rounds, and each build's requests/s and p99 over
# nginx's in the same round (the median of those ratios: load that drifts between
# rounds cancels)
printf '\nsplit: medians over %s rounds at %s connections\n' "$ROUNDS" "$CONNS"
awk 'function ms(v) {
		if (v ~ /us,?$/) return v / 1000
		if (v ~ /ms,?$/) return v + 0
		if (v ~ /s,?$/) return v * 1000
		return v
	}
	function med(a, n,   i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	{ l = $1; k[l] = 1; n[l]++; rps[l, n[l]] = $2; p99[l, n[l]] = ms($7)
	  if (l == "nginx") { r = n[l]
		for (x in cur) { ratio[x, r] = cur[x] / ms($7); rr[x, r] = crps[x] / $2 } }
	  else { cur[l] = ms($7); crps[l] = $2 } }
	END {
		for (l in k) {
			delete a; delete q; delete c; delete e
			for (i = 1; i <= n[l]; i++) { a[i] = rps[l, i]; q[i] = p99[l, i]; c[i] = ratio[l, i]; e[i] = rr[l, i] }
			printf "%-10s %10.0f req/s, p99 %7.2f ms", l, med(a, n[l]), med(q, n[l])
			if (l != "nginx")
				printf "; over nginx: req/s %.3f, p99 %.3f", med(e, n[l]), med(c, n[l])
			printf "\n"
		}
	}' "$WORK/runs" | sort
