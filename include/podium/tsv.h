/* tsv.h -- the form of the bundled data files (data/, .tsv): one record
 * a line, fields split by tabs, blank lines and '#' comments skipped.
 * The registry, its history and the events catalogue are read so. */
#ifndef PODIUM_TSV_H
#define PODIUM_TSV_H

#include <stddef.h>

/* The next line that holds data, from *p to end: 1 with it in
 * *s[0..*n) (a CR before the newline dropped) and *line its number
 * (counting every line), or 0 at the end. */
int pd_tsv_next(const char **p, const char *end, long *line,
		const char **s, size_t *n);

/* A copy of s[0..n) in *copy (malloc'd; the caller frees it) cut at its
 * tabs into field[0..]: the number of fields, max + 1 when there are more
 * than max (field[0..max) hold the first), or -1 without memory. */
int pd_tsv_split(const char *s, size_t n, char **copy, char **field,
		 int max);

#endif
