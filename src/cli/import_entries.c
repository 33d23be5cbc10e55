/* import_entries.c -- write an imported set of athletes, events and results
 * to the store: one transaction, one change per Games, and a progress line
 * for the long imports (see import_entries.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "podium/event.h"
#include "import_entries.h"

#define PROGRESS_NS 100000000L	/* redraw at most every 100 ms */
#define PROGRESS_CHECK 1024	/* rows between looks at the clock */

struct writer {
	struct pd_store *s;
	const struct pd_entry_set *set;
	const char *source, *label;
	long *athlete_ids;	/* store id of athletes[i], 0 until written */
	long *member_ids;
	size_t amember_ids;
	struct cli_import_counts *counts;
	/* progress */
	int tty;
	size_t done, total, next_check;
	struct timespec last;	/* the last redraw, or the start */
	int drawn;
};

static void progress(struct writer *w, size_t rows)
{
	struct timespec now;
	long ns;

	w->done += rows;
	if (!w->tty || w->done < w->next_check)
		return;
	w->next_check = w->done + PROGRESS_CHECK;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ns = (now.tv_sec - w->last.tv_sec) * 1000000000L +
	     (now.tv_nsec - w->last.tv_nsec);
	if (ns < PROGRESS_NS)
		return;
	w->last = now;
	w->drawn = 1;
	fprintf(stderr, "\rimporting %s: %zu%% (%zu rows)", w->label,
		w->total ? w->done * 100 / w->total : 100, w->done);
}

static void progress_clear(struct writer *w)
{
	if (w->drawn)
		fputs("\r\033[K", stderr);
	w->drawn = 0;
}

static int athlete_id(struct writer *w, size_t i, long *id,
		      struct pd_diag *d)
{
	const struct pd_entry_athlete *e = &w->set->athletes[i];
	struct pd_athlete a;
	int ret;

	if (w->athlete_ids[i]) {
		*id = w->athlete_ids[i];
		return 0;
	}
	memset(&a, 0, sizeof(a));
	a.ext = e->ext;
	a.name = e->name;
	a.gender = e->gender;
	memcpy(a.npc, e->npc, PD_CODE_MAX);
	a.sport_class = "";
	a.guide = e->guide ? e->guide : "";
	if ((ret = pd_store_athlete_ensure(w->s, &a, id, d)) < 0)
		return ret;
	w->athlete_ids[i] = *id;
	w->counts->athletes++;
	return 0;
}

static int team_id(struct writer *w, long event,
		   const struct pd_entry_result *r, long *id,
		   struct pd_diag *d)
{
	size_t i;
	long *v;
	int ret;

	if (r->nmembers > w->amember_ids) {
		if (!(v = realloc(w->member_ids, r->nmembers * sizeof(*v))))
			return PD_ENOMEM;
		w->member_ids = v;
		w->amember_ids = r->nmembers;
	}
	for (i = 0; i < r->nmembers; i++)
		if ((ret = athlete_id(w, w->set->members[r->member + i],
				      &w->member_ids[i], d)) < 0)
			return ret;
	return pd_store_team_ensure(w->s, event, r->npc, r->name,
				    w->member_ids, r->nmembers, id, d);
}

static int write_result(struct writer *w, long event,
			const struct pd_entry_result *r, struct pd_diag *d)
{
	struct pd_result_rec rec;
	int ret;

	memset(&rec, 0, sizeof(rec));
	rec.event_id = event;
	memcpy(rec.npc, r->npc, PD_CODE_MAX);
	rec.name = r->name;
	rec.rank = r->rank;
	rec.mark = rec.irm = rec.records = "";
	rec.date = r->date ? r->date : "";
	rec.source = w->source;
	if (r->athlete &&
	    (ret = athlete_id(w, r->athlete - 1, &rec.athlete_id, d)) < 0)
		return ret;
	if (r->team && (ret = team_id(w, event, r, &rec.team_id, d)) < 0)
		return ret;
	if ((ret = pd_store_result_add(w->s, &rec, d)) < 0)
		return ret;
	w->counts->results++;
	w->counts->medals += r->rank > 0;
	progress(w, r->rows);
	return 0;
}

/* One event and its results, which start at results[*at]. */
static int write_event(struct writer *w, size_t e, size_t *at,
		       struct pd_diag *d)
{
	const struct pd_entry_event *ev = &w->set->events[e];
	const struct pd_entry_set *set = w->set;
	long id;
	int ret;

	if ((ret = pd_store_event_ensure(w->s, set->games[ev->games],
					 ev->sport, ev->name, ev->gender,
					 ev->date, ev->team, &id, d)) < 0)
		return ret;
	/* an event made earlier by a medals import did not know it */
	if (ev->team &&
	    (ret = pd_store_event_update(w->s, id, NULL, NULL, 1, d)) < 0)
		return ret;
	w->counts->events++;
	for (; *at < set->nresults && set->results[*at].event == e; (*at)++)
		if ((ret = write_result(w, id, &set->results[*at], d)) < 0)
			return ret;
	return 0;
}

static int write_all(struct cli *cli, struct writer *w, struct pd_diag *d)
{
	const struct pd_entry_set *set = w->set;
	size_t g, e = 0, r = 0, i;
	long id;
	int ret;

	/* every athlete, in the file's order, whether or not a result
	 * names them: Paris's athletes.csv lists everyone entered */
	for (i = 0; i < set->nathletes; i++)
		if ((ret = athlete_id(w, i, &id, d)) < 0)
			return ret;
	for (g = 0; g < set->ngames; g++) {
		const char *games = set->games[g];

		progress_clear(w);	/* a new Games may say so on stderr */
		if ((ret = cli_games_ensure(cli, games, d)) < 0 ||
		    (ret = pd_store_change(w->s, games, cli_actor(),
					   cli->command, "", NULL, d)) < 0 ||
		    (ret = pd_store_medals_replace(w->s, games, w->source,
						   NULL, 0, d)) < 0)
			return ret;
		w->counts->games++;
		for (; e < set->nevents && set->events[e].games == g; e++)
			if ((ret = write_event(w, e, &r, d)) < 0)
				return ret;
	}
	return 0;
}

int cli_entries_store(struct cli *cli, const struct pd_entry_set *set,
		      const char *source, const char *label,
		      struct cli_import_counts *counts)
{
	struct pd_diag d = { "", 0, "" };
	struct writer w;
	const char *slash = strrchr(label, '/');
	int ret, code = 0;

	memset(&w, 0, sizeof(w));
	memset(counts, 0, sizeof(*counts));
	w.set = set;
	w.source = source;
	w.label = slash && slash[1] ? slash + 1 : label;
	w.counts = counts;
	for (size_t i = 0; i < set->nresults; i++)
		w.total += set->results[i].rows;
	w.tty = isatty(2);
	clock_gettime(CLOCK_MONOTONIC, &w.last);
	if (!(w.s = cli_store(cli, &code)))
		return code;
	if (!(w.athlete_ids = calloc(set->nathletes ? set->nathletes : 1,
				     sizeof(*w.athlete_ids))))
		return cli_fail(PD_ENOMEM, &d);
	if ((ret = pd_store_begin(w.s, &d)) < 0)
		goto cleanup;
	if ((ret = write_all(cli, &w, &d)) < 0 ||
	    (ret = pd_store_commit(w.s, &d)) < 0)
		pd_store_rollback(w.s);
cleanup:
	progress_clear(&w);
	free(w.athlete_ids);
	free(w.member_ids);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}
