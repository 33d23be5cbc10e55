/* sqlite_stats.c -- the store half of stats.h: what a Games' data says
 * about who took part, its events, records and sanctions, and who its
 * medals are credited to.  Medal figures come from the medals derived
 * (pd_sqlite_medals), never from ranks in SQL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/stats.h"
#include "sqlite_int.h"

/* The results of ?1 valid now, and the athletes behind them (alone or as
 * team members): the base of every participation figure. */
#define LIVE_RESULTS "SELECT r.* FROM results r JOIN events e ON e.id = " \
	"r.event_id WHERE e.games = ?1 AND r.until IS NULL"
#define GAMES_ATHLETES "SELECT athlete_id AS id FROM (" LIVE_RESULTS ") " \
	"WHERE athlete_id IS NOT NULL UNION SELECT tm.athlete_id FROM (" \
	LIVE_RESULTS ") lr JOIN team_members tm ON tm.team_id = lr.team_id"

typedef int (*row_fn)(sqlite3_stmt *st, void *arg);

/* Run sql with ?1 = games (NULL allowed) and call fn on each row. */
static int each_row(struct pd_sqlite *s, const char *sql, const char *games,
		    row_fn fn, void *arg, const char *what,
		    struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, sql, diag)) < 0)
		return ret;
	if (games)
		sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if ((ret = fn(st, arg)) != 0)
			break;
	if (ret == 0 && rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, what);
	sqlite3_finalize(st);
	return ret;
}

static int read_results(sqlite3_stmt *st, void *arg)
{
	struct pd_games_stats *g = arg;

	g->results = (long)sqlite3_column_int64(st, 0);
	g->participation_known = sqlite3_column_int64(st, 1) > 0;
	return 0;
}

static int read_athletes(sqlite3_stmt *st, void *arg)
{
	struct pd_games_stats *g = arg;

	g->athletes = (long)sqlite3_column_int64(st, 0);
	g->women = (long)sqlite3_column_int64(st, 1);
	g->men = (long)sqlite3_column_int64(st, 2);
	g->gender_unknown = g->athletes - g->women - g->men;
	g->npcs = (long)sqlite3_column_int64(st, 3);
	return 0;
}

static int read_sport(sqlite3_stmt *st, void *arg)
{
	struct pd_games_stats *g = arg;
	long n = (long)sqlite3_column_int64(st, 1);

	g->events += n;
	return pd_counts_add(&g->sports, (const char *)sqlite3_column_text(st,
			     0), 0, n);
}

static int read_records(sqlite3_stmt *st, void *arg)
{
	struct pd_games_stats *g = arg;
	int ret;

	ret = pd_counts_add_records(&g->record_types,
				    (const char *)sqlite3_column_text(st, 0));
	g->records += ret > 0;
	return ret < 0 ? ret : 0;
}

static int read_sanctions(sqlite3_stmt *st, void *arg)
{
	struct pd_games_stats *g = arg;
	long n = (long)sqlite3_column_int64(st, 1);

	g->sanctions += n;
	if (!strcmp((const char *)sqlite3_column_text(st, 0), "vacate"))
		g->sanctions_vacate += n;
	else
		g->sanctions_reallocate += n;
	return 0;
}

/* A result beyond a medal placing -- a rank past 3, no rank, an IRM --
 * means the store holds who took part, not only who won.  Linked
 * athletes alone do not: the Paris 2024 importer links every medallist
 * to the athlete registry but brings no other result. */
static const char results_sql[] =
	"SELECT count(*), coalesce(sum(rank NOT BETWEEN 1 AND 3 OR irm <> ''), "
	"0) FROM (" LIVE_RESULTS ")";
static const char athletes_sql[] =
	"WITH ga AS (" GAMES_ATHLETES "), ath AS (SELECT a.* FROM ga JOIN "
	"athletes a ON a.id = ga.id) SELECT (SELECT count(*) FROM ath), "
	"(SELECT count(*) FROM ath WHERE gender IN ('W', 'F')), (SELECT "
	"count(*) FROM ath WHERE gender = 'M'), (SELECT count(*) FROM (SELECT "
	"npc FROM (" LIVE_RESULTS ") UNION SELECT npc FROM ath))";
