/* array.h -- internal to src/io: growing and grouping the arrays an
 * entry set and the importers fill (array.c). */
#ifndef PODIUM_IO_ARRAY_H
#define PODIUM_IO_ARRAY_H

#include <stddef.h>

/* Make room for one more element of size elem in *v, an array of n used
 * of *alloc, doubling it; at most PD_ENTRIES_MAX elements (PD_ETOOBIG). */
int pd_array_grow(void *v, size_t n, size_t *alloc, size_t elem);

/* Reorder the n elements of size elem of the array *v by key(element),
 * each below nkeys, keeping their order within a key (a counting sort),
 * into a new array of n that replaces *v; then sort each key's run with
 * cmp (NULL: none).  For the ordering of a whole file's rows by event:
 * one qsort of them all spent most of its comparisons telling events
 * apart.  PD_ENOMEM, or PD_EINVAL for a key not below nkeys, *v then
 * untouched. */
int pd_array_group(void *v, size_t n, size_t elem, size_t nkeys,
		   size_t (*key)(const void *),
		   int (*cmp)(const void *, const void *));

#endif
