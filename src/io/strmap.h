/* strmap.h -- internal to src/io: a string -> index hash map, what the
 * importers index athletes, events, teams and NPC names with.
 *
 * Keys are borrowed: the caller keeps them alive for the map's life (the
 * interned strings of a struct pd_entry_set do), so a lookup copies
 * nothing.  Open addressing with linear probing, grown at half full, at
 * most PD_STRMAP_MAX keys.  A zeroed struct is an empty map.
 */
#ifndef PODIUM_STRMAP_H
#define PODIUM_STRMAP_H

#include <stddef.h>

#define PD_STRMAP_MAX ((size_t)1 << 26)

struct pd_strmap {
	const char **keys;
	size_t *vals;
	size_t n, cap;
};

void pd_strmap_release(struct pd_strmap *m);
/* The value of key in *val (NULL if absent and not add).  With add, an
 * absent key is added with value 0 and 1 is returned; else 0, or
 * PD_ENOMEM / PD_ETOOBIG, the map unchanged. */
int pd_strmap_get(struct pd_strmap *m, const char *key, int add,
		  size_t **val);

/* A map that owns its keys: pd_strmap_add_copy() adds a copy of key as
 * pd_strmap_get() with add does (1 added, 0 there, or PD_ENOMEM /
 * PD_ETOOBIG), and pd_strmap_release_keys() frees the copies with the
 * map.  For keys built in a scratch buffer, which nothing else keeps. */
int pd_strmap_add_copy(struct pd_strmap *m, const char *key, size_t **val);
void pd_strmap_release_keys(struct pd_strmap *m);

#endif
