/* stats.c -- the pure half of stats.h: keyed counts, record flags, who a
 * medal is credited to, and the ranking of medallists.  No I/O. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <utf8proc.h>

#include "podium/stats.h"

void pd_counts_init(struct pd_counts *c)
{
	memset(c, 0, sizeof(*c));
}

void pd_counts_release(struct pd_counts *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->rows[i].key);
	free(c->rows);
	pd_counts_init(c);
}

/* A linear search: the keys are sports (~30) or record types (a few). */
int pd_counts_add(struct pd_counts *c, const char *key, int slot, long n)
{
	struct pd_count_row *r;
	size_t i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->rows[i].key, key))
			break;
	if (i == c->n) {
		if (c->n == c->alloc) {
			size_t na = c->alloc ? c->alloc * 2 : 8;

			if (!(r = realloc(c->rows, na * sizeof(*r))))
				return PD_ENOMEM;
			c->rows = r;
			c->alloc = na;
		}
		r = &c->rows[c->n];
		memset(r, 0, sizeof(*r));
		if (!(r->key = strdup(key)))
			return PD_ENOMEM;
		c->n++;
	}
	c->rows[i].n[slot] += n;
	return 0;
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct pd_count_row *)a)->key,
		      ((const struct pd_count_row *)b)->key);
}

void pd_counts_sort(struct pd_counts *c)
{
	if (c->n > 1)
		qsort(c->rows, c->n, sizeof(*c->rows), by_key);
}

long pd_counts_sum(const struct pd_counts *c, int slot)
{
	long sum = 0;
	size_t i;

	for (i = 0; i < c->n; i++)
		sum += c->rows[i].n[slot];
	return sum;
}

int pd_counts_add_records(struct pd_counts *c, const char *records)
{
	static const char seps[] = ", ;/\t";
	char type[32];
	size_t len;
	int counted = 0, ret;

	while (*records) {
		records += strspn(records, seps);
		len = strcspn(records, seps);
		if (len == 0)
			break;
		/* a longer token is not a record code; keep its start */
		if (len >= sizeof(type))
			len = sizeof(type) - 1;
		memcpy(type, records, len);
		type[len] = '\0';
		if ((ret = pd_counts_add(c, type, 0, 1)) < 0)
			return ret;
		counted++;
		records += strcspn(records, seps);
	}
	return counted;
}

/* s (normalised) without its accents: "Zubkovská" matches "zubkovska". */
static char *unmarked(const char *s)
{
	utf8proc_uint8_t *out = NULL;

	if (utf8proc_map((const utf8proc_uint8_t *)s, 0, &out,
			 UTF8PROC_NULLTERM | UTF8PROC_STABLE |
			 UTF8PROC_COMPOSE | UTF8PROC_STRIPMARK) < 0)
		return NULL;
	return (char *)out;
}

/* Every word of needle in hay, in any order: "Catherine Debrunner"
 * finds "DEBRUNNER Catherine", and "Chantal Petitclerc" finds
 * "PETITCLERC, Chantal". */
static int all_words(const char *hay, const char *needle)
{
	char word[256];
	size_t n;

	for (;;) {
		needle += strspn(needle, " ,");
		if (!*needle)
			return 1;
		n = strcspn(needle, " ,");
		if (n >= sizeof(word))
			n = sizeof(word) - 1;
		memcpy(word, needle, n);
		word[n] = '\0';
		if (!strstr(hay, word))
			return 0;
		needle += n;
	}
}

