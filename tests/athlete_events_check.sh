#!/bin/sh
# athlete_events_check.sh -- cross-check podium's Olympic medal tables from
# Kaggle's athlete_events.csv against the usual SQL dedupe of that file.
#
# Loads the CSV into sqlite3, counts per Games x NOC the distinct
# (Games, Event, NOC, Medal), imports the same file with
# 'podium import athlete-events', and compares podium's table of every
# Games in the file with the SQL, row for row.  Prints one line per
# difference and exits 1 on any; 0 when they agree; skips (exit 0, saying
# so) when ../shared is absent, as in a user's clone.
#
# usage: tests/athlete_events_check.sh [PODIUM [athlete_events.csv[.gz]]]
set -u
here=$(cd -P "$(dirname "$0")" && pwd)
top=$(cd -P "$here/.." && pwd)
podium=${1:-$top/podium}
src=${2:-$top/../shared/data/external/olympics-120-years-athlete-events/athlete_events.csv.gz}

if [ ! -f "$src" ]; then
	echo "skip: $src is not here (../shared is absent)"
	exit 0
fi
if ! command -v sqlite3 >/dev/null 2>&1; then
	echo "skip: sqlite3 is not installed"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gzip -dcf "$src" >"$tmp/ae.csv" || exit 2
sqlite3 "$tmp/check.db" ".import --csv $tmp/ae.csv ae" || exit 2

# The SQL side: a team's medal once per NOC, as the common dedupe has it,
# with the registry's spellings of one code as that code (data/npcs.tsv:
# Kaggle's LIB is Lebanon, LBN).
sqlite3 -csv "$tmp/check.db" "
CREATE TABLE variant (code TEXT PRIMARY KEY, canon TEXT);
INSERT INTO variant VALUES ('FAR', 'FRO'), ('LIB', 'LBN'), ('MGO', 'MNE'),
  ('MSH', 'MHL'), ('RAU', 'UAR'), ('SIN', 'SGP'), ('TRI', 'TTO'),
  ('UPV', 'VOL'), ('XXB', 'ZZX');
CREATE TABLE sql_medals AS
  SELECT (CASE Season WHEN 'Winter' THEN 'OW' ELSE 'OG' END) || Year
           AS games,
         coalesce((SELECT canon FROM variant WHERE code = NOC), NOC) AS npc,
         sum(CASE Medal WHEN 'Gold' THEN n ELSE 0 END) AS gold,
         sum(CASE Medal WHEN 'Silver' THEN n ELSE 0 END) AS silver,
         sum(CASE Medal WHEN 'Bronze' THEN n ELSE 0 END) AS bronze
  FROM (SELECT Games, Season, Year, NOC, Medal, count(*) AS n
        FROM (SELECT DISTINCT Games, Season, Year, Event, NOC, Medal
              FROM ae WHERE Medal <> 'NA')
        GROUP BY Games, NOC, Medal)
  GROUP BY games, npc;
SELECT DISTINCT games FROM sql_medals ORDER BY games;" >"$tmp/games" ||
	exit 2

PODIUM_DB=$tmp/podium.db "$podium" import athlete-events "$src" \
	2>"$tmp/import.err" || { cat "$tmp/import.err"; exit 2; }

# podium's side: every Games' table as CSV, one file with a games column.
echo "games,rank,npc,name,gold,silver,bronze,total" >"$tmp/podium.csv"
while read -r g; do
	PODIUM_DB=$tmp/podium.db "$podium" table --games "$g" --format csv \
		>"$tmp/one.csv" || { echo "$g: podium table failed"; exit 2; }
	tail -n +2 "$tmp/one.csv" | sed "s/^/$g,/" >>"$tmp/podium.csv"
done <"$tmp/games"
sqlite3 "$tmp/check.db" ".import --csv $tmp/podium.csv podium_rows" ||
	exit 2

sqlite3 -separator ' ' "$tmp/check.db" "
CREATE TABLE podium_medals AS
  SELECT games, npc, CAST(gold AS INTEGER) AS gold,
         CAST(silver AS INTEGER) AS silver, CAST(bronze AS INTEGER) AS bronze
  FROM podium_rows WHERE gold + silver + bronze > 0;
SELECT s.games, s.npc || ':', 'sql', s.gold || '/' || s.silver || '/' ||
       s.bronze, 'podium', coalesce(p.gold || '/' || p.silver || '/' ||
       p.bronze, 'none')
  FROM sql_medals s LEFT JOIN podium_medals p USING (games, npc)
  WHERE p.npc IS NULL OR (s.gold, s.silver, s.bronze) IS NOT
        (p.gold, p.silver, p.bronze)
UNION ALL
SELECT p.games, p.npc || ':', 'sql', 'none', 'podium', p.gold || '/' ||
       p.silver || '/' || p.bronze
  FROM podium_medals p LEFT JOIN sql_medals s USING (games, npc)
  WHERE s.npc IS NULL
ORDER BY 1, 2;" >"$tmp/diff" || exit 2

cat "$tmp/diff"
set -- $(sqlite3 "$tmp/check.db" "SELECT count(DISTINCT games), count(*),
	sum(gold), sum(silver), sum(bronze) FROM sql_medals" | tr '|' ' ')
ndiff=$(wc -l <"$tmp/diff")
echo "athlete_events: $1 Games, $2 Games x NOC rows, medals $3/$4/$5;" \
	"$ndiff difference(s) between podium and SQL"
[ "$ndiff" -eq 0 ]
