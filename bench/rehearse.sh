#!/bin/sh
# rehearse.sh -- a Games-day rehearsal of Paris 2024 (issue 31): a
# throwaway PostgreSQL cluster (scripts/pg-cluster.sh), podium nodes on
# it, 'podium rehearse' replaying the real data over HTTP with readers on
# every node and a fault of each kind, its verdict line printed.
#
# usage: bench/rehearse.sh [short|busiest|whole|crowd|long] [PODIUM]
#   short    (make rehearse, CI): the busiest hour (9 August 21:00-22:00)
#            at --speed 120 on two nodes, 300 readers, PostgreSQL
#            restarted, a node killed -9 and started again, a reader
#            dropped
#   busiest  the busiest three hours (20:00-23:00) at --speed 60 on three
#            nodes behind nginx (docs/deploy/nginx.conf, its ports
#            changed) with 3,000 readers and the same faults
#   whole    the whole Games at --speed max on one node with SQLite, then
#            on three nodes with PostgreSQL behind nginx
#   crowd    the busiest hour at --speed 60 with 50,000 readers on three
#            nodes, in processes of 10,000 readers each
#   long     busiest, whole and crowd, one after the other
# It reads ../shared/data/external/olympics-paris2024-units and skips,
# saying so, without it.  Whatever stops it (an error, Ctrl-C, SIGTERM),
# the trap kills the nodes and nginx it started and stops the cluster.
# Exit 0 when every run's verdict is clean, 1 otherwise.
mode=${1:-short}
bin=$(cd "$(dirname "${2:-./podium}")" && pwd)/$(basename "${2:-./podium}")
. "$(dirname "$0")/lib.sh"
cd "$TOP"
top=$TOP
data=$top/../shared/data/external/olympics-paris2024-units
if [ ! -d "$data" ]; then
	echo "rehearse: skipped: $data is not here (a user's clone)"
	exit 0
fi
case $mode in short|busiest|whole|crowd|long) ;;
*)	echo "usage: $0 [short|busiest|whole|crowd|long] [PODIUM]" >&2
	exit 64 ;;
esac
[ "$mode" = short ] || need_deb nginx
ulimit -n "$(ulimit -Hn)" 2>/dev/null

work=$WORK
chmod 755 "$work"	# the cluster runs as postgres
# lib.sh's trap runs this, whatever stops the script: the nodes (the
# kill-node hook starts them again, so their pids are in files) and
# nginx killed, the cluster stopped
cleanup() {
	# nginx's master told to stop, so that it stops its workers
	[ -f "$work/ng.pid" ] && kill "$(cat "$work/ng.pid")" 2>/dev/null
	for f in "$work"/rehearse.pid "$work"/node*.pid; do
		[ -f "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null
	done
	[ -d "$work/pg" ] && sh "$top/scripts/pg-cluster.sh" stop "$work/pg" \
		immediate >/dev/null 2>&1
}
AT_EXIT=cleanup

# node I [PORT]: start node I on the database, on PORT (0: any), and wait
# until it serves; its port in node$I.port
node() {
	: >"$work/node$1.log"	# there before the loop below greps it
	"$bin" --db "$db" serve --port "${2:-0}" >"$work/node$1.log" 2>&1 &
	echo $! >"$work/node$1.pid"
	i=0
	while ! grep -q serving "$work/node$1.log" && [ $i -lt 200 ]; do
		sleep 0.05; i=$((i + 1))
	done
	grep -o '127.0.0.1:[0-9]*' "$work/node$1.log" | head -1 |
		sed 's/.*://' >"$work/node$1.port"
}

# the hook 'podium rehearse --hook' runs for a fault, on database $db
write_hook() {
	cat >"$work/hook.sh" <<EOF
#!/bin/sh
# hook.sh KIND: the fault, on this rehearsal's cluster and nodes
set -u
case \$1 in
pg-restart)
	sh "$top/scripts/pg-cluster.sh" stop "$work/pg" immediate >/dev/null
	sh "$top/scripts/pg-cluster.sh" start "$work/pg" >/dev/null ;;
kill-node)
	n=1
	[ -f "$work/node1.pid" ] || n=0
	kill -9 \$(cat "$work/node\$n.pid")
	sleep 1
	"$bin" --db "$db" serve --port \$(cat "$work/node\$n.port") \\
		>>"$work/node\$n.log" 2>&1 &
	echo \$! >"$work/node\$n.pid" ;;
esac
EOF
	chmod +x "$work/hook.sh"
}

