/* unit_medals.c -- an event's medals from its units' results, by the rules
 * of data/medal_rules.tsv (units.h).  Pure: no I/O, deterministic. */
#include <string.h>
#include <strings.h>

#include "podium/units.h"

static int matches(const struct pd_unit_rule *r, const char *rsc)
{
	int k;

	for (k = 0; k < r->nunits; k++)
		if (!strncmp(rsc + 22, r->units[k], strlen(r->units[k])))
			return 1;
	return 0;
}

int pd_unit_rule_matches(const struct pd_unit_rule *rule, const char *rsc)
{
	return matches(rule, rsc) && !(rule->jumpoff[0] &&
				       !strncmp(rsc + 22, rule->jumpoff,
						strlen(rule->jumpoff)));
}

static int applies(const struct pd_unit_rule *r, const char *discipline,
		   const struct pd_unit_row *rows, size_t n)
{
	size_t i;

	if (strcmp(r->discipline, "*") && strcmp(r->discipline, discipline))
		return 0;
	for (i = 0; i < n; i++)
		if (matches(r, rows[i].rsc))
			return 1;
	return 0;
}

/* A final's rank once its jump-off has ordered those it left tied: the
 * tie's first place plus the jump-off's place, less one. */
static long ranked(const struct pd_unit_rule *r,
		   const struct pd_unit_row *rows, size_t n, size_t i)
{
	size_t j, len = strlen(r->jumpoff);

	if (!len || !rows[i].who)
		return rows[i].rank;
	for (j = 0; j < n; j++)
		if (j != i && rows[j].rank > 0 && rows[j].who &&
		    !strncmp(rows[j].rsc + 22, r->jumpoff, len) &&
		    !strcmp(rows[j].who, rows[i].who))
			return rows[i].rank + rows[j].rank - 1;
	return rows[i].rank;
}

static int medal_of(const struct pd_unit_rule *r,
		    const struct pd_unit_row *rows, size_t n, size_t i)
{
	const struct pd_unit_row *w = &rows[i];
	long rank;

	if (r->jumpoff[0] && !strncmp(w->rsc + 22, r->jumpoff,
				      strlen(r->jumpoff)))
		return -1;	/* read through the final's rows */
	switch (r->kind) {
	case PD_UR_STANDING:
	case PD_UR_FINAL_RANKS:
		rank = ranked(r, rows, n, i);
		return rank >= 1 && rank <= 3 ? (int)rank - 1 : -1;
	case PD_UR_GOLD_MATCH:
		return w->wlt == 'W' ? PD_GOLD : w->wlt == 'L' ? PD_SILVER
								: -1;
	case PD_UR_BRONZE_MATCH:
		return w->wlt == 'W' ? PD_BRONZE : -1;
	case PD_UR_SEMI_LOSERS:
		return w->wlt == 'L' ? PD_BRONZE : -1;
	case PD_UR_WALKOVER:
		return w->wlt == 'L' && (!w->irm || !*w->irm) ? PD_BRONZE : -1;
	}
	return -1;
}

static void give(const struct pd_medal_rules *rules, size_t rule,
		 unsigned medals, const struct pd_unit_row *rows, size_t n,
		 struct pd_unit_medal *out, size_t *nout)
{
	const struct pd_unit_rule *r = &rules->v[rule];
	size_t i;
	int m;

	for (i = 0; i < n; i++) {
		if (!matches(r, rows[i].rsc) ||
		    pd_irm_disqualifies(rows[i].irm))
			continue;
		m = medal_of(r, rows, n, i);
		if (m < 0 || !(medals & (1u << m)))
			continue;
		out[*nout].row = i;
		out[*nout].medal = (enum pd_medal)m;
		out[*nout].rule = rule;
		(*nout)++;
	}
}

/* by medal, then by row: the order the rules gave them is not the one
 * the header promises (a bronze-match rule may come before a final's) */
static void order(struct pd_unit_medal *v, size_t n)
{
	struct pd_unit_medal t;
	size_t i, j;

	for (i = 1; i < n; i++) {
		t = v[i];
		for (j = i; j > 0 && (v[j - 1].medal > t.medal ||
				      (v[j - 1].medal == t.medal &&
				       v[j - 1].row > t.row)); j--)
			v[j] = v[j - 1];
		v[j] = t;
	}
}

int pd_units_medals(const struct pd_medal_rules *rules,
		    const char *discipline, const struct pd_unit_row *rows,
		    size_t n, unsigned opts, struct pd_unit_medal *out,
		    size_t *nout)
{
	unsigned need = 7u, mine;
	size_t k;

	*nout = 0;
	if (!rules || !discipline || (n && (!rows || !out)))
		return PD_EINVAL;
	for (k = 0; k < rules->n && need; k++) {
		mine = rules->v[k].medals & need;
		if (rules->v[k].kind == PD_UR_WALKOVER &&
		    !(opts & PD_UNITS_WALKOVER))
			continue;	/* the operator's to apply */
		if (!mine || !applies(&rules->v[k], discipline, rows, n))
			continue;
		give(rules, k, mine, rows, n, out, nout);
		need &= ~mine;
	}
	order(out, *nout);
	return 0;
}
