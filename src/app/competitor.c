/* competitor.c -- the duplicate-competitor rule (app_int.h): one
 * competitor holds one place in an event's results, whichever way the
 * results came in (the API, result files, ODF feeds).  Sorting, not
 * comparing every pair: an ODF event may hold 100,000 results. */
#include <stdlib.h>
#include <string.h>

#include "podium/npc.h"
#include "app_int.h"

/* A result's competitor and its place among the event's results. */
struct who_at {
	struct app_who who;
	size_t at;
	char *key;	/* a named athlete's name for matching, else NULL */
};

static int cmp_at(const struct who_at *x, const struct who_at *y)
{
	return (x->at > y->at) - (x->at < y->at);
}

/* by the store's ids */
static int cmp_ids(const void *a, const void *b)
{
	const struct who_at *x = a, *y = b;

	if (x->who.athlete != y->who.athlete)
		return x->who.athlete < y->who.athlete ? -1 : 1;
	if (x->who.team != y->who.team)
		return x->who.team < y->who.team ? -1 : 1;
	return cmp_at(x, y);
}

/* an athlete given by NPC and name */
static int named(const struct app_who *w)
{
	return !w->team && w->npc && *w->npc && w->name && *w->name;
}

/* Names match as the store finds athletes by them (pd_name_normalise:
 * NFKC, case folded, white space folded and trimmed), so that two
 * spellings of one name under two codes are one competitor. */
static int cmp_names(const void *a, const void *b)
{
	const struct who_at *x = a, *y = b;
	int c;

	if (!x->key != !y->key)
		return x->key ? -1 : 1;
	if (x->key && ((c = strcmp(x->who.npc, y->who.npc)) ||
		       (c = strcmp(x->key, y->key))))
		return c;
	return cmp_at(x, y);
}

static int same_names(const struct who_at *x, const struct who_at *y)
{
	return x->key && y->key && !strcmp(x->who.npc, y->who.npc) &&
	       !strcmp(x->key, y->key);
}

static int same_ids(const struct who_at *x, const struct who_at *y)
{
	return x->who.athlete == y->who.athlete && x->who.team == y->who.team;
}

/* v sorted by cmp, equal competitors (same) together in their order:
 * the second of each group repeats the first; the earliest such into
 * *best and *first. */
static void earliest_repeat(struct who_at *v, size_t n,
			    int (*cmp)(const void *, const void *),
			    int (*same)(const struct who_at *,
					const struct who_at *),
			    size_t *best, size_t *first)
{
	size_t i, g = 0;

	qsort(v, n, sizeof(*v), cmp);
	for (i = 1; i < n; i++) {
		if (!same(&v[g], &v[i])) {
			g = i;
			continue;
		}
		if (i == g + 1 && v[i].at < *best) {
			*best = v[i].at;
			*first = v[g].at;
		}
	}
}

int app_competitor_repeat(const struct app_who *who, size_t n,
			  size_t *first, size_t *again)
{
	struct who_at *v;
	size_t i, best = n;
	int ret = 0;

	if (n < 2)
		return 0;
	if (!(v = malloc(n * sizeof(*v))))
		return PD_ENOMEM;
	for (i = 0; i < n; i++) {
		v[i].who = who[i];
		v[i].at = i;
		v[i].key = NULL;
		/* NULL for a name that is not UTF-8: bytes, then */
		if (named(&who[i]) && !(v[i].key = pd_name_normalise(
				who[i].name)) && !(v[i].key = strdup(who[i].name)))
			ret = PD_ENOMEM;
	}
	if (ret == 0) {
		earliest_repeat(v, n, cmp_ids, same_ids, &best, first);
		earliest_repeat(v, n, cmp_names, same_names, &best, first);
	}
	for (i = 0; i < n; i++)
		free(v[i].key);
	free(v);
	if (ret < 0)
		return ret;
	if (best == n)
		return 0;
	*again = best;
	return 1;
}
