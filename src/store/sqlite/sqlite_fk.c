/* sqlite_fk.c -- the foreign-key check at the end of a bulk transaction.
 *
 * A bulk transaction writes with the foreign keys off (sqlite.c) and must
 * prove before its commit what they would have refused.  PRAGMA
 * foreign_key_check proves it with one B-tree probe of the parent for
 * every reference: 1.2 million for athlete_events.csv, 16% of the import.
 * The same guarantee holds more cheaply for the keys that name a parent's
 * INTEGER PRIMARY KEY when the parent's ids are dense (count = max - min
 * + 1): every id in [min, max] is then a row, so a child value breaks
 * nothing exactly when it is NULL or an integer within [min, max], which
 * one scan of the child column (its index, where it has one) answers
 * with no probe.  A key naming a TEXT primary key from a TEXT column of
 * the same collation (an NPC's or a Games' code, a few hundred rows) is
 * checked by one join, which compares as the foreign key does.  A table
 * any of whose keys is neither, or breaks either test, or whose query
 * fails, goes through the pragma, which names the row: the shortcuts
 * only ever conclude that nothing is broken.  athlete_events.csv's
 * check: 0.17-0.18 s -> 0.10-0.12 s. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "sqlite_int.h"

/* Each single-column key (n = 1; n > 1 for a key of several columns),
 * by child table. */
static const char keys_sql[] =
	"SELECT m.name, count(*), f.\"table\", f.\"from\", f.\"to\" "
	"FROM sqlite_schema m, pragma_foreign_key_list(m.name) f "
	"WHERE m.type = 'table' GROUP BY m.name, f.id ORDER BY m.name, f.id";

/* The one integer sql (made by sqlite3_mprintf, freed here) gives, in
 * *v (left as it was when sql gives no row); 0, or PD_ESTORE with diag
 * filled. */
static int one_int(struct pd_sqlite *s, char *sql, sqlite3_int64 *v,
		   struct pd_diag *diag)
{
	sqlite3_stmt *st;
	int ret, rc;

	if (!sql)
		return pd_diag_set(diag, PD_ENOMEM, s->path, 0,
				   "out of memory");
	if ((ret = pd_sqlite_prepare(s, &st, sql, diag)) == 0) {
		if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			*v = sqlite3_column_int64(st, 0);
			rc = SQLITE_DONE;
		}
		ret = pd_sqlite_read_end(s, st, 0, rc, "check the foreign keys",
					 diag);
	}
	sqlite3_free(sql);
	return ret;
}

/* Whether column of table is its only primary-key column. */
static int sole_key(struct pd_sqlite *s, const char *table, const char *col,
		    const char **type, const char **coll)
{
	int notnull, pk, autoinc;
	sqlite3_int64 n = 0;

	if (sqlite3_table_column_metadata(s->db, "main", table, col, type, coll,
					  &notnull, &pk, &autoinc) != SQLITE_OK ||
	    !pk)
		return 0;
	return one_int(s, sqlite3_mprintf("SELECT count(*) FROM pragma_table_"
					   "info(%Q) WHERE pk > 0", table),
		       &n, NULL) == 0 && n == 1;
}

/* Whether col, the primary key of parent, is its rowid (an INTEGER
 * PRIMARY KEY of a rowid table: no index of its own holds the key), its
 * ids dense, and every value of child.from NULL or an integer among
 * them. */
static int dense_ids_hold(struct pd_sqlite *s, const char *child,
			  const char *from, const char *parent, const char *to)
{
	sqlite3_int64 n = 1, lo = 0, hi = 0, bad = 1;

	if (one_int(s, sqlite3_mprintf("SELECT count(*) FROM pragma_index_"
				       "list(%Q) WHERE origin = 'pk'", parent),
		    &n, NULL) < 0 || n != 0 ||
	    one_int(s, sqlite3_mprintf("SELECT count(*) FROM \"%w\"", parent),
		    &n, NULL) < 0 ||
	    one_int(s, sqlite3_mprintf("SELECT min(\"%w\") FROM \"%w\"", to,
				       parent), &lo, NULL) < 0 ||
	    one_int(s, sqlite3_mprintf("SELECT max(\"%w\") FROM \"%w\"", to,
				       parent), &hi, NULL) < 0)
		return 0;
	if (n == 0) {
		/* no parent: every value must be NULL */
		lo = 1;
		hi = 0;
	} else if (hi - lo + 1 != n) {
		return 0;
	}
	return one_int(s, sqlite3_mprintf("SELECT EXISTS (SELECT 1 FROM \"%w\" "
					  "WHERE \"%w\" IS NOT NULL AND NOT ("
					  "typeof(\"%w\") = 'integer' AND \"%w\" "
					  "BETWEEN %lld AND %lld))", child, from,
					  from, from, (long long)lo,
					  (long long)hi), &bad, NULL) == 0 &&
	       bad == 0;
}

