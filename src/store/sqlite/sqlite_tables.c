/* sqlite_tables.c -- whole tables as text, for a copy between stores
 * (podium migrate): the columns as the schema declares them, every row
 * in the order of all its columns (the same order PostgreSQL gives: the
 * copy is compared row for row), numbers in full (a REAL with 17
 * significant digits, which reads back as the same double), a BLOB as
 * hexadecimal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/buf.h"
#include "../sql.h"
#include "sqlite_int.h"

/* The table's columns, joined by ',', and which are BLOBs. */
static int columns(struct pd_sqlite *s, const char *table, struct pd_buf *b,
		   unsigned long long *blobs, int *n, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	char sql[128];
	int ret, rc;

	*blobs = 0;
	*n = 0;
	snprintf(sql, sizeof(sql), "PRAGMA table_info(%s)", table);
	if ((ret = pd_sqlite_prepare(s, &st, sql, diag)) < 0)
		return ret;
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *type = (const char *)sqlite3_column_text(st, 2);

		if (type && !strcmp(type, "BLOB") && *n < 64)
			*blobs |= 1ULL << *n;
		ret = pd_buf_addf(b, "%s%s", *n ? "," : "",
				  sqlite3_column_text(st, 1));
		(*n)++;
	}
	sqlite3_finalize(st);
	if (ret == 0 && *n == 0)
		ret = pd_diag_set(diag, PD_ESTORE, s->path, 0, "no table %s",
				  table);
	return ret;
}

int pd_sqlite_table_rows(struct pd_store *store, const char *table,
			 char **cols, pd_store_row_fn fn, void *arg,
			 struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_buf names = PD_BUF_INIT, sql = PD_BUF_INIT;
	struct pd_buf vals = PD_BUF_INIT;
	unsigned long long blobs;
	sqlite3_stmt *st = NULL;
	const char **col = NULL;
	size_t *off = NULL;
	int ret, rc, n, i;

	if ((ret = columns(s, table, &names, &blobs, &n, diag)) < 0 ||
	    (ret = pd_sql_table_rows(&sql, names.data, table, n)) < 0 ||
	    (ret = pd_sqlite_prepare(s, &st, sql.data, diag)) < 0)
		goto cleanup;
	if (!(col = calloc((size_t)n, sizeof(*col))) ||
	    !(off = calloc((size_t)n, sizeof(*off))) ||
	    (cols && !(*cols = strdup(names.data)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		pd_buf_reset(&vals);
		for (i = 0; i < n && ret == 0; i++) {
			int type = sqlite3_column_type(st, i);
			const unsigned char *p;
			int k, len;

			off[i] = vals.len;
			if (type == SQLITE_NULL) {
				off[i] = (size_t)-1;
				continue;
			}
			if (type == SQLITE_FLOAT) {
				ret = pd_buf_addf(&vals, "%.17g",
						  sqlite3_column_double(st, i));
			} else if (type == SQLITE_BLOB) {
				p = sqlite3_column_blob(st, i);
				len = sqlite3_column_bytes(st, i);
				for (k = 0; k < len && ret == 0; k++)
					ret = pd_buf_addf(&vals, "%02x", p[k]);
			} else {
				ret = pd_buf_adds(&vals, (const char *)
						  sqlite3_column_text(st, i));
			}
			if (ret == 0)
				ret = pd_buf_addc(&vals, '\0');
		}
		for (i = 0; i < n && ret == 0; i++)
			col[i] = off[i] == (size_t)-1 ? NULL :
				 vals.data + off[i];
		if (ret == 0)
			ret = fn(col, n, arg);
	}
	if (ret == 0 && rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "read a table");
cleanup:
	sqlite3_finalize(st);
	free(col);
	free(off);
	pd_buf_release(&names);
	pd_buf_release(&sql);
	pd_buf_release(&vals);
	return ret;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
	       c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* One statement per table, kept while a copy fills that table. */
int pd_sqlite_table_insert(struct pd_store *store, const char *table,
			   const char *cols, const char *const *col, int n,
			   struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_buf sql, names;
	unsigned long long blobs = 0;
	int ret = 0, i, m;

	if (!s->ins_st || strcmp(s->ins_table, table)) {
		sqlite3_finalize(s->ins_st);
		s->ins_st = NULL;
		pd_buf_init(&sql, 0);
		pd_buf_init(&names, 0);
		if ((ret = columns(s, table, &names, &blobs, &m, diag)) == 0)
			ret = pd_buf_addf(&sql, "INSERT INTO %s (%s) VALUES (",
					  table, cols);
		for (i = 0; i < n && ret == 0; i++)
			ret = pd_buf_addf(&sql, "%s?%d", i ? ", " : "", i + 1);
		if (ret == 0 && (ret = pd_buf_adds(&sql, ")")) == 0 &&
		    (ret = pd_sqlite_prepare(s, &s->ins_st, sql.data,
					     diag)) == 0) {
			snprintf(s->ins_table, sizeof(s->ins_table), "%s",
				 table);
			s->ins_blobs = blobs;
		}
		pd_buf_release(&sql);
		pd_buf_release(&names);
		if (ret < 0)
			return ret;
	}
	for (i = 0; i < n; i++) {
		if (!col[i]) {
			sqlite3_bind_null(s->ins_st, i + 1);
		} else if (i < 64 && (s->ins_blobs >> i & 1)) {
			size_t len = strlen(col[i]) / 2, k;
			unsigned char *b = malloc(len ? len : 1);

			if (!b)
				return PD_ENOMEM;
			for (k = 0; k < len; k++)
				b[k] = (unsigned char)(hexval(col[i][2 * k]) << 4 |
						       hexval(col[i][2 * k + 1]));
			sqlite3_bind_blob(s->ins_st, i + 1, b, (int)len, free);
		} else {
			sqlite3_bind_text(s->ins_st, i + 1, col[i], -1,
					  SQLITE_STATIC);
		}
	}
	if (sqlite3_step(s->ins_st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "copy a row");
	sqlite3_reset(s->ins_st);
	sqlite3_clear_bindings(s->ins_st);
	return ret;
}

int pd_sqlite_table_done(struct pd_store *store, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);

	(void)diag;
	sqlite3_finalize(s->ins_st);
	s->ins_st = NULL;
	s->ins_table[0] = '\0';
	return 0;
}