# balancer: nginx with the deployment's nginx.conf in front of the
# nodes, their ports in place of 8081-8083; its port in ng.port
balancer() {
	lb=$(( 18400 + $$ % 500 ))
	ports=$(cat "$work"/node*.port | tr '\n' ' ')
	awk -v ports="$ports" -v lb="$lb" -v w="$work" '
		BEGIN { n = split(ports, p, " ") }
		/server 127.0.0.1:808[0-9];/ { k++; if (k > n) next
			sub(/127.0.0.1:808[0-9]/, "127.0.0.1:" p[k]) }
		/listen 80;/ { print "\t\tlisten 127.0.0.1:" lb ";"; next }
		/error_log/ { print "error_log " w "/ng.err warn;"; next }
		/^pid/ { print "pid " w "/ng.pid;"; next }
		/worker_connections/ { print "\tworker_connections 20000;"
			next }
		/^events/ { print "worker_rlimit_nofile 20000;" }
		{ print }' "$top/docs/deploy/nginx.conf" >"$work/ng.conf"
	nginx -c "$work/ng.conf" -p "$work" -g 'daemon off;' \
		2>>"$work/ng.err" &
	i=0
	while ! curl -s -o /dev/null "http://127.0.0.1:$lb/api/games" &&
	      [ $i -lt 100 ]; do
		sleep 0.05; i=$((i + 1))
	done
	[ $i -lt 100 ] || return 1
	echo "$lb" >"$work/ng.port"
}

verdict=0
# run NAME NODES READERS FROM TO SPEED FAULTS...: one rehearsal on the
# cluster (or SQLite for NODES=sqlite); NODES=3+nginx: three nodes
# behind nginx
run() {
	name=$1 nodes=$2 readers=$3 from=$4 to=$5 speed=$6
	shift 6
	lb=""
	case $nodes in *+nginx) nodes=${nodes%+nginx} lb=1 ;; esac
	rm -f "$work"/node*.pid "$work"/node*.port "$work/tokens.tsv"
	if [ "$nodes" = sqlite ]; then
		db=$work/games.db
		rm -f "$db"*
		nodes=1
	else
		[ -d "$work/pg" ] && sh "$top/scripts/pg-cluster.sh" stop \
			"$work/pg" immediate >/dev/null 2>&1
		rm -rf "$work/pg"
		db=$(PODIUM_PG_FSYNC=${PODIUM_PG_FSYNC:-on} \
		     sh "$top/scripts/pg-cluster.sh" start "$work/pg") || {
			echo "rehearse: $name: no PostgreSQL cluster"
			verdict=1
			return
		}
	fi
	write_hook
	window=""
	[ -n "$from" ] && window="--from $from --to $to"
	"$bin" --db "$db" rehearse prepare "$data" --games OG2024 \
		${from:+--from $from} --tokens "$work/tokens.tsv" 2>/dev/null ||
		{ echo "rehearse: $name: prepare failed"; verdict=1; return; }
	urls=""
	n=0
	while [ $n -lt "$nodes" ]; do
		node $n
		urls="$urls --url http://127.0.0.1:$(cat "$work/node$n.port")"
		n=$((n + 1))
	done
	if [ -n "$lb" ]; then
		balancer || { echo "rehearse: $name: nginx did not start:"
			cat "$work/ng.err"; verdict=1; return; }
		urls="$urls --balancer http://127.0.0.1:$(cat "$work/ng.port")"
	fi
	t0=$(date +%s)
	"$bin" rehearse "$data" --games OG2024 $urls --tokens \
		"$work/tokens.tsv" --speed "$speed" $window --readers "$readers" \
		--hook "$work/hook.sh" --report "$work/$name.html" --trace "$work/$name.csv" "$@" \
		>"$work/$name.out" 2>"$work/$name.err" &
	# in the background and waited for, so that a signal reaches the
	# trap at once (sh runs it only after a foreground command)
	echo $! >"$work/rehearse.pid"
	wait $!
	rc=$?
	rm -f "$work/rehearse.pid"
	echo "rehearse: $name ($nodes nodes${lb:+ behind nginx}, $readers readers, $(( $(date +%s) - t0 )) s):"
	sed 's/^/  /' "$work/$name.out"
	grep -v 'refused (400)' "$work/$name.err" | sed 's/^/  /' | head -20
	[ -n "${REHEARSE_REPORTS:-}" ] && cp "$work/$name.html" \
		"$work/$name.csv" "$REHEARSE_REPORTS/"
	[ $rc -eq 0 ] || verdict=1
	for f in "$work"/node*.pid "$work"/ng.pid; do
		[ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null
	done
	rm -f "$work/ng.pid"
	sleep 0.3
}

case $mode in
short)
	run short-pg 2 300 2024-08-09T21:00 2024-08-09T22:00 120 \
		--fault pg-restart@2024-08-09T21:15 \
		--fault kill-node@2024-08-09T21:30 \
		--fault drop-reader@2024-08-09T21:45 ;;
esac
case $mode in
busiest|long)
	run busiest-pg 3+nginx 3000 2024-08-09T20:00 2024-08-09T23:00 60 \
		--fault pg-restart@2024-08-09T20:40 \
		--fault kill-node@2024-08-09T21:20 \
		--fault drop-reader@2024-08-09T22:00 ;;
esac
case $mode in
whole|long)
	run whole-sqlite sqlite 10 "" "" max
	run whole-pg 3+nginx 40 "" "" max ;;
esac
case $mode in
crowd|long)
	run crowd-pg 3 50000 2024-08-09T21:00 2024-08-09T22:00 60 \
		--fault drop-reader@2024-08-09T21:30 --settle 120 ;;
esac
exit $verdict