static const char sports_sql[] =
	"SELECT sp.name, count(*) FROM events e JOIN sports sp ON sp.id = "
	"e.sport_id WHERE e.games = ?1 GROUP BY sp.name ORDER BY sp.name";
static const char records_sql[] =
	"SELECT records FROM (" LIVE_RESULTS ") WHERE records <> ''";
static const char sanctions_sql[] =
	"SELECT mode, count(*) FROM sanctions WHERE games = ?1 AND until IS "
	"NULL GROUP BY mode ORDER BY mode";

int pd_sqlite_games_stats(struct pd_store *store, const char *games,
			  struct pd_games_stats *st, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_games info;
	struct pd_tally t;
	int ret;

	memset(st, 0, sizeof(*st));
	pd_tally_init(&t);
	if ((ret = pd_sqlite_games_get(store, games, &info, diag)) < 0)
		return ret;
	pd_games_release(&info);
	if ((ret = each_row(s, results_sql, games, read_results, st,
			    "count the results", diag)) < 0 ||
	    (ret = each_row(s, athletes_sql, games, read_athletes, st,
			    "count the athletes", diag)) < 0 ||
	    (ret = each_row(s, sports_sql, games, read_sport, st,
			    "count the events", diag)) < 0 ||
	    (ret = each_row(s, records_sql, games, read_records, st,
			    "count the records", diag)) < 0 ||
	    (ret = each_row(s, sanctions_sql, games, read_sanctions, st,
			    "count the sanctions", diag)) < 0 ||
	    (ret = pd_store_tally(store, games, NULL, &t, NULL, diag)) < 0)
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

static int read_member(sqlite3_stmt *st, void *arg)
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
	p->team_id = (long)sqlite3_column_int64(st, 0);
	p->athlete_id = (long)sqlite3_column_int64(st, 1);
	snprintf(p->npc, sizeof(p->npc), "%s", sqlite3_column_text(st, 3));
	if (!(p->name = pd_sqlite_dup(st, 2)))
		return PD_ENOMEM;
	m->n++;
	return 0;
}

static const char members_sql[] =
	"SELECT tm.team_id, a.id, a.name, a.npc FROM team_members tm JOIN "
	"teams t ON t.id = tm.team_id JOIN events e ON e.id = t.event_id "
	"JOIN athletes a ON a.id = tm.athlete_id WHERE e.games = ?1 "
	"ORDER BY tm.team_id, a.name, a.id";

int pd_sqlite_team_members(struct pd_store *store, const char *games,
			   struct pd_member **out, size_t *n,
			   struct pd_diag *diag)
{
	struct members m;
	int ret;

	memset(&m, 0, sizeof(m));
	*out = NULL;
	*n = 0;
	if ((ret = each_row(pd_sqlite_of(store), members_sql, games,
			    read_member, &m, "read the team members",
			    diag)) < 0) {
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

static const char *text_or_null(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int read_athlete(sqlite3_stmt *st, void *arg)
{
	struct athlete_walk *w = arg;
	struct pd_athlete a;

	memset(&a, 0, sizeof(a));
	a.ext = text_or_null(st, 1);
	a.name = text_or_null(st, 2);
	a.gender = text_or_null(st, 3);
	snprintf(a.npc, sizeof(a.npc), "%s", sqlite3_column_text(st, 4));
	a.sport_class = text_or_null(st, 5);
	a.guide = text_or_null(st, 6);
	return w->fn((long)sqlite3_column_int64(st, 0), &a, w->arg);
}

static const char athletes_all_sql[] =
	"SELECT id, ext, name, gender, npc, sport_class, guide FROM athletes "
	"WHERE ?1 IS NULL OR id IN (" GAMES_ATHLETES ") ORDER BY name, id";

int pd_sqlite_athletes(struct pd_store *store, const char *games,
		       pd_athlete_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct athlete_walk w = { fn, arg };

	return each_row(s, athletes_all_sql, games, read_athlete, &w,
			"read the athletes", diag);
}