/* Whether every value of child.from is NULL or a row of parent.to. */
static int text_keys_hold(struct pd_sqlite *s, const char *child,
			  const char *from, const char *parent, const char *to)
{
	sqlite3_int64 bad = 1;

	/* a join probes the parent's index more cheaply than a NOT EXISTS
	 * per row (0.033 s against 0.043 s for 190,004 results' NPCs);
	 * p.to IS NULL only where nothing matched, since = never matches
	 * NULL */
	return one_int(s, sqlite3_mprintf("SELECT EXISTS (SELECT 1 FROM \"%w\" "
					  "c LEFT JOIN \"%w\" p ON p.\"%w\" = "
					  "c.\"%w\" WHERE c.\"%w\" IS NOT NULL "
					  "AND p.\"%w\" IS NULL)", child, parent,
					  to, from, from, to), &bad, NULL) == 0 &&
	       bad == 0;
}

/* Whether the key child.from -> parent.to provably holds without the
 * pragma: 1, or 0 when the pragma must decide. */
static int key_holds(struct pd_sqlite *s, const char *child, const char *from,
		     const char *parent, const char *to)
{
	const char *ptype, *pcoll, *ctype, *ccoll;
	int notnull, pk, autoinc;

	if (!to || !sole_key(s, parent, to, &ptype, &pcoll))
		return 0;
	if (ptype && strcasecmp(ptype, "INTEGER") == 0)
		return dense_ids_hold(s, child, from, parent, to);
	if (sqlite3_table_column_metadata(s->db, "main", child, from, &ctype,
					  &ccoll, &notnull, &pk, &autoinc) !=
	    SQLITE_OK)
		return 0;
	if (ptype && ctype && strcasecmp(ptype, "TEXT") == 0 &&
	    strcasecmp(ctype, "TEXT") == 0 && pcoll && ccoll &&
	    strcasecmp(pcoll, ccoll) == 0)
		return text_keys_hold(s, child, from, parent, to);
	return 0;
}

/* The first row of table that breaks a foreign key, in diag: PD_ESTORE,
 * or 0 when none does. */
static int table_check(struct pd_sqlite *s, const char *table,
		       struct pd_diag *diag)
{
	sqlite3_stmt *st;
	char *sql;
	int ret, rc;

	if (!(sql = sqlite3_mprintf("PRAGMA foreign_key_check(%Q)", table)))
		return pd_diag_set(diag, PD_ENOMEM, s->path, 0,
				   "out of memory");
	ret = pd_sqlite_prepare(s, &st, sql, diag);
	sqlite3_free(sql);
	if (ret < 0)
		return ret;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		ret = pd_diag_set(diag, PD_ESTORE, s->path, 0, "FOREIGN KEY "
				  "constraint failed: %s row %lld names no "
				  "row of %s", sqlite3_column_text(st, 0),
				  (long long)sqlite3_column_int64(st, 1),
				  sqlite3_column_text(st, 2));
	else if (rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "check the foreign keys");
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_fk_check(struct pd_sqlite *s, struct pd_diag *diag)
{
	sqlite3_stmt *st;
	char *table = NULL;
	int ret, rc = SQLITE_DONE, held = 1;

	if ((ret = pd_sqlite_prepare(s, &st, keys_sql, diag)) < 0)
		return ret;
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(st, 0);

		if (!table || strcmp(t, table) != 0) {
			if (!held)
				ret = table_check(s, table, diag);
			sqlite3_free(table);
			table = NULL;
			held = 1;
			if (ret == 0 && !(table = sqlite3_mprintf("%s", t)))
				ret = pd_diag_set(diag, PD_ENOMEM, s->path, 0,
						  "out of memory");
		}
		if (ret == 0 && held)
			held = sqlite3_column_int(st, 1) == 1 &&
			       key_holds(s, t, (const char *)
					 sqlite3_column_text(st, 3),
					 (const char *)sqlite3_column_text(st, 2),
					 (const char *)sqlite3_column_text(st, 4));
	}
	if (ret == 0 && !held)
		ret = table_check(s, table, diag);
	sqlite3_free(table);
	return pd_sqlite_read_end(s, st, ret, ret == 0 ? rc : SQLITE_DONE,
				  "check the foreign keys", diag);
}
