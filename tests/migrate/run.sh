#!/bin/sh
# run.sh -- podium migrate, both ways: a SQLite store holding every kind
# of row (Games, NPCs, a published table, medals, events with results and
# their history, a team, a sanction lifted and one in force, tokens, the
# audit log) goes to PostgreSQL and back to a new SQLite file, and every
# table, the log and past tables come back byte for byte; a target that
# holds data, and a source that is not there, are refused with nothing
# written.  Needs the cluster tests/run.sh starts (PODIUM_TEST_PG).
# usage: tests/migrate/run.sh PODIUM_BINARY   (KEEP=1 keeps its folder)
# Prints 'ok'/'FAIL' lines, then 'migrate: PASSED FAILED SKIPPED'.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/../.." && pwd)
p=0 f=0
ok() { echo "ok   migrate $1"; p=$((p + 1)); }
fail() { echo "FAIL migrate $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2"; f=$((f + 1)); }

if [ -z "${PODIUM_TEST_PG:-}" ]; then
	fail "PODIUM_TEST_PG is not set: no PostgreSQL cluster (run through tests/run.sh)"
	echo "migrate: $p $f 0"
	exit 1
fi
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work" || exit 1
admin="postgresql:///postgres?host=$PODIUM_TEST_PG&user=podium"
db=migrate_$$
psql "$admin" -qAt -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" \
	>/dev/null 2>&1
uri="postgresql:///$db?host=$PODIUM_TEST_PG&user=podium"
fx=$top/tests/fixtures

# a SQLite store with every kind of row
export PODIUM_DB=$work/a.db
{
	"$bin" init
	"$bin" import medals "$fx/medals.csv" --games PG2004 --source csv
	"$bin" import athlete-events "$fx/athlete_events_small.csv"
	E=$("$bin" event add --games PG2004 --sport "Para Athletics" \
		--name "Men's 100m T54" --gender M --class T54 --status live)
	"$bin" result set "$E" --file "$fx/ranking-100m.csv"
	"$bin" result set "$E" --athlete 1 --rank 2 --mark 13.80 --value 13.8 \
		--reason "photo finish"
	"$bin" event status "$E" official
	T=$("$bin" event add --games PG2004 --sport Athletics --name "4x100 m" \
		--gender W --team --status official)
	"$bin" result set "$T" --npc CHN --team China --rank 1
	"$bin" entry add "$E" --athlete 1
	"$bin" entry add "$E" --npc GBR --name "Ann Smith" --gender W
	"$bin" sanction add --athlete 1 --events "$E" --mode reallocate \
		--reason "a test sanction"
	"$bin" sanction add --athlete 2 --events "$E" --mode vacate \
		--reason "another"
	"$bin" sanction lift 2 --reason "lifted on appeal"
	"$bin" token add --role admin --name desk
	"$bin" token add --role operator --name venue-1
	"$bin" token revoke venue-1
} >"$work/setup.log" 2>&1 || { fail "setting up the source store" "$work/setup.log"; }

# every table, row for row, in the order of all its columns
tables="meta games npcs sports events event_status athletes teams
team_members results sanctions sanction_events audit published
published_rows tokens entries"
dump() {
	for t in $tables; do
		n=$(sqlite3 "$1" "SELECT count(*) FROM pragma_table_info('$t')")
		order=$(seq -s, 1 "$n")
		echo "== $t"
		# a REAL with 17 significant digits (quote() shows 15, which
		# would hide a double that came back rounded), the rest quoted
		# (a BLOB as X'..', NULL apart from '')
		cols=$(sqlite3 "$1" "SELECT group_concat('CASE typeof(' || \
			name || ') WHEN ''real'' THEN printf(''%!.17g'', ' || \
			name || ') ELSE quote(' || name || ') END', \
			' || ''|'' || ') FROM pragma_table_info('$t')")
		sqlite3 -bail "$1" "SELECT $cols FROM (SELECT * FROM $t \
			ORDER BY $order)" || echo "dump error in $t" >&2
	done
}
views() {
	"$bin" --db "$1" log
	"$bin" --db "$1" table --games PG2004 --format csv
	"$bin" --db "$1" table --games PG2004 --as-of 3 --format csv
	"$bin" --db "$1" table --games PG2004@seed --format plain --lang zh
	"$bin" --db "$1" table --all-games --format csv
	"$bin" --db "$1" event show 1
	"$bin" --db "$1" sanction list --games PG2004
	"$bin" --db "$1" token list --all
	"$bin" --db "$1" stats --games PG2004 --format json
}

if "$bin" migrate --from "$work/a.db" --to "$uri" >"$work/m1.log" 2>&1; then
	ok "SQLite to PostgreSQL"
else
	fail "SQLite to PostgreSQL" "$work/m1.log"
fi
if "$bin" migrate --from "$uri" --to "$work/c.db" >"$work/m2.log" 2>&1; then
	ok "PostgreSQL back to a new SQLite file"
else
	fail "PostgreSQL back to a new SQLite file" "$work/m2.log"
fi
dump "$work/a.db" >"$work/a.dump" 2>"$work/a.err"
dump "$work/c.db" >"$work/c.dump" 2>>"$work/a.err"
rows=$(grep -vc '^== ' "$work/a.dump")
if [ -s "$work/a.err" ]; then
	fail "the tables could not be read back" "$work/a.err"
elif [ "$rows" -gt 500 ] && cmp -s "$work/a.dump" "$work/c.dump"; then
	ok "every table comes back byte for byte ($rows rows)"
else
	diff "$work/a.dump" "$work/c.dump" >"$work/d" 2>&1
	fail "a table differs after the round trip" "$work/d"
fi
views "$work/a.db" >"$work/a.views" 2>&1
views "$uri" >"$work/b.views" 2>&1
views "$work/c.db" >"$work/c.views" 2>&1
if cmp -s "$work/a.views" "$work/b.views" && cmp -s "$work/a.views" "$work/c.views"; then
	ok "log, tables, --as-of, events, sanctions, tokens and stats alike on all three"
else
	{ diff "$work/a.views" "$work/b.views"; diff "$work/a.views" "$work/c.views"; } >"$work/d" 2>&1
	fail "a view differs between the three stores" "$work/d"
fi

# the copy goes on living: a new row gets a new id on PostgreSQL
next=$(sqlite3 "$work/a.db" "SELECT max(id) + 1 FROM events")
if "$bin" --db "$uri" event add --games PG2004 --sport Judo --name "-60 kg" \
	--gender M >"$work/id" 2>"$work/e" && [ "$(cat "$work/id")" = "$next" ]
then
	ok "PostgreSQL's ids go on after the copied ones (event $next)"
else
	fail "a new event on the copy got id $(cat "$work/id"), not $next" "$work/e"
fi

# refusals, with nothing written
cp "$work/c.db" "$work/c.before"
"$bin" migrate --from "$work/a.db" --to "$work/c.db" >"$work/r" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "holds data" "$work/r" && cmp -s "$work/c.db" "$work/c.before"; then
	ok "a target that holds data is refused (exit 2), untouched"
else
	fail "a non-empty target was not refused (exit $rc)" "$work/r"
fi
"$bin" migrate --from "$work/nothere.db" --to "$work/n.db" >"$work/r" 2>&1
rc=$?
if [ $rc -eq 2 ] && [ ! -e "$work/nothere.db" ] && [ ! -e "$work/n.db" ]; then
	ok "a source that is not there is refused (exit 2), no file made"
else
	fail "a missing source was not refused (exit $rc)" "$work/r"
fi
psql "$admin" -qAt -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1
echo "migrate: $p $f 0"
[ "$f" -eq 0 ]
