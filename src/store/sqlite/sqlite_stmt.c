/* sqlite_stmt.c -- the statement helpers every file of the SQLite
 * backend uses: prepare (in SQLite's dialect of the shared SQL), the
 * per-connection statement cache, step to the end, and
 * a failure as a store error.  sqlite.c (opening, migrating, the table
 * of what the backend does on its own), the driver (sqlite_driver.c), the
 * bulk commit's check (sqlite_fk.c) and the copies (sqlite_tables.c)
 * stand on this one. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "sqlite_int.h"

int pd_sqlite_fail(struct pd_sqlite *s, struct pd_diag *diag, const char *what)
{
	return pd_diag_set(diag, PD_ESTORE, s->path, 0, "%s: %s", what,
			   sqlite3_errmsg(s->db));
}

int pd_sqlite_read_end(struct pd_sqlite *s, sqlite3_stmt *st, int ret,
		       int rc, const char *what, struct pd_diag *diag)
{
	if (ret == 0 && rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, what);
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_cached_end(struct pd_sqlite *s, sqlite3_stmt *st, int ret,
			 int rc, const char *what, struct pd_diag *diag)
{
	if (ret == 0 && rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, what);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

/* sql with PostgreSQL's parameters ($1) as SQLite's (?1), into a copy
 * (NULL when out of memory): the text both backends share (../sql.c) is
 * written in PostgreSQL's form, SQLite's own statements in either.  A '$'
 * inside a quoted string is left as it is. */
static char *dialect(const char *sql)
{
	char *t = strdup(sql), *p;
	int quoted = 0;

	for (p = t; p && *p; p++) {
		if (*p == '\'')
			quoted = !quoted;
		else if (!quoted && *p == '$' && p[1] >= '0' && p[1] <= '9')
			*p = '?';
	}
	return t;
}

/* sqlite3_prepare_v3 of sql in SQLite's dialect. */
static int prepare(struct pd_sqlite *s, sqlite3_stmt **st, const char *sql,
		   unsigned flags)
{
	char *t = strchr(sql, '$') ? dialect(sql) : NULL;
	int rc;

	if (!t && strchr(sql, '$'))
		return SQLITE_NOMEM;
	rc = sqlite3_prepare_v3(s->db, t ? t : sql, -1, flags, st, NULL);
	free(t);
	return rc;
}

int pd_sqlite_prepare(struct pd_sqlite *s, sqlite3_stmt **st, const char *sql,
		      struct pd_diag *diag)
{
	if (prepare(s, st, sql, 0) != SQLITE_OK)
		return pd_sqlite_fail(s, diag, "prepare");
	return 0;
}

int pd_sqlite_cached(struct pd_sqlite *s, sqlite3_stmt **st, const char *sql,
		     struct pd_diag *diag)
{
	size_t h = (size_t)((uintptr_t)sql >> 3) % PD_STMT_CACHE, i = h, k;

	/* open addressing by the text's address: every statement of the
	 * operations is kept, and each is found in a probe or two */
	for (k = 0; k < PD_STMT_CACHE && s->cache[i].sql;
	     k++, i = (h + k) % PD_STMT_CACHE) {
		if (s->cache[i].sql == sql) {
			*st = s->cache[i].st;
			return 0;
		}
	}
	if (k == PD_STMT_CACHE)
		/* more cached statements than PD_STMT_CACHE is a
		 * programming error, and the tests would catch it */
		return pd_diag_set(diag, PD_ESTORE, s->path, 0, "statement "
				   "cache full");
	if (prepare(s, st, sql, SQLITE_PREPARE_PERSISTENT) != SQLITE_OK)
		return pd_sqlite_fail(s, diag, "prepare");
	s->cache[i].sql = sql;
	s->cache[i].st = *st;
	return 0;
}

int pd_sqlite_exec(struct pd_sqlite *s, const char *sql, struct pd_diag *diag)
{
	char *err = NULL;

	if (sqlite3_exec(s->db, sql, NULL, NULL, &err) != SQLITE_OK) {
		pd_diag_set(diag, PD_ESTORE, s->path, 0, "%s",
			    err ? err : sqlite3_errmsg(s->db));
		sqlite3_free(err);
		return PD_ESTORE;
	}
	return 0;
}