int pd_name_contains(const char *name, const char *needle)
{
	char *norm = pd_name_normalise(name), *bare, *want;
	int found;

	if (!norm) {
		/* invalid UTF-8 (or no memory): an ASCII-only comparison is
		 * the best that can be said of such a name */
		size_t n = strlen(needle), i;

		for (i = 0; name[i]; i++)
			if (!strncasecmp(name + i, needle, n))
				return 1;
		return n == 0;
	}
	found = strstr(norm, needle) != NULL;
	if (!found && (bare = unmarked(norm))) {
		if ((want = unmarked(needle)))
			found = all_words(bare, want);
		free(want);
		free(bare);
	}
	free(norm);
	return found;
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* name's words (normalised, unmarked, split at spaces and commas),
 * sorted, joined by one space: the same for "CHILES Jordan" and
 * "Chiles, Jordan"; NULL on invalid UTF-8 or no memory */
static char *word_key(const char *name)
{
	char *norm = pd_name_normalise(name), *bare, *out, **w, *p, *save;
	size_t n = 0, i, len;

	bare = norm ? unmarked(norm) : NULL;
	free(norm);
	if (!bare)
		return NULL;
	len = strlen(bare);
	w = malloc((len / 2 + 1) * sizeof(*w));
	out = malloc(len + 1);
	if (!w || !out) {
		free(w);
		free(out);
		free(bare);
		return NULL;
	}
	for (p = strtok_r(bare, " ,", &save); p; p = strtok_r(NULL, " ,",
								&save))
		w[n++] = p;
	if (n > 1)
		qsort(w, n, sizeof(*w), by_string);
	for (p = out, i = 0; i < n; i++)
		p += sprintf(p, "%s%s", i ? " " : "", w[i]);
	*p = '\0';
	free(w);
	free(bare);
	return out;
}

/* the source of an outside id: "kaggle" of "kaggle:12" (n bytes) */
static size_t ext_source(const char *ext)
{
	const char *colon = strchr(ext, ':');

	return colon ? (size_t)(colon - ext) : 0;
}

int pd_athlete_same(const struct pd_athlete *a, const struct pd_athlete *b)
{
	char *ka, *kb;
	size_t n;
	int same;

	if (strcmp(a->npc, b->npc))
		return 0;
	if (a->gender && b->gender && *a->gender && *b->gender &&
	    strcmp(a->gender, b->gender))
		return 0;
	if (a->ext && b->ext && (n = ext_source(a->ext)) &&
	    n == ext_source(b->ext) && !strncmp(a->ext, b->ext, n) &&
	    strcmp(a->ext, b->ext))
		return 0;
	ka = word_key(a->name);
	kb = word_key(b->name);
	same = ka && kb && *ka && !strcmp(ka, kb);
	free(ka);
	free(kb);
	return same;
}

long pd_share_tenths(long part, long whole)
{
	if (whole <= 0)
		return 0;
	return (part * 2000 + whole) / (whole * 2);
}

static const struct pd_member *first_member(const struct pd_member *v,
					    size_t n, long team)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid].team_id < team)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo].team_id == team ? &v[lo] : NULL;
}

int pd_credit_medal(const struct pd_medal_out *m, const struct pd_member *v,
		    size_t n, int named_for_npc, pd_credit_fn fn, void *arg)
{
	const struct pd_member *p = m->team_id ? first_member(v, n, m->team_id)
					       : NULL;
	struct pd_credit c;
	int ret;

	memset(&c, 0, sizeof(c));
	c.medal = m->medal;
	if (p) {
		for (; p < v + n && p->team_id == m->team_id; p++) {
			c.athlete_id = p->athlete_id;
			c.name = p->name;
			c.npc = p->npc;
			if ((ret = fn(&c, m, arg)) != 0)
				return ret;
		}
		return 0;
	}
	c.name = m->name;
	c.npc = m->npc;
	if (m->team_id)
		c.team_id = m->team_id;
	else if (m->athlete_id)
		c.athlete_id = m->athlete_id;
	else if (named_for_npc)
		c.scope = m->event_id;
	if (c.team_id || c.scope)
		c.event = m->event;
	return fn(&c, m, arg);
}

void pd_medallists_init(struct pd_medallists *m)
{
	memset(m, 0, sizeof(*m));
}

void pd_medallists_release(struct pd_medallists *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->v[i].name);
		free(m->v[i].event);
	}
	free(m->v);
	pd_medallists_init(m);
}

/* Credits are appended and merged once in pd_medallists_rank(): sorting
 * is O(n log n) where a lookup per credit would be quadratic on the
 * larger historic Games. */
