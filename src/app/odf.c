/* odf.c -- the ODF messages podium sends (doc.h): what the store says,
 * gathered into odf.h's structs for src/io/render_odf.c to write.
 *
 * DT_MEDALS ranks the reference twice (gold-first and total-first); a
 * table computed from results also carries each NPC's medals by gender
 * and sport, a ResultStatus from its events' statuses, and the Games'
 * sanctions as its Notes.  The envelope's Date and Time are those of the
 * change that made the version: the same version is the same message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/event.h"
#include "podium/odf.h"
#include "podium/stats.h"

/* What every message shares: the envelope's strings, the notes. */
struct common {
	struct pd_strings pool;
	char date[11], time[10];
	struct pd_odf_note *notes;
	size_t nnotes, anotes;
	long version;
	long event;		/* notes of this event only; 0: all */
};

static void common_release(struct common *c)
{
	pd_strings_release(&c->pool);
	free(c->notes);
}

/* A copy owned by c's pool; NULL on no memory. */
static const char *keep(struct common *c, const char *s)
{
	if (pd_strings_add(&c->pool, s ? s : "") < 0)
		return NULL;
	return c->pool.v[c->pool.n - 1];
}

static int when(const struct pd_audit_entry *e, void *arg)
{
	struct common *c = arg;
	const char *at = e->at;

	/* "2024-09-08T18:30:00Z" (SQLite) or "2024-09-08 18:30:00" */
	if (e->version != c->version || strlen(at) < 19)
		return 0;
	memcpy(c->date, at, 10);
	c->date[10] = '\0';
	snprintf(c->time, sizeof(c->time), "%.2s%.2s%.2s000", at + 11,
		 at + 14, at + 17);
	return 1;
}

static int add_note(struct common *c, const struct pd_sanction_info *si,
		    long version, const char *action)
{
	struct pd_odf_note *n;

	if (c->nnotes == c->anotes) {
		size_t a = c->anotes ? c->anotes * 2 : 8;

		if (!(n = realloc(c->notes, a * sizeof(*n))))
			return PD_ENOMEM;
		c->notes = n;
		c->anotes = a;
	}
	n = &c->notes[c->nnotes];
	n->version = version;
	n->action = action;
	n->sanction = si->id;
	if (!(n->mode = keep(c, si->mode)) || !(n->npc = keep(c, si->npc)) ||
	    !(n->competitor = keep(c, si->athlete_name)) ||
	    !(n->events = keep(c, si->events)) ||
	    !(n->reason = keep(c, si->reason)))
		return PD_ENOMEM;
	c->nnotes++;
	return 0;
}

/* Is event id one of the list "12,15"? */
static int lists(const char *events, long id)
{
	const char *p = events;
	char *end;

	while (*p) {
		if (strtol(p, &end, 10) == id)
			return 1;
		p = *end ? end + 1 : end;
	}
	return 0;
}

/* Every sanction made (and lifted) by the message's version. */
static int note(const struct pd_sanction_info *si, void *arg)
{
	struct common *c = arg;
	int ret = 0;

	if (si->since > c->version || (c->event && !lists(si->events,
							   c->event)))
		return 0;
	ret = add_note(c, si, si->since, "APPLIED");
	if (ret == 0 && si->until && si->until <= c->version)
		ret = add_note(c, si, si->until, "LIFTED");
	return ret;
}

static int by_version(const void *a, const void *b)
{
	const struct pd_odf_note *x = a, *y = b;

	if (x->version != y->version)
		return x->version < y->version ? -1 : 1;
	return x->sanction < y->sanction ? -1 : x->sanction > y->sanction;
}

static int common_load(struct common *c, struct pd_store *s,
		       const char *games, long version, long event,
		       struct pd_diag *d)
{
	int ret;

	memset(c, 0, sizeof(*c));
	pd_strings_init(&c->pool);
	c->version = version;
	c->event = event;
	strcpy(c->date, "1970-01-01");
	strcpy(c->time, "000000000");
	if (!s)
		return 0;
	if ((ret = pd_store_log(s, games, version > 0 ? version - 1 : 0, when,
				c, d)) < 0 ||
	    (ret = pd_store_sanctions(s, games, note, c, d)) < 0)
		return ret;
	if (c->nnotes > 1)
		qsort(c->notes, c->nnotes, sizeof(*c->notes), by_version);
	return 0;
}

/* The status of a set of events: PROVISIONAL while one is protested or
 * provisional, else UNOFFICIAL while one is not official, else
 * OFFICIAL. */
struct status_walk {
	int provisional, unofficial;
};

static int event_status(const struct pd_event_info *e, size_t results,
			void *arg)
{
	struct status_walk *w = arg;

	if (!strcmp(e->status, "protested") ||
	    !strcmp(e->status, "provisional"))
		w->provisional = 1;
	else if (strcmp(e->status, "official"))
		w->unofficial = 1;
	return 0;
}

