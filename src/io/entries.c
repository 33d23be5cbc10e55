/* entries.c -- the in-memory set of athletes, events and results that the
 * results importers fill and the CLI writes (see entries.h): an arena of
 * interned strings, growable record arrays and the final ordering. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/entries.h"
#include "podium/label.h"
#include "array.h"
#include "strmap.h"

#define ARENA_BLOCK ((size_t)1 << 20)

/* Strings live in blocks that never move, so a pointer handed out stays
 * valid however much the set grows afterwards. */
struct arena_block {
	struct arena_block *next;
	size_t used, size;
	char data[];
};

struct pd_arena {
	struct arena_block *head;
	struct pd_strmap interned;
};

static char *arena_alloc(struct pd_arena *a, size_t len)
{
	struct arena_block *b = a->head;

	if (!b || b->size - b->used < len) {
		size_t size = len > ARENA_BLOCK ? len : ARENA_BLOCK;

		if (!(b = malloc(sizeof(*b) + size)))
			return NULL;
		b->used = 0;
		b->size = size;
		b->next = a->head;
		a->head = b;
	}
	b->used += len;
	return b->data + b->used - len;
}

void pd_entries_init(struct pd_entry_set *s)
{
	memset(s, 0, sizeof(*s));
}

void pd_entries_release(struct pd_entry_set *s)
{
	struct arena_block *b, *next;

	if (s->arena) {
		for (b = s->arena->head; b; b = next) {
			next = b->next;
			free(b);
		}
		pd_strmap_release(&s->arena->interned);
		free(s->arena);
	}
	free(s->games);
	free(s->athletes);
	free(s->events);
	free(s->results);
	free(s->members);
	memset(s, 0, sizeof(*s));
}

static char *copy_of(struct pd_entry_set *s, const char *str)
{
	size_t len = strlen(str) + 1;
	char *copy;

	if (!s->arena && !(s->arena = calloc(1, sizeof(*s->arena))))
		return NULL;
	if (!(copy = arena_alloc(s->arena, len)))
		return NULL;
	memcpy(copy, str, len);
	/* a tab or line break inside a quoted name is white space to a
	 * reader (the store refuses control characters in names) */
	pd_name_fold(copy);
	return copy;
}

const char *pd_entries_str(struct pd_entry_set *s, const char *str)
{
	size_t *val;
	char *copy;

	if (s->arena) {
		if (pd_strmap_get(&s->arena->interned, str, 0, &val) < 0)
			return NULL;
		if (val)
			return s->arena->interned.keys[val -
						       s->arena->interned.vals];
	}
	if (!(copy = copy_of(s, str)) ||
	    pd_strmap_get(&s->arena->interned, copy, 1, &val) < 0)
		return NULL;
	/* str folds (a tab, a line break) to a string kept already: that
	 * one, so that equal names are one copy however they were written
	 * (the copy made to find it stays in the arena) */
	return s->arena->interned.keys[val - s->arena->interned.vals];
}

const char *pd_entries_own(struct pd_entry_set *s, const char *str)
{
	return copy_of(s, str);
}

int pd_entries_adopt(struct pd_entry_set *s, struct pd_entry_set *from)
{
	struct arena_block *b;

	if (!from->arena || !from->arena->head)
		return 0;
	if (!s->arena && !(s->arena = calloc(1, sizeof(*s->arena))))
		return PD_ENOMEM;
	/* behind s's head, so that s goes on filling its own block */
	for (b = from->arena->head; b->next; b = b->next)
		;
	if (s->arena->head) {
		b->next = s->arena->head->next;
		s->arena->head->next = from->arena->head;
	} else {
		s->arena->head = from->arena->head;
	}
	from->arena->head = NULL;
	return 0;
}

int pd_entries_games(struct pd_entry_set *s, const char *code, size_t *at)
{
	size_t i;
	int ret;

	for (i = 0; i < s->ngames; i++)
		if (!strcmp(s->games[i], code)) {
			*at = i;
			return 0;
		}
	if (strlen(code) >= PD_GAMES_CODE)
		return PD_EINVAL;
	if ((ret = pd_array_grow(&s->games, s->ngames, &s->agames,
				  sizeof(*s->games))) < 0)
		return ret;
	snprintf(s->games[s->ngames], PD_GAMES_CODE, "%s", code);
	*at = s->ngames++;
	return 0;
}

int pd_entries_athlete(struct pd_entry_set *s,
		       const struct pd_entry_athlete *a, size_t *at)
{
	int ret;

	if ((ret = pd_array_grow(&s->athletes, s->nathletes, &s->aathletes,
				  sizeof(*a))) < 0)
		return ret;
	s->athletes[s->nathletes] = *a;
	*at = s->nathletes++;
	return 0;
}

int pd_entries_event(struct pd_entry_set *s, const struct pd_entry_event *e,
		     size_t *at)
{
	int ret;

	if ((ret = pd_array_grow(&s->events, s->nevents, &s->aevents,
				  sizeof(*e))) < 0)
		return ret;
	s->events[s->nevents] = *e;
	*at = s->nevents++;
	return 0;
}

int pd_entries_result(struct pd_entry_set *s, const struct pd_entry_result *r)
{
	int ret;

	if ((ret = pd_array_grow(&s->results, s->nresults, &s->aresults,
				  sizeof(*r))) < 0)
		return ret;
	s->results[s->nresults++] = *r;
	return 0;
}

int pd_entries_member(struct pd_entry_set *s, size_t a)
{
	int ret;

	if ((ret = pd_array_grow(&s->members, s->nmembers, &s->amembers,
				  sizeof(a))) < 0)
		return ret;
	s->members[s->nmembers++] = a;
	return 0;
}

