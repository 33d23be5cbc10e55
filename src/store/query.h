/* query.h -- how an operation runs a statement through its store's
 * driver (driver.h), whatever the backend: start it, give its
 * parameters in order ($1, $2, ...), step, read columns, end.
 *
 *	struct pd_q q;
 *
 *	pd_q_start(&q, s, sql, "list the tokens");
 *	pd_q_int(&q, all != 0);
 *	while ((ret = pd_q_step(&q, diag)) == 1)
 *		...pd_q_str(&q, 0)...
 *	pd_q_end(&q);
 *
 * Text and blob parameters are borrowed until the end.  A column's text
 * is the driver's, valid until the next step or the end. */
#ifndef PODIUM_STORE_QUERY_H
#define PODIUM_STORE_QUERY_H

#include <stddef.h>

#include "backend.h"
#include "driver.h"
#include "podium/buf.h"
#include "podium/store.h"

void pd_q_start(struct pd_q *q, struct pd_store *s, const char *sql,
		const char *what);
/* the text of s's dialect */
void pd_q_start_sql(struct pd_q *q, struct pd_store *s,
		    const struct pd_sql *sql, const char *what);
/* sql built for this run alone: not kept by the driver */
void pd_q_once(struct pd_q *q);
int pd_q_dialect(const struct pd_store *s);

/* room for n parameters (PD_Q_PARAMS without it: a multi-row insert
 * needs more), until the end: 0 or PD_ENOMEM */
int pd_q_room(struct pd_q *q, int n);
/* A multi-row INSERT: head, then rows of cols parameters numbered from
 * $1 ("($1, $2), ($3, $4)"), then tail (may be NULL).  Its texts of
 * PD_Q_ROWS rows, 16, 4 and one are built at their first use and kept, a
 * static struct's, as the drivers want them. */
#define PD_Q_ROWS 128
struct pd_q_rows {
	const char *head;
	int cols;
	const char *tail;
	const char *text[4];	/* built: of PD_Q_ROWS rows, 16, 4, 1 */
};
/* the text of r with rows rows (PD_Q_ROWS, 16, 4 or 1); NULL on no
 * memory */
const char *pd_q_rows_sql(struct pd_q_rows *r, int rows);
/* row i of a multi-row insert's rows given as q's next parameters */
typedef void pd_q_bind_fn(struct pd_q *q, size_t i, const void *arg);
/* Rows 0..n through r: PD_Q_ROWS a statement while that many are left,
 * then 16, 4, then one; each statement costs a round trip to
 * PostgreSQL and a start and an end in SQLite whatever it writes.  0 or
 * the first error (naming what). */
int pd_q_insert_rows(struct pd_store *s, struct pd_q_rows *r, size_t n,
		     pd_q_bind_fn *bind, const void *arg, const char *what,
		     struct pd_diag *diag);
/* r, or in SQLite's bulk transaction (pd_store.bulk) fail, its
 * INSERT OR FAIL form: a statement that may abort half-way keeps a
 * statement journal (a copy of every page it changes that was there
 * before it) to undo itself alone; one that fails instead needs none,
 * and a failure there rolls the whole transaction back. */
struct pd_q_rows *pd_q_bulk(const struct pd_store *s, struct pd_q_rows *r,
			     struct pd_q_rows *fail);

void pd_q_text(struct pd_q *q, const char *v);	/* NULL: SQL NULL */
void pd_q_int(struct pd_q *q, long long v);
void pd_q_double(struct pd_q *q, double v);
void pd_q_blob(struct pd_q *q, const void *v, size_t n);
void pd_q_null(struct pd_q *q);

/* 1 a row, 0 the end, or the error (driver.h) */
int pd_q_step(struct pd_q *q, struct pd_diag *diag);
void pd_q_end(struct pd_q *q);
/* Run q, a write whose answer (rows, changes) nobody reads, now or with
 * the next statement (driver.h), and end it: 0 or the error (of this
 * statement, or of one kept before it). */
int pd_q_later(struct pd_q *q, struct pd_diag *diag);

