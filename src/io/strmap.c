/* strmap.c -- the string -> index hash map of strmap.h: FNV-1a over the
 * key's bytes, linear probing in a power-of-two table. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "podium/error.h"
#include "strmap.h"

static size_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 29));
}

void pd_strmap_release(struct pd_strmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

static size_t slot_of(const struct pd_strmap *m, const char *key)
{
	size_t i = hash(key) & (m->cap - 1);

	while (m->keys[i] && strcmp(m->keys[i], key))
		i = (i + 1) & (m->cap - 1);
	return i;
}

static int rehash(struct pd_strmap *m)
{
	struct pd_strmap g = { NULL, NULL, m->n, m->cap ? m->cap * 2 : 256 };
	size_t i, j;

	g.keys = calloc(g.cap, sizeof(*g.keys));
	g.vals = calloc(g.cap, sizeof(*g.vals));
	if (!g.keys || !g.vals) {
		pd_strmap_release(&g);
		return PD_ENOMEM;
	}
	for (i = 0; i < m->cap; i++) {
		if (!m->keys[i])
			continue;
		j = slot_of(&g, m->keys[i]);
		g.keys[j] = m->keys[i];
		g.vals[j] = m->vals[i];
	}
	pd_strmap_release(m);
	*m = g;
	return 0;
}

int pd_strmap_get(struct pd_strmap *m, const char *key, int add,
		  size_t **val)
{
	size_t i;
	int ret;

	*val = NULL;
	if (m->cap == 0 && !add)
		return 0;
	if ((m->n + 1) * 2 > m->cap) {
		if (m->n >= PD_STRMAP_MAX)
			return PD_ETOOBIG;
		if ((ret = rehash(m)) < 0)
			return ret;
	}
	i = slot_of(m, key);
	if (m->keys[i]) {
		*val = &m->vals[i];
		return 0;
	}
	if (!add)
		return 0;
	m->keys[i] = key;
	m->vals[i] = 0;
	m->n++;
	*val = &m->vals[i];
	return 1;
}

int pd_strmap_add_copy(struct pd_strmap *m, const char *key, size_t **val)
{
	char *copy;
	int ret;

	if ((ret = pd_strmap_get(m, key, 0, val)) < 0 || *val)
		return ret;
	if (!(copy = strdup(key)))
		return PD_ENOMEM;
	if ((ret = pd_strmap_get(m, copy, 1, val)) < 0)
		free(copy);
	return ret;
}

void pd_strmap_release_keys(struct pd_strmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free((char *)m->keys[i]);
	pd_strmap_release(m);
}
