/* tsv.c -- the lines and fields of the bundled data files (tsv.h).
 * Pure: no I/O. */
#include <stdlib.h>
#include <string.h>

#include "podium/tsv.h"

int pd_tsv_next(const char **p, const char *end, long *line,
		const char **s, size_t *n)
{
	const char *eol;

	while (*p < end) {
		(*line)++;
		if (!(eol = memchr(*p, '\n', (size_t)(end - *p))))
			eol = end;
		*s = *p;
		*n = (size_t)(eol - *p);
		*p = eol < end ? eol + 1 : end;
		if (*n && (*s)[*n - 1] == '\r')
			(*n)--;
		if (*n && (*s)[0] != '#')
			return 1;
	}
	return 0;
}

int pd_tsv_split(const char *s, size_t n, char **copy, char **field,
		 int max)
{
	char *p;
	int k = 0;

	if (!(*copy = malloc(n + 1)))
		return -1;
	memcpy(*copy, s, n);
	(*copy)[n] = '\0';
	p = *copy;
	field[k++] = p;
	for (; *p; p++) {
		if (*p != '\t')
			continue;
		*p = '\0';
		if (k == max)
			return max + 1;
		field[k++] = p + 1;
	}
	return k;
}
