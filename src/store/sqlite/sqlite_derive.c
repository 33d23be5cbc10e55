/* sqlite_derive.c -- load the results valid at a version, event by event,
 * and hand them to the medal walk every backend shares (walk.h), where
 * src/core derives the medals. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sql.h"
#include "../walk.h"
#include "sqlite_int.h"

static const char *text(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int load_event(sqlite3_stmt *st, const struct pd_query *q,
		      struct pd_walk_event *e)
{
	return pd_walk_event(e, (long)sqlite3_column_int64(st, 0), text(st, 1),
			     text(st, 2), text(st, 3), text(st, 4),
			     text(st, 5), text(st, 6), q->include_unofficial);
}

static int add_result(sqlite3_stmt *st, struct pd_walk_event *e)
{
	return pd_walk_result(e, text(st, 1), text(st, 2),
			      (long)sqlite3_column_int64(st, 3),
			      (long)sqlite3_column_int64(st, 4),
			      (long)sqlite3_column_int64(st, 8),
			      (long)sqlite3_column_int64(st, 5), text(st, 6),
			      text(st, 7));
}

/* Who started, when the walk needs it (pd_walk_needs_starters). */
static int count_starters(struct pd_sqlite *s, const struct pd_query *q,
			  const struct pd_walk_event *e, size_t *starters,
			  struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	*starters = e->n;
	if (!pd_walk_needs_starters(e))
		return 0;
	if ((ret = pd_sqlite_cached(s, &st, pd_sql_derive_starters, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, e->id);
	sqlite3_bind_int64(st, 2, q->as_of > 0 ? q->as_of : LONG_MAX);
	if (sqlite3_step(st) == SQLITE_ROW)
		*starters = (size_t)sqlite3_column_int64(st, 0);
	else
		ret = pd_sqlite_fail(s, diag, "count the starters");
	sqlite3_reset(st);
	return ret;
}

static void bind_query(sqlite3_stmt *st, const struct pd_query *q)
{
	sqlite3_bind_text(st, 1, q->games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, q->as_of > 0 ? q->as_of : LONG_MAX);
	if (q->sport)
		sqlite3_bind_text(st, 3, q->sport, -1, SQLITE_STATIC);
}

/* The one number sql (its $1 the Games) counts. */
static int count_of(struct pd_sqlite *s, const char *sql, const char *games,
		    long *v, const char *what, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, sql, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		*v = (long)sqlite3_column_int64(st, 0);
	else
		ret = pd_sqlite_fail(s, diag, what);
	sqlite3_reset(st);
	return ret;
}

/* Walk events and results together: both are ordered by event id, and
 * every result's event is in the event list. */
static int walk(struct pd_sqlite *s, const struct pd_query *q,
		sqlite3_stmt *ev, sqlite3_stmt *rs, struct pd_walk_event *e,
		pd_medal_fn fn, void *arg, struct pd_diag *diag)
{
	size_t starters;
	int ret = 0, rc_e, rc_r;

	rc_r = sqlite3_step(rs);
	while (ret == 0 && (rc_e = sqlite3_step(ev)) == SQLITE_ROW) {
		if ((ret = load_event(ev, q, e)) < 0)
			break;
		while (ret == 0 && rc_r == SQLITE_ROW &&
		       sqlite3_column_int64(rs, 0) == e->id) {
			ret = add_result(rs, e);
			rc_r = sqlite3_step(rs);
		}
		if (ret == 0 && (ret = count_starters(s, q, e, &starters,
						     diag)) == 0)
			ret = pd_walk_emit(e, starters, fn, arg);
	}
	if (ret == 0 && (rc_e != SQLITE_DONE ||
			 (rc_r != SQLITE_DONE && rc_r != SQLITE_ROW)))
		ret = pd_sqlite_fail(s, diag, "read the results");
	return ret;
}

/* Every event of q (ids NULL), or the n events ids, each read by its key
 * with the same statements. */
static int medals(struct pd_store *store, const struct pd_query *q,
		  const long *ids, size_t n, pd_medal_fn fn, void *arg,
		  struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *ev = NULL, *rs = NULL;
	struct pd_walk_event e;
	const char *rsql;
	size_t i;
	long sanctions = 1;
	int ret;

	memset(&e, 0, sizeof(e));
	if ((ret = count_of(s, pd_sql_derive_any_sanction, q->games,
			    &sanctions, "read the sanctions", diag)) < 0)
		goto cleanup;
	rsql = ids ? (sanctions ? pd_sql_derive_results_one :
		      pd_sql_derive_results_plain_one) :
	       sanctions ? pd_sql_derive_results : pd_sql_derive_results_plain;
	if (!ids) {
		if ((ret = pd_sqlite_prepare(s, &ev, pd_sql_derive_events,
					     diag)) < 0 ||
		    (ret = pd_sqlite_prepare(s, &rs, rsql, diag)) < 0)
			goto cleanup;
		bind_query(ev, q);
		bind_query(rs, q);
		ret = walk(s, q, ev, rs, &e, fn, arg, diag);
		goto cleanup;
	}
	/* some events, once a version: the statements are kept (preparing
	 * the two was half of a version's derive of one event) */
	if ((ret = pd_sqlite_cached(s, &ev, pd_sql_derive_event_one,
				    diag)) < 0 ||
	    (ret = pd_sqlite_cached(s, &rs, rsql, diag)) < 0) {
		ev = rs = NULL;	/* the cache's, or none */
		goto cleanup;
	}
	sqlite3_clear_bindings(ev);
	sqlite3_clear_bindings(rs);
	bind_query(ev, q);
	bind_query(rs, q);
	for (i = 0; i < n && ret == 0; i++) {
		sqlite3_bind_int64(ev, 4, ids[i]);
		sqlite3_bind_int64(rs, 4, ids[i]);
		ret = walk(s, q, ev, rs, &e, fn, arg, diag);
		sqlite3_reset(ev);
		sqlite3_reset(rs);
	}
	ev = rs = NULL;		/* the cache's */
cleanup:
	pd_walk_free(&e);
	sqlite3_finalize(ev);
	sqlite3_finalize(rs);
	return ret;
}

int pd_sqlite_medals(struct pd_store *store, const struct pd_query *q,
		     pd_medal_fn fn, void *arg, struct pd_diag *diag)
{
	return medals(store, q, NULL, 0, fn, arg, diag);
}

int pd_sqlite_medals_of(struct pd_store *store, const struct pd_query *q,
			const long *ids, size_t n, pd_medal_fn fn, void *arg,
			struct pd_diag *diag)
{
	return medals(store, q, ids, n, fn, arg, diag);
}

int pd_sqlite_touch(struct pd_store *store, const char *games, long version,
		    long event, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, pd_sql_derive_touch, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, version);
	sqlite3_bind_int64(st, 3, event);
	return pd_sqlite_run(s, st, "write the audit log", diag);
}

int pd_sqlite_events_changed(struct pd_store *store, const char *games,
			     long since, long **ids, size_t *n, long *removed,
			     struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	size_t alloc = 0;
	long *v;
	int ret, rc;

	if ((ret = count_of(s, pd_sql_derive_removed, games, removed,
			    "read the removed Games", diag)) < 0 ||
	    (ret = pd_sqlite_cached(s, &st, pd_sql_derive_touched, diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, since);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == alloc) {
			alloc = alloc ? alloc * 2 : 16;
			if (!(v = realloc(*ids, alloc * sizeof(*v)))) {
				ret = PD_ENOMEM;
				break;
			}
			*ids = v;
		}
		(*ids)[(*n)++] = (long)sqlite3_column_int64(st, 0);
	}
	ret = pd_sqlite_cached_end(s, st, ret, rc, "read the audit log", diag);
	if (ret < 0) {
		free(*ids);
		*ids = NULL;
		*n = 0;
	}
	return ret;
}

int pd_sqlite_sports(struct pd_store *store, const char *games,
		     struct pd_strings *out, struct pd_diag *diag)
{
	return pd_sqlite_strings(pd_sqlite_of(store), "SELECT DISTINCT "
				 "sp.name FROM events e JOIN sports sp ON "
				 "sp.id = e.sport_id WHERE e.games = ?1 ORDER "
				 "BY sp.name", games, out, "list the sports",
				 diag);
}
