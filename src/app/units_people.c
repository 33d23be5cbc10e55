/* units_people.c -- who took part as a Games' units say it (app.h:
 * pd_games_stats_read()): every participant of a unit's start list or
 * results counted once by its code, athletes and teams apart, and the
 * NPCs they are of.  A units Games holds its start lists, so these are
 * figures of participation; its medals alone would say only who won. */
#include <stdlib.h>
#include <string.h>

#include "podium/store_units.h"
#include "app_int.h"

struct seen {
	char **code;		/* participant codes, "T" or "A" first */
	size_t n, alloc;
	char (*npc)[PD_CODE_MAX];
	size_t nnpc, anpc;
};

static int keep(const struct pd_unit_result_rec *r, void *arg)
{
	struct seen *w = arg;
	size_t len = strlen(r->participant);
	void *p;

	if (!*r->participant)
		return 0;
	if (w->n == w->alloc) {
		w->alloc = w->alloc ? 2 * w->alloc : 256;
		if (!(p = realloc(w->code, w->alloc * sizeof(*w->code))))
			return PD_ENOMEM;
		w->code = p;
	}
	if (!(w->code[w->n] = malloc(len + 2)))
		return PD_ENOMEM;
	w->code[w->n][0] = r->team ? 'T' : 'A';
	memcpy(w->code[w->n++] + 1, r->participant, len + 1);
	if (!r->npc[0])
		return 0;
	if (w->nnpc == w->anpc) {
		w->anpc = w->anpc ? 2 * w->anpc : 64;
		if (!(p = realloc(w->npc, w->anpc * sizeof(*w->npc))))
			return PD_ENOMEM;
		w->npc = p;
	}
	memcpy(w->npc[w->nnpc++], r->npc, PD_CODE_MAX);
	return 0;
}

static int by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int by_npc(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

int app_units_people(struct pd_store *s, const char *games,
		     struct pd_games_stats *st, struct pd_diag *d)
{
	struct seen w;
	size_t i;
	int ret;

	memset(&w, 0, sizeof(w));
	if ((ret = pd_store_unit_results(s, games, "", keep, &w, d)) < 0 ||
	    !w.n)
		goto cleanup;
	st->units_held = 1;
	if (w.n > 1)	/* qsort takes no NULL */
		qsort(w.code, w.n, sizeof(*w.code), by_str);
	for (i = 0; i < w.n; i++)
		if (!i || strcmp(w.code[i], w.code[i - 1])) {
			st->units_athletes += w.code[i][0] == 'A';
			st->units_teams += w.code[i][0] == 'T';
		}
	if (w.nnpc > 1)	/* qsort takes no NULL */
		qsort(w.npc, w.nnpc, sizeof(*w.npc), by_npc);
	for (i = 0; i < w.nnpc; i++)
		st->units_npcs += !i || strcmp(w.npc[i], w.npc[i - 1]);
cleanup:
	for (i = 0; i < w.n; i++)
		free(w.code[i]);
	free(w.code);
	free(w.npc);
	return ret;
}
