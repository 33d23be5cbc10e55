#!/bin/sh
# serve-kill.sh -- writes through the API survive the server being killed.
#
# usage: tests/crash/serve-kill.sh PODIUM [KILLS] [CLIENTS]
# Starts podium serve, has CLIENTS writers post results (each names a
# new athlete, so every write is one row), and kills the server with
# SIGKILL at a random moment; restarts it; KILLS times.  Then checks that
#  - PRAGMA integrity_check is ok;
#  - every write that was acknowledged (HTTP 200) is in the store, once;
#  - no write is in twice;
#  - the standings the server shows equal a recomputation in SQL from
#    the stored results.
# Prints 'crash: PASSED FAILED'.  Loopback only, bounded in time.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/tests/crash/serve-port.sh"
podium=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
kills=${2:-20}
clients=${3:-4}
work=$(mktemp -d)
trap 'kill $spid 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 2
export PODIUM_DB="$work/podium.db"
passed=0 failed=0 spid= port= url=

"$podium" init 2>/dev/null
event=$("$podium" event add --games PG2004 --sport Crash --name Final \
	--status official 2>/dev/null)
token=$("$podium" token add --role operator --name crash 2>/dev/null |
	grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
# start the server on a port of the kernel's choosing (each start its own
# log: the port is read from it)
start() {
	"$podium" serve --port 0 >"serve-$round.log" 2>&1 &
	spid=$!
	port=$(serve_port "serve-$round.log" $spid) ||
		{ echo "crash: the server did not start"; exit 2; }
	url="http://127.0.0.1:$port/api/games/PG2004/events/$event/results"
}

# writer K ROUND: post until a write fails; log each acknowledged one
writer() {
	n=0
	while [ "$n" -lt 500 ]; do
		n=$((n + 1))
		name="W$1-$2-$n"
		code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 \
			-H "Authorization: Bearer $token" \
			-d "{\"npc\":\"CHN\",\"name\":\"$name\",\"rank\":$((n % 3 + 1))}" \
			"$url") || break
		[ "$code" = 200 ] || break
		echo "$name" >>acked
	done
}

round=0
: >acked
while [ "$round" -lt "$kills" ]; do
	round=$((round + 1))
	start
	k=0
	while [ "$k" -lt "$clients" ]; do
		k=$((k + 1))
		writer $k $round &
	done
	sleep "0.$(awk -v s="$round$$" 'BEGIN { srand(s); printf "%03d", 100 + rand() * 700 }')"
	kill -9 $spid
	wait 2>/dev/null
done

ok=$(sqlite3 podium.db 'PRAGMA integrity_check')
if [ "$ok" = ok ]; then passed=$((passed + 1)); else
	echo "FAIL integrity_check: $ok"; failed=$((failed + 1)); fi

sort acked >acked.sorted
sqlite3 podium.db "SELECT name FROM results WHERE event_id = $event AND name LIKE 'W%' AND until IS NULL ORDER BY name" >stored
missing=$(comm -23 acked.sorted stored | wc -l)
twice=$(sqlite3 podium.db "SELECT count(*) FROM (SELECT name FROM results WHERE event_id = $event GROUP BY name HAVING count(*) > 1)")
if [ "$missing" -eq 0 ]; then passed=$((passed + 1)); else
	echo "FAIL $missing acknowledged writes are missing:"; comm -23 acked.sorted stored | head -5
	failed=$((failed + 1)); fi
if [ "$twice" -eq 0 ]; then passed=$((passed + 1)); else
	echo "FAIL $twice writes are in twice"; failed=$((failed + 1)); fi

# the server, restarted, shows what SQL recomputes from the results
round=last
start
curl -s "http://127.0.0.1:$port/api/games/PG2004/standings?source=results" |
	python3 -c 'import json,sys
d = json.load(sys.stdin)
for r in sorted(d["rows"], key=lambda r: r["npc"]):
	print(r["npc"], r["gold"], r["silver"], r["bronze"])' >served
kill $spid
wait 2>/dev/null
spid=
sqlite3 -separator ' ' podium.db "SELECT npc, sum(rank = 1), sum(rank = 2), sum(rank = 3) FROM results r JOIN events e ON e.id = r.event_id WHERE e.games = 'PG2004' AND e.status = 'official' AND r.until IS NULL AND r.irm = '' AND r.rank BETWEEN 1 AND 3 GROUP BY npc ORDER BY npc" >recomputed
if cmp -s served recomputed; then passed=$((passed + 1)); else
	echo "FAIL the served standings differ from SQL's:"; diff served recomputed | head -5
	failed=$((failed + 1)); fi

echo "ok   crash serve: $kills kills, $(wc -l <acked) acknowledged writes checked, $(wc -l <stored) stored, $missing lost, $twice twice"
echo "crash: $passed $failed"
[ "$failed" -eq 0 ]
