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

/* q's parameters as text: v[i] each, a number written into num[i], a
 * blob's text malloc'd (for free_params). */
static int params_of(const struct pd_q *q, const char **v, char (*num)[24])
{
	const struct pd_param *p;
	int i;

	for (i = 0; i < q->n; i++) {
		p = &q->p[i];
		v[i] = num[i];
		if (p->type == PD_PARAM_NULL || p->type == PD_PARAM_TEXT)
			v[i] = p->type == PD_PARAM_NULL ? NULL : p->s;
		else if (p->type == PD_PARAM_INT)
			snprintf(num[i], sizeof(num[i]), "%lld", p->i);
		else if (p->type == PD_PARAM_DOUBLE)
			/* 17 significant digits: the double back exactly */
			snprintf(num[i], sizeof(num[i]), "%.17g", p->d);
		else if (!(v[i] = hex(p)))
			return PD_ENOMEM;
	}
	return 0;
}

static void free_params(const struct pd_q *q, const char **v)
{
	int i;

	for (i = 0; i < q->n; i++)
		if (q->p[i].type == PD_PARAM_BLOB)
			free((char *)v[i]);
}

/* the constraint a write broke, by its SQLSTATE (class 23) */
static int broke(const char *state)
{
	if (strncmp(state, "23", 2))
		return PD_BROKE_NONE;
	return !strcmp(state, "23505") ? PD_BROKE_UNIQUE :
	       !strcmp(state, "23503") ? PD_BROKE_FOREIGN_KEY : PD_BROKE_OTHER;
}

/* q sent with its parameters: those of a statement of a few on the
 * stack, a multi-row insert's (pd_q_room) in memory of their own */
static int run(struct pd_q *q, struct pd_diag *diag)
{
	const char *few[PD_Q_PARAMS], **v = few;
	char fewnum[PD_Q_PARAMS][24], (*num)[24] = fewnum;
	PGresult *res = NULL;
	int ret;

	q->started = 1;
	q->row = -1;
	if (q->n > PD_Q_PARAMS) {
		v = calloc((size_t)q->n, sizeof(*v));
		num = calloc((size_t)q->n, sizeof(*num));
	}
	if (!v || !num)
		ret = PD_ENOMEM;
	else if ((ret = params_of(q, v, num)) == 0)
		ret = pd_pg_run(PG(q->s), q->sql, q->once, q->n, v, &res,
				q->what, diag);
	if (v && num)
		free_params(q, v);
	if (v != few) {
		free(v);
		free(num);
	}
	if (ret < 0) {
		q->broke = broke(PG(q->s)->state);
		return ret;
	}
	q->st = res;
	q->rows = PQntuples(res);
	q->changes = strtol(PQcmdTuples(res), NULL, 10);
	return 0;
}

static int later(struct pd_q *q, struct pd_diag *diag)
{
	const char *v[PD_Q_PARAMS];
	char num[PD_Q_PARAMS][24];
	int ret;

	if (q->n > PD_Q_PARAMS)
		return run(q, diag);
	if ((ret = params_of(q, v, num)) == 0)
		ret = pd_pg_later(PG(q->s), q->sql, 0, q->n, v, q->what, diag);
	free_params(q, v);
	return ret;
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
	.later = later,
};
