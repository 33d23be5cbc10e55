/* pg_results.c -- events, and medals as results, in the PostgreSQL
 * store.  Medals are never stored: each read loads the results valid at
 * the asked version and lets src/core decide the medals. */
#include <stdlib.h>
#include <string.h>

#include "podium/results.h"
#include "../ops.h"
#include "../sql.h"
#include "pg_int.h"

static int close_source(struct pd_pg *pg, const char *games,
			const char *source, struct pd_diag *diag)
{
	static const char sql[] = "UPDATE results SET until = $3 WHERE "
		"source = $2 AND until IS NULL AND event_id IN (SELECT id "
		"FROM events WHERE games = $1)";
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	pd_pg_text(&p, source);
	pd_pg_long(&p, pg->base.version);
	return pd_pg_query(pg, sql, &p, NULL, "replace the medals", diag);
}

/* Whether two medals name the same event (rows of one event come
 * together in every medals file seen, so one comparison saves most
 * look-ups). */
static int same_event(const struct pd_medal_rec *a,
		      const struct pd_medal_rec *b)
{
	return !strcmp(a->sport, b->sport) && !strcmp(a->event, b->event) &&
	       !strcmp(a->gender, b->gender);
}

int pg_medals_replace(struct pd_store *s, const char *games,
		      const char *source, const struct pd_medal_rec *v,
		      size_t n, struct pd_diag *diag)
{
	struct pd_pg *pg = PG(s);
	struct pd_pg_params p;
	long event = 0;
	size_t i;
	int ret;

	if ((ret = close_source(pg, games, source, diag)) < 0)
		return ret;
	for (i = 0; i < n; i++) {
		if ((i == 0 || !same_event(&v[i - 1], &v[i])) &&
		    (ret = pd_db_event_ensure(s, games, v[i].sport, v[i].event,
					   v[i].gender, v[i].date, 0, &event,
					   diag)) < 0)
			return ret;
		pd_pg_params_init(&p);
		pd_pg_long(&p, event);
		pd_pg_text(&p, v[i].npc);
		pd_pg_text(&p, v[i].athlete);
		pd_pg_long(&p, (long)v[i].medal + 1);
		pd_pg_text(&p, v[i].date);
		pd_pg_text(&p, source);
		pd_pg_long(&p, pg->base.version);
		if ((ret = pd_pg_query(pg, pd_sql_results_add_medal, &p, NULL,
				       "write a result", diag)) < 0)
			return ret;
	}
	return 0;
}
