/* lists.c -- an event's matches and a Games' facts read from the store
 * into their lists (match_ops.h, facts_ops.h): the reads that the
 * matches' and the facts' writers, the report and the front ends share,
 * on their own so that match.c and facts.c need not use each other. */
#include "podium/facts_ops.h"
#include "podium/match_ops.h"
#include "app_int.h"

static int keep(const struct pd_match *m, void *arg)
{
	return pd_matches_add(arg, m);
}

int pd_matches_read(struct pd_store *s, long event, struct pd_matches *out,
		    struct pd_diag *diag)
{
	return pd_store_matches(s, event, keep, out, diag);
}

static int collect(const struct pd_fact *f, void *arg)
{
	return pd_facts_add(arg, f);
}

int pd_facts_read(struct pd_store *s, const char *games,
		  struct pd_facts *out, struct pd_diag *diag)
{
	return pd_store_facts(s, games, collect, out, diag);
}
