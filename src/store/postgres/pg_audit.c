/* pg_audit.c -- the audit log and sanctions in the PostgreSQL store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "pg_int.h"

struct audit_walk {
	pd_audit_fn fn;
	void *arg;
};

static int audit_row(const PGresult *res, int r, void *arg)
{
	struct audit_walk *w = arg;
	struct pd_audit_entry e;

	e.id = pd_pg_getlong(res, r, 0);
	snprintf(e.games, sizeof(e.games), "%s", PQgetvalue(res, r, 1));
	e.version = pd_pg_getlong(res, r, 2);
	e.at = PQgetvalue(res, r, 3);
	e.actor = PQgetvalue(res, r, 4);
	e.command = PQgetvalue(res, r, 5);
	e.reason = PQgetvalue(res, r, 6);
	e.changes = PQgetvalue(res, r, 7);
	return w->fn(&e, w->arg);
}

int pg_log(struct pd_store *s, const char *games, long since, pd_audit_fn fn,
	   void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, version, at, actor, "
		"command, reason, changes FROM audit WHERE ($1::text IS NULL OR games = "
		"$1) AND version > $2 ORDER BY id";
	struct audit_walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_long(&p, since);
	return pd_pg_each(PG(s), sql, &p, audit_row, &w, "read the audit log",
			  diag);
}

int pg_version_at(struct pd_store *s, const char *games, const char *when,
		  long *version, struct pd_diag *diag)
{
	/* a bare date means the end of that day */
	static const char sql[] = "SELECT coalesce(max(version), 0) FROM "
		"audit WHERE games = $1 AND at <= CASE WHEN length($2) = 10 "
		"THEN $2 || 'T23:59:59Z' ELSE $2 END";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, when);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "read the audit log",
			       diag)) < 0)
		return ret;
	*version = pd_pg_getlong(res, 0, 0);
	PQclear(res);
	return 0;
}

/* The event belongs to games and the athlete has a current result in it,
 * alone or as a team member. */
static int check_event(struct pd_pg *pg, const char *games, long athlete,
		       long event, struct pd_diag *diag)
{
	static const char sql[] = "SELECT (e.games = $1)::int, EXISTS (SELECT "
		"1 FROM results r WHERE r.event_id = e.id AND r.until IS NULL "
		"AND (r.athlete_id = $3 OR r.team_id IN (SELECT team_id FROM "
		"team_members WHERE athlete_id = $3)))::int FROM events e "
		"WHERE e.id = $2";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_long(&p, event);
	pd_pg_long(&p, athlete);
	if ((ret = pd_pg_query(pg, sql, &p, &res, "read an event", diag)) < 0)
		return ret;
	if (PQntuples(res) == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no event %ld",
				  event);
	else if (!pd_pg_getlong(res, 0, 0))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "event %ld is not "
				  "part of %s", event, games);
	else if (!pd_pg_getlong(res, 0, 1))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "athlete %ld has "
				  "no result in event %ld", athlete, event);
	PQclear(res);
	return ret;
}

int pg_sanction_add(struct pd_store *s, const char *games, long athlete,
		    enum pd_sanction_mode mode, const char *reason,
		    const long *events, size_t n, long *id,
		    struct pd_diag *diag)
{
	static const char add_sql[] = "INSERT INTO sanctions (games, "
		"athlete_id, mode, reason, since) VALUES ($1, $2, $3, $4, $5) "
		"RETURNING id";
	static const char event_sql[] = "INSERT INTO sanction_events "
		"(sanction_id, event_id) VALUES ($1, $2) ON CONFLICT DO "
		"NOTHING";
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	PGresult *res;
	size_t i;
	int ret = 0;

	if (n == 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a sanction needs "
				   "at least one event");
	for (i = 0; i < n && ret == 0; i++)
		ret = check_event(pg, games, athlete, events[i], diag);
	if (ret < 0)
		return ret;
	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_long(&p, athlete);
	pd_pg_text(&p, mode == PD_SANCTION_VACATE ? "vacate" : "reallocate");
	pd_pg_text(&p, reason);
	pd_pg_long(&p, pg->base.version);
	if ((ret = pd_pg_query(pg, add_sql, &p, &res, "write a sanction",
			       diag)) < 0)
		return ret;
	*id = pd_pg_getlong(res, 0, 0);
	PQclear(res);
	for (i = 0; i < n && ret == 0; i++) {
		pd_pg_params_init(&p);
		pd_pg_long(&p, *id);
		pd_pg_long(&p, events[i]);
		ret = pd_pg_query(pg, event_sql, &p, NULL, "write a sanction",
				  diag);
	}
	return ret;
}