/* column c: NULL for SQL NULL; "" for it; as numbers (0 for NULL) */
const char *pd_q_col(const struct pd_q *q, int c);
int pd_q_columns(const struct pd_q *q);
const char *pd_q_str(const struct pd_q *q, int c);
long pd_q_long(const struct pd_q *q, int c);
double pd_q_real(const struct pd_q *q, int c);
size_t pd_q_bytes(const struct pd_q *q, int c, unsigned char *out,
		  size_t size);
/* column c ("" for NULL) into dst[0..size), cut to fit */
void pd_q_copy(char *dst, size_t size, const struct pd_q *q, int c);
/* a malloc'd copy of column c ("" for NULL); NULL on no memory */
char *pd_q_dup(const struct pd_q *q, int c);

/* A row read into a struct through a table of its fields, column i
 * into cols[i] (the SELECT's order), instead of a line a column in each
 * operation:
 *
 *	static const struct pd_q_col cols[] = {
 *		PD_Q_LONG(struct pd_match, id),
 *		PD_Q_TEXT(struct pd_match, pool),
 *	};
 *	PD_Q_READ(q, cols, &m);
 *
 * rec is cleared first (size bytes); a text column is cut to its
 * field's size ("" for NULL), a number is 0 for NULL. */
enum pd_q_kind { PD_Q_KIND_LONG, PD_Q_KIND_INT, PD_Q_KIND_TEXT };
struct pd_q_col {
	enum pd_q_kind kind;
	size_t off, size;
};
#define PD_Q_COL_(kind, type, field) \
	{ kind, offsetof(type, field), sizeof(((type *)0)->field) }
#define PD_Q_LONG(type, field) PD_Q_COL_(PD_Q_KIND_LONG, type, field)
#define PD_Q_INT(type, field) PD_Q_COL_(PD_Q_KIND_INT, type, field)
#define PD_Q_TEXT(type, field) PD_Q_COL_(PD_Q_KIND_TEXT, type, field)
void pd_q_read(const struct pd_q *q, const struct pd_q_col *cols, size_t n,
	       void *rec, size_t size);
#define PD_Q_READ(q, cols, rec) \
	pd_q_read(q, cols, sizeof(cols) / sizeof((cols)[0]), rec, \
		  sizeof(*(rec)))

/* A write: q run to its end, then ended; 0 or the error.  *changed
 * (when not NULL) receives the rows it wrote. */
int pd_q_run(struct pd_q *q, long *changed, struct pd_diag *diag);
/* A write that must change a row: pd_q_run(), then PD_ENOTFOUND with
 * the message fmt says (a 'no such thing') when it changed none. */
int pd_q_change(struct pd_q *q, struct pd_diag *diag, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* An INSERT whose new row's id is wanted: the statement's text names it
 * with RETURNING id for PostgreSQL and leaves it out for SQLite (which
 * would run RETURNING through a temporary table, row after row); *id
 * receives it. */
int pd_q_insert(struct pd_q *q, long *id, struct pd_diag *diag);
/* Such an INSERT's two texts (struct pd_sql), from the one statement:
 * static const struct pd_sql add = PD_SQL_RETURNING_ID("INSERT ..."); */
#define PD_SQL_RETURNING_ID(insert) { insert, insert " RETURNING id" }
/* Each row of q handed to fn until it returns non-zero (that value is
 * returned), then q ended: 0, fn's value, or the error. */
typedef int pd_q_row_fn(const struct pd_q *q, void *arg);
int pd_q_each(struct pd_q *q, pd_q_row_fn *fn, void *arg,
	      struct pd_diag *diag);
/* Column 0 of the first row as a long into *v (left as it is when there
 * is no row): 1 a row, 0 none, or the error. */
int pd_q_one_long(struct pd_q *q, long *v, struct pd_diag *diag);
/* A statement of one dialect only (the other's text NULL: nothing to
 * do there), with no parameters: 0 or the error. */
int pd_q_exec(struct pd_store *s, const struct pd_sql *sql, const char *what,
	      struct pd_diag *diag);
/* Column 0 of every row into *out (released on failure). */
int pd_q_strings(struct pd_q *q, struct pd_strings *out,
		 struct pd_diag *diag);

#endif
