/* ops_derive.c -- the results valid at a version read event by event and
 * handed to the medal walk (walk.h), where src/core derives the medals;
 * and what each change touched, for a reader that follows the changes. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ops.h"
#include "query.h"
#include "sql.h"
#include "walk.h"

static int load_event(const struct pd_q *q, const struct pd_query *query,
		      struct pd_walk_event *e)
{
	return pd_walk_event(e, pd_q_long(q, 0), pd_q_str(q, 1),
			     pd_q_str(q, 2), pd_q_str(q, 3), pd_q_str(q, 4),
			     pd_q_col(q, 5), pd_q_col(q, 6),
			     query->include_unofficial);
}

static int add_result(const struct pd_q *q, struct pd_walk_event *e)
{
	return pd_walk_result(e, pd_q_str(q, 1), pd_q_str(q, 2),
			      pd_q_long(q, 3), pd_q_long(q, 4),
			      pd_q_long(q, 8), pd_q_long(q, 5),
			      pd_q_col(q, 6), pd_q_col(q, 7));
}

static long as_of(const struct pd_query *query)
{
	return query->as_of > 0 ? query->as_of : LONG_MAX;
}

/* Who started, when the walk needs it (pd_walk_needs_starters). */
static int count_starters(struct pd_store *s, const struct pd_query *query,
			  const struct pd_walk_event *e, size_t *starters,
			  struct pd_diag *diag)
{
	struct pd_q q;
	long n = (long)e->n;
	int ret;

	*starters = e->n;
	if (!pd_walk_needs_starters(e))
		return 0;
	pd_q_start(&q, s, pd_sql_derive_starters, "count the starters");
	pd_q_int(&q, e->id);
	pd_q_int(&q, as_of(query));
	if ((ret = pd_q_one_long(&q, &n, diag)) < 0)
		return ret;
	*starters = (size_t)n;
	return 0;
}

/* The query's parameters: its Games, version and sport, and the one
 * event (id 0: every event). */
static void query_params(struct pd_q *q, const struct pd_query *query,
			 long id)
{
	pd_q_text(q, query->games);
	pd_q_int(q, as_of(query));
	pd_q_text(q, query->sport);
	if (id)
		pd_q_int(q, id);
}

/* Walk events and results together: both are ordered by event id, and
 * every result's event is in the event list. */
static int walk(struct pd_store *s, const struct pd_query *query,
		struct pd_q *ev, struct pd_q *rs, struct pd_walk_event *e,
		pd_medal_fn fn, void *arg, struct pd_diag *diag)
{
	size_t starters;
	int ret, re, rr;

	if ((rr = pd_q_step(rs, diag)) < 0)
		return rr;
	while ((re = pd_q_step(ev, diag)) == 1) {
		if ((ret = load_event(ev, query, e)) < 0)
			return ret;
		while (rr == 1 && pd_q_long(rs, 0) == e->id) {
			if ((ret = add_result(rs, e)) < 0)
				return ret;
			rr = pd_q_step(rs, diag);
		}
		if (rr < 0)
			return rr;
		if ((ret = count_starters(s, query, e, &starters, diag)) < 0 ||
		    (ret = pd_walk_emit(e, starters, fn, arg)) != 0)
			return ret;
	}
	return re;
}

/* One walk: every event of the query (id 0), or event id alone. */
static int walk_one(struct pd_store *s, const struct pd_query *query,
		    const char *rsql, long id, struct pd_walk_event *e,
		    pd_medal_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_q ev, rs;
	int ret;

	pd_q_start(&ev, s, id ? pd_sql_derive_event_one :
		   pd_sql_derive_events, "read the events");
	query_params(&ev, query, id);
	pd_q_start(&rs, s, rsql, "read the results");
	query_params(&rs, query, id);
	ret = walk(s, query, &ev, &rs, e, fn, arg, diag);
	pd_q_end(&ev);
	pd_q_end(&rs);
	return ret;
}

/* Every event of q (ids NULL), or the n events ids, each read by its key
 * with the same statements. */
static int medals(struct pd_store *s, const struct pd_query *query,
		  const long *ids, size_t n, pd_medal_fn fn, void *arg,
		  struct pd_diag *diag)
{
	struct pd_walk_event e;
	struct pd_q q;
	const char *rsql;
	long sanctions = 1;
	size_t i;
	int ret;

	memset(&e, 0, sizeof(e));
	pd_q_start(&q, s, pd_sql_derive_any_sanction, "read the sanctions");
	pd_q_text(&q, query->games);
	if ((ret = pd_q_one_long(&q, &sanctions, diag)) < 0)
		return ret;
	ret = 0;
	rsql = ids ? (sanctions ? pd_sql_derive_results_one :
		      pd_sql_derive_results_plain_one) :
	       sanctions ? pd_sql_derive_results : pd_sql_derive_results_plain;
	if (!ids)
		ret = walk_one(s, query, rsql, 0, &e, fn, arg, diag);
	for (i = 0; ids && i < n && ret == 0; i++)
		ret = walk_one(s, query, rsql, ids[i], &e, fn, arg, diag);
	pd_walk_free(&e);
	return ret;
}

int pd_db_medals(struct pd_store *s, const struct pd_query *q,
		 pd_medal_fn fn, void *arg, struct pd_diag *diag)
{
	return medals(s, q, NULL, 0, fn, arg, diag);
}

int pd_db_medals_of(struct pd_store *s, const struct pd_query *q,
		    const long *ids, size_t n, pd_medal_fn fn, void *arg,
		    struct pd_diag *diag)
{
	return medals(s, q, ids, n, fn, arg, diag);
}

int pd_db_touch(struct pd_store *s, const char *games, long version,
		long event, struct pd_diag *diag)
{
	struct pd_q q;

	pd_q_start(&q, s, pd_sql_derive_touch, "write the audit log");
	pd_q_text(&q, games);
	pd_q_int(&q, version);
	pd_q_int(&q, event);
	return pd_q_later(&q, diag);
}

struct ids {
	long *v;
	size_t n, alloc;
};

static int id_row(const struct pd_q *q, void *arg)
{
	struct ids *l = arg;

	if (pd_grow(&l->v, l->n, &l->alloc, sizeof(*l->v), 16) < 0)
		return PD_ENOMEM;
	l->v[l->n++] = pd_q_long(q, 0);
	return 0;
}

int pd_db_events_changed(struct pd_store *s, const char *games, long since,
			 long **ids, size_t *n, long *removed,
			 struct pd_diag *diag)
{
	struct ids l = { *ids, *n, *n };
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, pd_sql_derive_removed, "read the removed Games");
	pd_q_text(&q, games);
	if ((ret = pd_q_one_long(&q, removed, diag)) < 0)
		return ret;
	pd_q_start(&q, s, pd_sql_derive_touched, "read the audit log");
	pd_q_text(&q, games);
	pd_q_int(&q, since);
	if ((ret = pd_q_each(&q, id_row, &l, diag)) < 0) {
		free(l.v);
		l.v = NULL;
		l.n = 0;
	}
	*ids = l.v;
	*n = l.n;
	return ret < 0 ? ret : 0;
}

int pd_db_sports(struct pd_store *s, const char *games,
		 struct pd_strings *out, struct pd_diag *diag)
{
	static const char sql[] = "SELECT DISTINCT sp.name FROM events e "
		"JOIN sports sp ON sp.id = e.sport_id WHERE e.games = $1 "
		"ORDER BY sp.name";
	struct pd_q q;

	pd_q_start(&q, s, sql, "list the sports");
	pd_q_text(&q, games);
	return pd_q_strings(&q, out, diag);
}
