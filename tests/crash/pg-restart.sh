#!/bin/sh
# pg-restart.sh -- PostgreSQL restarting under load: two 'podium serve'
# nodes on one throwaway cluster, writers posting results through both,
# and the database stopped and started again RESTARTS times (every other
# time as a crash: 'stop -m immediate', recovery from the WAL), the nodes
# never restarted.  Then checks that
#  - every write a node acknowledged (HTTP 200) is stored, once; a write
#    refused with 503 (the database away) wrote nothing and is retried;
#  - both nodes are the processes started at the beginning, and each
#    takes a write again;
#  - a stream opened on each node before the first restart is complete:
#    every message follows the one before it (its "from" is the last
#    one's version), no version comes twice, and the last is the Games'
#    version in the database with the totals the nodes serve;
#  - both nodes serve the same standings bytes, equal to a recomputation
#    in SQL from the stored results.
# usage: tests/crash/pg-restart.sh PODIUM [RESTARTS] [CLIENTS]
# Prints 'crash: PASSED FAILED'.  Loopback and a Unix socket only,
# bounded in time.
set -u
podium=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
restarts=${2:-20}
clients=${3:-4}
here=$(cd "$(dirname "$0")/../.." && pwd)
cluster="sh $here/scripts/pg-cluster.sh"
. "$here/tests/crash/serve-port.sh"
work=$(mktemp -d)
pg=$(mktemp -d)		# its own: the postgres user must enter it
pids=""
cleanup() {
	touch "$work/stop" 2>/dev/null
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	$cluster stop "$pg" >/dev/null 2>&1
	[ -n "${KEEP:-}" ] && { echo "kept $work"; return; }
	rm -rf "$work" "$pg"
}
trap cleanup EXIT
trap 'exit 2' INT TERM
cd "$work" || exit 2
passed=0 failed=0

if ! uri=$($cluster start "$pg" 2>pg.err); then
	echo "FAIL crash pg-restart: the throwaway cluster did not start:"
	sed 's/^/    /' pg.err
	echo "crash: 0 1"
	exit 1
fi
export PODIUM_DB="$uri"
"$podium" init 2>/dev/null
event=$("$podium" event add --games PG2004 --sport Crash --name Final \
	--status official 2>/dev/null)
token=$("$podium" token add --role operator --name crash 2>/dev/null |
	grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
ports=""
for node in a b; do
	"$podium" serve --port 0 >>"serve-$node.log" 2>&1 &
	pid=$!
	pids="$pids $pid"
	port=$(serve_port "serve-$node.log" "$pid") || {
		echo "FAIL crash pg-restart: node $node did not start"
		echo "crash: 0 1"
		exit 1
	}
	ports="$ports $port"
	echo "$pid" >"node-$port.pid"
	# a stream on each node, kept open through every restart
	curl -sN "http://127.0.0.1:$port/api/games/PG2004/stream" >"stream-$port" &
	pids="$pids $!"
done
ports=${ports# }

# writer K: post through the nodes in turn until told to stop; a 503 is
# the database away (nothing written): the same write again, later
writer() {
	n=0 k=$1
	while [ ! -e stop ] && [ "$n" -lt 2000 ]; do
		n=$((n + 1))
		name="W$k-$n"
		set -- $ports
		[ $((n % 2)) -eq 0 ] && shift
		url="http://127.0.0.1:$1/api/games/PG2004/events/$event/results"
		tries=0
		while [ "$tries" -lt 100 ] && [ ! -e stop ]; do
			tries=$((tries + 1))
			code=$(curl -s -o "body.$k" -w '%{http_code}' --max-time 10 \
				-H "Authorization: Bearer $token" \
				-d "{\"npc\":\"CHN\",\"name\":\"$name\",\"rank\":$((n % 3 + 1))}" \
				"$url")
			case $code in
			200) echo "$name" >>acked; break ;;
			503) echo "$name" >>refused; sleep 0.2 ;;
			*) echo "$name $code $(head -c 300 "body.$k" 2>/dev/null)" >>unknown; break ;;
			esac
		done
	done
}

: >acked
: >refused
: >unknown
writers=""
k=0
while [ "$k" -lt "$clients" ]; do
	k=$((k + 1))
	writer $k &
	pids="$pids $!"
	writers="$writers $!"
done

round=0
while [ "$round" -lt "$restarts" ]; do
	round=$((round + 1))
	sleep "0.$(awk -v s="$round$$" 'BEGIN { srand(s); printf "%03d", 200 + rand() * 600 }')"
	mode=fast
	[ $((round % 2)) -eq 0 ] && mode=immediate
	$cluster stop "$pg" "$mode" >/dev/null 2>&1
	sleep 0.2
	$cluster start "$pg" >/dev/null 2>pg.err || {
		echo "FAIL crash pg-restart: the cluster did not come back:"
		sed 's/^/    /' pg.err
		failed=$((failed + 1))
		break
	}
done
sleep 1
touch stop
wait $writers	# each ends at 'stop', after the write it is in

