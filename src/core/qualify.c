/* qualify.c -- qualification from heats and the next phase's lane draw,
 * by rules held as data (qualify.h). */
#include <stdlib.h>
#include <string.h>

#include "podium/qualify.h"
#include "podium/tsv.h"

static int lanes_parse(struct pd_qual_rule *r, const char *s)
{
	char *end;
	long v;

	if (!strcmp(s, "-"))
		return 0;
	while (*s) {
		v = strtol(s, &end, 10);
		if (end == s || v < 1 || v > 99 || r->nlanes == PD_QUAL_LANES)
			return -1;
		r->lanes[r->nlanes++] = (int)v;
		s = end;
		if (*s == '/' || !*s)
			r->group_end[r->ngroups++] = r->nlanes;
		if (*s == ',' || *s == '/')
			s++;
		else if (*s)
			return -1;
	}
	return 0;
}

static int small(const char *s, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end || v < 0 || v > 1000)
		return -1;
	*out = (int)v;
	return 0;
}

static int rule_parse(struct pd_qual_rule *r, char **f, const char *file,
		      long line, struct pd_diag *d)
{
	memset(r, 0, sizeof(*r));
	if (strlen(f[0]) < 4 || strlen(f[0]) > 22 || strlen(f[1]) != 4 ||
	    strlen(f[3]) != 4)
		return pd_diag_set(d, PD_EPARSE, file, line, "an event code "
				   "(4 to 22 characters) and two phases of 4");
	if (small(f[2], &r->heats) < 0 || small(f[4], &r->by_place) < 0 ||
	    small(f[5], &r->by_time) < 0 || r->heats < 1)
		return pd_diag_set(d, PD_EPARSE, file, line, "heats, Q and q "
				   "are whole numbers");
	if (lanes_parse(r, f[6]) < 0)
		return pd_diag_set(d, PD_EPARSE, file, line, "lanes '%s': "
				   "groups of lanes like 3,4,5,6/2,7/1,8, or -",
				   f[6]);
	memcpy(r->event, f[0], strlen(f[0]) + 1);
	memcpy(r->phase, f[1], 5);
	memcpy(r->next, f[3], 5);
	r->line = line;
	return (r->source = strdup(f[7])) ? 0 : PD_ENOMEM;
}

int pd_qual_rules_parse(struct pd_qual_rules *out, const char *text,
			size_t len, const char *file, struct pd_diag *diag)
{
	const char *p = text, *end = text + len, *s;
	struct pd_qual_rule *nv;
	char *copy, *f[9];
	long line = 0;
	size_t n;
	int nf, ret = 0;

	memset(out, 0, sizeof(*out));
	while (ret == 0 && pd_tsv_next(&p, end, &line, &s, &n) == 1) {
		if ((nf = pd_tsv_split(s, n, &copy, f, 8)) < 0)
			return PD_ENOMEM;
		if (nf != 8)
			ret = pd_diag_set(diag, PD_EPARSE, file, line, "8 fields "
					  "parted by tabs, not %d", nf);
		else if (!(nv = realloc(out->v, (out->n + 1) * sizeof(*nv))))
			ret = PD_ENOMEM;
		else {
			out->v = nv;
			if ((ret = rule_parse(&nv[out->n], f, file, line,
					      diag)) == 0)
				out->n++;
		}
		free(copy);
	}
	if (ret < 0)
		pd_qual_rules_release(out);
	return ret;
}

void pd_qual_rules_release(struct pd_qual_rules *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->v[i].source);
	free(r->v);
	memset(r, 0, sizeof(*r));
}

static int code_matches(const char *pattern, const char *event)
{
	size_t i;

	for (i = 0; pattern[i]; i++)
		if (!event[i] || (pattern[i] != '?' && pattern[i] != event[i]))
			return 0;
	return event[i] == '\0';
}

