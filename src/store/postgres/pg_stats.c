/* pg_stats.c -- the store half of stats.h in the PostgreSQL store: who
 * took part, the events, records and sanctions of a Games, and who its
 * medals are credited to (the SQLite backend's queries, with the aliases
 * and casts PostgreSQL asks for). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/stats.h"
#include "pg_int.h"

/* The results of $1 valid now, and the athletes behind them (alone or as
 * team members): the base of every participation figure. */
#define LIVE_RESULTS "SELECT r.* FROM results r JOIN events e ON e.id = " \
	"r.event_id WHERE e.games = $1 AND r.until IS NULL"
#define GAMES_ATHLETES "SELECT athlete_id AS id FROM (" LIVE_RESULTS ") l0 " \
	"WHERE athlete_id IS NOT NULL UNION SELECT tm.athlete_id FROM (" \
	LIVE_RESULTS ") lr JOIN team_members tm ON tm.team_id = lr.team_id"

typedef int (*row_fn)(const PGresult *res, int r, void *arg);

/* Run sql with $1 = games (NULL allowed) and call fn on each row. */
static int each_row(struct pd_pg *pg, const char *sql, const char *games,
		    row_fn fn, void *arg, const char *what,
		    struct pd_diag *diag)
{
	struct pd_pg_params p;
	PGresult *res;
	int ret, r;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	if ((ret = pd_pg_query(pg, sql, &p, &res, what, diag)) < 0)
		return ret;
	for (r = 0; r < PQntuples(res) && ret == 0; r++)
		ret = fn(res, r, arg);
	PQclear(res);
	return ret;
}

static int read_results(const PGresult *res, int r, void *arg)
{
	struct pd_games_stats *g = arg;

	g->results = pd_pg_getlong(res, r, 0);
	g->participation_known = pd_pg_getlong(res, r, 1) > 0;
	return 0;
}

static int read_athletes(const PGresult *res, int r, void *arg)
{
	struct pd_games_stats *g = arg;

	g->athletes = pd_pg_getlong(res, r, 0);
	g->women = pd_pg_getlong(res, r, 1);
	g->men = pd_pg_getlong(res, r, 2);
	g->gender_unknown = g->athletes - g->women - g->men;
	g->npcs = pd_pg_getlong(res, r, 3);
	return 0;
}

static int read_sport(const PGresult *res, int r, void *arg)
{
	struct pd_games_stats *g = arg;
	long n = pd_pg_getlong(res, r, 1);

	g->events += n;
	return pd_counts_add(&g->sports, PQgetvalue(res, r, 0), 0, n);
}

static int read_records(const PGresult *res, int r, void *arg)
{
	struct pd_games_stats *g = arg;
	int ret;

	ret = pd_counts_add_records(&g->record_types, PQgetvalue(res, r, 0));
	g->records += ret > 0;
	return ret < 0 ? ret : 0;
}

static int read_sanctions(const PGresult *res, int r, void *arg)
{
	struct pd_games_stats *g = arg;
	long n = pd_pg_getlong(res, r, 1);

	g->sanctions += n;
	if (!strcmp(PQgetvalue(res, r, 0), "vacate"))
		g->sanctions_vacate += n;
	else
		g->sanctions_reallocate += n;
	return 0;
}

/* See the SQLite backend for what each figure means. */
static const char results_sql[] =
	"SELECT count(*), coalesce(sum((rank NOT BETWEEN 1 AND 3 OR irm <> "
	"'')::int), 0) FROM (" LIVE_RESULTS ") l";
static const char athletes_sql[] =
	"WITH ga AS (" GAMES_ATHLETES "), ath AS (SELECT a.* FROM ga JOIN "
	"athletes a ON a.id = ga.id) SELECT (SELECT count(*) FROM ath), "
	"(SELECT count(*) FROM ath WHERE gender IN ('W', 'F')), (SELECT "
	"count(*) FROM ath WHERE gender = 'M'), (SELECT count(*) FROM (SELECT "
	"npc FROM (" LIVE_RESULTS ") l1 UNION SELECT npc FROM ath) u)";
static const char sports_sql[] =
	"SELECT sp.name, count(*) FROM events e JOIN sports sp ON sp.id = "
	"e.sport_id WHERE e.games = $1 GROUP BY sp.name ORDER BY sp.name";
static const char records_sql[] =
	"SELECT records FROM (" LIVE_RESULTS ") l WHERE records <> ''";
static const char sanctions_sql[] =
	"SELECT mode, count(*) FROM sanctions WHERE games = $1 AND until IS "
	"NULL GROUP BY mode ORDER BY mode";

