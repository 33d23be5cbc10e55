/* distance.c -- the one edit distance of "did you mean" (distance.h):
 * the command line's words, the NPCs' names and the Games codes are all
 * measured here, each caller saying by flags what its rule is.  Pure:
 * no I/O. */
#include <utf8proc.h>

#include "podium/distance.h"

/* The code points of s, at most PD_DISTANCE_MAX into out: their count,
 * or PD_DISTANCE_MAX + 1 when s has more.  A byte that begins no valid
 * sequence is one code point above Unicode's (0x110000 + the byte). */
static size_t decode(const char *s, int32_t *out)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t c;
	utf8proc_ssize_t n;
	size_t k = 0;

	while (*p) {
		if (k == PD_DISTANCE_MAX)
			return PD_DISTANCE_MAX + 1;
		if ((n = utf8proc_iterate(p, -1, &c)) <= 0) {
			c = 0x110000 + *p;
			n = 1;
		}
		out[k++] = c;
		p += n;
	}
	return k;
}

static int same(int32_t x, int32_t y, int flags)
{
	if (x == y)
		return 1;
	return (flags & PD_DISTANCE_FOLD) && x < 0x110000 && y < 0x110000 &&
	       utf8proc_tolower(x) == utf8proc_tolower(y);
}

size_t pd_distance_cp(const int32_t *a, size_t na, const int32_t *b,
		      size_t nb, int flags)
{
	size_t rows[3][PD_DISTANCE_MAX + 1], i, j, best;
	size_t *prev2 = rows[0], *prev = rows[1], *cur = rows[2], *t;

	if (na > PD_DISTANCE_MAX || nb > PD_DISTANCE_MAX)
		return PD_DISTANCE_FAR;
	for (j = 0; j <= nb; j++)
		prev[j] = j;
	for (i = 1; i <= na; i++) {
		cur[0] = i;
		for (j = 1; j <= nb; j++) {
			best = prev[j - 1] + !same(a[i - 1], b[j - 1], flags);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if ((flags & PD_DISTANCE_SWAP) && i > 1 && j > 1 &&
			    same(a[i - 1], b[j - 2], flags) &&
			    same(a[i - 2], b[j - 1], flags) &&
			    prev2[j - 2] + 1 < best)
				best = prev2[j - 2] + 1;
			cur[j] = best;
		}
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	return prev[nb];
}

size_t pd_distance(const char *a, const char *b, int flags)
{
	int32_t ca[PD_DISTANCE_MAX], cb[PD_DISTANCE_MAX];
	size_t na = decode(a, ca), nb = decode(b, cb);

	return pd_distance_cp(ca, na, cb, nb, flags);
}
