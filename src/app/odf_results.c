/* odf_results.c -- the ODF messages of competitors (doc.h): DT_MEDALLISTS,
 * every medal of a Games event by event, and DT_RESULT, one event's
 * results in SortOrder; gathered from the store for src/io/render_odf.c
 * (docs/ODF.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/audit.h"
#include "podium/event.h"
#include "podium/odf.h"
#include "podium/stats.h"
#include "app_int.h"
#include "odf_int.h"

/* -- DT_MEDALLISTS and DT_RESULT */

struct comp_walk {
	struct common *c;
	struct pd_odf_event *ev;
	size_t nev, aev;
	struct pd_odf_competitor *v;
	size_t n, alloc;
	long *ev_ids;		/* the store id of ev[i] */
	long *result_ids;	/* the result of v[i] */
	struct pd_buf members;	/* the last competitor's, while read */
	struct ath { long id; const char *code, *name; } *ath;
	size_t nath, aath;	/* the Games' athletes, by id */
	long medal_event;	/* DT_RESULT: medals of this event only */
	long *medal_ids;
	int *medal_of;
	size_t nmedals, amedals;
	long *banned;		/* athletes sanctioned in the event */
	int *moves;		/* banned[i]'s sanction reallocates */
	size_t nbanned, abanned;
	long as_of;
};

static void comp_release(struct comp_walk *w)
{
	free(w->ev);
	free(w->v);
	free(w->ev_ids);
	free(w->result_ids);
	free(w->medal_ids);
	free(w->medal_of);
	free(w->banned);
	free(w->moves);
	pd_buf_release(&w->members);
	free(w->ath);
}

static int add_event(struct comp_walk *w, const struct pd_event_info *e)
{
	struct pd_odf_event *ev;
	size_t a = w->aev;
	void *ids = w->ev_ids;
	int ret;

	if ((ret = pd_grow(&w->ev, w->nev, &w->aev, sizeof(*ev), 64)) < 0)
		return ret;
	if (w->aev != a) {
		if (!(ids = realloc(w->ev_ids, w->aev * sizeof(long))))
			return PD_ENOMEM;
		w->ev_ids = ids;
	}
	ev = &w->ev[w->nev];
	w->ev_ids[w->nev] = e->id;
	ev->id = e->id;
	ev->team = e->team;
	ev->rsc = NULL;
	if (!(ev->sport = odf_keep(w->c, e->sport)) ||
	    !(ev->name = odf_keep(w->c, e->name)) ||
	    !(ev->gender = odf_keep(w->c, e->gender)) ||
	    !(ev->sport_class = odf_keep(w->c, e->sport_class)) ||
	    !(ev->date = odf_keep(w->c, e->date)) ||
	    !(ev->status = odf_keep(w->c, e->status)))
		return PD_ENOMEM;
	w->nev++;
	return 0;
}

static int collect_event(const struct pd_event_info *e, size_t results,
			 void *arg)
{
	return add_event(arg, e);
}

