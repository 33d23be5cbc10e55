/* sql.c -- the SQL text both store backends send, written once.
 *
 * In PostgreSQL's form: parameters are $1, $2 ..., and the portable
 * spellings where the two differ (CAST(x AS int), not x::int; subqueries
 * named; ON CONFLICT ... EXCLUDED).  The SQLite backend turns $N into ?N
 * as it prepares a statement (pd_sqlite_prepare), so one text means the
 * same to both, and a statement changed here changes in both at once.
 * What only one backend says (its schema, its locks, its upserts of a
 * kind the other lacks) stays in its own folder. */
#include "podium/buf.h"
#include "backend.h"
#include "sql.h"

/* Rows valid at $2 (a version): written at or before it, not yet closed
 * by it. */
#define VALID_AT(t) "(" t ".since <= $2 AND (" t ".until IS NULL OR " \
		    t ".until > $2))"

/* Only results that can matter to the medals: those with an IRM (which
 * may cost a medal under the capped policy, and move the others up), and
 * the ranked ones no further down than 4 places (two bronzes) past the
 * number of results that can be taken out ahead of them -- its IRMs, and
 * where there are sanctions, every sanction naming the event.  Nothing
 * below that can reach the podium, whatever the rules do (each removed
 * result moves a result up one place at most, pd_event_medals), and what
 * is above is read whole, so the medals are those of all the results.
 * The unranked ones of events decided by starters are counted apart
 * (pd_sql_derive_starters).  In athlete_events.csv that leaves under
 * 40,000 of 271,116 rows; in a heat of 10,000 ranked results (the write
 * benchmark's), its first few instead of all 10,000 each rebuild.  Read
 * through the partial indexes results_removed and results_medal_zone. */
#define RESULTS_FROM(first) \
	" FROM results r JOIN events e ON e.id = r.event_id JOIN sports sp " \
	"ON sp.id = e.sport_id WHERE " first "e.games = $1 AND (CAST($3 AS " \
	"text) IS NULL OR sp.name = $3) AND " VALID_AT("r")
#define RESULTS_FROM_WHERE RESULTS_FROM("")
#define REMOVED_AHEAD_OF(ev) "4 + (SELECT count(*) FROM results x " \
	"WHERE x.event_id = " ev " AND x.irm <> '' AND " VALID_AT("x") ")"
#define SANCTIONS_AHEAD_OF(ev) " + (SELECT count(*) FROM sanction_events " \
	"sx WHERE sx.event_id = " ev ")"
#define REMOVED_AHEAD REMOVED_AHEAD_OF("e.id")
#define SANCTIONS_AHEAD SANCTIONS_AHEAD_OF("e.id")
/* Of event $4 alone, the counts name $4, not the row's event: a count
 * that names the row is counted again for every row (PostgreSQL runs a
 * correlated subquery per row), and in an event of 2,000 results that
 * was 5.8 ms a read, 2,556 of the 3,830 ms PostgreSQL spent on 4,000
 * writes of bench/pgbench.sh; of $4, it is counted once and bounds the
 * index scan of results_medal_zone. */
#define REMOVED_AHEAD_ONE REMOVED_AHEAD_OF("$4")
#define SANCTIONS_AHEAD_ONE SANCTIONS_AHEAD_OF("$4")
#define MEDAL_ZONE_OF(first, cols, ahead) \
	cols RESULTS_FROM(first) " AND r.irm <> '' UNION ALL " cols \
	RESULTS_FROM(first) " AND r.irm = '' AND r.rank > 0 AND r.rank <= " \
	ahead " ORDER BY 1, 9"
#define MEDAL_ZONE(cols, ahead) MEDAL_ZONE_OF("", cols, ahead)
/* the same, of event $4 alone (read by its key, not the Games') */
#define ONE_EVENT "r.event_id = $4 AND e.id = $4 AND "

/* The results of $1 valid now, and the athletes behind them (alone or as
 * team members): the base of every participation figure. */
#define LIVE_RESULTS "SELECT r.* FROM results r JOIN events e ON e.id = " \
	"r.event_id WHERE e.games = $1 AND r.until IS NULL"
/* the entries of $1's start lists */
#define GAMES_ENTRIES "SELECT en.* FROM entries en JOIN events ee ON ee.id " \
	"= en.event_id WHERE ee.games = $1"
