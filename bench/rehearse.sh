#!/bin/sh
# rehearse.sh -- a Games-day rehearsal of Paris 2024 (issue 31): a
# throwaway PostgreSQL cluster (scripts/pg-cluster.sh), podium nodes on
# it, 'podium rehearse' replaying the real data over HTTP with readers on
# every node and a fault of each kind, its verdict line printed.
#
# usage: bench/rehearse.sh [short|long] [PODIUM]
#   short  (make rehearse, CI): the busiest hour (9 August 21:00-22:00)
#          at --speed 120 on two nodes, 300 readers, PostgreSQL restarted,
#          a node killed -9 and started again, a reader dropped
#   long   the busiest three hours (20:00-23:00) at --speed 60 on three
#          nodes with 3,000 readers and the same faults; then the whole
#          Games at --speed max on one node with SQLite
# It reads ../shared/data/external/olympics-paris2024-units and skips,
# saying so, without it.  Whatever stops it (an error, Ctrl-C, SIGTERM),
# the trap kills the nodes it started and stops the cluster.  Exit 0 when
# every run's verdict is clean, 1 otherwise.
set -u
cd "$(dirname "$0")/.."
top=$(pwd)
mode=${1:-short}
bin=$(cd "$(dirname "${2:-./podium}")" && pwd)/$(basename "${2:-./podium}")
data=$top/../shared/data/external/olympics-paris2024-units
if [ ! -d "$data" ]; then
	echo "rehearse: skipped: $data is not here (a user's clone)"
	exit 0
fi
case $mode in short|long) ;; *) echo "usage: $0 [short|long] [PODIUM]" >&2
	exit 64 ;; esac

work=$(mktemp -d)
chmod 755 "$work"	# the cluster runs as postgres
cleanup() {
	for f in "$work"/rehearse.pid "$work"/node*.pid; do
		[ -f "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null
	done
	[ -d "$work/pg" ] && sh "$top/scripts/pg-cluster.sh" stop "$work/pg" \
		immediate >/dev/null 2>&1
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# node I [PORT]: start node I on the database, on PORT (0: any), and wait
# until it serves; its port in node$I.port
node() {
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

verdict=0
# run NAME NODES READERS FROM TO SPEED FAULTS...: one rehearsal on the
# cluster (or SQLite for NODES=sqlite)
run() {
	name=$1 nodes=$2 readers=$3 from=$4 to=$5 speed=$6
	shift 6
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
	t0=$(date +%s)
	"$bin" rehearse "$data" --games OG2024 $urls --tokens \
		"$work/tokens.tsv" --speed "$speed" $window --readers "$readers" \
		--hook "$work/hook.sh" --report "$work/$name.html" "$@" \
		>"$work/$name.out" 2>"$work/$name.err" &
	# in the background and waited for, so that a signal reaches the
	# trap at once (sh runs it only after a foreground command)
	echo $! >"$work/rehearse.pid"
	wait $!
	rc=$?
	rm -f "$work/rehearse.pid"
	echo "rehearse: $name ($nodes nodes, $readers readers, $(( $(date +%s) - t0 )) s):"
	sed 's/^/  /' "$work/$name.out"
	grep -v 'refused (400)' "$work/$name.err" | sed 's/^/  /' | head -20
	[ -n "${REHEARSE_REPORTS:-}" ] && cp "$work/$name.html" \
		"$REHEARSE_REPORTS/$name.html"
	[ $rc -eq 0 ] || verdict=1
	for f in "$work"/node*.pid; do
		kill "$(cat "$f")" 2>/dev/null
	done
	sleep 0.3
}

if [ "$mode" = short ]; then
	run short-pg 2 300 2024-08-09T21:00 2024-08-09T22:00 120 \
		--fault pg-restart@2024-08-09T21:15 \
		--fault kill-node@2024-08-09T21:30 \
		--fault drop-reader@2024-08-09T21:45
else
	run busiest-pg 3 3000 2024-08-09T20:00 2024-08-09T23:00 60 \
		--fault pg-restart@2024-08-09T20:40 \
		--fault kill-node@2024-08-09T21:20 \
		--fault drop-reader@2024-08-09T22:00
	run whole-sqlite sqlite 10 "" "" max
	run whole-pg 3 30 "" "" max
fi
exit $verdict
