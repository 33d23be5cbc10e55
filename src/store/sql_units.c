/* sql_units.c -- the SQL of a Games' units (store_units.h) both backends
 * send, in PostgreSQL's $N form (sql.h). */
#include "sql.h"

const char pd_sql_units_clear[] =
	"DELETE FROM unit_results WHERE games = $1;\n";
const char pd_sql_units_clear_units[] =
	"DELETE FROM units WHERE games = $1";
const char pd_sql_units_clear_teams[] =
	"DELETE FROM unit_teams WHERE games = $1";

const char pd_sql_units_add[] =
	"INSERT INTO units (games, rsc, kind, discipline, event, event_code, "
	"phase, start_utc, end_utc, day, venue, location, status, medal, "
	"rules) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, "
	"$13, $14, $15)";

const char pd_sql_units_add_result[] =
	"INSERT INTO unit_results (games, rsc, participant, name, team, npc, "
	"rank, result, result_type, irm, diff, wlt, qualification, "
	"start_order, bib) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
	"$11, $12, $13, $14, $15)";

const char pd_sql_units_add_team[] =
	"INSERT INTO unit_teams (games, code, name, npc, discipline, members) "
	"VALUES ($1, $2, $3, $4, $5, $6)";

const char pd_sql_units_read[] =
	"SELECT rsc, kind, discipline, event, event_code, phase, start_utc, "
	"end_utc, day, venue, location, status, medal, rules FROM units WHERE "
	"games = $1 AND ($2 = '' OR rsc = $2) AND ($3 = '' OR day = $3) AND "
	"($4 = '' OR venue = $4) AND ($5 = '' OR discipline = $5) "
	"ORDER BY start_utc, rsc";

const char pd_sql_units_results[] =
	"SELECT rsc, participant, name, team, npc, rank, result, result_type, "
	"irm, diff, wlt, qualification, start_order, bib FROM unit_results "
	"WHERE games = $1 AND substr(rsc, 1, length($2)) = $2 "
	"ORDER BY rsc, id";