#define GAMES_ATHLETES "SELECT athlete_id AS id FROM (" LIVE_RESULTS ") l0 " \
	"WHERE athlete_id IS NOT NULL UNION SELECT tm.athlete_id FROM (" \
	LIVE_RESULTS ") lr JOIN team_members tm ON tm.team_id = lr.team_id " \
	"UNION SELECT athlete_id FROM (" GAMES_ENTRIES ") le"
/* each athlete of $1, an event they took part in and the NPC they took
 * part for: the result's (an athlete's own NPC is the one they first
 * came with), else the athlete's */
#define GAMES_PARTS "SELECT l0.athlete_id AS id, l0.event_id, l0.npc FROM " \
	"(" LIVE_RESULTS ") l0 WHERE l0.athlete_id IS NOT NULL UNION SELECT " \
	"tm.athlete_id, lr.event_id, lr.npc FROM (" LIVE_RESULTS ") lr JOIN " \
	"team_members tm ON tm.team_id = lr.team_id UNION SELECT " \
	"le.athlete_id, le.event_id, la.npc FROM (" GAMES_ENTRIES ") le " \
	"JOIN athletes la ON la.id = le.athlete_id"

/* the rows the medals are derived from (sqlite_derive.c, pg_derive.c) */
#define DERIVE_EVENTS(first) \
	"SELECT e.id, sp.name, e.name, e.gender, e.date, " \
	"coalesce(e.policy, sp.policy), (SELECT es.status FROM event_status " \
	"es WHERE es.event_id = e.id AND " VALID_AT("es") " ORDER BY es.since " \
	"DESC LIMIT 1) FROM events e JOIN sports sp ON sp.id = e.sport_id " \
	"WHERE " first "e.games = $1 AND (CAST($3 AS text) IS NULL OR " \
	"sp.name = $3) ORDER BY e.id"
const char pd_sql_derive_events[] = DERIVE_EVENTS("");
const char pd_sql_derive_event_one[] = DERIVE_EVENTS("e.id = $4 AND ");
/* A result's sanction: one valid at $2 on its athlete, or on a member of
 * its team, in its event; reallocation wins over vacating. */
#define SANCTIONED_COLS \
	"SELECT r.event_id, r.npc, r.name, coalesce(r.athlete_id, 0), " \
	"coalesce(r.team_id, 0), r.rank, r.irm, (SELECT sa.mode FROM " \
	"sanctions sa JOIN sanction_events se ON se.sanction_id = sa.id " \
	"WHERE se.event_id = r.event_id AND " VALID_AT("sa") " AND " \
	"(sa.athlete_id = r.athlete_id OR sa.athlete_id IN (SELECT " \
	"tm.athlete_id FROM team_members tm WHERE tm.team_id = r.team_id)) " \
	"ORDER BY sa.mode = 'reallocate' DESC LIMIT 1), r.id"
const char pd_sql_derive_results[] =
	MEDAL_ZONE(SANCTIONED_COLS, REMOVED_AHEAD SANCTIONS_AHEAD);
/* The same for a Games without a sanction: no subquery per row. */
#define PLAIN_COLS "SELECT r.event_id, r.npc, r.name, coalesce(r.athlete_id, " \
	"0), coalesce(r.team_id, 0), r.rank, r.irm, NULL, r.id"
const char pd_sql_derive_results_plain[] =
	MEDAL_ZONE(PLAIN_COLS, REMOVED_AHEAD);
/* the two of event $4 alone (pd_query.events) */
const char pd_sql_derive_results_one[] =
	MEDAL_ZONE_OF(ONE_EVENT, SANCTIONED_COLS,
		      REMOVED_AHEAD_ONE SANCTIONS_AHEAD_ONE);
const char pd_sql_derive_results_plain_one[] =
	MEDAL_ZONE_OF(ONE_EVENT, PLAIN_COLS, REMOVED_AHEAD_ONE);
const char pd_sql_derive_any_sanction[] =
	"SELECT CAST(EXISTS (SELECT 1 FROM sanctions WHERE games = $1) AS "
	"int)";
/* The events each change touched (audit_events, written by store.c as
 * the change writes): those of $1's changes after version $2, 0 for a
 * change too wide to name its events. */