const struct pd_qual_rule *pd_qual_rule_find(const struct pd_qual_rules *r,
					     const char *event,
					     const char *phase, int heats)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (code_matches(r->v[i].event, event) &&
		    !strncmp(r->v[i].phase, phase, 4) && r->v[i].heats == heats)
			return &r->v[i];
	return NULL;
}

/* -- who qualifies */

static _Thread_local const struct pd_qual_row *sort_rows;

static int faster(const void *a, const void *b)
{
	const struct pd_qual_row *x = &sort_rows[*(const size_t *)a];
	const struct pd_qual_row *y = &sort_rows[*(const size_t *)b];

	return x->time < y->time ? -1 : x->time > y->time ? 1 :
	       (*(const size_t *)a > *(const size_t *)b) -
	       (*(const size_t *)a < *(const size_t *)b);
}

void pd_qual_propose(const struct pd_qual_rule *rule,
		     const struct pd_qual_row *v, size_t n, char *marks)
{
	size_t *rest = malloc((n ? n : 1) * sizeof(*rest)), nr = 0, i, k;

	for (i = 0; i < n; i++) {
		marks[i] = 0;
		if (!v[i].out && v[i].rank > 0 && v[i].rank <= rule->by_place)
			marks[i] = 'Q';
		else if (!v[i].out && v[i].has_time && rest)
			rest[nr++] = i;
	}
	if (!rest)
		return;
	sort_rows = v;
	qsort(rest, nr, sizeof(*rest), faster);
	for (k = 0; k < nr; k++) {
		if ((int)k >= rule->by_time &&
		    (k == 0 || v[rest[k]].time != v[rest[k - 1]].time))
			break;
		marks[rest[k]] = 'q';
	}
	free(rest);
}

static _Thread_local const char *sort_marks;

static int ranked(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	const struct pd_qual_row *x = &sort_rows[i], *y = &sort_rows[j];
	int qa = sort_marks[i] == 'Q', qb = sort_marks[j] == 'Q';

	if (qa != qb)
		return qb - qa;
	if (qa && x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->has_time != y->has_time)
		return y->has_time - x->has_time;
	return faster(a, b);
}

size_t pd_qual_rank(const struct pd_qual_row *v, size_t n, const char *marks,
		    size_t *idx)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (marks[i] == 'Q' || marks[i] == 'q')
			idx[k++] = i;
	sort_rows = v;
	sort_marks = marks;
	qsort(idx, k, sizeof(*idx), ranked);
	return k;
}

/* -- the lane draw */

static unsigned long long next_lot(unsigned long long *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

void pd_qual_lanes(const struct pd_qual_rule *rule, size_t n,
		   const char *seed, int *lane)
{
	unsigned long long x = 1469598103934665603ULL;
	int g, start = 0, i, j, t, pool[PD_QUAL_LANES];
	size_t k;

	for (k = 0; seed && seed[k]; k++)
		x = (x ^ (unsigned char)seed[k]) * 1099511628211ULL;
	if (!x)
		x = 1;
	for (k = 0; k < n; k++)
		lane[k] = (int)k + 1;
	for (g = 0; g < rule->ngroups && (size_t)start < n; g++) {
		int end = rule->group_end[g], m = end - start;

		memcpy(pool, rule->lanes + start, (size_t)m * sizeof(int));
		for (i = m - 1; i > 0; i--) {	/* the lot: Fisher-Yates */
			j = (int)(next_lot(&x) % (unsigned long long)(i + 1));
			t = pool[i];
			pool[i] = pool[j];
			pool[j] = t;
		}
		for (i = 0; i < m && (size_t)(start + i) < n; i++)
			lane[start + i] = pool[i];
		start = end;
	}
	/* past the drawn lanes: after the last one drawn, in order */
	for (k = (size_t)start; k < n && rule->nlanes; k++)
		lane[k] = rule->nlanes + (int)(k - (size_t)start) + 1;
}
