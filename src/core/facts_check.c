/* facts_check.c -- what contradicts what among a Games' facts and the
 * figures the store computes (pd_facts_check(), facts.h).
 *
 * A key's facts are grouped into claims, one per value; two claims of a
 * key contradict each other unless one is approximate and the other
 * within its reach ("about" and "nearly": within 10%; "over": above).  A
 * computed figure is exact.  A share is a percentage of two other keys
 * (rules[] below), stated to some decimals: it contradicts them when no
 * pair of their claims gives it once rounded to those decimals; the
 * wholes that would fit are given, so a reader sees what the author must
 * have divided by.  A sum is a key whose value is its parts' total. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "podium/buf.h"
#include "podium/facts.h"

/* Which keys are shares or sums of which: a share's whole is the first of
 * its wholes the facts (or the store) hold. */
static const struct rule {
	enum pd_contra_kind kind;
	const char *key, *part;
	const char *wholes[3];	/* a share's, in order of preference */
	const char *parts[3];	/* a sum's */
} rules[] = {
	{ PD_CONTRA_SHARE, "election.turnout", "election.votes",
	  { "election.electorate", "athletes", NULL }, { NULL } },
	{ PD_CONTRA_SHARE, "athletes.women_share", "athletes.women",
	  { "athletes", NULL }, { NULL } },
	{ PD_CONTRA_SUM, "doping.violations", NULL, { NULL },
	  { "doping.disqualified", "doping.continued", NULL } },
};

void pd_contradictions_init(struct pd_contradictions *c)
{
	memset(c, 0, sizeof(*c));
}

void pd_contradictions_release(struct pd_contradictions *c)
{
	free(c->v);
	pd_contradictions_init(c);
}

static int push(struct pd_contradictions *out, const struct pd_contradiction *c)
{
	if (pd_grow(&out->v, out->n, &out->alloc, sizeof(*out->v), 16) < 0)
		return PD_ENOMEM;
	out->v[out->n++] = *c;
	return 0;
}

/* The claims of games' key: one per value, in the order first stated,
 * then the store's figure for it (if any) as a claim of its own. */
struct claims {
	struct pd_claim v[PD_CONTRA_CLAIMS];
	size_t n;
	const struct pd_claim *computed;
};

static void claims_of(struct claims *c, const struct pd_facts *facts,
		      const struct pd_fact_computed *comp, size_t nc,
		      const char *games, const char *key)
{
	struct pd_claim *cl;
	size_t i, j;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < facts->n; i++) {
		const struct pd_fact *f = &facts->v[i];
		double x;

		if (strcmp(f->games, games) || strcmp(f->key, key))
			continue;
		x = pd_fact_number(f->value);
		for (j = 0; j < c->n && (c->v[j].number != x ||
		     strcmp(c->v[j].qualifier, f->qualifier)); j++)
			;
		if (j == c->n) {
			if (c->n == PD_CONTRA_CLAIMS)
				continue;	/* more values are not shown */
			cl = &c->v[c->n++];
			cl->value = f->value;
			cl->number = x;
			cl->unit = f->unit;
			cl->qualifier = f->qualifier;
		}
		if (c->v[j].nby < PD_CLAIM_BY)
			c->v[j].by[c->v[j].nby++] = f;
	}
	for (i = 0; i < nc && c->n < PD_CONTRA_CLAIMS; i++) {
		if (strcmp(comp[i].games, games) || strcmp(comp[i].key, key))
			continue;
		cl = &c->v[c->n++];
		cl->value = comp[i].value;
		cl->number = pd_fact_number(comp[i].value);
		cl->unit = "";
		cl->qualifier = "";
		cl->computed = &comp[i];
		c->computed = cl;
		break;
	}
}

/* Can a and b both be true? */
static int compatible(const struct pd_claim *a, const struct pd_claim *b)
{
	const struct pd_claim *t;

	if (!*a->qualifier) {
		t = a;
		a = b;
		b = t;
	}
	if (!strcmp(a->qualifier, "over"))
		return b->number > a->number ||
		       (!strcmp(b->qualifier, "over"));
	if (*a->qualifier)	/* about, nearly */
		return fabs(b->number - a->number) <= 0.1 * a->number;
	return a->number == b->number;
}

static int key_seen(const struct pd_facts *facts, size_t upto,
		    const char *games, const char *key)
{
	size_t i;

	for (i = 0; i < upto; i++)
		if (!strcmp(facts->v[i].games, games) &&
		    !strcmp(facts->v[i].key, key))
			return 1;
	return 0;
}

static int check_sources(struct pd_contradictions *out, const char *games,
			 const char *key, const struct claims *c)
{
	struct pd_contradiction x;
	size_t i, j, stated = c->computed ? c->n - 1 : c->n;
	int clash = 0;

	for (i = 0; i < stated; i++)
		for (j = i + 1; j < stated; j++)
			clash |= !compatible(&c->v[i], &c->v[j]);
	if (!clash)
		return 0;
	memset(&x, 0, sizeof(x));
	x.kind = PD_CONTRA_SOURCES;
	x.games = games;
	x.key = key;
	for (i = 0; i < stated; i++)
		x.stated[x.nstated++] = c->v[i];
	return push(out, &x);
}

