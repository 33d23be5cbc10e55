/* published.c -- a medal table as printed: keep it, tally it, check it. */
#include <stdarg.h>
#include <stdio.h>	/* vsnprintf only: formatting, no I/O */
#include <stdlib.h>
#include <string.h>

#include "podium/published.h"

void pd_published_init(struct pd_published *p)
{
	memset(p, 0, sizeof(*p));
	p->totals_line = 0;
}

void pd_published_release(struct pd_published *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		free(p->rows[i].name);
	free(p->rows);
	free(p->caption);
	free(p->header);
	pd_published_init(p);
}

int pd_published_add(struct pd_published *p, long line, int has_rank,
		     long rank, const char *name, const long medals[3],
		     long total, struct pd_published_row **out)
{
	struct pd_published_row *r;

	if (p->n >= PD_TALLY_MAX)
		return PD_ETOOBIG;
	if (p->n == p->alloc) {
		size_t na = p->alloc ? p->alloc * 2 : 64;

		if (!(r = realloc(p->rows, na * sizeof(*r))))
			return PD_ENOMEM;
		p->rows = r;
		p->alloc = na;
	}
	r = &p->rows[p->n];
	memset(r, 0, sizeof(*r));
	if (!(r->name = strdup(name)))
		return PD_ENOMEM;
	r->line = line;
	r->has_rank = has_rank;
	r->rank = rank;
	memcpy(r->medals, medals, sizeof(r->medals));
	r->total = total;
	p->n++;
	if (out)
		*out = r;
	return 0;
}

int pd_published_tally(const struct pd_published *p, struct pd_tally *t)
{
	struct pd_tally_row *tr;
	size_t i;
	int m;

	for (i = 0; i < p->n; i++) {
		const struct pd_published_row *r = &p->rows[i];

		if (!r->npc[0])
			continue;
		if (!(tr = pd_tally_row(t, r->npc)))
			return PD_ENOMEM;
		for (m = 0; m < 3; m++)
			tr->medals[m] += r->medals[m];
		if (!tr->printed && !(tr->printed = strdup(r->name)))
			return PD_ENOMEM;
	}
	return 0;
}

void pd_problems_init(struct pd_problems *p)
{
	memset(p, 0, sizeof(*p));
}

void pd_problems_release(struct pd_problems *p)
{
	free(p->v);
	pd_problems_init(p);
}

int pd_problems_add(struct pd_problems *p, long line, const char *fmt, ...)
{
	struct pd_problem *v;
	va_list ap;

	if (p->n >= PD_PROBLEMS_MAX)
		return 0;	/* enough to go on with; the count is capped */
	if (p->n == p->alloc) {
		size_t na = p->alloc ? p->alloc * 2 : 16;

		if (!(v = realloc(p->v, na * sizeof(*v))))
			return PD_ENOMEM;
		p->v = v;
		p->alloc = na;
	}
	v = &p->v[p->n++];
	v->line = line;
	va_start(ap, fmt);
	vsnprintf(v->msg, sizeof(v->msg), fmt, ap);
	va_end(ap);
	return 0;
}

static long sum3(const long m[3])
{
	return m[0] + m[1] + m[2];
}

/* The sort key of a row under a scheme, most significant first. */
static void key_of(const struct pd_published_row *r,
		   const struct pd_scheme *s, long key[4])
{
	key[0] = 0;
	if (s->kind == PD_SCHEME_TOTAL)
		key[0] = sum3(r->medals);
	else if (s->kind == PD_SCHEME_POINTS)
		key[0] = r->medals[0] * s->weight[0] +
			 r->medals[1] * s->weight[1] +
			 r->medals[2] * s->weight[2];
	memcpy(key + 1, r->medals, 3 * sizeof(long));
}

/* <0 when a ranks above b, 0 when they tie, >0 when b ranks above a. */
static int cmp_rows(const struct pd_published_row *a,
		    const struct pd_published_row *b,
		    const struct pd_scheme *s)
{
	long ka[4], kb[4];
	int i;

	key_of(a, s, ka);
	key_of(b, s, kb);
	for (i = 0; i < 4; i++)
		if (ka[i] != kb[i])
			return ka[i] > kb[i] ? -1 : 1;
	return 0;
}

