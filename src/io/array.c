/* array.c -- the two array helpers every reader of a file shares: grow an
 * array by doubling, up to the entry set's hard maximum, and group its
 * elements by a small integer key (array.h).  On its own so that the
 * entry set (entries.c) and the importers' plumbing (import.c) both use
 * it without using each other. */
#include <stdlib.h>
#include <string.h>

#include "podium/entries.h"
#include "podium/error.h"
#include "array.h"

int pd_array_group(void *v, size_t n, size_t elem, size_t nkeys,
		   size_t (*key)(const void *),
		   int (*cmp)(const void *, const void *))
{
	char **pv = v, *src = *pv, *dst;
	size_t *at, i, from;

	if (n == 0)
		return 0;
	if (!(at = calloc(nkeys + 1, sizeof(*at))))
		return PD_ENOMEM;
	if (!(dst = malloc(n * elem))) {
		free(at);
		return PD_ENOMEM;
	}
	for (i = 0; i < n; i++) {
		if (key(src + i * elem) >= nkeys) {
			free(at);
			free(dst);
			return PD_EINVAL;
		}
		at[key(src + i * elem) + 1]++;
	}
	for (i = 0; i < nkeys; i++)
		at[i + 1] += at[i];
	for (i = 0; i < n; i++)
		memcpy(dst + at[key(src + i * elem)]++ * elem, src + i * elem,
		       elem);
	free(at);
	free(src);
	*pv = dst;
	for (from = 0, i = 1; cmp && i <= n; i++)
		if (i == n || key(dst + i * elem) != key(dst + from * elem)) {
			qsort(dst + from * elem, i - from, elem, cmp);
			from = i;
		}
	return 0;
}

int pd_array_grow(void *v, size_t n, size_t *alloc, size_t elem)
{
	void **pv = v;
	size_t na;
	void *nv;

	if (n < *alloc)
		return 0;
	if (n >= PD_ENTRIES_MAX)
		return PD_ETOOBIG;
	na = *alloc ? *alloc * 2 : 64;
	if (!(nv = realloc(*pv, na * elem)))
		return PD_ENOMEM;
	*pv = nv;
	*alloc = na;
	return 0;
}