const char pd_sql_derive_touch[] =
	"INSERT INTO audit_events (games, version, event_id) VALUES ($1, $2, "
	"$3) ON CONFLICT DO NOTHING";
const char pd_sql_derive_touched[] =
	"SELECT DISTINCT event_id FROM audit_events WHERE games = $1 AND "
	"version > $2 ORDER BY 1";
/* how many times a Games of code $1 was removed: a Games made again
 * starts its versions (and its touched events) afresh */
const char pd_sql_derive_removed[] =
	"SELECT count(*) FROM games_removed WHERE code = $1";
const char pd_sql_derive_starters[] =
	"SELECT count(*) FROM results r WHERE r.event_id = $1 AND r.irm <> "
	"'DNS' AND " VALID_AT("r");

/* medals as results (ops_results.c) */
const char pd_sql_results_add_medal[] =
	"INSERT INTO results (event_id, npc, "
	"name, rank, date, source, since) VALUES ($1, $2, $3, $4, $5, $6, $7)";

/* the figures behind stats.h (ops_stats.c) */
/* A result beyond a medal placing -- a rank past 3, no rank, an IRM --
 * means the store holds who took part, not only who won.  Linked
 * athletes alone do not: the Paris 2024 importer links every medallist
 * to the athlete registry but brings no other result. */
const char pd_sql_stats_results[] =
	"SELECT count(*), coalesce(sum(CAST((rank NOT BETWEEN 1 AND 3 OR irm "
	"<> '') AS int)), 0), (SELECT count(*) FROM (" GAMES_ENTRIES ") e1), "
	"(SELECT count(DISTINCT event_id) FROM (" GAMES_ENTRIES ") e2) FROM "
	"(" LIVE_RESULTS ") l";
/* the NPCs taking part: each result's, and an entry's athlete's (an
 * entry names no NPC of its own); never an athlete's first NPC when a
 * result says which they came for */
const char pd_sql_stats_athletes[] =
	"WITH ga AS (" GAMES_ATHLETES "), ath AS (SELECT a.* FROM ga JOIN "
	"athletes a ON a.id = ga.id) SELECT (SELECT count(*) FROM ath), "
	"(SELECT count(*) FROM ath WHERE gender IN ('W', 'F')), (SELECT "
	"count(*) FROM ath WHERE gender = 'M'), (SELECT count(*) FROM (SELECT "
	"npc FROM (" LIVE_RESULTS ") l1 UNION SELECT a1.npc FROM (" GAMES_ENTRIES
	") e1 JOIN athletes a1 ON a1.id = e1.athlete_id) u)";
const char pd_sql_stats_sports[] =
	"SELECT sp.name, count(*) FROM events e JOIN sports sp ON sp.id = "
	"e.sport_id WHERE e.games = $1 GROUP BY sp.name ORDER BY sp.name";
const char pd_sql_stats_records[] =
	"SELECT records FROM (" LIVE_RESULTS ") l WHERE records <> ''";
const char pd_sql_stats_sanctions[] =
	"SELECT mode, count(*) FROM sanctions WHERE games = $1 AND until IS "
	"NULL GROUP BY mode ORDER BY mode";
const char pd_sql_stats_members[] =
	"SELECT tm.team_id, a.id, a.name, a.npc FROM team_members tm JOIN "
	"teams t ON t.id = tm.team_id JOIN events e ON e.id = t.event_id "
	"JOIN athletes a ON a.id = tm.athlete_id WHERE e.games = $1 "
	"ORDER BY tm.team_id, a.name, a.id";
const char pd_sql_stats_athletes_all[] =
	"SELECT id, ext, name, gender, npc, sport_class, guide FROM athletes "
	"WHERE CAST($1 AS text) IS NULL OR id IN (" GAMES_ATHLETES ") "
	"ORDER BY name, "
	"id";
/* the start lists (pd_store_entries) */
const char pd_sql_stats_entries[] =
	"SELECT en.event_id, sp.name, e.name, e.gender, a.id, a.name, a.npc, "
	"coalesce(a.gender, ''), CAST(EXISTS (SELECT 1 FROM results r WHERE "
	"r.event_id = en.event_id AND r.until IS NULL AND (r.athlete_id = "
	"a.id OR r.team_id IN (SELECT tm.team_id FROM team_members tm WHERE "
	"tm.athlete_id = a.id))) AS int) FROM (" GAMES_ENTRIES ") en JOIN "
	"events e ON e.id = en.event_id JOIN sports sp ON sp.id = e.sport_id "
	"JOIN athletes a ON a.id = en.athlete_id ORDER BY en.event_id, "
	"a.npc, a.name, a.id";
