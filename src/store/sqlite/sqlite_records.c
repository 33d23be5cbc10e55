/* sqlite_records.c -- records in the SQLite store (record.h): each one
 * kept, the one in force replaced by a better one. */
#include <stdio.h>
#include <string.h>

#include "podium/record.h"
#include "sqlite_int.h"

static void bind_key(sqlite3_stmt *st, const struct pd_record *r)
{
	sqlite3_bind_text(st, 1, r->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, r->sport, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, r->event, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, r->gender ? r->gender : "", -1,
			  SQLITE_STATIC);
	sqlite3_bind_text(st, 5, r->sport_class ? r->sport_class : "", -1,
			  SQLITE_STATIC);
}

int pd_sqlite_record_add(struct pd_store *store, const struct pd_record *r,
			 long *id, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO records (kind, "
			"sport, event, gender, sport_class, mark, value, "
			"lower_better, holder, npc, date, games) VALUES (?1, ?2, "
			"?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)", diag)) < 0)
		return ret;
	bind_key(st, r);
	sqlite3_bind_text(st, 6, r->mark, -1, SQLITE_STATIC);
	sqlite3_bind_double(st, 7, r->value);
	sqlite3_bind_int(st, 8, r->lower_better != 0);
	sqlite3_bind_text(st, 9, r->holder, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 10, r->npc, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 11, r->date ? r->date : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 12, r->games ? r->games : "", -1,
			  SQLITE_STATIC);
	ret = pd_sqlite_write_end(s, st, "add the record", diag);
	if (ret < 0)
		return ret;
	*id = (long)sqlite3_last_insert_rowid(s->db);
	if ((ret = pd_sqlite_prepare(s, &st, "UPDATE records SET replaced_by "
			"= ?6 WHERE kind = ?1 AND sport = ?2 AND event = ?3 AND "
			"gender = ?4 AND sport_class = ?5 AND replaced_by IS "
			"NULL AND id <> ?6", diag)) < 0)
		return ret;
	bind_key(st, r);
	sqlite3_bind_int64(st, 6, *id);
	return pd_sqlite_write_end(s, st, "replace the record in force", diag);
}

static const char records_sql[] =
	"SELECT id, kind, sport, event, "
	"gender, sport_class, mark, value, lower_better, holder, "
	"npc, date, games, coalesce(replaced_by, 0) FROM records "
	"WHERE ?1 IS NULL OR sport = ?1 ORDER BY sport, event, "
	"gender, sport_class, kind, id";

int pd_sqlite_records(struct pd_store *store, const char *sport,
		      pd_record_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_record r;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_cached(s, &st, records_sql, diag)) < 0)
		return ret;
	if (sport)
		sqlite3_bind_text(st, 1, sport, -1, SQLITE_STATIC);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&r, 0, sizeof(r));
		r.id = (long)sqlite3_column_int64(st, 0);
		r.kind = pd_sqlite_text(st, 1);
		r.sport = pd_sqlite_text(st, 2);
		r.event = pd_sqlite_text(st, 3);
		r.gender = pd_sqlite_text(st, 4);
		r.sport_class = pd_sqlite_text(st, 5);
		r.mark = pd_sqlite_text(st, 6);
		r.value = sqlite3_column_double(st, 7);
		r.lower_better = sqlite3_column_int(st, 8);
		r.holder = pd_sqlite_text(st, 9);
		snprintf(r.npc, sizeof(r.npc), "%s", pd_sqlite_text(st, 10));
		r.date = pd_sqlite_text(st, 11);
		r.games = pd_sqlite_text(st, 12);
		r.replaced_by = (long)sqlite3_column_int64(st, 13);
		ret = fn(&r, arg);
	}
	return pd_sqlite_cached_end(s, st, ret, rc, "list the records", diag);
}
