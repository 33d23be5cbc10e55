/* filter.c -- a Games' medals under a filter (filter_ops.h): the day
 * each was decided, read from its units where the Games has them, and
 * the medals a filter keeps, as a walk or as a tally. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/filter_ops.h"
#include "podium/store_units.h"
#include "app_int.h"

/* A medal unit of the Games, copied: the store's strings last a call. */
struct munit {
	char *discipline, *event, *rsc, *phase;
	char gender;		/* the results code's: M, W, X, O */
	char kind;		/* 'g' gold-medal unit, 'b' bronze */
	char end[24];		/* UTC, to keep the last bronze unit */
	char day[11], time[6];
};

struct munits {
	const char *games;
	struct munit *v;
	size_t n, a;
	int err;
};

static char *dup(const char *s)
{
	return strdup(s ? s : "");
}

/* (app_int.h) room for one more of size bytes in *v */
int app_grow(void **v, size_t n, size_t *a, size_t size)
{
	void *nv;
	size_t na;

	if (n < *a)
		return 0;
	na = *a ? *a * 2 : 256;
	if (!(nv = realloc(*v, na * size)))
		return PD_ENOMEM;
	*v = nv;
	*a = na;
	return 0;
}

static int take_unit(const struct pd_unit_rec *u, void *arg)
{
	struct munits *w = arg;
	struct munit *x;

	if (strcmp(u->medal, "gold") && strcmp(u->medal, "bronze"))
		return 0;
	if (app_grow((void **)&w->v, w->n, &w->a, sizeof(*w->v)) < 0)
		return PD_ENOMEM;
	x = &w->v[w->n++];
	memset(x, 0, sizeof(*x));
	x->discipline = dup(u->discipline);
	x->event = dup(u->event);
	x->rsc = dup(u->rsc);
	x->phase = dup(u->phase);
	if (!x->discipline || !x->event || !x->rsc || !x->phase)
		return PD_ENOMEM;
	x->gender = strlen(u->rsc) > 3 ? u->rsc[3] : '\0';
	x->kind = u->medal[0];
	snprintf(x->end, sizeof(x->end), "%s", *u->end ? u->end : u->start);
	app_local_time(w->games, u->venue, x->end, "%Y-%m-%d", x->day,
		       sizeof(x->day));
	app_local_time(w->games, u->venue, x->end, "%H:%M", x->time,
		       sizeof(x->time));
	if (!x->day[0])
		snprintf(x->day, sizeof(x->day), "%s", u->day);
	return 0;
}

static void munits_release(struct munits *w)
{
	size_t i;

	for (i = 0; i < w->n; i++) {
		free(w->v[i].discipline);
		free(w->v[i].event);
		free(w->v[i].rsc);
		free(w->v[i].phase);
	}
	free(w->v);
}

/* The unit that decided m: its event's bronze-medal unit (the last to
 * end) for a bronze, else its gold-medal unit; NULL when none. */
static const struct munit *decider(const struct munits *w,
				   const struct pd_medal_out *m)
{
	const struct munit *gold = NULL, *bronze = NULL, *x;
	size_t i;

	for (i = 0; i < w->n; i++) {
		x = &w->v[i];
		if (strcmp(x->discipline, m->sport) ||
		    strcmp(x->event, m->event) ||
		    (m->gender && *m->gender && x->gender != *m->gender))
			continue;
		if (x->kind == 'g')
			gold = x;
		else if (!bronze || strcmp(x->end, bronze->end) > 0)
			bronze = x;
	}
	return m->medal == PD_BRONZE && bronze ? bronze : gold;
}

struct walk {
	const struct munits *units;
	const struct pd_filter *f;
	pd_decided_fn fn;
	void *arg;
};

static int each(const struct pd_medal_out *m, void *arg)
{
	struct walk *w = arg;
	const struct munit *u = decider(w->units, m);
	struct pd_decided at = { m->date ? m->date : "", "", "", "" };

	if (u) {
		at.day = u->day;
		at.unit = u->rsc;
		at.phase = u->phase;
		at.time = u->time;
	}
	if (!pd_filter_keeps(w->f, m, at.day))
		return 0;
	return w->fn(m, &at, w->arg);
}

int pd_filter_medals(struct pd_store *s, const struct pd_query *q,
		     const struct pd_filter *f, pd_decided_fn fn, void *arg,
		     struct pd_diag *diag)
{
	struct pd_unit_query uq = { q->games, NULL, NULL, NULL, NULL };
	struct munits units = { q->games, NULL, 0, 0, 0 };
	struct walk w = { &units, f, fn, arg };
	int ret;

	if ((ret = pd_store_units(s, &uq, take_unit, &units, diag)) == 0)
		ret = pd_store_medals(s, q, each, &w, diag);
	munits_release(&units);
	return ret;
}

struct count {
	struct pd_tally *t;
	size_t n;
};

static int count(const struct pd_medal_out *m, const struct pd_decided *at,
		 void *arg)
{
	struct count *c = arg;

	(void)at;
	c->n++;
	return pd_tally_add(c->t, m->npc, m->medal, 1);
}

int pd_filter_tally(struct pd_store *s, const struct pd_query *q,
		    const struct pd_filter *f, struct pd_tally *t,
		    size_t *nmedals, struct pd_diag *diag)
{
	struct count c = { t, 0 };
	int ret = pd_filter_medals(s, q, f, count, &c, diag);

	if (nmedals)
		*nmedals = c.n;
	return ret;
}

/* -- the events a filter keeps */

struct ids {
	long *v;
	size_t n, a;
};

static int take_id(const struct pd_medal_out *m, const struct pd_decided *at,
		   void *arg)
{
	struct ids *w = arg;

	(void)at;
	if (w->n && w->v[w->n - 1] == m->event_id)
		return 0;	/* the walk is in event order */
	if (app_grow((void **)&w->v, w->n, &w->a, sizeof(*w->v)) < 0)
		return PD_ENOMEM;
	w->v[w->n++] = m->event_id;
	return 0;
}

struct events_walk {
	const struct pd_filter *f;
	const struct ids *ids;	/* NULL: no medal asked for */
	pd_event_fn fn;
	void *arg;
};

static int has_id(const struct ids *w, long id)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (w->v[i] == id)
			return 1;
	return 0;
}

static int each_event(const struct pd_event_info *e, size_t results,
		      void *arg)
{
	struct events_walk *w = arg;

	if (w->f->gender[0] && strcmp(e->gender ? e->gender : "",
				      w->f->gender))
		return 0;
	if (w->ids && !has_id(w->ids, e->id))
		return 0;
	return w->fn(e, results, w->arg);
}

int pd_filter_events(struct pd_store *s, const char *games,
		     const char *sport, const struct pd_filter *f,
		     pd_event_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_query q = { games, sport, 0, 0 };
	struct ids ids = { NULL, 0, 0 };
	struct events_walk w = { f, NULL, fn, arg };
	int ret = 0;

	if (f->through[0] || f->day[0] || f->npc[0]) {
		w.ids = &ids;
		ret = pd_filter_medals(s, &q, f, take_id, &ids, diag);
	}
	if (ret == 0)
		ret = pd_store_events(s, games, sport, each_event, &w, diag);
	free(ids.v);
	return ret;
}
