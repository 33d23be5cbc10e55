/* pg_send.c -- how a statement goes to the server: prepared once a
 * connection; and a write's statements whose answers nobody reads (its
 * BEGIN and lock, its savepoint, a version known, its result row, the
 * events it touched, its audit line's changes) kept and sent ahead of
 * the next one, in one round trip (libpq's pipeline mode).  Why: a
 * result written through the API was ten round trips in a row on the
 * committer's connection, the committer waiting on PostgreSQL four
 * fifths of its time in bench/pgbench.sh; it is two to four now.  A kept
 * statement's error is the error of the one sent with it (the pipeline
 * stops at the first error), named by the kept one; a write's release
 * or commit sends what it kept, so its error is never another write's;
 * a rollback forgets it all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pg_int.h"

int pd_pg_prepared(struct pd_pg *s, const char *sql, int nparams,
		   const char **name, struct pd_diag *diag)
{
	PGresult *res;
	size_t i;
	int ret;

	for (i = 0; i < s->ncache; i++)
		if (s->cache[i].sql == sql) {
			*name = s->cache[i].name;
			return 0;
		}
	if (s->ncache == PD_PG_CACHE)
		/* more statements than PD_PG_CACHE is a programming
		 * error, and the contract suite would catch it */
		return pd_diag_set(diag, PD_ESTORE, s->where, 0, "statement "
				   "cache full");
	snprintf(s->cache[i].name, sizeof(s->cache[i].name), "pd%zu", i);
	res = PQprepare(s->conn, s->cache[i].name, sql, nparams, NULL);
	if (PQresultStatus(res) != PGRES_COMMAND_OK) {
		ret = pd_pg_fail(s, res, "prepare", diag);
		PQclear(res);
		return ret;
	}
	PQclear(res);
	s->cache[i].sql = sql;
	s->ncache++;
	*name = s->cache[i].name;
	return 0;
}

void pd_pg_forget(struct pd_pg *s)
{
	struct pd_pg_later *l;
	int i;

	for (l = s->later; l < s->later + s->nlater; l++)
		for (i = 0; i < l->n; i++)
			free(l->v[i]);
	s->nlater = 0;
}

int pd_pg_later(struct pd_pg *s, const char *sql, int text, int n,
		const char *const *v, const char *what, struct pd_diag *diag)
{
	struct pd_pg_later *l;
	const char *name = NULL;
	int ret, i;

	if (n > PD_PG_PARAMS)
		return pd_diag_set(diag, PD_ESTORE, s->where, 0, "%s: too many "
				   "parameters to send later", what);
	if (s->nlater == PD_PG_LATER && (ret = pd_pg_flush(s, diag)) < 0)
		return ret;
	/* prepared now, outside the pipeline (once a connection) */
	if (!text && (ret = pd_pg_prepared(s, sql, n, &name, diag)) < 0)
		return ret;
	l = &s->later[s->nlater];
	l->sql = sql;
	l->name = name;
	l->what = what;
	for (l->n = 0; l->n < n; l->n++)
		if ((l->v[l->n] = v[l->n] ? strdup(v[l->n]) : NULL) == NULL &&
		    v[l->n]) {
			for (i = 0; i < l->n; i++)
				free(l->v[i]);
			return PD_ENOMEM;
		}
	s->nlater++;
	return 0;
}

static int send_one(struct pd_pg *s, const char *sql, const char *name,
		    int n, const char *const *v)
{
	return name ? PQsendQueryPrepared(s->conn, name, n, v, NULL, NULL, 0) :
		      PQsendQueryParams(s->conn, sql, n, NULL, v, NULL, NULL, 0);
}

/* The next statement's result: kept in *keep (if keep and it succeeded),
 * or its error in diag (*failed set).  Each statement's results end with
 * a NULL; a NULL where a result was due is a connection gone. */
static int take(struct pd_pg *s, PGresult **keep, const char *what,
		int *failed, struct pd_diag *diag)
{
	PGresult *res = PQgetResult(s->conn);
	ExecStatusType st;
	int ret = 0;

	if (!res) {
		*failed = 1;
		return pd_pg_fail(s, NULL, what, diag);
	}
	st = PQresultStatus(res);
	if (st == PGRES_PIPELINE_ABORTED) {
		/* not run: an earlier statement failed */
	} else if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		ret = pd_pg_fail(s, res, what, diag);
		*failed = 1;
	} else if (keep) {
		*keep = res;
		res = NULL;
	}
	PQclear(res);
	if ((res = PQgetResult(s->conn)))
		PQclear(res);	/* not the NULL due: left to the exit */
	return ret;
}

int pd_pg_piped(struct pd_pg *s, const char *sql, const char *name, int n,
		const char *const *v, PGresult **out, const char *what,
		struct pd_diag *diag)
{
	struct pd_pg_later *l;
	PGresult *res;
	int ret = 0, failed = 0, sent = 1, r;

	if (out)
		*out = NULL;
	if (!PQenterPipelineMode(s->conn)) {
		pd_pg_forget(s);
		return pd_pg_fail(s, NULL, what, diag);
	}
	for (l = s->later; l < s->later + s->nlater && sent; l++)
		sent = send_one(s, l->sql, l->name, l->n,
				(const char *const *)l->v);
	if (sent && (sql || name))
		sent = send_one(s, sql, name, n, v);
	if (sent)
		sent = PQpipelineSync(s->conn);
	for (l = s->later; l < s->later + s->nlater && sent; l++)
		if ((r = take(s, NULL, l->what, &failed, diag)) < 0 && !ret)
			ret = r;
	if (sent && (sql || name) &&
	    (r = take(s, failed ? NULL : out, what, &failed, diag)) < 0 && !ret)
		ret = r;
	/* the sync's own result, then out of pipeline mode */
	if (sent && (res = PQgetResult(s->conn)))
		PQclear(res);
	if (!sent && !ret)
		ret = pd_pg_fail(s, NULL, what, diag);
	/* not out of it (the server went away half-way: its results
	 * never came): the connection is made again before it is used */
	if (!PQexitPipelineMode(s->conn)) {
		s->broken = 1;
		if (!ret)
			ret = pd_pg_fail(s, NULL, what, diag);
	}
	pd_pg_forget(s);
	if (ret < 0 && out && *out) {
		PQclear(*out);
		*out = NULL;
	}
	return ret;
}

int pd_pg_flush(struct pd_pg *s, struct pd_diag *diag)
{
	if (!s->nlater)
		return 0;
	return pd_pg_piped(s, NULL, NULL, 0, NULL, NULL, "PostgreSQL", diag);
}
