/* pg_driver.c -- the PostgreSQL driver (../driver.h): a statement of the
 * operations written once sent with its parameters as text, prepared once
 * a connection (pd_pg_query: one round trip a statement, and a restart of
 * the server outside a transaction retried), its whole result read before
 * the first row is handed up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pg_int.h"

/* A blob as bytea's text input: \x and two hex digits a byte. */
static char *hex(const struct pd_param *p)
{
	const unsigned char *b = (const unsigned char *)p->s;
	char *t = malloc(2 * p->n + 3);
	size_t i;

	if (!t)
		return NULL;
	memcpy(t, "\\x", 3);
	for (i = 0; i < p->n; i++)
		snprintf(t + 2 + 2 * i, 3, "%02x", b[i]);
	return t;
}

/* q's parameters as text into params; the blobs' text malloc'd in
 * blobs[], for the caller to free. */
static int params_of(const struct pd_q *q, struct pd_pg_params *params,
		     char **blobs)
{
	const struct pd_param *p;
	int i;

	pd_pg_params_init(params);
	for (i = 0; i < q->n; i++) {
		p = &q->p[i];
		blobs[i] = NULL;
		if (p->type == PD_PARAM_NULL || p->type == PD_PARAM_TEXT)
			pd_pg_text(params, p->type == PD_PARAM_NULL ? NULL :
				   p->s);
		else if (p->type == PD_PARAM_INT)
			pd_pg_long(params, (long)p->i);
		else if (p->type == PD_PARAM_DOUBLE)
			pd_pg_double(params, p->d);
		else if ((blobs[i] = hex(p)))
			pd_pg_text(params, blobs[i]);
		else
			return PD_ENOMEM;
	}
	return 0;
}

/* the constraint a write broke, by its SQLSTATE (class 23) */
static int broke(const char *state)
{
	if (strncmp(state, "23", 2))
		return PD_BROKE_NONE;
	return !strcmp(state, "23505") ? PD_BROKE_UNIQUE :
	       !strcmp(state, "23503") ? PD_BROKE_FOREIGN_KEY : PD_BROKE_OTHER;
}

static int run(struct pd_q *q, struct pd_diag *diag)
{
	struct pd_pg_params params;
	char *blobs[PD_Q_PARAMS];
	PGresult *res = NULL;
	int ret, i;

	q->started = 1;
	q->row = -1;
	if ((ret = params_of(q, &params, blobs)) == 0)
		ret = (q->once ? pd_pg_query_once : pd_pg_query)(PG(q->s),
			q->sql, &params, &res, q->what, diag);
	for (i = 0; i < q->n; i++)
		free(blobs[i]);
	if (ret < 0) {
		q->broke = broke(PG(q->s)->state);
		return ret;
	}
	q->st = res;
	q->rows = PQntuples(res);
	q->changes = strtol(PQcmdTuples(res), NULL, 10);
	return 0;
}

static int step(struct pd_q *q, struct pd_diag *diag)
{
	int ret;

	if (!q->started && (ret = run(q, diag)) < 0)
		return ret;
	if (q->row < q->rows)
		q->row++;
	return q->row < q->rows;
}

static const char *text(const struct pd_q *q, int c)
{
	return pd_pg_text_or_null(q->st, q->row, c);
}

static int columns(const struct pd_q *q)
{
	return PQnfields(q->st);
}

/* a boolean column reads as 1 or 0, as SQLite's integers */
static long long integer(const struct pd_q *q, int c)
{
	const char *t = text(q, c);

	if (!t)
		return 0;
	if (*t == 't' || *t == 'f')
		return *t == 't';
	return strtoll(t, NULL, 10);
}

static double real(const struct pd_q *q, int c)
{
	const char *t = text(q, c);

	return t ? strtod(t, NULL) : 0;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' :
	       c >= 'a' && c <= 'f' ? c - 'a' + 10 : 0;
}

/* bytea's text output: \x and two hex digits a byte */
static size_t blob(const struct pd_q *q, int c, unsigned char *out,
		   size_t size)
{
	const char *t = text(q, c);
	size_t n, i;

	if (!t || strncmp(t, "\\x", 2))
		return 0;
	t += 2;
	n = strlen(t) / 2;
	for (i = 0; i < n && i < size; i++)
		out[i] = (unsigned char)(hexval(t[2 * i]) << 4 |
					 hexval(t[2 * i + 1]));
	return n;
}

static void end(struct pd_q *q)
{
	PQclear(q->st);
	q->st = NULL;
}

const struct pd_driver pd_pg_driver = {
	.dialect = PD_DIALECT_PG,
	.step = step,
	.text = text,
	.columns = columns,
	.integer = integer,
	.real = real,
	.blob = blob,
	.end = end,
};
