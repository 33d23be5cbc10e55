/* standings.c -- rank NPCs by medals.  Pure: no I/O, no globals. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>	/* snprintf only: formatting, no I/O */
#include <stdlib.h>
#include <string.h>

#include "podium/standings.h"

void pd_tally_init(struct pd_tally *t)
{
	memset(t, 0, sizeof(*t));
}

void pd_tally_release(struct pd_tally *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->rows[i].printed);
	free(t->rows);
	pd_tally_init(t);
}

struct pd_tally_row *pd_tally_row(struct pd_tally *t, const char *npc)
{
	struct pd_tally_row *row;
	size_t i, len = strlen(npc);

	/* Linear: a tally has a few hundred rows at most, and callers that
	 * add many medals tally per NPC first (see the store). */
	for (i = 0; i < t->n; i++)
		if (!strcmp(t->rows[i].npc, npc))
			return &t->rows[i];
	if (len >= PD_CODE_MAX || t->n >= PD_TALLY_MAX)
		return NULL;
	if (t->n == t->alloc) {
		size_t na = t->alloc ? t->alloc * 2 : 64;

		if (!(row = realloc(t->rows, na * sizeof(*row))))
			return NULL;
		t->rows = row;
		t->alloc = na;
	}
	row = &t->rows[t->n++];
	memset(row, 0, sizeof(*row));
	memcpy(row->npc, npc, len + 1);
	return row;
}

int pd_tally_add(struct pd_tally *t, const char *npc, enum pd_medal medal,
		 long count)
{
	struct pd_tally_row *row = pd_tally_row(t, npc);

	if (!row)
		return strlen(npc) >= PD_CODE_MAX ? PD_EINVAL : PD_ENOMEM;
	row->medals[medal] += count;
	return 0;
}

static int parse_weight(const char **p, long *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)**p))
		return -1;
	errno = 0;
	v = strtol(*p, &end, 10);
	if (errno || v > 1000000)
		return -1;
	*out = v;
	*p = end;
	return 0;
}

int pd_scheme_parse(struct pd_scheme *s, const char *text,
		    struct pd_diag *diag)
{
	const char *p;
	int i;

	memset(s, 0, sizeof(*s));
	if (!strcmp(text, "gold")) {
		s->kind = PD_SCHEME_GOLD;
		return 0;
	}
	if (!strcmp(text, "total")) {
		s->kind = PD_SCHEME_TOTAL;
		return 0;
	}
	s->kind = PD_SCHEME_POINTS;
	s->weight[0] = 3;
	s->weight[1] = 2;
	s->weight[2] = 1;
	if (!strcmp(text, "points"))
		return 0;
	if (strncmp(text, "points=", 7))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0,
				   "unknown scheme '%s': use gold, total or "
				   "points=3,2,1", text);
	p = text + 7;
	for (i = 0; i < 3; i++) {
		if (parse_weight(&p, &s->weight[i]) < 0 ||
		    *p != (i < 2 ? ',' : '\0'))
			return pd_diag_set(diag, PD_EINVAL, NULL, 0,
					   "bad weights in '%s': expected "
					   "three whole numbers such as "
					   "points=3,2,1", text);
		p++;
	}
	return 0;
}

void pd_scheme_format(const struct pd_scheme *s, char *out, size_t size)
{
	switch (s->kind) {
	case PD_SCHEME_GOLD:
		snprintf(out, size, "gold");
		break;
	case PD_SCHEME_TOTAL:
		snprintf(out, size, "total");
		break;
	case PD_SCHEME_POINTS:
		snprintf(out, size, "points=%ld,%ld,%ld", s->weight[0],
			 s->weight[1], s->weight[2]);
		break;
	}
}

static int cmp_long_desc(long a, long b)
{
	return (a < b) - (a > b);
}

/* The scheme's order without the final tie-break by code: rows equal here
 * share a rank. */
static int cmp_counts(const struct pd_standing *a, const struct pd_standing *b,
		      enum pd_scheme_kind kind)
{
	int c = 0, i;

