/* sqlite_entries.c -- the start lists in the SQLite store (event.h): an
 * event's list replaced whole; read through the figures (sql.c). */
#include <string.h>

#include "podium/event.h"
#include "../sql.h"
#include "sqlite_int.h"

int pd_sqlite_entries_replace(struct pd_store *store, long event,
			      const char *source, const long *athletes,
			      size_t n, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	size_t i;
	int ret, rc;

	if ((ret = pd_sqlite_cached(s, &st, pd_sql_entries_clear, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, event);
	ret = pd_sqlite_run(s, st, "replace the start list", diag);
	for (i = 0; i < n && ret == 0; i++) {
		if ((ret = pd_sqlite_cached(s, &st, pd_sql_entries_add,
					    diag)) < 0)
			break;
		sqlite3_bind_int64(st, 1, event);
		sqlite3_bind_int64(st, 2, athletes[i]);
		sqlite3_bind_text(st, 3, source, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 4, s->version);
		rc = sqlite3_step(st);
		if (rc == SQLITE_CONSTRAINT)
			ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no "
					  "athlete %ld or event %ld in the "
					  "store", athletes[i], event);
		else if (rc != SQLITE_DONE)
			ret = pd_sqlite_fail(s, diag, "write an entry");
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
	}
	return ret;
}
