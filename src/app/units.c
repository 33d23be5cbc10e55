/* units.c -- 'podium import units' (units_ops.h): read a Games' folder of
 * units, derive its medals by the bundled rules, write the medallists as
 * results in one transaction. */
#include "podium/bundled.h"
#include "podium/store_units.h"
#include "podium/units_ops.h"
#include "app_int.h"

int app_medal_rules(struct pd_medal_rules *rules, struct pd_diag *d)
{
	return pd_medal_rules_parse(rules, (const char *)pd_embed_medal_rules,
				    pd_embed_medal_rules_len,
				    "data/medal_rules.tsv", d);
}

int pd_op_units_read(struct pd_unitset *set, const char *dir,
		     const char *games, const struct pd_registry *reg,
		     const char *const *walkover, struct pd_diag *diag)
{
	struct pd_medal_rules rules;
	int ret;

	if ((ret = app_medal_rules(&rules, diag)) < 0)
		return ret;
	ret = pd_unitset_read(set, dir, games, reg, &rules, walkover, diag);
	pd_medal_rules_release(&rules);
	return ret;
}

/* The Games' units, their results and teams, in the import's change. */
static int put_units(struct pd_store *s, const char *games, void *arg,
		     struct pd_diag *diag)
{
	const struct pd_unitset *set = arg;
	struct pd_units_put u = { set->units, set->nunits, set->results,
				  set->nresults, set->teams, set->nteams };

	return pd_store_units_replace(s, games, &u, diag);
}

int pd_op_units_write(struct pd_store *s, const struct pd_unitset *set,
		      const char *source, enum pd_source_mode mode,
		      const struct pd_who *who, const struct pd_op_notify *nt,
		      struct pd_op_import_counts *counts,
		      struct pd_diag *diag)
{
	return app_entries_import(s, &set->entries, source ? source : "units",
				  mode, who, nt, counts, put_units, (void *)set,
				  diag);
}