static int check_row(const struct pd_published *p, size_t i,
		     const struct pd_scheme *s, long *shared,
		     struct pd_problems *out)
{
	const struct pd_published_row *r = &p->rows[i], *up;
	long expect = (long)i + 1, sum = sum3(r->medals);
	int c = 1, ret = 0;

	if (r->total >= 0 && r->total != sum)
		ret = pd_problems_add(out, r->line, "%s: total %ld is not "
				      "gold + silver + bronze = %ld", r->name,
				      r->total, sum);
	if (ret == 0 && i > 0) {
		up = &p->rows[i - 1];
		c = cmp_rows(up, r, s);
		if (c > 0)
			ret = pd_problems_add(out, r->line, "%s (%ld %ld %ld) "
				"ranks above %s (%ld %ld %ld) but is listed "
				"below it", r->name, r->medals[0],
				r->medals[1], r->medals[2], up->name,
				up->medals[0], up->medals[1], up->medals[2]);
	}
	if (ret || p->no_ranks)
		return ret;
	if (c == 0) {
		/* tied with the row above: no rank, or the shared one */
		if (r->has_rank && r->rank != *shared)
			ret = pd_problems_add(out, r->line, "%s ties the row "
					      "above, so its rank is %ld, not "
					      "%ld", r->name, *shared, r->rank);
		return ret;
	}
	*shared = expect;
	if (!r->has_rank)
		ret = pd_problems_add(out, r->line, "%s starts rank %ld but "
				      "prints no rank", r->name, expect);
	else if (r->rank != expect)
		ret = pd_problems_add(out, r->line, "%s: rank %ld should be "
				      "%ld (competition ranking)", r->name,
				      r->rank, expect);
	return ret;
}

static int check_totals(const struct pd_published *p,
			struct pd_problems *out)
{
	static const char *what[] = { "gold", "silver", "bronze", "total" };
	long sum[4] = { 0, 0, 0, 0 };
	size_t i;
	int m, ret = 0;

	for (i = 0; i < p->n; i++) {
		for (m = 0; m < 3; m++)
			sum[m] += p->rows[i].medals[m];
		/* the medals, not a row's printed total: a wrong one is
		 * that row's problem, not the totals row's as well */
		sum[3] += sum3(p->rows[i].medals);
	}
	/* each wrong number once: a totals row whose gold, silver and
	 * bronze are the sums has a total that is their sum iff it is the
	 * rows' */
	for (m = 0; m < 4 && ret == 0; m++)
		if (p->totals[m] != sum[m])
			ret = pd_problems_add(out, p->totals_line, "totals row: "
					      "%s %ld, but the rows add up to "
					      "%ld", what[m], p->totals[m],
					      sum[m]);
	return ret;
}

int pd_published_check_sums(const struct pd_published *p,
			    struct pd_problems *out)
{
	const struct pd_published_row *r;
	size_t i;
	int ret = 0;

	for (i = 0; i < p->n && ret == 0; i++) {
		r = &p->rows[i];
		if (r->total >= 0 && r->total != sum3(r->medals))
			ret = pd_problems_add(out, r->line, "%s: total %ld is "
					      "not gold + silver + bronze = "
					      "%ld", r->name, r->total,
					      sum3(r->medals));
	}
	if (ret == 0 && p->has_totals)
		ret = check_totals(p, out);
	return ret;
}

int pd_published_check(const struct pd_published *p,
		       const struct pd_scheme *scheme,
		       struct pd_problems *out)
{
	struct pd_scheme gold = { PD_SCHEME_GOLD, { 0, 0, 0 } };
	long shared = 1;
	size_t i;
	int ret = 0;

	if (!scheme)
		scheme = &gold;
	for (i = 0; i < p->n && ret == 0; i++)
		ret = check_row(p, i, scheme, &shared, out);
	if (ret == 0 && p->has_totals)
		ret = check_totals(p, out);
	return ret;
}