static int games_status(struct pd_store *s, const char *games,
			const char *sport, const char **status,
			struct pd_diag *d)
{
	struct status_walk w = { 0, 0 };
	int ret;

	if ((ret = pd_store_events(s, games, sport, event_status, &w, d)) < 0)
		return ret;
	*status = w.provisional ? "PROVISIONAL" :
		  w.unofficial ? "UNOFFICIAL" : "OFFICIAL";
	return 0;
}

/* -- DT_MEDALS */

struct split_walk {
	struct common *c;
	struct pd_odf_split *v;
	size_t n, alloc;
};

static int add_split(struct split_walk *w, const char *npc,
		     const char *sport, const char *gender, int medal)
{
	struct pd_odf_split *v;

	if (w->n == w->alloc) {
		size_t a = w->alloc ? w->alloc * 2 : 256;

		if (!(v = realloc(w->v, a * sizeof(*v))))
			return PD_ENOMEM;
		w->v = v;
		w->alloc = a;
	}
	v = &w->v[w->n++];
	memset(v, 0, sizeof(*v));
	snprintf(v->npc, sizeof(v->npc), "%s", npc);
	v->sport = sport;
	if (strlen(gender) == 1)
		v->gender[0] = gender[0];
	v->medals[medal] = 1;
	return 0;
}

static int split_medal(const struct pd_medal_out *m, void *arg)
{
	struct split_walk *w = arg;
	const char *sport = keep(w->c, m->sport);
	const char *g = strlen(m->gender) == 1 ? m->gender : "";
	int ret;

	if (!sport)
		return PD_ENOMEM;
	if ((ret = add_split(w, m->npc, "", g, (int)m->medal)) == 0 && *sport)
		ret = add_split(w, m->npc, sport, "", (int)m->medal);
	if (ret == 0 && *sport && *g)
		ret = add_split(w, m->npc, sport, g, (int)m->medal);
	return ret;
}

static int split_cmp(const void *a, const void *b)
{
	const struct pd_odf_split *x = a, *y = b;
	int c;

	if ((c = strcmp(x->npc, y->npc)) || (c = strcmp(x->sport, y->sport)))
		return c;
	return strcmp(x->gender, y->gender);
}

/* Sort the splits and add up the equal ones. */
static void split_merge(struct split_walk *w)
{
	size_t i, k = 0;
	int m;

	if (w->n > 1)
		qsort(w->v, w->n, sizeof(*w->v), split_cmp);
	for (i = 0; i < w->n; i++) {
		if (k && !split_cmp(&w->v[k - 1], &w->v[i])) {
			for (m = 0; m < 3; m++)
				w->v[k - 1].medals[m] += w->v[i].medals[m];
			continue;
		}
		w->v[k++] = w->v[i];
	}
	w->n = k;
}

static int rank_both(const struct pd_ref *r, struct pd_standings *gold,
		     struct pd_standings *total, struct pd_diag *d)
{
	struct pd_standings_opts o;
	int ret;

	memset(&o, 0, sizeof(o));
	o.host = r->have_info && r->info.host[0] ? r->info.host : NULL;
	o.scheme.kind = PD_SCHEME_GOLD;
	if ((ret = pd_standings_build(gold, &r->tally, &o, d)) < 0)
		return ret;
	o.scheme.kind = PD_SCHEME_TOTAL;
	if ((ret = pd_standings_build(total, &r->tally, &o, d)) < 0)
		pd_standings_release(gold);
	return ret;
}

int pd_doc_odf_medals(struct pd_buf *out, struct pd_store *s,
		      const struct pd_ref *r, const struct pd_ref_opts *opts,
		      struct pd_diag *diag)
{
	const char *games = r->games[0] ? r->games : r->label;
	struct split_walk w;
	struct pd_standings gold, total;
	struct pd_odf_medals m;
	struct pd_query q;
	struct common c;
	char code[256];
	long version;
	int ret;

	memset(&m, 0, sizeof(m));
	memset(&w, 0, sizeof(w));
	version = r->as_of ? r->as_of : r->have_info ? r->info.version : 0;
	if ((ret = rank_both(r, &gold, &total, diag)) < 0)
		return ret;
	if ((ret = common_load(&c, r->have_info ? s : NULL, games, version, 0,
			       diag)) < 0)
		goto cleanup;
	m.head.status = "OFFICIAL";
	w.c = &c;
	if (r->have_info && !r->have_pub) {
		memset(&q, 0, sizeof(q));
		q.games = r->games;
		q.sport = opts ? opts->sport : NULL;
		q.include_unofficial = opts && opts->include_unofficial;
		q.as_of = r->as_of;
		if ((ret = pd_store_medals(s, &q, split_medal, &w, diag)) < 0 ||
		    (ret = games_status(s, r->games, q.sport, &m.head.status,
					diag)) < 0)
			goto cleanup;
		split_merge(&w);
		m.notes = c.notes;
		m.nnotes = c.nnotes;
	}
	if (r->have_pub) {
		m.caption = r->pub.caption;
		m.lang = r->pub.lang;
	}
	m.head.competition = games;
	/* a one-sport table is another message than the Games' table */
	snprintf(code, sizeof(code), "GLO-%s", opts && opts->sport ?
		 opts->sport : "");
	m.head.document_code = opts && opts->sport ? code : "GLO";
	m.head.document_type = "DT_MEDALS";
	m.head.version = version;
	m.head.date = c.date;
	m.head.time = c.time;
	m.gold = &gold;
	m.total = &total;
	m.sport = opts ? opts->sport : NULL;
	m.splits = w.v;
	m.nsplits = w.n;
	ret = pd_odf_write_medals(out, &m);
cleanup:
	free(w.v);
	common_release(&c);
	pd_standings_release(&gold);
	pd_standings_release(&total);
	return ret;
}

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