static int ev_cmp(const void *a, const void *b)
{
	const struct pd_odf_event *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* Events in the order they were made (their ids), which is the order
 * the store walks medals in: a feed read back makes them in that order
 * again, so everything derived from that order (whose name a medallist
 * is shown under) comes out the same. */
static void events_by_id(struct comp_walk *w)
{
	size_t i;

	if (w->nev > 1)
		qsort(w->ev, w->nev, sizeof(*w->ev), ev_cmp);
	for (i = 0; i < w->nev; i++)
		w->ev_ids[i] = w->ev[i].id;
}

static long event_index(const struct comp_walk *w, long id)
{
	size_t i;

	for (i = 0; i < w->nev; i++)
		if (w->ev_ids[i] == id)
			return (long)i;
	return -1;
}

static struct pd_odf_competitor *add_comp(struct comp_walk *w, long result)
{
	struct pd_odf_competitor *c;
	size_t a = w->alloc;
	void *ids;

	if (pd_grow(&w->v, w->n, &w->alloc, sizeof(*c), 64) < 0)
		return NULL;
	if (w->alloc != a) {
		if (!(ids = realloc(w->result_ids, w->alloc * sizeof(long))))
			return NULL;
		w->result_ids = ids;
	}
	w->result_ids[w->n] = result;
	c = &w->v[w->n++];
	memset(c, 0, sizeof(*c));
	c->medal = -1;
	c->mark = c->irm = c->records = c->members = "";
	return c;
}

/* An athlete's code for the feed: the outside id it came with
 * ("paris:1897206"), else podium's own ("podium:12"). */
static int collect_athlete(long id, const struct pd_athlete *a, void *arg)
{
	struct comp_walk *w = arg;
	char code[32];
	struct ath *t;
	int ret;

	if ((ret = pd_grow(&w->ath, w->nath, &w->aath,
			   sizeof(*w->ath), 64)) < 0)
		return ret;
	t = &w->ath[w->nath];
	snprintf(code, sizeof(code), "podium:%ld", id);
	t->id = id;
	if (!(t->code = odf_keep(w->c, a->ext && *a->ext ? a->ext : code)) ||
	    !(t->name = odf_keep(w->c, a->name)))
		return PD_ENOMEM;
	w->nath++;
	return 0;
}

static int ath_cmp(const void *a, const void *b)
{
	const struct ath *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* Add athlete id's "code\tname" line to the competitor's members. */
static int add_member(struct comp_walk *w, long id)
{
	struct ath key, *t;

	key.id = id;
	if (!id || !w->nath ||
	    !(t = bsearch(&key, w->ath, w->nath, sizeof(*w->ath),
				 ath_cmp)))
		return 0;
	if (w->members.len && pd_buf_addc(&w->members, '\n') < 0)
		return PD_ENOMEM;
	return pd_buf_addf(&w->members, "%s\t%s", t->code, t->name);
}

static int load_athletes(struct pd_store *s, struct comp_walk *w,
			 const char *games, struct pd_diag *d)
{
	int ret;

	if ((ret = pd_store_athletes(s, games, collect_athlete, w, d)) < 0)
		return ret;
	if (w->nath > 1)
		qsort(w->ath, w->nath, sizeof(*w->ath), ath_cmp);
	return 0;
}

/* Keep the members gathered for the last competitor. */
static int members_done(struct comp_walk *w)
{
	if (!w->n || !w->members.len)
		return 0;
	if (!(w->v[w->n - 1].members = odf_keep(w->c, w->members.data)))
		return PD_ENOMEM;
	pd_buf_reset(&w->members);
	return 0;
}

/* A medal's credits come one a member for a team with known members,
 * one after another: the first makes the competitor, each adds one.  An
 * athlete's medal has the athlete as its one member. */
static int credit(const struct pd_credit *cr, const struct pd_medal_out *m,
		  void *arg)
{
	struct comp_walk *w = arg;
	struct pd_odf_competitor *c;
	long e;
	int ret;

	if (w->n && w->result_ids[w->n - 1] == m->result_id)
		return cr->team_id ? 0 : add_member(w, cr->athlete_id);
	if ((ret = members_done(w)) < 0)
		return ret;
	if ((e = event_index(w, m->event_id)) < 0)
		return 0;
	if (!(c = add_comp(w, m->result_id)))
		return PD_ENOMEM;
	c->event = e;
	c->medal = (int)m->medal;
	c->rank = m->medal + 1;
	snprintf(c->npc, sizeof(c->npc), "%s", m->npc);
	c->team = m->team_id != 0;
	if (!(c->name = odf_keep(w->c, m->name)))
		return PD_ENOMEM;
	return add_member(w, c->team ? (cr->team_id ? 0 : cr->athlete_id) :
			  m->athlete_id);
}

/* A medallist and its result's id: ties keep the order the results
 * were written in (the ids'), as 'event show' lists them, so that a
 * store rebuilt from the message lists them in that order again. */
struct by_result {
	struct pd_odf_competitor c;
	long id;
};

static int comp_cmp(const void *a, const void *b)
{
	const struct by_result *x = a, *y = b;

	if (x->c.event != y->c.event)
		return x->c.event < y->c.event ? -1 : 1;
	if (x->c.medal != y->c.medal)
		return x->c.medal < y->c.medal ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

/* The medallists by event, then medal, then as written. */
static int sort_medallists(struct comp_walk *w)
{
	struct by_result *v;
	size_t i;

	if (w->n < 2)
		return 0;
	if (!(v = malloc(w->n * sizeof(*v))))
		return PD_ENOMEM;
	for (i = 0; i < w->n; i++) {
		v[i].c = w->v[i];
		v[i].id = w->result_ids[i];
	}
	qsort(v, w->n, sizeof(*v), comp_cmp);
	for (i = 0; i < w->n; i++) {
		w->v[i] = v[i].c;
		w->result_ids[i] = v[i].id;
	}
	free(v);
	return 0;
}

/* Rank ties among the medallists of an event: equal medals share. */
static void medal_ties(struct pd_odf_competitor *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i].rank_equal = (i > 0 && v[i - 1].event == v[i].event &&
				   v[i - 1].medal == v[i].medal) ||
				  (i + 1 < n && v[i + 1].event == v[i].event &&
				   v[i + 1].medal == v[i].medal);
}

static int results_write(struct pd_buf *out, struct comp_walk *w,
			 const char *games, const char *code,
			 const char *type, const char *status)
{
	struct pd_odf_results r;

	memset(&r, 0, sizeof(r));
	r.head.competition = games;
	r.head.document_code = code;
	r.head.document_type = type;
	r.head.version = w->c->version;
	r.head.status = status;
	r.head.date = w->c->date;
	r.head.time = w->c->time;
	r.events = w->ev;
	r.nevents = w->nev;
	r.v = w->v;
	r.n = w->n;
	r.notes = w->c->notes;
	r.nnotes = w->c->nnotes;
	return pd_odf_write_results(out, &r);
}

/* A medal the Games' units award marks the medallist it is (same
 * event, medal, NPC and name) with the unit that decided it, and its
 * event with the event's ODF code. */
static int mark_unit(const struct app_unit_medal *m, void *arg)
{
	struct comp_walk *w = arg;
	struct pd_odf_competitor *c;
	struct pd_odf_event *e;
	char code[PD_RSC_LEN + 1];
	size_t i;

	for (i = 0; i < w->n; i++) {
		c = &w->v[i];
		e = &w->ev[c->event];
		if (c->unit || c->medal != m->medal || strcmp(c->npc, m->npc) ||
		    strcmp(c->name, m->name) || strcmp(e->sport, m->discipline) ||
		    strcmp(e->name, m->event))
			continue;
		memset(code, '-', PD_RSC_LEN);
		code[PD_RSC_LEN] = '\0';
		memcpy(code, m->event_code, strnlen(m->event_code, 22));
		if (!(c->unit = odf_keep(w->c, m->unit)) ||
		    (!e->rsc && !(e->rsc = odf_keep(w->c, code))))
			return PD_ENOMEM;
		break;
	}
	return 0;
}

int pd_doc_odf_medallists(struct pd_buf *out, struct pd_store *s,
			  const char *games, const struct pd_registry *reg,
			  struct pd_diag *diag)
{
	const char *status = "OFFICIAL";
	struct comp_walk w;
	struct pd_games g;
	struct pd_query q;
	struct common c;
	int ret;

	if ((ret = pd_odf_load(diag)) < 0)	/* libxml2: its message */
		return ret;
	memset(&w, 0, sizeof(w));
	pd_buf_init(&w.members, 0);
	if ((ret = pd_store_games_get(s, games, &g, diag)) < 0)
		return ret;
	if ((ret = odf_common_load(&c, s, games, g.version, 0, diag)) < 0)
		goto cleanup;
	w.c = &c;
	memset(&q, 0, sizeof(q));
	q.games = games;
	if ((ret = load_athletes(s, &w, games, diag)) < 0 ||
	    (ret = pd_store_events(s, games, NULL, collect_event, &w,
				   diag)) < 0)
		goto cleanup;
	events_by_id(&w);
	if ((ret = pd_store_credits(s, &q, reg, credit, &w, diag)) < 0 ||
	    (ret = members_done(&w)) < 0 ||
	    (ret = odf_games_status(s, games, NULL, &status, diag)) < 0)
		goto cleanup;
	if ((ret = sort_medallists(&w)) < 0)
		goto cleanup;
	medal_ties(w.v, w.n);
	if ((ret = app_units_medals_each(s, games, mark_unit, &w, diag)) < 0)
		goto cleanup;
	ret = results_write(out, &w, games, "GLO", "DT_MEDALLISTS", status);
cleanup:
	comp_release(&w);
	odf_common_release(&c);
	pd_games_release(&g);
	return ret;
}

static int result_medal(const struct pd_medal_out *m, void *arg)
{
	struct comp_walk *w = arg;
	size_t a = w->amedals;
	void *p;

	if (m->event_id != w->medal_event)
		return 0;
	if (pd_grow(&w->medal_ids, w->nmedals, &w->amedals,
		    sizeof(long), 64) < 0)
		return PD_ENOMEM;
	if (w->amedals != a) {
		if (!(p = realloc(w->medal_of, w->amedals * sizeof(int))))
			return PD_ENOMEM;
		w->medal_of = p;
	}
	w->medal_ids[w->nmedals] = m->result_id;
	w->medal_of[w->nmedals++] = (int)m->medal;
	return 0;
}

/* The athletes a sanction in force at the version keeps out of the
 * event. */
static int result_banned(const struct pd_sanction_info *si, void *arg)
{
	struct comp_walk *w = arg;
	size_t a = w->abanned;
	void *p;

	if (!odf_lists(si->events, w->medal_event) || si->since > w->c->version ||
	    (si->until && si->until <= w->c->version))
		return 0;
	if (pd_grow(&w->banned, w->nbanned, &w->abanned,
		    sizeof(long), 64) < 0)
		return PD_ENOMEM;
	if (w->abanned != a) {
		if (!(p = realloc(w->moves, w->abanned * sizeof(int))))
			return PD_ENOMEM;
		w->moves = p;
	}
	w->moves[w->nbanned] = !strcmp(si->mode, "reallocate");
	w->banned[w->nbanned++] = si->athlete;
	return 0;
}

static int result_row(const struct pd_result_row *r, void *arg)
{
	struct comp_walk *w = arg;
	struct pd_odf_competitor *c;
	size_t i;

	if (!(c = add_comp(w, r->id)))
		return PD_ENOMEM;
	c->rank = r->rank;
	snprintf(c->npc, sizeof(c->npc), "%s", r->npc);
	c->team = r->team_id != 0;
	if (!(c->name = odf_keep(w->c, r->name)) ||
	    !(c->mark = odf_keep(w->c, r->mark)) ||
	    !(c->irm = odf_keep(w->c, r->irm)) ||
	    !(c->records = odf_keep(w->c, r->records)))
		return PD_ENOMEM;
	for (i = 0; i < w->nmedals; i++)
		if (w->medal_ids[i] == r->id)
			c->medal = w->medal_of[i];
	if (add_member(w, r->athlete_id) < 0 || members_done(w) < 0)
		return PD_ENOMEM;
	for (i = 0; i < w->nbanned && r->athlete_id; i++)
		if (w->banned[i] == r->athlete_id) {
			c->irm = "DSQ";
			/* everyone below a reallocated result moves up */
			c->rank = w->moves[i] ? -c->rank : 0;
			c->medal = -1;
		}
	return 0;
}

/* The ranks after the sanctions that reallocate (a removed result's rank
 * was kept negative by result_row): one place up for each removed result
 * ranked above, as src/core derives the medals. */
static void reallocate(struct comp_walk *w)
{
	size_t i, j;
	long up;

	for (i = 0; i < w->n; i++) {
		if (w->v[i].rank <= 0)
			continue;
		for (j = 0, up = 0; j < w->n; j++)
			up += w->v[j].rank < 0 && -w->v[j].rank < w->v[i].rank;
		w->v[i].rank -= up;
	}
	for (i = 0; i < w->n; i++)
		if (w->v[i].rank < 0)
			w->v[i].rank = 0;
}

/* ODF's SortOrder: the ranked, then the unranked, then those with an
 * IRM; within each, as the store lists them (by rank). */
static int sort_class(const struct pd_odf_competitor *c)
{
	return *c->irm ? 2 : c->rank ? 0 : 1;
}

static void sort_results(struct comp_walk *w)
{
	size_t i, j, k = 0;
	struct pd_odf_competitor t;
	int cls;

	for (cls = 0; cls < 3; cls++)
		for (i = k; i < w->n; i++)
			if (sort_class(&w->v[i]) == cls) {
				t = w->v[i];
				for (j = i; j > k; j--)
					w->v[j] = w->v[j - 1];
				w->v[k++] = t;
			}
	for (i = 0; i < w->n; i++)
		w->v[i].rank_equal = w->v[i].rank &&
			((i > 0 && w->v[i - 1].rank == w->v[i].rank) ||
			 (i + 1 < w->n && w->v[i + 1].rank == w->v[i].rank));
}

int pd_doc_odf_result(struct pd_buf *out, struct pd_store *s, long event,
		      long as_of, struct pd_diag *diag)
{
	struct pd_event_info e;
	struct comp_walk w;
	struct pd_games g;
	struct pd_query q;
	struct common c;
	char code[32];
	int ret, have_g = 0;

	if ((ret = pd_odf_load(diag)) < 0)	/* libxml2: its message */
		return ret;
	memset(&w, 0, sizeof(w));
	memset(&c, 0, sizeof(c));
	pd_buf_init(&w.members, 0);
	if ((ret = pd_store_event_get(s, event, &e, diag)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, e.games, &g, diag)) < 0)
		goto cleanup;
	have_g = 1;
	if ((ret = odf_common_load(&c, s, e.games, as_of ? as_of : g.version,
			       event, diag)) < 0)
		goto cleanup;
	w.c = &c;
	w.medal_event = event;
	memset(&q, 0, sizeof(q));
	q.games = e.games;
	q.include_unofficial = 1;
	q.as_of = as_of;
	if ((ret = add_event(&w, &e)) < 0 ||
	    (ret = load_athletes(s, &w, e.games, diag)) < 0 ||
	    (ret = pd_store_medals(s, &q, result_medal, &w, diag)) < 0 ||
	    (ret = pd_store_sanctions(s, e.games, result_banned, &w,
				      diag)) < 0 ||
	    (ret = pd_store_event_results(s, event, as_of, result_row, &w,
					  diag)) < 0)
		goto cleanup;
	reallocate(&w);
	sort_results(&w);
	snprintf(code, sizeof(code), "EV%ld", event);
	ret = results_write(out, &w, e.games, code, "DT_RESULT",
			    pd_odf_status(e.status));
cleanup:
	comp_release(&w);
	odf_common_release(&c);
	if (have_g)
		pd_games_release(&g);
	pd_event_info_release(&e);
	return ret;
}
