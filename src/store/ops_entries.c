/* ops_entries.c -- the start lists in the store (event.h): an event's
 * list replaced whole; read through the figures (sql.c). */
#include "ops.h"
#include "query.h"

int pd_db_entries_replace(struct pd_store *s, long event, const char *source,
			  const long *athletes, size_t n, struct pd_diag *diag)
{
	static const char clear[] = "DELETE FROM entries WHERE event_id = $1";
	static const char add[] = "INSERT INTO entries (event_id, athlete_id, "
		"source, since) VALUES ($1, $2, $3, $4) ON CONFLICT (event_id, "
		"athlete_id) DO NOTHING";
	struct pd_q q;
	size_t i;
	int ret;

	pd_q_start(&q, s, clear, "replace the start list");
	pd_q_int(&q, event);
	ret = pd_q_run(&q, NULL, diag);
	for (i = 0; i < n && ret == 0; i++) {
		pd_q_start(&q, s, add, "write an entry");
		pd_q_int(&q, event);
		pd_q_int(&q, athletes[i]);
		pd_q_text(&q, source);
		pd_q_int(&q, s->version);
		ret = pd_q_run(&q, NULL, diag);
		if (ret < 0 && q.broke == PD_BROKE_FOREIGN_KEY)
			ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no "
					  "athlete %ld or event %ld in the "
					  "store", athletes[i], event);
	}
	return ret;
}