/* Room for one more of an array of size each, n used of *alloc. */
static int grow(void **v, size_t n, size_t *alloc, size_t size)
{
	void *p;
	size_t a;

	if (n < *alloc)
		return 0;
	a = *alloc ? *alloc * 2 : 64;
	if (!(p = realloc(*v, a * size)))
		return PD_ENOMEM;
	*v = p;
	*alloc = a;
	return 0;
}

static int add_event(struct comp_walk *w, const struct pd_event_info *e)
{
	struct pd_odf_event *ev;
	size_t a = w->aev;
	void *ids = w->ev_ids;
	int ret;

	if ((ret = grow((void **)&w->ev, w->nev, &w->aev, sizeof(*ev))) < 0)
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
	if (!(ev->sport = keep(w->c, e->sport)) ||
	    !(ev->name = keep(w->c, e->name)) ||
	    !(ev->gender = keep(w->c, e->gender)) ||
	    !(ev->sport_class = keep(w->c, e->sport_class)) ||
	    !(ev->date = keep(w->c, e->date)) ||
	    !(ev->status = keep(w->c, e->status)))
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

	if (grow((void **)&w->v, w->n, &w->alloc, sizeof(*c)) < 0)
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

	if ((ret = grow((void **)&w->ath, w->nath, &w->aath,
			sizeof(*w->ath))) < 0)
		return ret;
	t = &w->ath[w->nath];
	snprintf(code, sizeof(code), "podium:%ld", id);
	t->id = id;
	if (!(t->code = keep(w->c, a->ext && *a->ext ? a->ext : code)) ||
	    !(t->name = keep(w->c, a->name)))
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
	if (!(w->v[w->n - 1].members = keep(w->c, w->members.data)))
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
	if (!(c->name = keep(w->c, m->name)))
		return PD_ENOMEM;
	return add_member(w, c->team ? (cr->team_id ? 0 : cr->athlete_id) :
			  m->athlete_id);
}

static int comp_cmp(const void *a, const void *b)
{
	const struct pd_odf_competitor *x = a, *y = b;
	int c;

	if (x->event != y->event)
		return x->event < y->event ? -1 : 1;
	if (x->medal != y->medal)
		return x->medal < y->medal ? -1 : 1;
	if ((c = strcmp(x->npc, y->npc)))
		return c;
	return strcmp(x->name, y->name);
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

	memset(&w, 0, sizeof(w));
	pd_buf_init(&w.members, 0);
	if ((ret = pd_store_games_get(s, games, &g, diag)) < 0)
		return ret;
	if ((ret = common_load(&c, s, games, g.version, 0, diag)) < 0)
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
	    (ret = games_status(s, games, NULL, &status, diag)) < 0)
		goto cleanup;
	if (w.n > 1)
		qsort(w.v, w.n, sizeof(*w.v), comp_cmp);
	medal_ties(w.v, w.n);
	ret = results_write(out, &w, games, "GLO", "DT_MEDALLISTS", status);
cleanup:
	comp_release(&w);
	common_release(&c);
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
	if (grow((void **)&w->medal_ids, w->nmedals, &w->amedals,
		 sizeof(long)) < 0)
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

	if (!lists(si->events, w->medal_event) || si->since > w->c->version ||
	    (si->until && si->until <= w->c->version))
		return 0;
	if (grow((void **)&w->banned, w->nbanned, &w->abanned,
		 sizeof(long)) < 0)
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
	if (!(c->name = keep(w->c, r->name)) ||
	    !(c->mark = keep(w->c, r->mark)) ||
	    !(c->irm = keep(w->c, r->irm)) ||
	    !(c->records = keep(w->c, r->records)))
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

	memset(&w, 0, sizeof(w));
	memset(&c, 0, sizeof(c));
	pd_buf_init(&w.members, 0);
	if ((ret = pd_store_event_get(s, event, &e, diag)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, e.games, &g, diag)) < 0)
		goto cleanup;
	have_g = 1;
	if ((ret = common_load(&c, s, e.games, as_of ? as_of : g.version,
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
	common_release(&c);
	if (have_g)
		pd_games_release(&g);
	pd_event_info_release(&e);
	return ret;
}
