/* pg_entries.c -- the start lists in the PostgreSQL store (event.h): an
 * event's list replaced whole; read through the figures (sql.c). */
#include <string.h>

#include "podium/event.h"
#include "../sql.h"
#include "pg_int.h"

int pg_entries_replace(struct pd_store *s, long event, const char *source,
		       const long *athletes, size_t n, struct pd_diag *diag)
{
	struct pd_pg_params p;
	size_t i;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, event);
	ret = pd_pg_query(PG(s), pd_sql_entries_clear, &p, NULL,
			  "replace the start list", diag);
	for (i = 0; i < n && ret == 0; i++) {
		pd_pg_params_init(&p);
		pd_pg_long(&p, event);
		pd_pg_long(&p, athletes[i]);
		pd_pg_text(&p, source);
		pd_pg_long(&p, PG(s)->version);
		ret = pd_pg_query(PG(s), pd_sql_entries_add, &p, NULL,
				  "write an entry", diag);
		if (ret == PD_ESTORE && diag && strstr(diag->msg,
						       "foreign key"))
			ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no "
					  "athlete %ld or event %ld in the "
					  "store", athletes[i], event);
	}
	return ret;
}
