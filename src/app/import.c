/* import.c -- the imports' writes (see ops.h): a medal set, a published
 * table, or a set of athletes, events and results, each one transaction;
 * the last one change per Games, telling its caller of its progress. */
#include <stdlib.h>
#include <string.h>

#include "podium/event.h"
#include "app_int.h"

struct writer {
	struct pd_store *s;
	const struct pd_entry_set *set;
	const char *source;
	const struct pd_who *who;
	const struct pd_op_notify *nt;
	long *athlete_ids;	/* store id of athletes[i], 0 until written */
	long *member_ids;
	size_t amember_ids;
	struct pd_op_import_counts *counts;
	size_t done, total;	/* input rows, for nt->progress */
};

static void progress(struct writer *w, size_t rows)
{
	w->done += rows;
	if (w->nt && w->nt->progress)
		w->nt->progress(w->nt->arg, w->done, w->total);
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

static int write_all(struct writer *w, struct pd_diag *d)
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

		if ((ret = app_change(w->s, games, APP_ENSURE_GAMES, w->who,
				      w->nt, NULL, d)) < 0 ||
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

/* The imports have always written a missing reason as "". */
static struct pd_who with_reason(const struct pd_who *who)
{
	struct pd_who w = *who;

	if (!w.reason)
		w.reason = "";
	return w;
}

int pd_op_entries_import(struct pd_store *s, const struct pd_entry_set *set,
			 const char *source, const struct pd_who *who,
			 const struct pd_op_notify *nt,
			 struct pd_op_import_counts *counts,
			 struct pd_diag *diag)
{
	struct pd_who wh = with_reason(who);
	struct writer w;
	size_t i;
	int ret;

	memset(&w, 0, sizeof(w));
	memset(counts, 0, sizeof(*counts));
	w.s = s;
	w.set = set;
	w.source = source;
	w.who = &wh;
	w.nt = nt;
	w.counts = counts;
	for (i = 0; i < set->nresults; i++)
		w.total += set->results[i].rows;
	if (!(w.athlete_ids = calloc(set->nathletes ? set->nathletes : 1,
				     sizeof(*w.athlete_ids))))
		return PD_ENOMEM;
	if ((ret = app_begin(s, diag)) == 0)
		ret = app_end(s, write_all(&w, diag), diag);
	free(w.athlete_ids);
	free(w.member_ids);
	return ret;
}

/* What a one-Games import keeps: medals v[0..n), or (p not NULL) a
 * published table read from file. */
struct one {
	const struct pd_medal_rec *v;
	size_t n;
	const struct pd_published *p;
	const char *file;
};

static int import_one(struct pd_store *s, const char *games,
		      const char *source, const struct one *o,
		      const struct pd_who *who, const struct pd_op_notify *nt,
		      struct pd_diag *d)
{
	struct pd_who wh = with_reason(who);
	int ret;

	if ((ret = app_open(s, games, APP_ENSURE_GAMES, &wh, nt, NULL,
			    d)) < 0)
		return ret;
	if (o->p)
		ret = pd_store_published_put(s, games, source, o->p, o->file,
					     d);
	else
		ret = pd_store_medals_replace(s, games, source, o->v, o->n, d);
	return app_end(s, ret, d);
}

int pd_op_medals_import(struct pd_store *s, const char *games,
			const char *source, const struct pd_medal_rec *v,
			size_t n, const struct pd_who *who,
			const struct pd_op_notify *nt, struct pd_diag *diag)
{
	struct one o = { v, n, NULL, NULL };

	return import_one(s, games, source, &o, who, nt, diag);
}

int pd_op_published_import(struct pd_store *s, const char *games,
			   const char *source, const struct pd_published *p,
			   const char *file, const struct pd_who *who,
			   const struct pd_op_notify *nt,
			   struct pd_diag *diag)
{
	struct one o = { NULL, 0, p, file };

	return import_one(s, games, source, &o, who, nt, diag);
}