# the same nodes, never restarted, each take a write again
alive=0
for port in $ports; do
	p=$(cat "node-$port.pid")
	kill -0 "$p" 2>/dev/null && alive=$((alive + 1))
	code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 \
		-H "Authorization: Bearer $token" \
		-d "{\"npc\":\"GBR\",\"name\":\"After $port\",\"rank\":1}" \
		"http://127.0.0.1:$port/api/games/PG2004/events/$event/results")
	[ "$code" = 200 ] && echo "After $port" >>acked
done
if [ "$alive" -eq 2 ] && [ "$(grep -c '^After' acked)" -eq 2 ]; then
	passed=$((passed + 1))
else
	echo "FAIL $alive of 2 nodes alive, $(grep -c '^After' acked) of 2 took a write after the restarts"
	failed=$((failed + 1))
fi

q() { psql "$uri" -qAt -c "$1"; }
sort acked >acked.sorted
q "SELECT name FROM results WHERE event_id = $event AND until IS NULL ORDER BY name" | LC_ALL=C sort >stored
LC_ALL=C sort acked >acked.sorted
missing=$(LC_ALL=C comm -23 acked.sorted stored | wc -l)
twice=$(q "SELECT count(*) FROM (SELECT name FROM results WHERE event_id = $event AND until IS NULL GROUP BY name HAVING count(*) > 1) t")
if [ "$missing" -eq 0 ] && [ "$twice" -eq 0 ] && [ -s acked ]; then
	passed=$((passed + 1))
else
	echo "FAIL $missing acknowledged writes are missing, $twice are in twice, $(wc -l <acked) acknowledged:"
	LC_ALL=C comm -23 acked.sorted stored | head -5
	failed=$((failed + 1))
fi

# the streams: wait until both show the database's version, then check
# the chain of messages
version=$(q "SELECT version FROM games WHERE code = 'PG2004'")
for port in $ports; do
	i=0
	until grep -q "^id: $version\$" "stream-$port" || [ "$i" -gt 100 ]; do
		i=$((i + 1))
		sleep 0.05
	done
done
curl -s "http://127.0.0.1:${ports%% *}/api/games/PG2004/standings?source=results" >served-a
curl -s "http://127.0.0.1:${ports##* }/api/games/PG2004/standings?source=results" >served-b
for port in $ports; do
	verdict=$(python3 - "stream-$port" "$version" served-a <<'PY'
import json, sys
# the table's messages: a stream also carries a unit's and an event's
# rows (event: unit, event: results), which have no chain of versions
msgs, kind = [], 'standings'
for l in open(sys.argv[1], encoding='utf-8'):
    if l.startswith('event: '):
        kind = l[7:].strip()
    elif l.startswith('data: ') and kind == 'standings':
        msgs.append(json.loads(l[6:]))
final = int(sys.argv[2])
served = json.load(open(sys.argv[3], encoding='utf-8'))
bad = []
if not msgs:
    bad.append('no message')
for a, b in zip(msgs, msgs[1:]):
    if b['from'] != a['version']:
        bad.append('version %d follows %d but says from %d' % (b['version'], a['version'], b['from']))
vs = [m['version'] for m in msgs]
if len(set(vs)) != len(vs):
    bad.append('a version comes twice')
if msgs and msgs[-1]['version'] != final:
    bad.append('the last message is version %d, the database %d' % (msgs[-1]['version'], final))
if msgs and msgs[-1]['totals'] != served['totals']:
    bad.append('the last message totals %s, served %s' % (msgs[-1]['totals'], served['totals']))
print('; '.join(bad[:3]) if bad else 'ok %d messages' % len(msgs))
PY
)
	case $verdict in
	ok*) passed=$((passed + 1)); echo "ok   crash pg-restart: stream on node $port: $verdict, to version $version" ;;
	*) echo "FAIL stream on node $port: $verdict"; failed=$((failed + 1)) ;;
	esac
done

python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
for r in sorted(d["rows"], key=lambda r: r["npc"]):
	print(r["npc"], r["gold"], r["silver"], r["bronze"])' served-a >served
q "SELECT npc || ' ' || sum((rank = 1)::int) || ' ' || sum((rank = 2)::int) || ' ' || sum((rank = 3)::int) FROM results r JOIN events e ON e.id = r.event_id WHERE e.games = 'PG2004' AND e.status = 'official' AND r.until IS NULL AND r.irm = '' AND r.rank BETWEEN 1 AND 3 GROUP BY npc ORDER BY npc" >recomputed
if cmp -s served-a served-b && cmp -s served recomputed; then
	passed=$((passed + 1))
else
	echo "FAIL the two nodes' standings differ, or differ from SQL's:"
	cmp served-a served-b
	diff served recomputed | head -5
	failed=$((failed + 1))
fi

echo "ok   crash pg-restart: $restarts restarts ($((restarts / 2)) as crashes), $(wc -l <acked) acknowledged writes, $(sort -u refused | wc -l) refused with 503 and retried, $(wc -l <unknown) unanswered, $missing lost, $twice twice"
echo "crash: $passed $failed"
[ "$failed" -eq 0 ]