	if (kind == PD_SCHEME_TOTAL)
		c = cmp_long_desc(a->total, b->total);
	else if (kind == PD_SCHEME_POINTS)
		c = cmp_long_desc(a->points, b->points);
	for (i = 0; i < 3 && !c; i++)
		c = cmp_long_desc(a->medals[i], b->medals[i]);
	return c;
}

#define DEFINE_CMP(name, kind)                                           \
	static int name(const void *x, const void *y)                    \
	{                                                                \
		const struct pd_standing *a = x, *b = y;                 \
		int c = cmp_counts(a, b, kind);                          \
		return c ? c : strcmp(a->npc, b->npc);                   \
	}
DEFINE_CMP(cmp_gold, PD_SCHEME_GOLD)
DEFINE_CMP(cmp_total, PD_SCHEME_TOTAL)
DEFINE_CMP(cmp_points, PD_SCHEME_POINTS)

static int (*const compare_for[])(const void *, const void *) = {
	[PD_SCHEME_GOLD] = cmp_gold,
	[PD_SCHEME_TOTAL] = cmp_total,
	[PD_SCHEME_POINTS] = cmp_points,
};

static void add_into(struct pd_standing *sum, const struct pd_standing *row)
{
	int i;

	for (i = 0; i < 3; i++)
		sum->medals[i] += row->medals[i];
	sum->total += row->total;
	sum->points += row->points;
}

static int collect_rows(struct pd_standings *out, const struct pd_tally *t,
			const struct pd_standings_opts *o)
{
	size_t i;
	int m;

	out->rows = calloc(t->n ? t->n : 1, sizeof(*out->rows));
	if (!out->rows)
		return PD_ENOMEM;
	for (i = 0; i < t->n; i++) {
		const struct pd_tally_row *tr = &t->rows[i];
		struct pd_standing *r = &out->rows[out->nall];

		for (m = 0; m < 3; m++) {
			if (tr->medals[m] < 0)
				return PD_ERANGE;
			r->medals[m] = tr->medals[m];
			r->total += tr->medals[m];
			if (o->scheme.kind == PD_SCHEME_POINTS)
				r->points += tr->medals[m] * o->scheme.weight[m];
		}
		if (!r->total && !o->keep_empty) {
			memset(r, 0, sizeof(*r));
			continue;
		}
		memcpy(r->npc, tr->npc, sizeof(r->npc));
		r->printed = tr->printed;
		r->host = o->host && !strcmp(o->host, tr->npc);
		out->nall++;
	}
	return 0;
}

int pd_standings_build(struct pd_standings *out, const struct pd_tally *t,
		       const struct pd_standings_opts *o,
		       struct pd_diag *diag)
{
	enum pd_scheme_kind kind = o->scheme.kind;
	size_t i;
	int ret;

	memset(out, 0, sizeof(*out));
	out->scheme = o->scheme;
	if ((ret = collect_rows(out, t, o)) < 0) {
		pd_standings_release(out);
		return pd_diag_set(diag, ret, NULL, 0, "%s", ret == PD_ERANGE ?
				   "a medal count is negative" :
				   pd_strerror(ret));
	}
	qsort(out->rows, out->nall, sizeof(*out->rows), compare_for[kind]);
	/* Competition ranking: a row equal to the one above shares its
	 * rank; the next different row takes its position (1, 2, 2, 4). */
	for (i = 0; i < out->nall; i++) {
		struct pd_standing *r = &out->rows[i];

		r->tied = i > 0 && !cmp_counts(&out->rows[i - 1], r, kind);
		r->rank = r->tied ? out->rows[i - 1].rank : (long)i + 1;
		add_into(&out->totals, r);
	}
	out->n = out->nall;
	/* Cut at top, keeping every row that shares the last rank shown:
	 * cutting inside a tie would rank equals differently. */
	if (o->top && o->top < out->nall) {
		for (i = o->top; i < out->nall &&
		     out->rows[i].rank <= (long)o->top; i++)
			;
		out->n = i;
		for (; i < out->nall; i++)
			add_into(&out->remaining, &out->rows[i]);
		out->nremaining = out->nall - out->n;
		out->has_remaining = out->nremaining > 0;
	}
	return 0;
}

void pd_standings_release(struct pd_standings *s)
{
	free(s->rows);
	memset(s, 0, sizeof(*s));
}