int pd_medallists_credit(struct pd_medallists *m, const struct pd_credit *c)
{
	struct pd_medallist *r;

	if (m->n == m->alloc) {
		size_t na = m->alloc ? m->alloc * 2 : 64;

		if (!(r = realloc(m->v, na * sizeof(*r))))
			return PD_ENOMEM;
		m->v = r;
		m->alloc = na;
	}
	r = &m->v[m->n];
	memset(r, 0, sizeof(*r));
	if (!(r->name = strdup(c->name ? c->name : "")))
		return PD_ENOMEM;
	m->n++;
	if (c->event && !(r->event = strdup(c->event)))
		return PD_ENOMEM;
	r->athlete_id = c->athlete_id;
	r->team_id = c->team_id;
	r->scope = c->scope;
	strncpy(r->npc, c->npc ? c->npc : "", sizeof(r->npc) - 1);
	r->medals[c->medal] = 1;
	r->total = 1;
	return 0;
}

static int cmp_long(long a, long b)
{
	return (a > b) - (a < b);
}

/* Known athletes by id, teams by id, the rest by name, NPC and scope. */
static int by_competitor(const void *pa, const void *pb)
{
	const struct pd_medallist *a = pa, *b = pb;
	int d;

	if ((d = cmp_long(a->athlete_id, b->athlete_id)) ||
	    (d = cmp_long(a->team_id, b->team_id)))
		return d;
	if (a->athlete_id || a->team_id)
		return 0;
	if ((d = strcmp(a->name, b->name)) || (d = strcmp(a->npc, b->npc)))
		return d;
	return cmp_long(a->scope, b->scope);
}

static int same_medals(const struct pd_medallist *a,
		       const struct pd_medallist *b)
{
	return !memcmp(a->medals, b->medals, sizeof(a->medals));
}

static int by_medals(const void *pa, const void *pb)
{
	const struct pd_medallist *a = pa, *b = pb;
	int d, i;

	for (i = 0; i < 3; i++)
		if ((d = cmp_long(b->medals[i], a->medals[i])))
			return d;
	if ((d = strcmp(a->name, b->name)) || (d = strcmp(a->npc, b->npc)))
		return d;
	return cmp_long(a->athlete_id + a->team_id + a->scope,
			b->athlete_id + b->team_id + b->scope);
}

void pd_medallists_rank(struct pd_medallists *m)
{
	size_t i, k = 0;
	int c;

	if (m->n == 0)
		return;
	qsort(m->v, m->n, sizeof(*m->v), by_competitor);
	for (i = 1; i < m->n; i++) {
		if (by_competitor(&m->v[k], &m->v[i]) == 0) {
			for (c = 0; c < 3; c++)
				m->v[k].medals[c] += m->v[i].medals[c];
			m->v[k].total += m->v[i].total;
			free(m->v[i].name);
			free(m->v[i].event);
		} else {
			m->v[++k] = m->v[i];
		}
	}
	m->n = k + 1;
	qsort(m->v, m->n, sizeof(*m->v), by_medals);
	for (i = 0; i < m->n; i++)
		m->v[i].rank = i && same_medals(&m->v[i - 1], &m->v[i]) ?
			       m->v[i - 1].rank : (long)i + 1;
}

size_t pd_medallists_top(const struct pd_medallists *m, size_t top)
{
	size_t i;

	if (top == 0)
		return m->n;
	for (i = 0; i < m->n && m->v[i].rank <= (long)top; i++)
		;
	return i;
}

void pd_games_stats_release(struct pd_games_stats *st)
{
	pd_counts_release(&st->sports);
	pd_counts_release(&st->record_types);
	memset(st, 0, sizeof(*st));
}

void pd_games_stats_tally(struct pd_games_stats *st,
			  const struct pd_tally *t)
{
	size_t i;
	int c;

	memset(st->medals, 0, sizeof(st->medals));
	st->npcs_medal = st->npcs_gold = 0;
	for (i = 0; i < t->n; i++) {
		const long *n = t->rows[i].medals;

		for (c = 0; c < 3; c++)
			st->medals[c] += n[c];
		st->npcs_medal += n[0] + n[1] + n[2] > 0;
		st->npcs_gold += n[0] > 0;
	}
}