int pg_games_stats(struct pd_store *s, const char *games,
		   struct pd_games_stats *st, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pd_games info;
	struct pd_tally t;
	struct pd_query q = { games, NULL, 0, 0 };
	int ret;

	memset(st, 0, sizeof(*st));
	pd_tally_init(&t);
	if ((ret = pg_games_get(s, games, &info, diag)) < 0)
		return ret;
	pd_games_release(&info);
	if ((ret = each_row(pg, results_sql, games, read_results, st,
			    "count the results", diag)) < 0 ||
	    (ret = each_row(pg, athletes_sql, games, read_athletes, st,
			    "count the athletes", diag)) < 0 ||
	    (ret = each_row(pg, sports_sql, games, read_sport, st,
			    "count the events", diag)) < 0 ||
	    (ret = each_row(pg, records_sql, games, read_records, st,
			    "count the records", diag)) < 0 ||
	    (ret = each_row(pg, sanctions_sql, games, read_sanctions, st,
			    "count the sanctions", diag)) < 0 ||
	    (ret = pd_store_tally_q(s, &q, &t, NULL, diag)) < 0)
		goto cleanup;
	pd_counts_sort(&st->record_types);
	pd_games_stats_tally(st, &t);
cleanup:
	pd_tally_release(&t);
	if (ret < 0)
		pd_games_stats_release(st);
	return ret;
}

struct members {
	struct pd_member *v;
	size_t n, alloc;
};

static void members_free(struct members *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->v[i].name);
	free(m->v);
}

static int read_member(const PGresult *res, int r, void *arg)
{
	struct members *m = arg;
	struct pd_member *p;

	if (m->n == m->alloc) {
		size_t na = m->alloc ? m->alloc * 2 : 32;

		if (!(p = realloc(m->v, na * sizeof(*p))))
			return PD_ENOMEM;
		m->v = p;
		m->alloc = na;
	}
	p = &m->v[m->n];
	memset(p, 0, sizeof(*p));
	p->team_id = pd_pg_getlong(res, r, 0);
	p->athlete_id = pd_pg_getlong(res, r, 1);
	snprintf(p->npc, sizeof(p->npc), "%s", PQgetvalue(res, r, 3));
	if (!(p->name = pd_pg_dup(res, r, 2)))
		return PD_ENOMEM;
	m->n++;
	return 0;
}

static const char members_sql[] =
	"SELECT tm.team_id, a.id, a.name, a.npc FROM team_members tm JOIN "
	"teams t ON t.id = tm.team_id JOIN events e ON e.id = t.event_id "
	"JOIN athletes a ON a.id = tm.athlete_id WHERE e.games = $1 "
	"ORDER BY tm.team_id, a.name, a.id";

int pg_team_members(struct pd_store *s, const char *games,
		    struct pd_member **out, size_t *n, struct pd_diag *diag)
{
	struct members m;
	int ret;

	memset(&m, 0, sizeof(m));
	*out = NULL;
	*n = 0;
	if ((ret = each_row(PG(s), members_sql, games, read_member, &m,
			    "read the team members", diag)) < 0) {
		members_free(&m);
		return ret;
	}
	*out = m.v;
	*n = m.n;
	return 0;
}

struct athlete_walk {
	pd_athlete_fn fn;
	void *arg;
};

static const char *text_or_null(const PGresult *res, int r, int c)
{
	return PQgetisnull(res, r, c) ? NULL : PQgetvalue(res, r, c);
}

static int read_athlete(const PGresult *res, int r, void *arg)
{
	struct athlete_walk *w = arg;
	struct pd_athlete a;

	memset(&a, 0, sizeof(a));
	a.ext = text_or_null(res, r, 1);
	a.name = text_or_null(res, r, 2);
	a.gender = text_or_null(res, r, 3);
	snprintf(a.npc, sizeof(a.npc), "%s", PQgetvalue(res, r, 4));
	a.sport_class = text_or_null(res, r, 5);
	a.guide = text_or_null(res, r, 6);
	return w->fn(pd_pg_getlong(res, r, 0), &a, w->arg);
}

static const char athletes_all_sql[] =
	"SELECT id, ext, name, gender, npc, sport_class, guide FROM athletes "
	"WHERE $1::text IS NULL OR id IN (" GAMES_ATHLETES ") ORDER BY name, "
	"id";

int pg_athletes(struct pd_store *s, const char *games, pd_athlete_fn fn,
		void *arg, struct pd_diag *diag)
{
	struct athlete_walk w = { fn, arg };

	return each_row(PG(s), athletes_all_sql, games, read_athlete, &w,
			"read the athletes", diag);
}
