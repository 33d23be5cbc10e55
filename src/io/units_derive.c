/* units_derive.c -- the medals of a Games' folder of units (unitset.h):
 * each event's rows through the rules (pd_units_medals()), the medallists
 * (and those ranked below them where ranks decided) as the set's entries,
 * a team with its roster. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units_int.h"

/* A row to sort by event, then in the order read: qsort has no argument
 * for the rows, and a global would make the reader unsafe in threads. */
struct by {
	const char *rsc;
	size_t i;
};

static int by_event(const void *a, const void *b)
{
	const struct by *x = a, *y = b;
	int c = strncmp(x->rsc, y->rsc, 22);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* The athlete of code, added once (gender the event's when M or W). */
static int athlete(struct reader *r, const char *code, const char *name,
		   const char *npc, char gender, size_t *at)
{
	struct pd_entry_athlete a;
	char ext[256];
	size_t *slot;
	int ret;

	snprintf(ext, sizeof(ext), "odf:%s", code);
	if ((ret = pd_strmap_get(&r->athletes, pd_ur_str(r, ext), 1, &slot)) < 0)
		return ret;
	if (ret == 0) {
		*at = *slot - 1;
		return 0;
	}
	memset(&a, 0, sizeof(a));
	if (!(a.ext = pd_ur_str(r, ext)) || !(a.name = pd_ur_str(r, name)) ||
	    !(a.guide = pd_ur_str(r, "")))
		return PD_ENOMEM;
	a.gender[0] = gender == 'M' || gender == 'W' ? gender : '\0';
	memcpy(a.npc, npc, PD_CODE_MAX);
	if ((ret = pd_entries_athlete(&r->out->entries, &a, at)) < 0)
		return ret;
	*slot = *at + 1;
	return 0;
}

/* A team's members from its roster in teams.csv. */
static int roster(struct reader *r, const struct row *w, size_t *n)
{
	const char *p, *tab, *nl;
	char code[128], name[512];
	size_t *slot = NULL, at;
	int ret;

	*n = 0;
	pd_strmap_get(&r->teams, w->who, 0, &slot);
	if (!slot)
		return 0;
	for (p = r->members[*slot - 1]; *p; p = *nl ? nl + 1 : nl) {
		nl = p + strcspn(p, "\x1e");
		tab = p + strcspn(p, "\x1f");
		snprintf(code, sizeof(code), "%.*s", (int)(tab - p), p);
		snprintf(name, sizeof(name), "%.*s", (int)(nl - tab - 1),
			 tab + 1);
		if ((ret = athlete(r, code, name, w->npc, w->rsc[3], &at)) < 0 ||
		    (ret = pd_entries_member(&r->out->entries, at)) < 0)
			return ret;
		(*n)++;
	}
	return 0;
}

static int keep_medal(struct reader *r, const struct row *w,
		      const struct row *unit, size_t rule,
		      enum pd_medal medal)
{
	struct pd_unitset *o = r->out;
	struct pd_unitset_medal *m;
	char code[23];
	size_t i;

	if (o->nmedals == o->amedals) {
		size_t na = o->amedals ? o->amedals * 2 : 1024;

		if (!(m = realloc(o->medals, na * sizeof(*m))))
			return PD_ENOMEM;
		o->medals = m;
		o->amedals = na;
	}
	memcpy(code, w->rsc, 22);
	for (i = 22; i > 4 && code[i - 1] == '-'; i--)
		;
	code[i] = '\0';
	m = &o->medals[o->nmedals++];
	m->discipline = w->sport;
	m->event = w->event;
	m->unit = unit->rsc;
	m->rule = pd_unit_rule_name(r->rules->v[rule].kind);
	m->npc = pd_ur_str(r, w->npc);
	m->who = w->who;
	m->name = w->name;
	m->medal = medal;
	if (!(m->event_code = pd_ur_str(r, code)) || !m->npc)
		return PD_ENOMEM;
	return 0;
}

/* A result of the event: a medallist (rank 1, 2, 3) or, where the
 * medals come from ranks, one ranked below them. */
static int medallist(struct reader *r, size_t ev, const struct row *w,
		     long rank)
{
	struct pd_entry_result res;
	int ret;

	memset(&res, 0, sizeof(res));
	res.event = ev;
	memcpy(res.npc, w->npc, PD_CODE_MAX);
	res.name = w->name;
	res.rank = (int)rank;
	res.date = pd_ur_str(r, "");
	res.line = w->line;
	res.rows = 1;
	if (w->team) {
		res.team = 1;
		res.member = r->out->entries.nmembers;
		if ((ret = roster(r, w, &res.nmembers)) < 0)
			return ret;
	} else if ((ret = athlete(r, w->who, w->name, w->npc, w->rsc[3],
				  &res.athlete)) < 0)
		return ret;
	else
		res.athlete++;
	return pd_entries_result(&r->out->entries, &res);
}

/* Where ranks decided the medals (a standing, a final), those ranked
 * below the podium are results too, with their ranks: a medal withdrawn
 * later (a sanction that reallocates) then moves them up. */
static int below_podium(struct reader *r, const size_t *idx, size_t n,
			size_t ev, const struct pd_unit_rule *rule)
{
	const struct row *w;
	size_t i;
	int ret;

	if (rule->kind != PD_UR_STANDING && rule->kind != PD_UR_FINAL_RANKS)
		return 0;
	for (i = 0; i < n; i++) {
		w = &r->rows[idx[i]];
		if (w->rank <= 3 || !pd_unit_rule_matches(rule, w->rsc) ||
		    pd_irm_disqualifies(w->irm))
			continue;
		if ((ret = medallist(r, ev, w, w->rank)) < 0)
			return ret;
	}
	return 0;
}

/* Whether the operator applies the walkover to the event of rsc. */
static int walkover(const struct reader *r, const char *rsc)
{
	const char *const *w;
	size_t n;

	for (w = r->walkover; w && *w; w++) {
		n = strlen(*w);
		if (n <= 22 && !strncmp(rsc, *w, n) &&
		    (n == 22 || rsc[n] == '-'))
			return 1;
	}
	return 0;
}

/* The units of the events the operator applies the walkover to say so;
 * an event it names that the results do not have is refused. */
int pd_ur_mark_walkovers(struct reader *r, struct pd_diag *d)
{
	const char *const *w;
	size_t i, found;

	for (w = r->walkover; w && *w; w++) {
		for (i = found = 0; i < r->out->nunits; i++)
			if (!strcmp(r->out->units[i].event_code, *w)) {
				r->out->units[i].rules = "walkover";
				found++;
			}
		if (!found)
			return pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "--walkover"
					   " %s: no event of that code in the "
					   "results", *w);
	}
	return 0;
}

/* One event: rows idx[0..n) of it; its medals into the set. */
static int derive(struct reader *r, const size_t *idx, size_t n,
		  struct pd_unit_row *in, struct pd_unit_medal *out,
		  struct pd_diag *d)
{
	const struct row *first = &r->rows[idx[0]], *w;
	struct pd_entry_event ev;
	char disc[4], day[11], gender[2] = { first->rsc[3], '\0' };
	size_t i, got, at;
	int ret, gold = 0;

	for (i = 0; i < n; i++) {
		w = &r->rows[idx[i]];
		in[i].rsc = w->rsc;
		in[i].who = w->who;
		in[i].rank = w->rank;
		in[i].wlt = w->wlt;
		in[i].irm = w->irm;
	}
	snprintf(disc, sizeof(disc), "%.3s", first->rsc);
	if ((ret = pd_units_medals(r->rules, disc, in, n,
				   walkover(r, first->rsc) ? PD_UNITS_WALKOVER
							   : 0,
				   out, &got)) < 0)
		return ret;
	if (!got)
		return 0;
	memset(&ev, 0, sizeof(ev));
	ev.sport = first->sport;
	ev.name = first->event;
	strcpy(ev.gender, gender);
	w = &r->rows[idx[out[0].row]];
	snprintf(day, sizeof(day), "%.10s", w->date);	/* local: its day */
	ev.date = pd_ur_str(r, day);
	ev.team = w->team;
	if (!ev.date || (ret = pd_import_event(&r->im, &ev, w->line, &at,
					       d)) < 0)
		return ret ? ret : PD_ENOMEM;
	for (i = 0; i < got; i++) {
		w = &r->rows[idx[out[i].row]];
		gold |= out[i].medal == PD_GOLD;
		if ((ret = keep_medal(r, w, w, out[i].rule,
				      out[i].medal)) < 0 ||
		    (ret = medallist(r, at, w, (long)out[i].medal + 1)) < 0)
			return ret;
	}
	if ((ret = below_podium(r, idx, n, at, &r->rules->v[out[0].rule])) < 0)
		return ret;
	r->out->counts.medals += got;
	r->out->counts.medal_events += gold;
	return 0;
}

int pd_ur_derive_all(struct reader *r, struct pd_diag *d)
{
	struct pd_unit_medal *out = NULL;
	struct pd_unit_row *in = NULL;
	struct by *key = NULL;
	size_t *idx, i, j;
	int ret = 0;

	if (!r->nrows)
		return 0;
	if (!(idx = malloc(r->nrows * sizeof(*idx))) ||
	    !(key = malloc(r->nrows * sizeof(*key))) ||
	    !(in = malloc(r->nrows * sizeof(*in))) ||
	    !(out = malloc(r->nrows * sizeof(*out)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < r->nrows; i++)
		key[i] = (struct by){ r->rows[i].rsc, i };
	qsort(key, r->nrows, sizeof(*key), by_event);
	for (i = 0; i < r->nrows; i++)
		idx[i] = key[i].i;
	for (i = 0; ret == 0 && i < r->nrows; i = j) {
		for (j = i + 1; j < r->nrows &&
		     !strncmp(r->rows[idx[i]].rsc, r->rows[idx[j]].rsc, 22);
		     j++)
			;
		ret = derive(r, idx + i, j - i, in, out, d);
	}
cleanup:
	free(key);
	free(idx);
	free(in);
	free(out);
	return ret;
}

