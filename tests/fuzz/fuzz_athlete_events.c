/* fuzz_athlete_events.c -- the Kaggle athlete_events importer and the
 * file-only table reader of the same format: both must take any bytes,
 * and on a file both accept, give the same medals.
 *
 * 'podium table --from FILE' (pd_athlete_events_tally) promises the table
 * the store would show after 'podium import athlete-events FILE'.  So the
 * importer's entry set is counted here as the store counts it: each
 * event's results through pd_event_medals() under its sport's policy, a
 * team's medal once.  Any difference in any Games, NPC or colour aborts. */
#include <stdio.h>
#include <string.h>

#include "podium/entries.h"
#include "podium/results.h"
#include "fuzz.h"

/* The tally of Games code games in v[0..n), or NULL. */
static struct pd_tally *tally_of(struct pd_games_tally *v, size_t n,
				 const char *games)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i].games, games))
			return &v[i].tally;
	return NULL;
}

/* The medals of the results of one event, set->results[from..to), added
 * to their Games' tally in v (one per set->games[]). */
static void count_event(const struct pd_entry_set *set, size_t from,
			size_t to, struct pd_games_tally *v)
{
	const struct pd_entry_event *e = &set->events[set->results[from].event];
	size_t i, n = to - from;
	struct pd_result_in *in = calloc(n, sizeof(*in));
	struct pd_result_out *out = calloc(n, sizeof(*out));

	if (!in || !out)
		abort();
	for (i = 0; i < n; i++)
		in[i].rank = set->results[from + i].rank;
	if (pd_event_medals(pd_policy_for_sport(e->sport), in, n, n, out) < 0)
		abort();
	for (i = 0; i < n; i++)
		if (out[i].medal >= 0 &&
		    pd_tally_add(&v[e->games].tally, set->results[from + i].npc,
				 (enum pd_medal)out[i].medal, 1) < 0)
			abort();
	free(in);
	free(out);
}

/* The set's medals per Games, as the store would count them. */
static struct pd_games_tally *count_set(const struct pd_entry_set *set)
{
	struct pd_games_tally *v = calloc(set->ngames + 1, sizeof(*v));
	size_t i, from;

	if (!v)
		abort();
	for (i = 0; i < set->ngames; i++) {
		memcpy(v[i].games, set->games[i], sizeof(v[i].games));
		pd_tally_init(&v[i].tally);
	}
	/* results are grouped by event (entries.h) */
	for (from = 0, i = 1; i <= set->nresults; i++)
		if (i == set->nresults ||
		    set->results[i].event != set->results[from].event) {
			if (from < i)
				count_event(set, from, i, v);
			from = i;
		}
	return v;
}

/* Every NPC's medals in a appear in b, the same; a row of zeros in a may
 * be absent from b. */
static int contained(const struct pd_tally *a, const struct pd_tally *b)
{
	static const long zero[3];
	size_t i, j;

	for (i = 0; i < a->n; i++) {
		const long *m = zero;

		for (j = 0; b && j < b->n; j++)
			if (!strcmp(a->rows[i].npc, b->rows[j].npc))
				m = b->rows[j].medals;
		if (memcmp(a->rows[i].medals, m, sizeof(zero)))
			return 0;
	}
	return 1;
}

static void compare(struct pd_games_tally *mine, size_t nmine,
		    struct pd_games_tally *theirs, size_t ntheirs)
{
	const char *games = NULL;
	size_t i;

	for (i = 0; !games && i < nmine; i++)
		if (!contained(&mine[i].tally,
			       tally_of(theirs, ntheirs, mine[i].games)))
			games = mine[i].games;
	for (i = 0; !games && i < ntheirs; i++)
		if (!contained(&theirs[i].tally,
			       tally_of(mine, nmine, theirs[i].games)))
			games = theirs[i].games;
	if (games) {
		fprintf(stderr, "fuzz: the importer and the table reader "
			"disagree on the medals of %s\n", games);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_games_tally *t, *mine = NULL;
	struct pd_entry_set set;
	struct pd_csv_opts opts;
	struct pd_diag d;
	size_t n, nmine = 0;
	int parsed;

	memset(&opts, 0, sizeof(opts));
	parsed = pd_athlete_events_parse(&set, (const char *)data, size,
					 "fuzz", fuzz_registry(), NULL, &opts,
					 &d) == 0;
	if (parsed) {
		mine = count_set(&set);
		nmine = set.ngames;
		pd_entries_release(&set);
	}
	if (pd_athlete_events_tally((const char *)data, size, "fuzz",
				    fuzz_registry(), NULL, &t, &n, &d) == 0) {
		if (parsed)
			compare(mine, nmine, t, n);
		pd_games_tallies_free(t, n);
	}
	pd_games_tallies_free(mine, nmine);
	return 0;
}