static int check_computed(struct pd_contradictions *out, const char *games,
			  const char *key, const struct claims *c)
{
	struct pd_contradiction x;
	size_t i;

	if (!c->computed)
		return 0;
	memset(&x, 0, sizeof(x));
	x.kind = PD_CONTRA_COMPUTED;
	x.games = games;
	x.key = key;
	for (i = 0; i + 1 < c->n; i++)
		if (!compatible(&c->v[i], c->computed))
			x.stated[x.nstated++] = c->v[i];
	if (!x.nstated)
		return 0;
	x.against[x.nagainst++] = *c->computed;
	return push(out, &x);
}

/* decimals of a stated value: the precision it is rounded to */
static double half_unit(const char *value)
{
	const char *dot = strchr(value, '.');
	double h = 0.5;
	size_t n = dot ? strlen(dot + 1) : 0;

	while (n--)
		h /= 10;
	return h;
}

static int check_share(struct pd_contradictions *out,
		       const struct pd_facts *facts,
		       const struct pd_fact_computed *comp, size_t nc,
		       const char *games, const struct rule *r,
		       const struct claims *shares, size_t *checked)
{
	struct claims part, whole;
	struct pd_contradiction x;
	size_t s, p, w, k;
	double h, lo, hi;
	int fits;

	claims_of(&part, facts, comp, nc, games, r->part);
	for (k = 0; r->wholes[k]; k++) {
		claims_of(&whole, facts, comp, nc, games, r->wholes[k]);
		if (whole.n)
			break;
	}
	if (!part.n || !r->wholes[k])
		return 0;
	(*checked)++;
	for (s = 0; s < shares->n; s++) {
		const struct pd_claim *sh = &shares->v[s];

		if (*sh->qualifier)
			continue;
		h = half_unit(sh->value);
		for (p = 0; p < part.n; p++) {
			memset(&x, 0, sizeof(x));
			fits = 0;
			x.against[x.nagainst++] = part.v[p];
			for (w = 0; w < whole.n; w++) {
				struct pd_claim *wc = &x.against[x.nagainst];
				double pct = 100.0 * part.v[p].number /
					     whole.v[w].number;

				*wc = whole.v[w];
				wc->share = pct;
				if (x.nagainst + 1 < PD_CONTRA_CLAIMS)
					x.nagainst++;
				fits |= fabs(pct - sh->number) <= h + 1e-9;
			}
			if (fits)
				continue;
			x.kind = PD_CONTRA_SHARE;
			x.games = games;
			x.key = r->key;
			x.part_key = r->part;
			x.whole_key = r->wholes[k];
			x.stated[x.nstated++] = *sh;
			/* part / whole rounds to the share for wholes in
			 * (part / (s + h), part / (s - h)) */
			lo = ceil(100.0 * part.v[p].number / (sh->number + h));
			hi = sh->number > h ? floor(100.0 * part.v[p].number /
						    (sh->number - h)) : lo - 1;
			if (lo <= hi) {
				x.fit_lo = (long)lo;
				x.fit_hi = (long)hi;
			}
			if (push(out, &x) < 0)
				return PD_ENOMEM;
		}
	}
	return 0;
}

static int check_sum(struct pd_contradictions *out,
		     const struct pd_facts *facts,
		     const struct pd_fact_computed *comp, size_t nc,
		     const char *games, const struct rule *r,
		     const struct claims *totals, size_t *checked)
{
	struct pd_contradiction x;
	struct claims part;
	double sum = 0;
	size_t k, t;

	memset(&x, 0, sizeof(x));
	for (k = 0; r->parts[k]; k++) {
		claims_of(&part, facts, comp, nc, games, r->parts[k]);
		if (part.n != 1 || *part.v[0].qualifier)
			return 0;	/* unknown or disputed: no sum */
		sum += part.v[0].number;
		x.against[x.nagainst++] = part.v[0];
	}
	(*checked)++;
	for (t = 0; t < totals->n; t++) {
		if (*totals->v[t].qualifier || totals->v[t].number == sum)
			continue;
		x.kind = PD_CONTRA_SUM;
		x.games = games;
		x.key = r->key;
		x.stated[0] = totals->v[t];
		x.nstated = 1;
		if (push(out, &x) < 0)
			return PD_ENOMEM;
	}
	return 0;
}

static int check_rules(struct pd_contradictions *out,
		       const struct pd_facts *facts,
		       const struct pd_fact_computed *comp, size_t nc,
		       const char *games, const char *key,
		       const struct claims *c)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < sizeof(rules) / sizeof(*rules) && ret == 0; i++) {
		if (strcmp(rules[i].key, key))
			continue;
		if (rules[i].kind == PD_CONTRA_SHARE)
			ret = check_share(out, facts, comp, nc, games,
					  &rules[i], c, &out->checked);
		else
			ret = check_sum(out, facts, comp, nc, games, &rules[i],
					c, &out->checked);
	}
	return ret;
}

int pd_facts_check(const struct pd_facts *facts,
		   const struct pd_fact_computed *computed, size_t nc,
		   struct pd_contradictions *out)
{
	struct claims c;
	size_t i;
	int ret = 0;

	for (i = 0; i < facts->n && ret == 0; i++) {
		const struct pd_fact *f = &facts->v[i];

		if (key_seen(facts, i, f->games, f->key))
			continue;
		claims_of(&c, facts, computed, nc, f->games, f->key);
		if (c.n > 1)
			out->checked++;
		if ((ret = check_sources(out, f->games, f->key, &c)) == 0 &&
		    (ret = check_computed(out, f->games, f->key, &c)) == 0)
			ret = check_rules(out, facts, computed, nc, f->games,
					  f->key, &c);
	}
	return ret;
}
