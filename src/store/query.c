/* query.c -- a statement run through the store's driver (query.h): the
 * parameters kept in order, the columns read with NULL made plain, and
 * the loops every operation would otherwise write again. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query.h"

void pd_q_start(struct pd_q *q, struct pd_store *s, const char *sql,
		const char *what)
{
	memset(q, 0, offsetof(struct pd_q, own));
	q->s = s;
	q->sql = sql;
	q->what = what;
	q->p = q->own;
	q->room = PD_Q_PARAMS;
	q->st = NULL;
	q->broke = PD_BROKE_NONE;
}

int pd_q_room(struct pd_q *q, int n)
{
	struct pd_param *p;

	if (n <= q->room)
		return 0;
	if (!(p = malloc((size_t)n * sizeof(*p))))
		return PD_ENOMEM;
	memcpy(p, q->p, (size_t)q->n * sizeof(*p));
	if (q->p != q->own)
		free(q->p);
	q->p = p;
	q->room = n;
	return 0;
}

/* the texts pd_q_rows_sql built, made once whichever thread asks first */
static pthread_mutex_t rows_lock = PTHREAD_MUTEX_INITIALIZER;

static char *rows_text(const struct pd_q_rows *r, int rows)
{
	struct pd_buf b = PD_BUF_INIT;
	int ret, i, n = rows * r->cols;

	ret = pd_buf_adds(&b, r->head);
	for (i = 0; i < n && ret == 0; i++)
		ret = pd_buf_addf(&b, "%s$%d%s", i % r->cols ? ", " :
				  i ? "), (" : "(", i + 1,
				  i == n - 1 ? ")" : "");
	if (ret == 0 && r->tail)
		ret = pd_buf_adds(&b, r->tail);
	if (ret < 0) {
		pd_buf_release(&b);
		return NULL;
	}
	return pd_buf_detach(&b, NULL);
}

/* the rows a statement of pd_q_insert_rows writes, most first */
static const int sizes[] = { PD_Q_ROWS, 16, 4, 1 };

const char *pd_q_rows_sql(struct pd_q_rows *r, int rows)
{
	int k = 0;
	const char *t;

	while (k < 3 && sizes[k] != rows)
		k++;
	pthread_mutex_lock(&rows_lock);
	if (!r->text[k])
		r->text[k] = rows_text(r, rows);
	t = r->text[k];
	pthread_mutex_unlock(&rows_lock);
	return t;
}

int pd_q_insert_rows(struct pd_store *s, struct pd_q_rows *r, size_t n,
		     pd_q_bind_fn *bind, const void *arg, const char *what,
		     struct pd_diag *diag)
{
	struct pd_q q;
	size_t i = 0, k;
	int ret = 0, b, j;

	while (i < n && ret == 0) {
		for (j = 0; (size_t)sizes[j] > n - i; j++)
			;
		b = sizes[j];
		pd_q_start(&q, s, pd_q_rows_sql(r, b), what);
		if (!q.sql || pd_q_room(&q, b * r->cols) < 0)
			return pd_diag_set(diag, PD_ENOMEM, NULL, 0, "%s: out "
					   "of memory", what);
		for (k = 0; k < (size_t)b; k++)
			bind(&q, i + k, arg);
		ret = pd_q_run(&q, NULL, diag);
		i += (size_t)b;
	}
	return ret;
}

struct pd_q_rows *pd_q_bulk(const struct pd_store *s, struct pd_q_rows *r,
			     struct pd_q_rows *fail)
{
	return s->bulk && s->drv->dialect == PD_DIALECT_SQLITE ? fail : r;
}

int pd_q_dialect(const struct pd_store *s)
{
	return s->drv->dialect;
}

void pd_q_start_sql(struct pd_q *q, struct pd_store *s,
		    const struct pd_sql *sql, const char *what)
{
	pd_q_start(q, s, s->drv->dialect == PD_DIALECT_PG ? sql->pg :
		   sql->sqlite, what);
}

void pd_q_once(struct pd_q *q)
{
	q->once = 1;
}

static struct pd_param *param(struct pd_q *q, enum pd_param_type type)
{
	/* more than its room is a programming error: the statement then
	 * fails for want of its last parameters, and the tests catch it */
	static struct pd_param spare;

	if (q->n == q->room)
		return &spare;
	q->p[q->n].type = type;
	return &q->p[q->n++];
}

void pd_q_text(struct pd_q *q, const char *v)
{
	if (!v)
		pd_q_null(q);
	else
		param(q, PD_PARAM_TEXT)->s = v;
}

void pd_q_int(struct pd_q *q, long long v)
{
	param(q, PD_PARAM_INT)->i = v;
}

void pd_q_double(struct pd_q *q, double v)
{
	param(q, PD_PARAM_DOUBLE)->d = v;
}

void pd_q_blob(struct pd_q *q, const void *v, size_t n)
{
	struct pd_param *p = param(q, PD_PARAM_BLOB);

	p->s = v;
	p->n = n;
}

