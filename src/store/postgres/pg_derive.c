/* pg_derive.c -- load the results valid at a version, event by event,
 * and hand them to the medal walk every backend shares (walk.h), where
 * src/core derives the medals. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sql.h"
#include "../walk.h"
#include "pg_int.h"

static int load_event(const PGresult *res, int r, const struct pd_query *q,
		      struct pd_walk_event *e)
{
	return pd_walk_event(e, pd_pg_getlong(res, r, 0),
			     PQgetvalue(res, r, 1), PQgetvalue(res, r, 2),
			     PQgetvalue(res, r, 3), PQgetvalue(res, r, 4),
			     pd_pg_text_or_null(res, r, 5), pd_pg_text_or_null(res, r, 6),
			     q->include_unofficial);
}

static int add_result(const PGresult *res, int k, struct pd_walk_event *e)
{
	return pd_walk_result(e, PQgetvalue(res, k, 1), PQgetvalue(res, k, 2),
			      pd_pg_getlong(res, k, 3), pd_pg_getlong(res, k, 4),
			      pd_pg_getlong(res, k, 8), pd_pg_getlong(res, k, 5),
			      pd_pg_text_or_null(res, k, 6), pd_pg_text_or_null(res, k, 7));
}

/* Who started, when the walk needs it (pd_walk_needs_starters). */
static int count_starters(struct pd_pg *pg, const struct pd_query *q,
			  const struct pd_walk_event *e, size_t *starters,
			  struct pd_diag *diag)
{
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	*starters = e->n;
	if (!pd_walk_needs_starters(e))
		return 0;
	pd_pg_params_init(&p);
	pd_pg_long(&p, e->id);
	pd_pg_long(&p, q->as_of > 0 ? q->as_of : LONG_MAX);
	if ((ret = pd_pg_query(pg, pd_sql_derive_starters, &p, &res,
			       "count the starters", diag)) < 0)
		return ret;
	*starters = (size_t)pd_pg_getlong(res, 0, 0);
	PQclear(res);
	return 0;
}

static void query_params(struct pd_pg_params *p, const struct pd_query *q)
{
	pd_pg_params_init(p);
	pd_pg_text(p, q->games);
	pd_pg_long(p, q->as_of > 0 ? q->as_of : LONG_MAX);
	pd_pg_text(p, q->sport);
}

/* Walk one read of events and results together: both are ordered by
 * event id, and every result's event is in the event list. */
static int walk(struct pd_pg *pg, const struct pd_query *q, PGresult *ev,
		PGresult *rs, struct pd_walk_event *e, pd_medal_fn fn,
		void *arg, struct pd_diag *diag)
{
	size_t starters;
	int ret = 0, i, k = 0, nr = PQntuples(rs);

	for (i = 0; ret == 0 && i < PQntuples(ev); i++) {
		if ((ret = load_event(ev, i, q, e)) < 0)
			break;
		while (ret == 0 && k < nr && pd_pg_getlong(rs, k, 0) == e->id)
			ret = add_result(rs, k++, e);
		if (ret == 0 && (ret = count_starters(pg, q, e, &starters,
						     diag)) == 0)
			ret = pd_walk_emit(e, starters, fn, arg);
	}
	return ret;
}

/* Every event of q (ids NULL), or the n events ids, each read by its
 * key. */
static int medals(struct pd_store *s, const struct pd_query *q,
		  const long *ids, size_t n, pd_medal_fn fn, void *arg,
		  struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	PGresult *ev = NULL, *rs = NULL, *any = NULL;
	struct pd_pg_params p;
	struct pd_walk_event e;
	const char *esql = ids ? pd_sql_derive_event_one : pd_sql_derive_events;
	const char *rsql;
	size_t i;
	int ret;

	memset(&e, 0, sizeof(e));
	pd_pg_params_init(&p);
	pd_pg_text(&p, q->games);
	if ((ret = pd_pg_query(pg, pd_sql_derive_any_sanction, &p, &any,
			       "read the sanctions", diag)) < 0)
		goto cleanup;
	rsql = pd_pg_getlong(any, 0, 0) ?
	       (ids ? pd_sql_derive_results_one : pd_sql_derive_results) :
	       (ids ? pd_sql_derive_results_plain_one :
		pd_sql_derive_results_plain);
	for (i = 0; ret == 0 && i < (ids ? n : 1); i++) {
		query_params(&p, q);
		if (ids)
			pd_pg_long(&p, ids[i]);
		if ((ret = pd_pg_query(pg, esql, &p, &ev, "read the events",
				       diag)) < 0 ||
		    (ret = pd_pg_query(pg, rsql, &p, &rs, "read the results",
				       diag)) < 0)
			break;
		ret = walk(pg, q, ev, rs, &e, fn, arg, diag);
		PQclear(ev);
		PQclear(rs);
		ev = rs = NULL;
	}
cleanup:
	pd_walk_free(&e);
	PQclear(any);
	PQclear(ev);
	PQclear(rs);
	return ret;
}

int pg_medals(struct pd_store *s, const struct pd_query *q, pd_medal_fn fn,
	      void *arg, struct pd_diag *diag)
{
	return medals(s, q, NULL, 0, fn, arg, diag);
}

int pg_medals_of(struct pd_store *s, const struct pd_query *q,
		 const long *ids, size_t n, pd_medal_fn fn, void *arg,
		 struct pd_diag *diag)
{
	return medals(s, q, ids, n, fn, arg, diag);
}

int pg_touch(struct pd_store *s, const char *games, long version, long event,
	     struct pd_diag *diag)
{
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_long(&p, version);
	pd_pg_long(&p, event);
	return pd_pg_query(PG(s), pd_sql_derive_touch, &p, NULL,
			   "write the audit log", diag);
}

int pg_events_changed(struct pd_store *s, const char *games, long since,
		      long **ids, size_t *n, long *removed,
		      struct pd_diag *diag)
{
	struct pd_pg_params p;
	PGresult *res = NULL;
	int ret, r;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	if ((ret = pd_pg_query(PG(s), pd_sql_derive_removed, &p, &res,
			       "read the removed Games", diag)) < 0)
		return ret;
	*removed = pd_pg_getlong(res, 0, 0);
	PQclear(res);
	pd_pg_long(&p, since);
	if ((ret = pd_pg_query(PG(s), pd_sql_derive_touched, &p, &res,
			       "read the audit log", diag)) < 0)
		return ret;
	if (PQntuples(res) > 0 &&
	    !(*ids = malloc((size_t)PQntuples(res) * sizeof(**ids))))
		ret = PD_ENOMEM;
	for (r = 0; ret == 0 && r < PQntuples(res); r++)
		(*ids)[(*n)++] = pd_pg_getlong(res, r, 0);
	PQclear(res);
	return ret;
}

int pg_sports(struct pd_store *s, const char *games, struct pd_strings *out,
	      struct pd_diag *diag)
{
	static const char sql[] = "SELECT DISTINCT sp.name FROM events e "
		"JOIN sports sp ON sp.id = e.sport_id WHERE e.games = $1 "
		"ORDER BY sp.name";

	return pd_pg_strings(PG(s), sql, games, out, "list the sports", diag);
}
