/* marks.c -- marks as numbers, and competition ranks from them (see
 * results.h).  Pure: no I/O, no globals. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "podium/results.h"

int pd_mark_value(const char *mark, double *value)
{
	double total = 0, part;
	const char *p = mark;
	char num[32];
	size_t n;
	int parts = 0;

	while (isspace((unsigned char)*p))
		p++;
	for (;;) {
		n = strspn(p, "0123456789.,");
		if (!n || n >= sizeof(num) || parts == 3)
			return PD_EINVAL;
		memcpy(num, p, n);
		num[n] = '\0';
		if (strchr(num, ','))
			*strchr(num, ',') = '.';
		if (strchr(num, ',') || strchr(num, '.') != strrchr(num, '.') ||
		    num[0] == '.' || num[n - 1] == '.')
			return PD_EINVAL;
		part = strtod(num, NULL);
		/* after a colon, minutes and seconds are under 60:
		 * "99:99:99.99" is no time */
		if (parts && part >= 60)
			return PD_ERANGE;
		total = total * 60 + part;
		parts++;
		p += n;
		if (*p != ':')
			break;
		p++;
	}
	while (isspace((unsigned char)*p))
		p++;
	/* a unit after a distance or points ("5.10 m", "245 pts") */
	if (parts == 1 && (!strcmp(p, "m") || !strcmp(p, "pts") ||
			   !strcmp(p, "s")))
		p += strlen(p);
	if (*p)
		return PD_EINVAL;
	*value = total;
	return 0;
}

struct keyed {
	double v;
	size_t i;
};

static int cmp_asc(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->v != y->v)
		return (x->v > y->v) - (x->v < y->v);
	return (x->i > y->i) - (x->i < y->i);
}

static int cmp_desc(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->v != y->v)
		return (x->v < y->v) - (x->v > y->v);
	return (x->i > y->i) - (x->i < y->i);
}

int pd_rank_marks(const double *v, const int *has, size_t n, int desc,
		  long *rank)
{
	struct keyed *k;
	size_t i, m = 0;

	if (!(k = malloc((n ? n : 1) * sizeof(*k))))
		return PD_ENOMEM;
	for (i = 0; i < n; i++) {
		rank[i] = 0;
		if (has[i]) {
			k[m].v = v[i];
			k[m++].i = i;
		}
	}
	qsort(k, m, sizeof(*k), desc ? cmp_desc : cmp_asc);
	for (i = 0; i < m; i++)
		rank[k[i].i] = i && k[i].v == k[i - 1].v ?
			       rank[k[i - 1].i] : (long)i + 1;
	free(k);
	return 0;
}