void pd_q_null(struct pd_q *q)
{
	param(q, PD_PARAM_NULL);
}

int pd_q_step(struct pd_q *q, struct pd_diag *diag)
{
	return q->s->drv->step(q, diag);
}

void pd_q_end(struct pd_q *q)
{
	q->s->drv->end(q);
	if (q->p != q->own) {
		free(q->p);
		q->p = q->own;
		q->room = PD_Q_PARAMS;
	}
}

const char *pd_q_col(const struct pd_q *q, int c)
{
	return q->s->drv->text(q, c);
}

int pd_q_columns(const struct pd_q *q)
{
	return q->s->drv->columns(q);
}

const char *pd_q_str(const struct pd_q *q, int c)
{
	const char *t = q->s->drv->text(q, c);

	return t ? t : "";
}

long pd_q_long(const struct pd_q *q, int c)
{
	return (long)q->s->drv->integer(q, c);
}

double pd_q_real(const struct pd_q *q, int c)
{
	return q->s->drv->real(q, c);
}

size_t pd_q_bytes(const struct pd_q *q, int c, unsigned char *out,
		  size_t size)
{
	return q->s->drv->blob(q, c, out, size);
}

void pd_q_copy(char *dst, size_t size, const struct pd_q *q, int c)
{
	snprintf(dst, size, "%s", pd_q_str(q, c));
}

void pd_q_read(const struct pd_q *q, const struct pd_q_col *cols, size_t n,
	       void *rec, size_t size)
{
	char *base = rec;
	int c;

	memset(rec, 0, size);
	for (c = 0; (size_t)c < n; c++) {
		char *f = base + cols[c].off;

		switch (cols[c].kind) {
		case PD_Q_KIND_TEXT:
			pd_q_copy(f, cols[c].size, q, c);
			break;
		case PD_Q_KIND_INT:
			*(int *)(void *)f = (int)pd_q_long(q, c);
			break;
		case PD_Q_KIND_LONG:
			*(long *)(void *)f = pd_q_long(q, c);
			break;
		}
	}
}

char *pd_q_dup(const struct pd_q *q, int c)
{
	return strdup(pd_q_str(q, c));
}

int pd_q_run(struct pd_q *q, long *changed, struct pd_diag *diag)
{
	int ret;

	while ((ret = pd_q_step(q, diag)) == 1)
		;
	if (ret == 0 && changed)
		*changed = q->changes;
	pd_q_end(q);
	return ret;
}

int pd_q_later(struct pd_q *q, struct pd_diag *diag)
{
	int ret;

	if (!q->s->drv->later || q->once)
		return pd_q_run(q, NULL, diag);
	ret = q->s->drv->later(q, diag);
	pd_q_end(q);
	return ret;
}

int pd_q_change(struct pd_q *q, struct pd_diag *diag, const char *fmt, ...)
{
	va_list ap;
	long changed = 0;
	int ret;

	if ((ret = pd_q_run(q, &changed, diag)) < 0 || changed > 0)
		return ret;
	va_start(ap, fmt);
	ret = pd_diag_vset(diag, PD_ENOTFOUND, NULL, 0, fmt, ap);
	va_end(ap);
	return ret;
}

int pd_q_insert(struct pd_q *q, long *id, struct pd_diag *diag)
{
	int ret = pd_q_step(q, diag);

	if (ret == 1)
		*id = pd_q_long(q, 0);
	else if (ret == 0)
		*id = (long)q->id;
	pd_q_end(q);
	return ret < 0 ? ret : 0;
}

int pd_q_each(struct pd_q *q, pd_q_row_fn *fn, void *arg,
	      struct pd_diag *diag)
{
	int ret;

	while ((ret = pd_q_step(q, diag)) == 1)
		if ((ret = fn(q, arg)) != 0)
			break;
	pd_q_end(q);
	return ret;
}

int pd_q_one_long(struct pd_q *q, long *v, struct pd_diag *diag)
{
	int ret = pd_q_step(q, diag);

	if (ret == 1)
		*v = pd_q_long(q, 0);
	pd_q_end(q);
	return ret;
}

int pd_q_exec(struct pd_store *s, const struct pd_sql *sql, const char *what,
	      struct pd_diag *diag)
{
	struct pd_q q;

	pd_q_start_sql(&q, s, sql, what);
	return q.sql ? pd_q_run(&q, NULL, diag) : 0;
}

static int add_string(const struct pd_q *q, void *arg)
{
	return pd_strings_add(arg, pd_q_str(q, 0));
}

int pd_q_strings(struct pd_q *q, struct pd_strings *out,
		 struct pd_diag *diag)
{
	int ret;

	pd_strings_init(out);
	if ((ret = pd_q_each(q, add_string, out, diag)) < 0)
		pd_strings_release(out);
	return ret;
}
