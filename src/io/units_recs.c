/* units_recs.c -- a Games' units given as the records the store keeps
 * (units.h: what 'podium import odf' reads back from DT_SCHEDULE, each
 * unit's DT_RESULT and DT_PARTIC_TEAMS) made into a unit set (unitset.h)
 * whose medals are derived as the folder reader derives them
 * (units_derive.c), so that a feed read back awards what the units
 * award. */
#include <stdlib.h>
#include <string.h>

#include "units_int.h"

static const char *keep(void *r, const char *s)
{
	return pd_ur_str(r, s);
}

/* The set's copy of every string of u. */
static int keep_unit(struct reader *r, const struct pd_unit_rec *u)
{
	struct pd_unitset *o = r->out;
	struct pd_unit_rec *v;
	struct pd_rsc rsc;
	size_t *slot, *none[] = { &o->counts.units, &o->counts.subunits,
				  &o->counts.standings, &o->counts.standings };
	int ret;

	if ((ret = pd_strmap_get(&r->rscs, pd_ur_str(r, u->rsc), 1, &slot)) < 0)
		return ret;
	if (ret == 0 || pd_rsc_parse(u->rsc, &rsc, NULL, 0, NULL) < 0)
		return PD_EINVAL;	/* the reader refused both already */
	if ((ret = pd_ur_grow(&o->units, o->nunits, &o->aunits,
			      sizeof(*o->units))) < 0)
		return ret;
	v = &o->units[o->nunits];
	*v = *u;
	if ((ret = pd_unit_keep(v, &pd_unit_rec_strings, keep, r)) < 0)
		return ret;
	*slot = ++o->nunits;
	(*none[rsc.kind])++;
	o->counts.schedule += *u->status != '\0';
	o->counts.gold_units += !strcmp(u->medal, "gold");
	o->counts.bronze_units += !strcmp(u->medal, "bronze");
	return 0;
}

static int keep_team(struct reader *r, const struct pd_unit_team_rec *t)
{
	struct pd_unitset *o = r->out;
	struct pd_unit_team_rec *v;
	size_t *slot;
	int ret;

	if ((ret = pd_strmap_get(&r->teams, pd_ur_str(r, t->code), 1,
				 &slot)) <= 0)
		return ret;	/* a team given again counts once */
	if ((ret = pd_ur_grow(&o->teams, o->nteams, &o->ateams,
			      sizeof(*o->teams))) < 0)
		return ret;
	if (!(r->members = realloc(r->members, (r->nteams + 1) *
				   sizeof(*r->members))))
		return PD_ENOMEM;
	v = &o->teams[o->nteams];
	*v = *t;
	if ((ret = pd_unit_keep(v, &pd_unit_team_rec_strings, keep, r)) < 0)
		return ret;
	r->members[r->nteams] = v->members;
	*slot = ++r->nteams;
	o->nteams++;
	o->counts.teams++;
	return 0;
}

/* One result: kept as the store keeps it, and a row for the medals. */
static int keep_result(struct reader *r, const struct pd_unit_result_rec *x,
		       size_t at, struct pd_diag *d)
{
	struct pd_unitset *o = r->out;
	const struct pd_unit_rec *u;
	struct pd_unit_result_rec *v;
	struct row w;
	size_t *slot = NULL;
	int ret;

	pd_strmap_get(&r->rscs, x->rsc, 0, &slot);
	if (!slot)
		return pd_diag_set(d, PD_EPARSE, NULL, 0, "the DT_RESULT of "
				   "unit %s: the DT_SCHEDULE has no such unit",
				   x->rsc);
	u = &o->units[*slot - 1];
	if ((ret = pd_ur_grow(&o->results, o->nresults, &o->aresults,
			      sizeof(*o->results))) < 0)
		return ret;
	v = &o->results[o->nresults];
	*v = *x;
	if ((ret = pd_unit_keep(v, &pd_unit_result_rec_strings, keep, r)) < 0)
		return ret;
	v->rsc = u->rsc;	/* the unit's own copy */
	o->nresults++;
	o->counts.results++;
	o->counts.start_list += x->start_order || *x->bib;
	o->counts.irms += *x->irm != '\0';
	o->counts.qualification += *x->qualification != '\0';
	memset(&w, 0, sizeof(w));
	w.rsc = u->rsc;
	w.event = u->event;
	w.sport = u->discipline;
	w.date = u->day;
	w.who = v->participant;
	w.name = v->name;
	w.irm = v->irm;
	memcpy(w.npc, x->npc, PD_CODE_MAX);
	w.rank = x->rank;
	w.line = (long)at + 1;
	w.wlt = *x->wlt;
	w.team = x->team;
	if (pd_strmap_get(&r->disciplines, pd_ur_str(r, u->discipline), 1,
			  &slot) > 0)
		o->counts.disciplines++;
	if (pd_strmap_get(&r->events, u->event_code, 1, &slot) > 0)
		o->counts.events++;
	if ((ret = pd_ur_grow(&r->rows, r->nrows, &r->arows,
			      sizeof(*r->rows))) < 0)
		return ret;
	r->rows[r->nrows++] = w;
	return 0;
}

/* The events whose units say the operator applied the walkover rule. */
static int walkovers(struct reader *r, const char ***out)
{
	const struct pd_unitset *o = r->out;
	const char **v = NULL, **nv;
	size_t i, j, n = 0;

	for (i = 0; i < o->nunits; i++) {
		if (strcmp(o->units[i].rules, "walkover"))
			continue;
		for (j = 0; j < n && strcmp(v[j], o->units[i].event_code); j++)
			;
		if (j < n)
			continue;
		if (!(nv = realloc(v, (n + 2) * sizeof(*v)))) {
			*out = v;
			return PD_ENOMEM;
		}
		v = nv;
		v[n++] = o->units[i].event_code;
		v[n] = NULL;
	}
	*out = v;
	return 0;
}

int pd_unitset_from(struct pd_unitset *out, const char *games,
		    const struct pd_registry *reg,
		    const struct pd_medal_rules *rules,
		    const struct pd_unit_rec *units, size_t nunits,
		    const struct pd_unit_result_rec *results, size_t nresults,
		    const struct pd_unit_team_rec *teams, size_t nteams,
		    struct pd_diag *diag)
{
	const char **walk = NULL;
	struct reader r;
	size_t g, i;
	int ret = 0;

	pd_ur_start(&r, out, games, reg, rules, "odf", "Organisation");
	if ((ret = pd_entries_games(&out->entries, games, &g)) < 0)
		goto cleanup;
	for (i = 0; ret == 0 && i < nunits; i++)
		ret = keep_unit(&r, &units[i]);
	for (i = 0; ret == 0 && i < nteams; i++)
		ret = keep_team(&r, &teams[i]);
	for (i = 0; ret == 0 && i < nresults; i++)
		ret = keep_result(&r, &results[i], i, diag);
	if (ret == 0 && (ret = walkovers(&r, &walk)) == 0) {
		r.walkover = walk;
		ret = pd_ur_derive_all(&r, diag);
	}
	if (ret < 0)
		goto cleanup;
	out->entries.rows = r.nrows;
	ret = pd_entries_finish(&out->entries);
cleanup:
	free(walk);
	return pd_ur_finish(&r, ret);
}