int pg_sanction_lift(struct pd_store *s, const char *games, long id,
		     struct pd_diag *diag)
{
	static const char sql[] = "UPDATE sanctions SET until = $3 WHERE "
		"id = $1 AND games = $2 AND until IS NULL";
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, id);
	pd_pg_text(&p, games);
	pd_pg_long(&p, pg->base.version);
	if ((ret = pd_pg_query(pg, sql, &p, &res, "lift a sanction",
			       diag)) < 0)
		return ret;
	if (!strcmp(PQcmdTuples(res), "0"))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no sanction %ld "
				  "in force in %s: see 'podium sanction list'",
				  id, games);
	PQclear(res);
	return ret;
}

struct sanction_walk {
	pd_sanction_fn fn;
	void *arg;
};

static int sanction_row(const PGresult *res, int r, void *arg)
{
	struct sanction_walk *w = arg;
	struct pd_sanction_info si;

	si.id = pd_pg_getlong(res, r, 0);
	si.athlete = pd_pg_getlong(res, r, 1);
	si.athlete_name = PQgetvalue(res, r, 2);
	snprintf(si.npc, sizeof(si.npc), "%s", PQgetvalue(res, r, 3));
	si.mode = PQgetvalue(res, r, 4);
	si.reason = PQgetvalue(res, r, 5);
	si.events = PQgetvalue(res, r, 6);
	si.since = pd_pg_getlong(res, r, 7);
	si.until = pd_pg_getlong(res, r, 8);
	return w->fn(&si, w->arg);
}

int pg_sanctions(struct pd_store *s, const char *games, pd_sanction_fn fn,
		 void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT sa.id, sa.athlete_id, a.name, "
		"a.npc, sa.mode, sa.reason, (SELECT string_agg(event_id::text, "
		"',' ORDER BY event_id) FROM sanction_events WHERE sanction_id "
		"= sa.id), sa.since, coalesce(sa.until, 0) FROM sanctions sa "
		"JOIN athletes a ON a.id = sa.athlete_id WHERE sa.games = $1 "
		"ORDER BY sa.id";
	struct sanction_walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	return pd_pg_each(PG(s), sql, &p, sanction_row, &w, "read the "
			  "sanctions", diag);
}

int pg_sanction_games(struct pd_store *s, long id, char *games, size_t size,
		      struct pd_diag *diag)
{
	static const char sql[] = "SELECT games FROM sanctions WHERE id = $1";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, id);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "read a sanction",
			       diag)) < 0)
		return ret;
	if (PQntuples(res) == 1)
		snprintf(games, size, "%s", PQgetvalue(res, 0, 0));
	else
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no sanction "
				  "%ld: see 'podium sanction list'", id);
	PQclear(res);
	return ret;
}

int pg_change_note(struct pd_store *s, const char *games, long version,
		   const char *changes, struct pd_diag *diag)
{
	static const char sql[] = "UPDATE audit SET changes = $3 WHERE "
				  "games = $1 AND version = $2";
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_long(&p, version);
	pd_pg_text(&p, changes);
	return pd_pg_query(PG(s), sql, &p, NULL, "write the audit log", diag);
}

static int removed_row(const PGresult *res, int r, void *arg)
{
	struct audit_walk *w = arg;
	struct pd_audit_entry e;

	e.id = r + 1;
	snprintf(e.games, sizeof(e.games), "%s", PQgetvalue(res, r, 0));
	e.version = pd_pg_getlong(res, r, 1);
	e.at = PQgetvalue(res, r, 2);
	e.actor = PQgetvalue(res, r, 3);
	e.command = PQgetvalue(res, r, 4);
	e.reason = PQgetvalue(res, r, 5);
	e.changes = "";
	return w->fn(&e, w->arg);
}

int pg_games_removed(struct pd_store *s, pd_audit_fn fn, void *arg,
		     struct pd_diag *diag)
{
	/* ctid orders the rows as they came in a table never updated */
	static const char sql[] = "SELECT code, version, at, actor, command, "
		"reason FROM games_removed ORDER BY at, ctid";
	struct audit_walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	return pd_pg_each(PG(s), sql, &p, removed_row, &w,
			  "read the removed Games", diag);
}
