/* result_remove.c -- 'podium result remove' and DELETE .../results: one
 * competitor's result taken out of an event (ops.h), a correction like
 * any other: one change, a reason, the log keeping the row before. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/ops.h"
#include "app_int.h"

/* Is row the competitor in names? */
static int names_row(const struct pd_result_input *in, const char *npc,
		     const struct app_row *row)
{
	const char *want = in->team && *in->team ? in->team : in->name;
	char *a, *b;
	int same;

	if (in->athlete)
		return row->athlete == in->athlete;
	if (strcmp(row->npc, npc) || !want || !row->name)
		return 0;
	a = pd_name_normalise(want);
	b = pd_name_normalise(row->name);
	same = a && b ? !strcmp(a, b) : !strcasecmp(want, row->name);
	free(a);
	free(b);
	return same;
}

/* The row of before that in names, or PD_ENOTFOUND saying whose. */
static int find(const struct pd_registry *reg, const struct app_snap *before,
		const struct pd_result_input *in, const struct app_row **out,
		struct pd_diag *d)
{
	const struct pd_npc *npc = NULL;
	size_t i;

	if (!in->athlete && !(npc = pd_registry_find(reg, in->npc)))
		return pd_unknown_npc(reg, in->npc, NULL, 0, d);
	for (i = 0; i < before->rows.n; i++)
		if (names_row(in, npc ? npc->code : "", &before->rows.v[i])) {
			*out = &before->rows.v[i];
			return 0;
		}
	if (in->athlete)
		return pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "event %ld (%s) "
				   "has no result of athlete %ld",
				   before->e->id, before->e->name, in->athlete);
	return pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "event %ld (%s) has no "
			   "result of %s (%s)", before->e->id, before->e->name,
			   in->team && *in->team ? in->team : in->name,
			   npc->code);
}

int pd_op_result_remove(struct pd_store *s, const struct pd_registry *reg,
			long event, const struct pd_result_input *in,
			const struct pd_who *who, struct pd_op_done *done,
			struct pd_diag *diag)
{
	struct app_snap before, after;
	const struct app_row *row = NULL;
	struct pd_event_info e;
	long version = 0;
	int ret;

	app_done_reset(done);
	if (!who || !who->reason || !*who->reason)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "taking a result "
				   "out needs a reason");
	if (!in->athlete && (!in->npc || !*in->npc || ((!in->name ||
	    !*in->name) && (!in->team || !*in->team))))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "name the "
				   "competitor: an athlete id, or an NPC with "
				   "a name or a team");
	if ((ret = pd_store_event_get(s, event, &e, diag)) < 0)
		return ret;
	app_snap_init(&before, &e);
	app_snap_init(&after, &e);
	if ((ret = app_open(s, e.games, 0, who, NULL, &version, diag)) < 0)
		goto cleanup;
	if ((ret = app_snap_take(s, &before, diag)) == 0 &&
	    (ret = find(reg, &before, in, &row, diag)) == 0 &&
	    !row->athlete && !row->team)
		/* a medal placing imported without an athlete: closing
		 * "athlete 0, team 0" would end every result of the event */
		ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "the result of "
				  "%s (%s) names no athlete record: replace "
				  "the event's ranking ('podium result set "
				  "%ld --file')", row->name, row->npc, e.id);
	if (ret == 0)
		ret = pd_store_results_close(s, e.id, row->team ? 0 :
					     row->athlete, row->team, NULL,
					     diag);
	if (ret == 0 && *e.order)
		ret = app_rerank(s, &e, diag);
	if (ret == 0)
		ret = app_snap_take(s, &after, diag);
	ret = app_settle(s, &before, &after, 1, NULL, version, ret, done,
			 diag);
cleanup:
	app_snap_release(&after);
	app_snap_release(&before);
	pd_event_info_release(&e);
	return ret;
}
