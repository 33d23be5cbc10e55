/* odf.c -- the ODF messages podium sends (doc.h): what the store says,
 * gathered into odf.h's structs for src/io/render_odf.c to write.
 *
 * DT_MEDALS ranks the reference twice (gold-first and total-first); a
 * table computed from results also carries each NPC's medals by gender
 * and sport, a ResultStatus from its events' statuses, and the Games'
 * sanctions as its Notes.  The envelope's Date and Time are those of the
 * change that made the version: the same version is the same message.
 * The envelope and the Notes are shared (odf_int.h) with the messages of
 * competitors, odf_results.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/event.h"
#include "podium/odf.h"
#include "podium/stats.h"
#include "odf_int.h"

void odf_common_release(struct common *c)
{
	pd_strings_release(&c->pool);
	free(c->notes);
}

/* A copy owned by c's pool; NULL on no memory. */
const char *odf_keep(struct common *c, const char *s)
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
	if (!(n->mode = odf_keep(c, si->mode)) || !(n->npc = odf_keep(c, si->npc)) ||
	    !(n->competitor = odf_keep(c, si->athlete_name)) ||
	    !(n->events = odf_keep(c, si->events)) ||
	    !(n->reason = odf_keep(c, si->reason)))
		return PD_ENOMEM;
	c->nnotes++;
	return 0;
}

/* Is event id one of the list "12,15"? */
int odf_lists(const char *events, long id)
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

	if (si->since > c->version || (c->event && !odf_lists(si->events,
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

int odf_common_load(struct common *c, struct pd_store *s,
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

int odf_games_status(struct pd_store *s, const char *games,
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
	const char *sport = odf_keep(w->c, m->sport);
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

	if ((ret = pd_odf_load(diag)) < 0)	/* libxml2: its message */
		return ret;
	memset(&m, 0, sizeof(m));
	memset(&w, 0, sizeof(w));
	version = r->as_of ? r->as_of : r->have_info ? r->info.version : 0;
	if ((ret = rank_both(r, &gold, &total, diag)) < 0)
		return ret;
	if ((ret = odf_common_load(&c, r->have_info ? s : NULL, games, version, 0,
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
		    (ret = odf_games_status(s, r->games, q.sport, &m.head.status,
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
	odf_common_release(&c);
	pd_standings_release(&gold);
	pd_standings_release(&total);
	return ret;
}

