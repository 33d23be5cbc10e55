/* odf_import_units.c -- 'podium import odf' of a feed of units (ops.h,
 * docs/ODF.md): the DT_SCHEDULE (its units), each unit's DT_RESULT and
 * the DT_PARTIC_TEAMS of one Games made into a unit set whose medals are
 * derived by the bundled rules, as 'podium import units' derives them,
 * and written as that import writes (units.c): one transaction, the
 * units, results and teams replaced whole. */
#include <stdlib.h>
#include <string.h>

#include "podium/odf.h"
#include "podium/units_ops.h"
#include "podium/unitset.h"
#include "app_int.h"
#include "odf_int.h"

struct gather {
	struct pd_unit_rec *units;
	size_t nunits, aunits;
	struct pd_unit_result_rec *results;
	size_t nresults, aresults;
	struct pd_unit_team_rec *teams;
	size_t nteams, ateams;
};

static void gather_release(struct gather *g)
{
	free(g->units);
	free(g->results);
	free(g->teams);
}

static int append(void *v, size_t *n, size_t *a, const void *from,
		  size_t k, size_t size)
{
	int ret = 0;
	size_t i;

	for (i = 0; i < k && ret == 0; i++)
		if ((ret = pd_grow(v, *n, a, size, 256)) == 0)
			memcpy((char *)*(void **)v + (*n)++ * size,
			       (const char *)from + i * size, size);
	return ret;
}

static int by_rsc(const void *a, const void *b)
{
	return strcmp(((const struct pd_unit_rec *)a)->rsc,
		      ((const struct pd_unit_rec *)b)->rsc);
}

/* Every NPC the results and teams name is one the registry knows. */
static int npcs_known(const struct app_odf_in *m,
		      const struct pd_registry *reg, struct pd_diag *d)
{
	const struct pd_odf_msg *o = m->msg;
	size_t i;

	for (i = 0; i < o->nuresults; i++)
		if (!pd_registry_code(reg, o->uresults[i].npc))
			return pd_diag_set(d, PD_ENOTFOUND, m->file,
					   o->lines[i], "unknown NPC '%s'",
					   o->uresults[i].npc);
	for (i = 0; i < o->nteams; i++)
		if (!pd_registry_code(reg, o->teams[i].npc))
			return pd_diag_set(d, PD_ENOTFOUND, m->file,
					   o->lines[i], "unknown NPC '%s'",
					   o->teams[i].npc);
	return 0;
}

static int gather(struct gather *g, const struct app_odf_in *v, size_t n,
		  const struct pd_registry *reg, struct pd_diag *d)
{
	const struct pd_odf_msg *o;
	struct pd_unit_rec key;
	size_t i;
	int ret = 0;

	for (i = 0; i < n && ret == 0; i++) {
		o = v[i].msg;
		if ((ret = npcs_known(&v[i], reg, d)) < 0)
			break;
		if (o->type == PD_ODF_SCHEDULE)
			ret = append(&g->units, &g->nunits, &g->aunits,
				     o->units, o->nunits, sizeof(*o->units));
		else if (o->type == PD_ODF_PARTIC_TEAMS)
			ret = append(&g->teams, &g->nteams, &g->ateams,
				     o->teams, o->nteams, sizeof(*o->teams));
	}
	if (ret < 0)
		return ret;
	if (g->nunits > 1)	/* qsort takes no NULL, even for none */
		qsort(g->units, g->nunits, sizeof(*g->units), by_rsc);
	for (i = 1; i < g->nunits; i++)
		if (!strcmp(g->units[i - 1].rsc, g->units[i].rsc))
			return pd_diag_set(d, PD_EPARSE, NULL, 0, "unit %s is in "
					   "two DT_SCHEDULE messages",
					   g->units[i].rsc);
	for (i = 0; i < n && ret == 0; i++) {
		o = v[i].msg;
		if (o->type != PD_ODF_UNIT_RESULT)
			continue;
		key.rsc = o->document_code;
		if (!g->nunits || !bsearch(&key, g->units, g->nunits,
					   sizeof(*g->units), by_rsc))
			return pd_diag_set(d, PD_EPARSE, v[i].file, 0, "the "
					   "DT_RESULT of unit %s: no DT_SCHEDULE "
					   "of the feed has that unit",
					   o->document_code);
		ret = append(&g->results, &g->nresults, &g->aresults,
			     o->uresults, o->nuresults, sizeof(*o->uresults));
	}
	return ret;
}

int app_odf_units_import(struct pd_store *s, const struct pd_registry *reg,
			 const char *games, const struct app_odf_in *v,
			 size_t n, const char *source,
			 enum pd_source_mode mode, const struct pd_who *who,
			 const struct pd_op_notify *nt,
			 struct pd_op_odf_counts *counts, struct pd_diag *d)
{
	struct pd_op_import_counts ic;
	struct pd_medal_rules rules;
	struct pd_unitset set;
	struct gather g;
	int ret;

	memset(&g, 0, sizeof(g));
	memset(&ic, 0, sizeof(ic));
	if ((ret = gather(&g, v, n, reg, d)) < 0 ||
	    (ret = app_medal_rules(&rules, d)) < 0)
		goto cleanup;
	ret = pd_unitset_from(&set, games, reg, &rules, g.units, g.nunits,
			      g.results, g.nresults, g.teams, g.nteams, d);
	pd_medal_rules_release(&rules);
	if (ret < 0)
		goto cleanup;
	ret = pd_op_units_write(s, &set, source, mode, who, nt, &ic, d);
	counts->units = set.nunits;
	counts->unit_results = set.nresults;
	counts->teams = set.nteams;
	pd_unitset_release(&set);
	counts->games = ic.games;
	counts->events = ic.events;
	counts->results = ic.results;
	counts->medals = ic.medals;
cleanup:
	gather_release(&g);
	return ret;
}