int pd_entries_medal_rank(const char *text)
{
	static const char *const names[3][5] = {
		{ "gold", "gold medal", "g", "1", "金牌" },
		{ "silver", "silver medal", "s", "2", "银牌" },
		{ "bronze", "bronze medal", "b", "3", "铜牌" },
	};
	int m, i;

	for (m = 0; m < 3; m++)
		for (i = 0; i < 5; i++)
			if (!strcasecmp(text, names[m][i]))
				return m + 1;
	return 0;
}

/* qsort has no context argument: the sorts below run one at a time, on
 * one thread, from pd_entries_finish(). */
static const struct pd_entry_set *sorting;

static int cmp_games(const void *a, const void *b)
{
	const size_t *x = a, *y = b;

	return strcmp(sorting->games[*x], sorting->games[*y]);
}

static int cmp_events(const void *a, const void *b)
{
	const size_t *x = a, *y = b;
	size_t gx = sorting->events[*x].games, gy = sorting->events[*y].games;

	if (gx != gy)
		return gx < gy ? -1 : 1;
	return (*x > *y) - (*x < *y);
}

/* Medals first, gold to bronze, then the rest; the file's order within. */
static int cmp_results(const void *a, const void *b)
{
	const struct pd_entry_result *x = a, *y = b;
	int rx = x->rank ? x->rank : 4, ry = y->rank ? y->rank : 4;

	if (x->event != y->event)
		return x->event < y->event ? -1 : 1;
	if (rx != ry)
		return rx - ry;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return (x->athlete > y->athlete) - (x->athlete < y->athlete);
}

/* Permute games (sorted by code) and events (grouped by Games), and
 * renumber the references to them. */
static int order_games_events(struct pd_entry_set *s)
{
	size_t *perm, *inv, i, n = s->ngames > s->nevents ? s->ngames :
				  s->nevents;
	char (*g)[PD_GAMES_CODE] = NULL;
	struct pd_entry_event *e = NULL;
	int ret = PD_ENOMEM;

	perm = malloc((n ? n : 1) * sizeof(*perm));
	inv = malloc((n ? n : 1) * sizeof(*inv));
	g = malloc((s->ngames ? s->ngames : 1) * sizeof(*g));
	e = malloc((s->nevents ? s->nevents : 1) * sizeof(*e));
	if (!perm || !inv || !g || !e)
		goto cleanup;
	sorting = s;
	for (i = 0; i < s->ngames; i++)
		perm[i] = i;
	if (s->ngames)
		qsort(perm, s->ngames, sizeof(*perm), cmp_games);
	for (i = 0; i < s->ngames; i++) {
		memcpy(g[i], s->games[perm[i]], sizeof(*g));
		inv[perm[i]] = i;
	}
	if (s->ngames)	/* memcpy takes no NULL, even for 0 bytes */
		memcpy(s->games, g, s->ngames * sizeof(*g));
	for (i = 0; i < s->nevents; i++)
		s->events[i].games = inv[s->events[i].games];
	for (i = 0; i < s->nevents; i++)
		perm[i] = i;
	if (s->nevents)
		qsort(perm, s->nevents, sizeof(*perm), cmp_events);
	for (i = 0; i < s->nevents; i++) {
		e[i] = s->events[perm[i]];
		inv[perm[i]] = i;
	}
	if (s->nevents)
		memcpy(s->events, e, s->nevents * sizeof(*e));
	for (i = 0; i < s->nresults; i++)
		s->results[i].event = inv[s->results[i].event];
	ret = 0;
cleanup:
	free(perm);
	free(inv);
	free(g);
	free(e);
	return ret;
}

/* The store finds a team by (event, NPC, name): two teams of one NPC in
 * one event under one name (two "France" boats) must stay two teams. */
static int name_taken(const struct pd_entry_set *s, size_t from, size_t i,
		      const char *name)
{
	size_t j;

	for (j = from; j < i; j++)
		if (s->results[j].team && !strcmp(s->results[j].name, name) &&
		    !strcmp(s->results[j].npc, s->results[i].npc))
			return 1;
	return 0;
}

/* The store finds a team by (event, NPC, name): two teams of one NPC in
 * one event under one name (two "France" boats) must stay two teams.
 * Quadratic in an event's results, which are tens, a few hundred at most. */
static int unique_team_names(struct pd_entry_set *s, size_t from, size_t to)
{
	char buf[512];
	const char *base;
	size_t i;
	int k;

	for (i = from + 1; i < to; i++) {
		if (!s->results[i].team ||
		    !name_taken(s, from, i, s->results[i].name))
			continue;
		base = s->results[i].name;
		for (k = 2; ; k++) {
			snprintf(buf, sizeof(buf), "%s (%d)", base, k);
			if (!name_taken(s, from, i, buf))
				break;
		}
		if (!(s->results[i].name = pd_entries_str(s, buf)))
			return PD_ENOMEM;
	}
	return 0;
}

static size_t result_event(const void *r)
{
	return ((const struct pd_entry_result *)r)->event;
}

int pd_entries_finish(struct pd_entry_set *s)
{
	size_t i, from;
	int ret;

	if ((ret = order_games_events(s)) < 0 ||
	    (ret = pd_array_group(&s->results, s->nresults,
				   sizeof(*s->results), s->nevents,
				   result_event, cmp_results)) < 0)
		return ret;
	s->aresults = s->nresults;
	for (from = 0, i = 1; i <= s->nresults; i++)
		if (i == s->nresults ||
		    s->results[i].event != s->results[from].event) {
			if ((ret = unique_team_names(s, from, i)) < 0)
				return ret;
			from = i;
		}
	return 0;
}
