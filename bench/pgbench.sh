#!/bin/sh
# pgbench.sh -- what one PostgreSQL on this machine takes in durable
# writes, against what podium asks of it.
#
# On one throwaway cluster (scripts/pg-cluster.sh: fsync on, synchronous
# commit on), alternately, ROUNDS times:
#  - pgbench, PostgreSQL's own benchmark: its TPC-B-like transaction
#    (three updates, one select, one insert, each transaction committed to
#    disk) from CLIENTS clients for DUR seconds;
#  - podium: TOTAL results posted one by one through one 'podium serve'
#    node on the same cluster from CLIENTS clients (writers.c), each its
#    own audited change, acknowledged after its commit.
# Reports both rates and their ratio (the figures docs/SCALE.md plans on).
. "$(dirname "$0")/lib.sh"
. "$BENCH_DIR/fixture.sh"

need_deb curl postgresql
CLIENTS=${CLIENTS:-8}
DUR=${DUR:-10}
TOTAL=${TOTAL:-4000}
[ "$SMOKE" = 1 ] && { DUR=1; TOTAL=200; ROUNDS=1; }
PORT=18092
chmod 755 "$WORK"
pgb=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/pgbench" ] && pgb=$d/pgbench; done
[ -n "$pgb" ] || { say "bench pgbench: pgbench is not installed (it comes with postgresql)"; exit 1; }
cc -O2 -pthread -D_GNU_SOURCE -o "$WORK/writers" "$BENCH_DIR/writers.c" || exit 1

pg=$WORK/pg
uri=$(sh "$TOP/scripts/pg-cluster.sh" start "$pg") || exit 1
AT_EXIT='sh "$TOP/scripts/pg-cluster.sh" stop "$pg" >/dev/null 2>&1'
sock="-h $pg -p 5432 -U podium"
psql "postgresql:///postgres?host=$pg&port=5432&user=podium" -qAt \
	-c "CREATE DATABASE pgbench" >/dev/null || exit 1
# scale = clients, so the clients do not all queue on one branch row
$pgb $sock -i -q -s "$CLIENTS" pgbench >"$WORK/init.log" 2>&1 ||
	{ say "bench pgbench: pgbench -i failed:"; cat "$WORK/init.log" >&2; exit 1; }

PODIUM_DB=$uri "$PODIUM" init >/dev/null 2>&1 || { say "bench pgbench: podium init failed"; exit 1; }
token=$(PODIUM_DB=$uri "$PODIUM" token add --role operator --name bench 2>/dev/null |
	grep -o 'pdt_[A-Za-z0-9_-]*' | head -n 1)
start_podium "$uri" $PORT || exit 1

: >"$WORK/p"
: >"$WORK/w"
i=0
while [ "$i" -lt "$ROUNDS" ]; do
	i=$((i + 1))
	say "bench pgbench: round $i of $ROUNDS: pgbench -c $CLIENTS -T $DUR, then $TOTAL podium writes"
	$pgb $sock -n -c "$CLIENTS" -j 2 -T "$DUR" -M prepared pgbench \
		>"$WORK/run.log" 2>&1 || { say "bench pgbench: pgbench failed:"; cat "$WORK/run.log" >&2; exit 1; }
	sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$WORK/run.log" | head -n 1 >>"$WORK/p"
	sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' "$WORK/run.log" | head -n 1 >>"$WORK/pl"
	# an event of its own each round, as a Games' writes go to events of
	# tens of rows, not one of thousands (a result's write reads its event)
	event=$(PODIUM_DB=$uri "$PODIUM" event add --games PG2004 --sport Bench \
		--name "Heats $i" --status official 2>/dev/null)
	"$WORK/writers" $PORT "/api/games/PG2004/events/$event/results" \
		"$token" "$TOTAL" "$CLIENTS" >>"$WORK/w" || say "bench pgbench: podium writes had errors"
done
med() { sort -n | awk '{ v[NR] = $1 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'; }
field() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' "$WORK/w" | med; }
tps=$(med <"$WORK/p")
lat=$(med <"$WORK/pl")
rate=$(field per_s)
p99=$(field p99_ms)
errs=$(field errors)
ratio=$(awk -v a="$rate" -v b="$tps" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
# each round writes to its own event: every write is one new row and
# one audited change, so the audit log counts them all
stored=$(psql "$uri" -qAt -c "SELECT count(*) FROM audit WHERE command LIKE 'POST %/results'")
printf '\npgbench: %s clients, %s rounds, medians\n' "$CLIENTS" "$ROUNDS"
printf '| | per s | latency |\n|---|---|---|\n'
printf '| pgbench TPC-B-like (durable) | %s tps | avg %s ms |\n' "$tps" "$lat"
printf '| podium result writes on it | %s writes/s | p99 %s ms |\n' "$rate" "$p99"
printf 'podium / pgbench: %s; errors %s; writes in the audit log %s of %s\n' "$ratio" "$errs" "$stored" $((TOTAL * ROUNDS))
mkdir -p "$RESULTS"
printf '{"bench": "pgbench", "date": "%s", "machine": "%s", "clients": %s, "rounds": %s, "pgbench_tps": %s, "pgbench_latency_ms": %s, "podium_per_s": %s, "podium_p99_ms": %s, "ratio": %s, "errors": %s, "stored": %s}\n' \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(machine)" "$CLIENTS" "$ROUNDS" "$tps" "$lat" \
	"$rate" "$p99" "$ratio" "$errs" "$stored" >"$RESULTS/pgbench-latest.json"
printf 'pgbench summary: pgbench %s tps, podium %s writes/s on PostgreSQL (ratio %s), p99 %s ms, %s clients\n' \
	"$tps" "$rate" "$ratio" "$p99" "$CLIENTS"
