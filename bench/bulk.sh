#!/bin/sh
# bulk.sh -- a century of results to every Games' medal table.
#
# athlete_events.csv (271,116 rows, 51 Games) to the per-Games medal
# tables, team medals once, by:
#   podium-file    podium table --from FILE --all-games --format csv
#   podium-store   podium import athlete-events FILE, then
#                  podium table --all-games --format csv
#   duckdb-mem     DuckDB (npm @duckdb/node-api), in memory
#   duckdb-file    DuckDB with a database file: load, then query
#   sqlite3        sqlite3 .import, then SQL
#   pandas         Debian's python3-pandas
# All must give the same rows.  Bars: podium-file <= 1/10 of duckdb-mem;
# podium-store no slower than duckdb-file; peak memory < 2x the CSV.
. "$(dirname "$0")/lib.sh"

[ -n "$SHARED" ] || { say "bench bulk: skipped: ../shared/data is not here"; exit 0; }
need_deb sqlite3 python3-pandas time
need_npm
csv=$WORK/athlete_events.csv
gzip -dc "$SHARED/external/olympics-120-years-athlete-events/athlete_events.csv.gz" >"$csv"
size_kb=$(( $(stat -c %s "$csv") / 1024 ))
[ "$SMOKE" = 1 ] && ROUNDS=1

run_round() {
	timed podium-file "$PODIUM" table --from "$csv" --all-games --format csv
	rm -f "$WORK/p.db"*
	timed podium-store sh -c "PODIUM_DB='$WORK/p.db' '$PODIUM' import \
		athlete-events '$csv' 2>/dev/null && PODIUM_DB='$WORK/p.db' \
		'$PODIUM' table --all-games --format csv"
	timed duckdb-mem node "$BENCH_DIR/duckdb-tables.mjs" "$csv"
	rm -f "$WORK/d.duckdb"*
	timed duckdb-file node "$BENCH_DIR/duckdb-tables.mjs" "$csv" \
		"$WORK/d.duckdb"
	rm -f "$WORK/s.db"
	timed sqlite3 sh -c "sqlite3 '$WORK/s.db' -cmd '.mode csv' \
		'.import $csv ae' && sqlite3 '$WORK/s.db' \
		<'$BENCH_DIR/sqlite-tables.sql'"
	timed pandas /usr/bin/python3 "$BENCH_DIR/pandas-tables.py" "$csv"
}

i=0
while [ "$i" -lt "$ROUNDS" ]; do
	i=$((i + 1))
	say "bench bulk: round $i of $ROUNDS"
	run_round || exit 1
done

# the same rows from everyone
python3 "$BENCH_DIR/normalize.py" podium "$WORK/out.podium-file" >"$WORK/n.ref"
for t in podium-store duckdb-mem duckdb-file sqlite3 pandas; do
	kind=peer
	case $t in podium-*) kind=podium ;; esac
	python3 "$BENCH_DIR/normalize.py" $kind "$WORK/out.$t" >"$WORK/n.$t"
	if ! cmp -s "$WORK/n.ref" "$WORK/n.$t"; then
		say "bench bulk: $t gives other rows than podium-file:"
		diff "$WORK/n.ref" "$WORK/n.$t" | head -5 >&2
		exit 1
	fi
done
rows=$(wc -l <"$WORK/n.ref")

printf '\nbulk: athlete_events.csv (%s KB) -> %s Games x NPC rows, %s rounds\n' \
	"$size_kb" "$rows" "$ROUNDS"
printf '%-13s %9s %9s %9s %11s\n' tool median_s min_s max_s peak_rss_KB
for t in podium-file podium-store duckdb-mem duckdb-file sqlite3 pandas; do
	set -- $(stats $t)
	printf '%-13s %9s %9s %9s %11s\n' "$t" "$1" "$2" "$3" "$(peak $t)"
done
med() { stats "$1" | cut -d' ' -f1; }
ratio() { awk -v a="$(med "$1")" -v b="$(med "$2")" 'BEGIN { printf "%.3f", a / b }'; }
r_file=$(ratio podium-file duckdb-mem)
r_store=$(ratio podium-store duckdb-file)
r_sqlite=$(ratio podium-store sqlite3)
r_pandas=$(ratio podium-file pandas)
mem_ratio=$(awk -v a="$(peak podium-store)" -v b="$(peak podium-file)" \
	-v c="$size_kb" 'BEGIN { m = a > b ? a : b; printf "%.2f", m / c }')
printf 'podium-file/duckdb-mem %s (bar <= 0.100)  podium-store/duckdb-file %s (bar <= 1.000)\n' "$r_file" "$r_store"
printf 'podium-store/sqlite3 %s  podium-file/pandas %s  podium peak RSS / CSV size %s (bar < 2.00)\n' "$r_sqlite" "$r_pandas" "$mem_ratio"

mkdir -p "$RESULTS"
{
	printf '{"bench": "bulk", "date": "%s", "machine": "%s", "rounds": %s, "csv_kb": %s, "rows": %s, "tools": {' \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(machine)" "$ROUNDS" "$size_kb" "$rows"
	sep=""
	for t in podium-file podium-store duckdb-mem duckdb-file sqlite3 pandas; do
		set -- $(stats $t)
		printf '%s"%s": {"median_s": %s, "min_s": %s, "max_s": %s, "peak_rss_kb": %s}' \
			"$sep" "$t" "$1" "$2" "$3" "$(peak $t)"
		sep=", "
	done
	printf '}, "ratios": {"podium_file_over_duckdb_mem": %s, "podium_store_over_duckdb_file": %s, "podium_store_over_sqlite3": %s, "podium_file_over_pandas": %s, "peak_rss_over_csv": %s}}\n' \
		"$r_file" "$r_store" "$r_sqlite" "$r_pandas" "$mem_ratio"
} >"$RESULTS/bulk-latest.json"
[ "$SMOKE" = 1 ] || cp "$RESULTS/bulk-latest.json" "$RESULTS/bulk-$(date -u +%Y%m%dT%H%M%SZ).json"
met=$(awk -v a="$r_file" -v b="$r_store" -v m="$mem_ratio" \
	'BEGIN { print (a <= 0.1 && b <= 1 && m < 2) ? "met" : "NOT met" }')
printf 'bulk summary: podium/duckdb %s from the file, %s through the store; bars %s\n' \
	"$r_file" "$r_store" "$met"