/* who took part, by NPC and by sport (pd_store_participation) */
const char pd_sql_stats_participants[] =
	"WITH p AS (SELECT DISTINCT pp.id, pp.npc, sp.name AS sport FROM ("
	GAMES_PARTS ") pp JOIN events e ON e.id = pp.event_id JOIN sports sp "
	"ON sp.id = e.sport_id), pa AS (SELECT p.id, p.sport, p.npc, "
	"coalesce(a.gender, '') AS gender FROM p JOIN athletes a ON a.id = "
	"p.id) SELECT 'npc' AS "
	"k, npc AS key, count(DISTINCT id), count(DISTINCT CASE WHEN gender "
	"IN ('W', 'F') THEN id END), count(DISTINCT CASE WHEN gender = 'M' "
	"THEN id END) FROM pa GROUP BY npc UNION ALL SELECT 'sport', sport, "
	"count(DISTINCT id), count(DISTINCT CASE WHEN gender IN ('W', 'F') "
	"THEN id END), count(DISTINCT CASE WHEN gender = 'M' THEN id END) "
	"FROM pa GROUP BY sport ORDER BY 1, 2";
/* The NPCs of $1 and whether an earlier Games of its kind and season
 * holds a result of theirs: the first-time NPCs are the others. */
const char pd_sql_stats_first_games[] =
	"WITH g AS (SELECT year, season, kind FROM games WHERE code = $1), "
	"prior AS (SELECT o.code FROM games o JOIN g ON o.year < g.year AND "
	"o.season = g.season AND o.kind = g.kind WHERE EXISTS (SELECT 1 FROM "
	"events pe JOIN results pr ON pr.event_id = pe.id WHERE pe.games = "
	"o.code AND pr.until IS NULL)), seen AS (SELECT DISTINCT pr.npc FROM "
	"results pr JOIN events pe ON pe.id = pr.event_id WHERE pe.games IN "
	"(SELECT code FROM prior) AND pr.until IS NULL), here AS (SELECT npc "
	"FROM (" LIVE_RESULTS ") l UNION SELECT a.npc FROM (" GAMES_ENTRIES
	") le JOIN athletes a ON a.id = le.athlete_id) SELECT h.npc, "
	"CAST(h.npc IN (SELECT npc FROM seen) AS int), (SELECT count(*) FROM "
	"prior) FROM here h ORDER BY h.npc";

/* Each figure of pd_store_figures, by its number (stats.h). */
const char *const pd_sql_figures[PD_FIGURES] = {
	[PD_FIGURE_RESULTS] = pd_sql_stats_results,
	[PD_FIGURE_ATHLETES] = pd_sql_stats_athletes,
	[PD_FIGURE_SPORTS] = pd_sql_stats_sports,
	[PD_FIGURE_RECORDS] = pd_sql_stats_records,
	[PD_FIGURE_SANCTIONS] = pd_sql_stats_sanctions,
	[PD_FIGURE_MEMBERS] = pd_sql_stats_members,
	[PD_FIGURE_ENTRIES] = pd_sql_stats_entries,
	[PD_FIGURE_PARTICIPANTS] = pd_sql_stats_participants,
	[PD_FIGURE_FIRST_GAMES] = pd_sql_stats_first_games,
};

int pd_sql_table_rows(struct pd_buf *sql, const char *select,
		      const char *table, int n)
{
	int i, ret;

	ret = pd_buf_addf(sql, "SELECT %s FROM %s ORDER BY ", select, table);
	for (i = 0; i < n && ret == 0; i++)
		ret = pd_buf_addf(sql, "%s%d", i ? ", " : "", i + 1);
	return ret;
}
/* a group's write (store.c), by PD_SAVEPOINT_*: the same words in both */
const char *const pd_sql_savepoint[] = {
	"SAVEPOINT pd_write",
	"RELEASE SAVEPOINT pd_write",
	"ROLLBACK TO SAVEPOINT pd_write; RELEASE SAVEPOINT pd_write",
};
