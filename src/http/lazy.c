/* lazy.c -- the views of a Games rendered on their first request at a
 * version and kept with it: a table by sport, cut to the top N or under
 * weighted points; an event with its results; an NPC's medals; an
 * athlete search; the audit log since a version; and the events list,
 * the statistics and the gold timeline.  Also the routes of
 * GET /api/games/CODE/..., since a route is what names a lazy view.
 *
 * A request becomes a key (key_make: the route's letter, then its
 * parameters, each after KEY_SEP -- a byte refused in parameters), the
 * key is looked up in the gview's cache (lazy_get), and on a miss it is
 * read back into the route and its parameters and rendered (render_lazy).
 * Both directions use the one table routes[], so a route cannot be made
 * one way and read another.
 *
 * Views that read the store do it on a reader connection (srv.readers,
 * never the writes' side connection: a flood of uncached reads held up
 * every write when they shared it) inside one read transaction, and are
 * labelled with the version that transaction reads, which is past the
 * snapshot's when writes landed since it was built: such a view is sent
 * but not kept (it is not that gview's).  The cache's own lock,
 * gview.lazy_mu, is never held while a view renders (snapshot.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "podium/audit.h"
#include "podium/doping_ops.h"
#include "podium/election_ops.h"
#include "podium/entry_ops.h"
#include "podium/event.h"
#include "podium/label.h"
#include "podium/facts_ops.h"
#include "podium/match_ops.h"
#include "podium/stats.h"
#include "podium/token.h"
#include "auth.h"
#include "lazy.h"
#include "page_make.h"
#include "pages.h"
#include "render.h"
#include "respond.h"
#include "snapshot.h"
#include "srv.h"
#include "view.h"
#include "views.h"

#define KEY_SEP '\x1f'
#define KEY_MAX 600
#define ATHLETES_MAX 100
#define LOG_MAX 1000

/* The lazy views.  routes[] gives each its key letter, its parameters
 * and its render. */
enum lazy_route {
	ROUTE_STANDINGS,	/* S source scheme lang sport top */
	ROUTE_EVENT,		/* E id */
	ROUTE_NPC,		/* N code source */
	ROUTE_ATHLETES,		/* A q */
	ROUTE_LOG,		/* L since full */
	ROUTE_EVENTS,		/* V */
	ROUTE_STATS,		/* T */
	ROUTE_TIMELINE,		/* G npcs */
	ROUTE_ATHLETE,		/* I id */
	/* the site's pages (pages.h), each made from its document */
	ROUTE_PAGE_TABLE,	/* H source scheme lang pinned */
	ROUTE_PAGE_EVENT,	/* J id lang */
	ROUTE_PAGE_NPC,		/* K code source lang */
	ROUTE_PAGE_ATHLETE,	/* M id lang */
	ROUTE_PAGE_ABOUT,	/* O lang */
	ROUTE_FACTS,		/* F */
	ROUTE_FACTS_CHECK,	/* C */
	ROUTE_MATCHES,		/* X event */
	ROUTE_ENTRIES,		/* Y event (0: every event's) */
	ROUTE_PARTICIPATION,	/* Q */
	ROUTE_ELECTIONS,	/* W */
	ROUTE_DOPING,		/* D */
	ROUTE_COUNT
};

static json_t *jstr(const char *s)
{
	json_t *j = json_string(s ? s : "");

	return j ? j : json_null();
}

/* What a view is made from: the gview (its Games, tables and medals, at
 * g->version) and, for the views that read the store, a reader
 * connection inside one read transaction.  version is what the view
 * says it shows: the version that transaction read when st is set (it
 * may be past g->version, when writes landed since the snapshot), else
 * g->version.  Bytes and label come from one read, so one ETag never
 * names two bodies. */
struct lz {
	struct srv *s;
	struct gview *g;
	struct pd_store *st;	/* NULL: made from g alone */
	long version;
};

/* Answer other than 200: why goes in out for lazy_get to report. */
static int refuse(struct pd_buf *out, int *status, int code, const char *why)
{
	*status = code;
	pd_buf_reset(out);
	return pd_buf_adds(out, why);
}

/* Split key into at most n fields, in place. */
static size_t fields(char *key, char **f, size_t n)
{
	size_t k = 0;
	char *p = key;

	while (k < n) {
		f[k++] = p;
		if (!(p = strchr(p, KEY_SEP)))
			break;
		*p++ = '\0';
	}
	return k;
}

static const struct table *find_table(const struct gview *g,
				      const char *source)
{
	size_t i;

	for (i = 0; i < g->ntables; i++)
		if (!strcmp(g->tables[i].source, source))
			return g->tables[i].error ? NULL : &g->tables[i];
	return NULL;
}

/* S source scheme lang sport top */
static int standings(struct lz *z, char **f, struct pd_buf *out,
		     int *status)
{
	struct srv *s = z->s;
	struct gview *g = z->g;
	struct pd_diag d = { "", 0, "" };
	struct pd_standings_opts o;
	const struct table *t = find_table(g, f[1]);
	const struct pd_tally *tally;
	struct pd_tally bysport;
	struct pd_query q = { g->info.code, f[4], 0, 0 };
	int ret;

	if (!t)
		return refuse(out, status, MHD_HTTP_NOT_FOUND, "no such "
			      "source for this Games");
	memset(&o, 0, sizeof(o));
	if (pd_scheme_parse(&o.scheme, f[2], &d) < 0)
		return refuse(out, status, MHD_HTTP_BAD_REQUEST, d.msg);
	o.host = g->info.host[0] ? g->info.host : NULL;
	o.top = (size_t)atol(f[5]);
	tally = &t->tally;
	pd_tally_init(&bysport);
	if (*f[4]) {
		if (t->source[0])
			return refuse(out, status, MHD_HTTP_BAD_REQUEST,
				      "sport needs results, and this is a "
				      "published table");
		if ((ret = pd_store_tally_q(z->st, &q, &bysport, NULL,
					    &d)) < 0) {
			pd_tally_release(&bysport);
			return ret;
		}
		tally = &bysport;
	}
	ret = render_standings(out, g, z->version, t, tally, &o, f[3],
			       *f[4] ? f[4] : NULL, s->cfg.reg);
	pd_tally_release(&bysport);
	return ret;
}

struct event_walk {
	long event;
	json_t *medals;		/* result id -> medal */
	json_t *results;
};

static int event_medal(const struct pd_medal_out *m, void *arg)
{
	static const char *const word[3] = { "gold", "silver", "bronze" };
	struct event_walk *w = arg;
	char key[32];

	if (m->event_id != w->event)
		return 0;
	snprintf(key, sizeof(key), "%ld", m->result_id);
	return json_object_set_new(w->medals, key, json_string(word[m->medal]))
	       < 0 ? PD_ENOMEM : 0;
}

static int event_result(const struct pd_result_row *r, void *arg)
{
	struct event_walk *w = arg;
	char key[32];
	json_t *medal, *o;

	snprintf(key, sizeof(key), "%ld", r->id);
	medal = json_object_get(w->medals, key);
	o = json_pack("{s:I, s:s, s:o, s:o, s:o, s:o, s:O}",
		      "rank", (json_int_t)r->rank, "npc", r->npc,
		      "name", jstr(r->name), "mark", jstr(r->mark),
		      "irm", jstr(r->irm), "records", jstr(r->records),
		      "medal", medal ? medal : json_null());
	if (o && r->athlete_id)
		json_object_set_new(o, "athlete", json_integer(r->athlete_id));
	return json_array_append_new(w->results, o) < 0 ? PD_ENOMEM : 0;
}

/* E id: the event, its results and the medals that follow from them
 * (whatever its status: what would be awarded). */
static int event(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct gview *g = z->g;
	struct pd_diag d = { "", 0, "" };
	struct pd_query q = { g->info.code, NULL, 1, 0 };
	struct event_walk w = { atol(f[1]), json_object(), json_array() };
	struct pd_event_info e;
	json_t *doc = NULL;
	int ret, have = 0;

	if ((ret = pd_store_event_get(z->st, w.event, &e, &d)) == 0) {
		have = 1;
		if (strcmp(e.games, g->info.code))
			ret = PD_ENOTFOUND;	/* another Games' event */
	}
	/* the event's sport alone: a save on the desk reads its event
	 * back, and a walk of every medal of the Games was most of it */
	if (ret == 0)
		q.sport = e.sport;
	if (ret == 0 &&
	    (ret = pd_store_medals(z->st, &q, event_medal, &w, &d)) == 0)
		ret = pd_store_event_results(z->st, w.event, 0, event_result,
					     &w, &d);
	if (ret == 0)
		doc = json_pack("{s:s, s:I, s:I, s:o, s:o, s:o, s:o, s:o, "
				"s:o, s:o, s:b, s:O}",
				"games", g->info.code,
				"version", (json_int_t)z->version,
				"id", (json_int_t)e.id, "sport", jstr(e.sport),
				"name", jstr(e.name), "gender", jstr(e.gender),
				"class", jstr(e.sport_class),
				"date", jstr(e.date), "status", jstr(e.status),
				"policy", jstr(e.policy), "team", e.team,
				"results", w.results);
	/* how its ranks are made: the desk computes them as it is typed */
	if (doc)
		json_object_set_new(doc, "order", jstr(e.order));
	if (have)
		pd_event_info_release(&e);
	json_decref(w.medals);
	json_decref(w.results);
	if (ret == PD_ENOTFOUND)
		return refuse(out, status, MHD_HTTP_NOT_FOUND, "no such event "
			      "in this Games");
	return ret < 0 ? ret : json_dump_to(out, doc);
}

/* N code source: an NPC's row in a table and, for the computed one, its
 * medals event by event. */
static int npc(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct srv *s = z->s;
	struct gview *g = z->g;
	static const char *const word[3] = { "gold", "silver", "bronze" };
	const struct pd_npc *n = pd_registry_code(s->cfg.reg, f[1]);
	const struct table *t = find_table(g, strcmp(f[2], "*") ? f[2] :
					   g->cover.source);
	struct pd_standings_opts o;
	struct pd_standings st;
	const struct pd_standing *r = NULL;
	json_t *doc, *medals = json_array();
	size_t i;
	int ret;

	if (!n || !t) {
		json_decref(medals);
		return refuse(out, status, MHD_HTTP_NOT_FOUND, !n ? "no such "
			      "NPC" : "no such source for this Games");
	}
	memset(&o, 0, sizeof(o));
	o.host = g->info.host[0] ? g->info.host : NULL;
	if ((ret = pd_standings_build(&st, &t->tally, &o, NULL)) < 0) {
		json_decref(medals);
		return ret;
	}
	for (i = 0; i < st.n && !r; i++)
		if (!strcmp(st.rows[i].npc, n->code))
			r = &st.rows[i];
	/* the medals are the results' whichever table ranks the NPC: a
	 * published table lists no events */
	for (i = 0; i < g->nmedals; i++) {
		const struct medal *m = &g->medals[i];

		if (strcmp(m->npc, n->code))
			continue;
		json_array_append_new(medals, json_pack("{s:I, s:s, s:s, s:s, "
				      "s:s, s:s, s:s}",
				      "event", (json_int_t)m->event_id,
				      "sport", m->sport, "name", m->event,
				      "gender", m->gender, "date", m->date,
				      "medal", word[m->medal],
				      "winner", m->name));
	}
	doc = json_pack("{s:s, s:I, s:o, s:s, s:{s:s, s:s}, s:I, s:I, s:I, "
			"s:I, s:I, s:o}",
			"games", g->info.code, "version", (json_int_t)g->version,
			"source", t->source[0] ? jstr(t->source) : json_null(),
			"npc", n->code, "name", "en", n->en,
			"zh", pd_npc_name(n, "zh"),
			"rank", (json_int_t)(r ? r->rank : 0),
			"gold", (json_int_t)(r ? r->medals[0] : 0),
			"silver", (json_int_t)(r ? r->medals[1] : 0),
			"bronze", (json_int_t)(r ? r->medals[2] : 0),
			"total", (json_int_t)(r ? r->total : 0),
			"medals", medals);
	if (doc && t->source[0] && g->cover.known)
		json_object_set_new(doc, "results", json_pack("{s:I, s:I}",
				    "events", (json_int_t)g->cover.done,
				    "of", (json_int_t)g->cover.known));
	pd_standings_release(&st);
	return json_dump_to(out, doc);
}

struct athlete_walk {
	char *needle;
	json_t *list;
	size_t n;
	int more;
	/* each medal's athlete and colour, read in the same transaction as
	 * the athletes: the snapshot's may be older */
	struct won { long athlete; enum pd_medal medal; } *won;
	size_t nwon;
};

static int athlete_medal(const struct pd_medal_out *m, void *arg)
{
	struct athlete_walk *w = arg;
	struct won *v;

	if (!m->athlete_id)
		return 0;
	if (w->nwon % 256 == 0) {
		if (!(v = realloc(w->won, (w->nwon + 256) * sizeof(*v))))
			return PD_ENOMEM;
		w->won = v;
	}
	w->won[w->nwon].athlete = m->athlete_id;
	w->won[w->nwon++].medal = m->medal;
	return 0;
}

static int athlete(long id, const struct pd_athlete *a, void *arg)
{
	struct athlete_walk *w = arg;
	long won[3] = { 0, 0, 0 };
	size_t i;

	if (*w->needle && !pd_name_contains(a->name, w->needle))
		return 0;
	if (w->n == ATHLETES_MAX) {
		w->more = 1;
		return 0;
	}
	for (i = 0; i < w->nwon; i++)
		won[w->won[i].medal] += w->won[i].athlete == id;
	w->n++;
	return json_array_append_new(w->list, json_pack("{s:I, s:o, s:s, "
				     "s:o, s:o, s:{s:I, s:I, s:I}}",
				     "id", (json_int_t)id, "name",
				     jstr(a->name), "npc", a->npc,
				     "gender", jstr(a->gender), "class",
				     jstr(a->sport_class), "medals",
				     "gold", (json_int_t)won[0],
				     "silver", (json_int_t)won[1],
				     "bronze", (json_int_t)won[2])) < 0 ?
	       PD_ENOMEM : 0;
}

/* A q: athletes of the Games whose name contains q, first 100. */
static int athletes(struct lz *z, char **f, struct pd_buf *out,
		    int *status)
{
	struct gview *g = z->g;
	struct pd_diag d = { "", 0, "" };
	struct pd_query q = { g->info.code, NULL, 0, 0 };
	struct athlete_walk w = { pd_name_normalise(f[1]), json_array(), 0, 0,
				  NULL, 0 };
	int ret = 0;

	if (!w.needle) {
		json_decref(w.list);
		return refuse(out, status, MHD_HTTP_BAD_REQUEST, "q is not "
			      "valid UTF-8");
	}
	/* the snapshot's medals when the read is at its version (the usual
	 * case), else those of the version read */
	for (size_t i = 0; z->version == g->version && i < g->nmedals &&
	     ret == 0; i++) {
		struct pd_medal_out m = { .athlete_id = g->medals[i].athlete_id,
					  .medal = g->medals[i].medal };

		ret = athlete_medal(&m, &w);
	}
	if (ret == 0 && z->version != g->version)
		ret = pd_store_medals(z->st, &q, athlete_medal, &w, &d);
	if (ret == 0)
		ret = pd_store_athletes(z->st, g->info.code, athlete, &w, &d);
	free(w.needle);
	free(w.won);
	if (ret < 0) {
		json_decref(w.list);
		return ret;
	}
	return json_dump_to(out, json_pack("{s:s, s:I, s:s, s:o, s:b}", "games",
				   g->info.code, "version",
				   (json_int_t)z->version, "q", f[1],
				   "athletes", w.list, "more", w.more));
}

struct log_walk {
	json_t *list;
	size_t n;
	int more;
	int full;		/* an admin asked: the entries as stored */
};

/* What the public sees of a change: the command that made it, not the
 * command line.  A write through the API is stored as "POST /api/..."
 * (the path, never the query), which is shown as it is; a CLI command
 * line holds file paths and the database's, so only its command words
 * are shown ("podium import table", "podium result set"). */
static int api_write(const char *command)
{
	return !strncmp(command, "POST /api/", 10) ||
	       !strncmp(command, "PATCH /api/", 11) ||
	       !strncmp(command, "DELETE /api/", 12);
}

static void public_change(char *out, size_t size, const char *command)
{
	const char *p = command;
	size_t n, words = 0, len = 0;

	if (api_write(command)) {
		snprintf(out, size, "%s", command);
		return;
	}
	out[0] = '\0';
	while (*p && words < 3) {
		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (!n || strspn(p, "abcdefghijklmnopqrstuvwxyz-") != n ||
		    *p == '-' || len + n + 2 > size)
			break;
		len += (size_t)snprintf(out + len, size - len, "%s%.*s",
					words ? " " : "", (int)n, p);
		words++;
		p += n;
	}
	if (!len)
		snprintf(out, size, "podium");
}

/* Who the public sees: a token's name (chosen to be shown), or "cli"
 * for a change made at the console, whose actor is a local user name. */
static const char *public_actor(const struct pd_audit_entry *e)
{
	return api_write(e->command) ? e->actor : "cli";
}

static int log_entry(const struct pd_audit_entry *e, void *arg)
{
	struct log_walk *w = arg;
	char change[128];
	json_t *changes;

	if (w->n == LOG_MAX) {
		w->more = 1;
		return 1;	/* stop: the client asks again from here */
	}
	w->n++;
	if (!w->full)
		public_change(change, sizeof(change), e->command);
	/* what changed, field by field, as kept ([] for older entries) */
	changes = *e->changes ? json_loads(e->changes, 0, NULL) : NULL;
	return json_array_append_new(w->list, json_pack("{s:I, s:o, s:o, "
				     "s:o, s:o, s:o}", "version",
				     (json_int_t)e->version, "at", jstr(e->at),
				     "actor", jstr(w->full ? e->actor :
						   public_actor(e)),
				     "command", jstr(w->full ? e->command :
						     change), "reason",
				     jstr(e->reason), "changes", changes ?
				     changes : json_array())) < 0 ?
	       PD_ENOMEM : 0;
}

/* L since full: the changes after version since, oldest first; full
 * ("1", an admin's token checked) as stored, else as the public sees
 * them. */
static int audit_log(struct lz *z, char **f, struct pd_buf *out,
		     int *status)
{
	struct gview *g = z->g;
	struct pd_diag d = { "", 0, "" };
	struct log_walk w = { json_array(), 0, 0, !strcmp(f[2], "1") };
	long since = atol(f[1]);
	int ret;

	ret = pd_store_log(z->st, g->info.code, since, log_entry, &w, &d);
	if (ret < 0) {
		json_decref(w.list);
		return ret;
	}
	return json_dump_to(out, json_pack("{s:s, s:I, s:I, s:o, s:b}", "games",
				   g->info.code, "version",
				   (json_int_t)z->version, "since",
				   (json_int_t)since, "changes", w.list,
				   "more", w.more));
}

/* V: the events list */
static int events_list(struct lz *z, char **f, struct pd_buf *out,
		       int *status)
{
	struct pd_diag d = { "", 0, "" };

	return render_events(out, z->st, z->g, z->version, &d);
}

/* T: the statistics */
static int stats(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };

	return render_stats(out, z->st, z->g, z->version, &d);
}

/* G npcs: the medals day by day of npcs, or of the leaders */
static int timeline(struct lz *z, char **f, struct pd_buf *out,
		    int *status)
{
	return render_timeline(out, z->g, z->s->cfg.reg, f[1]);
}

/* I id: an athlete of the Games */
static int athlete_one(struct lz *z, char **f, struct pd_buf *out,
		       int *status)
{
	struct pd_diag d = { "", 0, "" };
	int ret = render_athlete(out, z->st, z->g, z->version, atol(f[1]),
				 z->s->cfg.reg, &d);

	if (ret == PD_ENOTFOUND)
		return refuse(out, status, MHD_HTTP_NOT_FOUND, "no such "
			      "athlete in this Games");
	return ret;
}

/* The document route fn makes of f, parsed into *doc; a refusal (status
 * other than 200) is left in out for lazy_get to report. */
static int doc_of(struct lz *z, int (*fn)(struct lz *, char **,
					  struct pd_buf *, int *),
		  char **f, struct pd_buf *out, int *status, json_t **doc)
{
	struct pd_buf b;
	int ret;

	*doc = NULL;
	pd_buf_init(&b, 0);
	if ((ret = fn(z, f, &b, status)) < 0 || *status != MHD_HTTP_OK) {
		if (ret >= 0)
			ret = refuse(out, status, *status, b.data ? b.data :
				     "");
		pd_buf_release(&b);
		return ret;
	}
	*doc = json_loadb(b.data, b.len, 0, NULL);
	pd_buf_release(&b);
	return *doc ? 0 : PD_ENOMEM;
}

static int matches(struct lz *z, char **f, struct pd_buf *out, int *status);

/* H source scheme lang pinned, J id lang, K code source lang, M id lang,
 * O lang: a page, made from its documents (read here, in this one
 * transaction) by page_make.c. */
static int page_of(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct page_in in = { f[0][0], z->g, z->st, z->s->cfg.reg, "", NULL,
			      NULL, 0 };
	const char *src = z->g->cover.source;
	char *sf[6] = { "S", f[1], f[2], f[3], "", "0" };
	char *ef[2] = { "E", f[1] }, *af[2] = { "I", f[1] };
	char *mf[2] = { "X", f[1] };
	char *nf[3] = { "N", f[1], f[2] }, *tf[1] = { "T" };
	char *of[6] = { "S", (char *)src, "gold", f[1], "", "0" };
	int ret;

	switch (in.kind) {
	case 'H':
		in.lang = f[3];
		in.pinned = !strcmp(f[4], "1");
		ret = doc_of(z, standings, sf, out, status, &in.doc);
		break;
	case 'J':
		in.lang = f[2];
		ret = doc_of(z, event, ef, out, status, &in.doc);
		if (ret == 0 && in.doc)
			ret = doc_of(z, matches, mf, out, status, &in.doc2);
		break;
	case 'K':
		in.lang = f[3];
		ret = doc_of(z, npc, nf, out, status, &in.doc);
		break;
	case 'M':
		in.lang = f[2];
		ret = doc_of(z, athlete_one, af, out, status, &in.doc);
		break;
	default:	/* 'O': the figures and the top of the table */
		in.lang = f[1];
		of[3] = f[1];
		if ((ret = doc_of(z, stats, tf, out, status, &in.doc)) == 0 &&
		    in.doc)
			ret = doc_of(z, standings, of, out, status, &in.doc2);
	}
	if (ret == 0 && in.doc && (!strchr("OJ", in.kind) || in.doc2))
		ret = page_make(out, &in);
	json_decref(in.doc);
	json_decref(in.doc2);
	return ret;
}

/* F: the facts, with their sources */
static int facts(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_facts l;
	int ret;

	pd_facts_init(&l);
	if ((ret = pd_facts_read(z->st, z->g->info.code, &l, &d)) == 0)
		ret = pd_doc_facts(out, z->g->info.code, z->version, &l, 0);
	pd_facts_release(&l);
	return ret;
}

/* C: what contradicts what among the facts and the store's figures */
static int facts_check(struct lz *z, char **f, struct pd_buf *out,
		       int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_facts_audit a;
	int ret;

	if ((ret = pd_facts_audit(&a, z->st, z->g->info.code, &d)) == 0)
		ret = pd_doc_facts_check(out, &a, 0);
	pd_facts_audit_release(&a);
	return ret;
}

/* M event: an event's matches, pools and records; 404 for an event of
 * another Games */
/* Is event id one of this Games'?  1 if so; 0 with a 404 in out if
 * there is none or it is another Games'; a PD_E* code. */
static int own_event(struct lz *z, long id, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_event_info e;
	int ret;

	memset(&e, 0, sizeof(e));
	ret = pd_store_event_get(z->st, id, &e, &d);
	if (ret == PD_ENOTFOUND || (ret == 0 && strcmp(e.games,
						       z->g->info.code)))
		ret = refuse(out, status, MHD_HTTP_NOT_FOUND, "no such event");
	else if (ret == 0)
		ret = 1;
	pd_event_info_release(&e);
	return ret;
}

static int matches(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_matches l;
	long id = atol(f[1]);
	int ret;

	pd_matches_init(&l);
	if ((ret = own_event(z, id, out, status)) == 1 &&
	    (ret = pd_matches_read(z->st, id, &l, &d)) == 0)
		ret = pd_doc_matches(out, z->g->info.code, z->version, id, &l,
				     0);
	pd_matches_release(&l);
	return ret;
}

/* Y event: the start lists, the Games' or one event's; 404 for an event
 * of another Games */
static int entries(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	long id = atol(f[1]);
	int ret = id ? own_event(z, id, out, status) : 1;

	return ret != 1 ? ret : pd_doc_entries(out, z->st, z->g->info.code,
					       z->version, id, 0, &d);
}

/* Q: who took part, by NPC and sport */
static int participation(struct lz *z, char **f, struct pd_buf *out,
			 int *status)
{
	struct pd_diag d = { "", 0, "" };

	return pd_doc_participation(out, z->st, z->g->info.code, z->version,
				    0, &d);
}

/* W: the athletes' council elections, their tallies and the elected */
static int elections(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };

	return pd_doc_elections(out, z->st, z->g->info.code, z->version, 0,
				&d);
}

/* D: the anti-doping cases and the counts stated */
static int doping(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };

	return pd_doc_doping(out, z->st, z->g->info.code, z->version, 0, &d);
}

#define PARAMS_MAX 5

static const struct {
	char letter;
	size_t nparams;		/* at most PARAMS_MAX */
	/* what each parameter is called in a 400 */
	const char *names[PARAMS_MAX];
	/* reads the store (a sport's table only: standings() reads it for
	 * a sport alone), or is made from the gview alone */
	int store;
	int (*render)(struct lz *z, char **f, struct pd_buf *out,
		      int *status);
} routes[ROUTE_COUNT] = {
	[ROUTE_STANDINGS] = { 'S', 5, { "source", "scheme", "lang", "sport",
					"top" }, 1, standings },
	[ROUTE_EVENT] = { 'E', 1, { "event" }, 1, event },
	[ROUTE_NPC] = { 'N', 2, { "npc", "source" }, 0, npc },
	[ROUTE_ATHLETES] = { 'A', 1, { "q" }, 1, athletes },
	[ROUTE_LOG] = { 'L', 2, { "since", "full" }, 1, audit_log },
	[ROUTE_EVENTS] = { 'V', 0, { NULL }, 1, events_list },
	[ROUTE_STATS] = { 'T', 0, { NULL }, 1, stats },
	[ROUTE_TIMELINE] = { 'G', 1, { "npcs" }, 0, timeline },
	[ROUTE_ATHLETE] = { 'I', 1, { "athlete" }, 1, athlete_one },
	[ROUTE_PAGE_TABLE] = { 'H', 4, { "source", "scheme", "lang",
				       "pinned" }, 0, page_of },
	[ROUTE_PAGE_EVENT] = { 'J', 2, { "event", "lang" }, 1,
			       page_of },
	[ROUTE_PAGE_NPC] = { 'K', 3, { "npc", "source", "lang" }, 0,
			     page_of },
	[ROUTE_PAGE_ATHLETE] = { 'M', 2, { "athlete", "lang" }, 1,
				 page_of },
	[ROUTE_PAGE_ABOUT] = { 'O', 1, { "lang" }, 1, page_of },
	[ROUTE_FACTS] = { 'F', 0, { NULL }, 1, facts },
	[ROUTE_FACTS_CHECK] = { 'C', 0, { NULL }, 1, facts_check },
	[ROUTE_MATCHES] = { 'X', 1, { "event" }, 1, matches },
	[ROUTE_ENTRIES] = { 'Y', 1, { "event" }, 1, entries },
	[ROUTE_PARTICIPATION] = { 'Q', 0, { NULL }, 1, participation },
	[ROUTE_ELECTIONS] = { 'W', 0, { NULL }, 1, elections },
	[ROUTE_DOPING] = { 'D', 0, { NULL }, 1, doping },
};

/* Is key a page's (HTML) rather than a document's (JSON)? */
static int is_page(const char *key)
{
	return key[0] && strchr("HJKMO", key[0]);
}

/* Run route rt's render on a reader inside one read transaction, the
 * view labelled with the version that transaction reads. */
static int render_read(struct lz *z, size_t rt, char **f, struct pd_buf *out,
		       int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct reader *rd = reader_take(z->s);
	struct pd_games gi;
	int ret;

	memset(&gi, 0, sizeof(gi));
	z->st = rd->st;
	if ((ret = pd_store_begin_read(z->st, &d)) == 0) {
		if ((ret = pd_store_games_get(z->st, z->g->info.code, &gi,
					      &d)) == 0) {
			z->version = gi.version;
			pd_games_release(&gi);
			ret = routes[rt].render(z, f, out, status);
		} else if (ret == PD_ENOTFOUND) {
			ret = refuse(out, status, MHD_HTTP_NOT_FOUND, "no such "
				     "Games");
		}
		pd_store_rollback(z->st);	/* ends the read */
	}
	if (ret == PD_EAWAY)
		log_away(d.msg);
	reader_give(rd);
	z->st = NULL;
	return ret;
}

/* Render the view key names (f[0] its letter, f[1..] its parameters).
 * A key no route reads is PD_EINVAL: a parameter held KEY_SEP after all. */
static int render_lazy(struct srv *s, struct gview *g, const char *key,
		       struct pd_buf *out, int *status, long *version)
{
	struct lz z = { s, g, NULL, g->version };
	char *copy = strdup(key), *f[PARAMS_MAX + 1];
	size_t n, i;
	int ret = PD_EINVAL;

	if (!copy)
		return PD_ENOMEM;
	n = fields(copy, f, PARAMS_MAX + 1);
	for (i = 0; i < ROUTE_COUNT; i++)
		if (f[0][0] == routes[i].letter && !f[0][1] &&
		    n == routes[i].nparams + 1) {
			if (routes[i].store &&
			    (i != ROUTE_STANDINGS || *f[4]))
				ret = render_read(&z, i, f, out, status);
			else
				ret = routes[i].render(&z, f, out, status);
			break;
		}
	*version = z.version;
	free(copy);
	return ret;
}

/* A page's view: HTML, its ETag the version with an "h" (the document
 * of the same version is another body), and the page's rules: nothing
 * loaded from elsewhere, no framing by another site. */
static int view_page(struct view *v, struct pd_buf *b, long version)
{
	static const char csp[] = "default-src 'self'; img-src 'self' data:; "
				  "frame-ancestors 'none'";
	char etag[32], *data;
	size_t len;
	int ret;

	snprintf(etag, sizeof(etag), "\"h%ld\"", version);
	if (!(data = pd_buf_detach(b, &len)))
		return PD_ENOMEM;
	if ((ret = view_make(v, data, len, etag, "text/html; charset=utf-8",
			     0)) < 0)
		return ret;
	MHD_add_response_header(v->plain, "Content-Security-Policy", csp);
	MHD_add_response_header(v->gz, "Content-Security-Policy", csp);
	return 0;
}

/* The view for key in g's cache, or NULL. */
static const struct view *cache_find(struct gview *g, const char *key)
{
	const struct view *found = NULL;
	size_t i;

	pthread_mutex_lock(&g->lazy_mu);
	for (i = 0; i < g->nlazy && !found; i++)
		if (!strcmp(g->lazy[i].key, key))
			found = &g->lazy[i].v;
	pthread_mutex_unlock(&g->lazy_mu);
	return found;
}

/* The view for key, rendered on its first request at this version and
 * kept with it.  When the cache is full the view is made in *once, for
 * the caller to release after queueing it.  NULL with *status set and the
 * reason in why when render fails or answers other than 200.  With the
 * database away, the last snapshot's view of key when it had one: from
 * the gview this one replaced, whose reference is put in *held for the
 * caller to give back (gview_put) once the view is queued. */
static const struct view *lazy_get(struct srv *s, struct gview *g,
				   const char *key,
				   int (*render)(struct srv *, struct gview *,
						 const char *, struct pd_buf *,
						 int *, long *),
				   int *status, struct view *once,
				   struct gview **held, char *why,
				   size_t whysize)
{
	const struct view *found = NULL;
	struct gview *last;
	struct view v;
	struct pd_buf b;
	long version = g->version;
	size_t i;
	int ret;

	memset(once, 0, sizeof(*once));
	*held = NULL;
	*status = MHD_HTTP_OK;
	if ((found = cache_find(g, key)))
		return found;
	pd_buf_init(&b, 0);
	if ((ret = render(s, g, key, &b, status, &version)) < 0 ||
	    *status != MHD_HTTP_OK ||
	    (is_page(key) ? view_page(&v, &b, version) :
	     view_make_json(&v, &b, version)) < 0) {
		/* the database away: the last snapshot's, if it had it */
		if (ret == PD_EAWAY && *status == MHD_HTTP_OK &&
		    (last = gview_last(g))) {
			if ((found = cache_find(last, key))) {
				pd_buf_release(&b);
				*held = last;
				return found;
			}
			gview_put(last);
		}
		/* a render that answers other than 200 says why in b */
		snprintf(why, whysize, "%s", *status != MHD_HTTP_OK ? b.data :
			 ret == PD_EAWAY ? "this view is not built yet and "
			 "the database cannot be reached: try again shortly" :
			 "cannot render the view");
		pd_buf_release(&b);
		/* the database away (a PostgreSQL restart): what was built
		 * is served from the snapshot, and what was not is 503 with
		 * Retry-After, never a 500 -- the client did nothing wrong
		 * and may ask again */
		if (*status == MHD_HTTP_OK)
			*status = ret == PD_EAWAY ?
				  MHD_HTTP_SERVICE_UNAVAILABLE :
				  MHD_HTTP_INTERNAL_SERVER_ERROR;
		return NULL;
	}
	pd_buf_release(&b);
	/* read past the snapshot (writes landed since): right for this
	 * request, labelled so, but not this gview's to keep */
	if (version != g->version) {
		*once = v;
		return once;
	}
	pthread_mutex_lock(&g->lazy_mu);
	for (i = 0; i < g->nlazy && !found; i++)
		if (!strcmp(g->lazy[i].key, key))
			found = &g->lazy[i].v;
	/* past LAZY_MAX (a crawler walking every query) a view is sent once
	 * and dropped, so the cache's memory stays bounded */
	if (!found && g->nlazy < LAZY_MAX &&
	    (g->lazy[g->nlazy].key = strdup(key))) {
		g->lazy[g->nlazy].v = v;
		found = &g->lazy[g->nlazy++].v;
		memset(&v, 0, sizeof(v));
	}
	pthread_mutex_unlock(&g->lazy_mu);
	if (found) {
		view_release(&v);
		return found;
	}
	*once = v;
	return once;
}

/* A query parameter as sent; key_make() refuses one that is not text. */
static const char *arg(struct MHD_Connection *c, const char *name)
{
	return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

/* A whole number from 0 to max; -1 if s is not one. */
static long number(const char *s, long max)
{
	char *end;
	long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end || v > max ? -1 : v;
}

/* The key of route r with its parameters p[0..routes[r].nparams): the
 * route's letter, then each parameter after KEY_SEP.  Every parameter
 * the client chose passes through here, so this is where one that is not
 * clean text (invalid UTF-8, a control character -- KEY_SEP among them)
 * or that would not fit is refused: a 400 naming it, sent on c, never a
 * key cut short or split wrongly, which would render as a 500 or as
 * another request's view. */
static enum MHD_Result key_make(struct MHD_Connection *c, struct req *r,
				char *key, size_t size, enum lazy_route rt,
				const char *const *p)
{
	char why[96];
	size_t i, len, n;

	len = (size_t)snprintf(key, size, "%c", routes[rt].letter);
	for (i = 0; i < routes[rt].nparams; i++) {
		n = strlen(p[i]);
		if (!pd_text_is_clean(p[i], n)) {
			snprintf(why, sizeof(why), "%s is not valid text (UTF-8 "
				 "without control characters)",
				 routes[rt].names[i]);
			break;
		}
		if (len + 1 + n >= size) {
			snprintf(why, sizeof(why), "%s is too long",
				 routes[rt].names[i]);
			break;
		}
		key[len++] = KEY_SEP;
		memcpy(key + len, p[i], n + 1);
		len += n;
	}
	if (i == routes[rt].nparams)
		return MHD_YES;
	key[0] = '\0';
	return send_error(c, r, MHD_HTTP_BAD_REQUEST, why,
			  routes[rt].names[i]);
}

/* The table: ready for gold and total in en and zh; other queries make
 * a lazy key. */
static enum MHD_Result standings_key(struct MHD_Connection *c,
				     struct req *r, struct gview *g,
				     char *key, size_t size)
{
	struct pd_diag d = { "", 0, "" };
	const char *source = arg(c, "source"), *scheme = arg(c, "scheme");
	const char *lang = arg(c, "lang"), *sport = arg(c, "sport");
	const char *top = arg(c, "top");
	struct pd_scheme sc;
	char sch[64], top_n[24];
	long n = 0;
	size_t i;

	sport = sport ? sport : "";
	/* no source: the table that stands for the Games (a sport's table
	 * is ranked from results) */
	if (!source)
		source = *sport ? "" : g->cover.source;
	else if (!strcmp(source, "results"))
		source = "";
	lang = lang && *lang ? lang : "en";
	if (strcmp(lang, "en") && strcmp(lang, "zh"))
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "lang is en or "
				  "zh", "lang");
	if (pd_scheme_parse(&sc, scheme && *scheme ? scheme : "gold", &d) < 0)
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, d.msg, "scheme");
	if (top && (n = number(top, 100000)) < 1)
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "top is a whole "
				  "number from 1", "top");
	for (i = 0; i < g->ntables && strcmp(g->tables[i].source, source);
	     i++)
		;
	if (i == g->ntables)
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such source "
				  "for this Games", "source");
	if (g->tables[i].error) {
		char why[600];

		snprintf(why, sizeof(why), "the table %s@%s cannot be served: "
			 "%s", g->info.code, source, g->tables[i].error);
		return send_error(c, r, MHD_HTTP_INTERNAL_SERVER_ERROR, why,
				  NULL);
	}
	/* hot once the builder rendered it after the swap (snap_render);
	 * before, the same bytes as a lazy view */
	if (!*sport && !n && sc.kind != PD_SCHEME_POINTS &&
	    atomic_load_explicit(&g->tables[i].hot, memory_order_acquire))
		return send_view(c, r, &g->tables[i].v[sc.kind ==
			PD_SCHEME_TOTAL][!strcmp(lang, "zh")]);
	pd_scheme_format(&sc, sch, sizeof(sch));
	snprintf(top_n, sizeof(top_n), "%ld", n);
	return key_make(c, r, key, size, ROUTE_STANDINGS,
			(const char *const[]){ source, sch, lang, sport,
					       top_n });
}

/* The lazy key of the view r->rt names (route.h), or a response sent. */
static enum MHD_Result lazy_key(struct srv *s, struct MHD_Connection *c,
				struct req *r, char *key, size_t size)
{
	const struct route *rt = &r->rt;
	const char *v;
	char num[24];
	long n;
	int ok;

	switch (rt->view) {
	case RV_TIMELINE:
		v = arg(c, "npcs");
		if (v && (strlen(v) > 80 || strspn(v, "ABCDEFGHIJKLMNOPQRSTU"
		    "VWXYZ0123456789,") != strlen(v)))
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "npcs is "
					  "a comma-separated list of codes",
					  "npcs");
		return key_make(c, r, key, size, ROUTE_TIMELINE,
				(const char *const[]){ v ? v : "" });
	case RV_EVENTS:
	case RV_STATS:
		/* rendered on first request at a version, not on every
		 * change: with them built eagerly a write took 65-160 ms
		 * to reach the streams, most of it here */
		return key_make(c, r, key, size, rt->view == RV_EVENTS ?
				ROUTE_EVENTS : ROUTE_STATS, NULL);
	case RV_NO_ATHLETE:
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such athlete",
				  NULL);
	case RV_ATHLETE:
		snprintf(num, sizeof(num), "%ld", rt->athlete);
		return key_make(c, r, key, size, ROUTE_ATHLETE,
				(const char *const[]){ num });
	case RV_FACTS:
	case RV_FACTS_CHECK:
		return key_make(c, r, key, size, rt->view == RV_FACTS_CHECK ?
				ROUTE_FACTS_CHECK : ROUTE_FACTS, NULL);
	case RV_ELECTIONS:
	case RV_DOPING:
		return key_make(c, r, key, size, rt->view == RV_ELECTIONS ?
				ROUTE_ELECTIONS : ROUTE_DOPING, NULL);
	case RV_ENTRIES_ALL:
	case RV_PARTICIPATION:
		return key_make(c, r, key, size, rt->view == RV_ENTRIES_ALL ?
				ROUTE_ENTRIES : ROUTE_PARTICIPATION,
				(const char *const[]){ "0" });
	case RV_NO_EVENT:
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such event",
				  NULL);
	case RV_MATCHES:
	case RV_ENTRIES:
	case RV_EVENT:
		snprintf(num, sizeof(num), "%ld", rt->event);
		return key_make(c, r, key, size, rt->view == RV_MATCHES ?
				ROUTE_MATCHES : rt->view == RV_ENTRIES ?
				ROUTE_ENTRIES : ROUTE_EVENT,
				(const char *const[]){ num });
	case RV_NPC:
		v = arg(c, "source");
		/* no source: "*", the table that stands for the Games,
		 * decided when the view is built (npc()) */
		return key_make(c, r, key, size, ROUTE_NPC,
				(const char *const[]){ rt->npc, !v ? "*" :
				strcmp(v, "results") ? v : "" });
	case RV_ATHLETES:
		v = arg(c, "q");
		if (v && strlen(v) > 200)
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "q is "
					  "at most 200 bytes", "q");
		return key_make(c, r, key, size, ROUTE_ATHLETES,
				(const char *const[]){ v ? v : "" });
	case RV_LOG:
		v = arg(c, "since");
		if ((n = v ? number(v, 1L << 40) : 0) < 0)
			return send_error(c, r, MHD_HTTP_BAD_REQUEST, "since "
					  "is a version number", "since");
		snprintf(num, sizeof(num), "%ld", n);
		/* a token that is not valid is answered 401, as a
		 * write's would be, rather than quietly shown less */
		if ((ok = auth_check(s, c, r, PD_ROLE_NONE, 1)) < 0)
			return MHD_YES;		/* answered */
		ok = ok && r->role >= PD_ROLE_ADMIN;
		return key_make(c, r, key, size, ROUTE_LOG,
				(const char *const[]){ num, ok ? "1" : "0" });
	default:
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	}
}

/* A view to render, its request suspended meanwhile (struct req.lazy):
 * a task for the render threads (render.h), which never run on an MHD
 * thread. */
struct job {
	struct task t;			/* first: a task is a job */
	struct srv *s;
	struct gview *g;		/* a reference held */
	struct gview *held;		/* the last snapshot's, v from it */
	char *key;
	const struct view *v;		/* the answer, or NULL: status, why */
	struct view once;
	int status;
	char why[256];
};

/* On a render thread: make the view (lazy_get keeps it in the cache). */
static void job_run(struct task *t)
{
	struct job *j = (struct job *)t;

	j->v = lazy_get(j->s, j->g, j->key, render_lazy, &j->status,
			&j->once, &j->held, j->why, sizeof(j->why));
}

static enum MHD_Result job_queue(struct srv *s, struct MHD_Connection *c,
				 struct req *r, struct gview *g,
				 const char *key)
{
	struct job *j = calloc(1, sizeof(*j));

	if (!j || !(j->key = strdup(key))) {
		free(j);
		return send_error(c, r, MHD_HTTP_INTERNAL_SERVER_ERROR,
				  "out of memory", NULL);
	}
	j->t.run = job_run;
	j->t.c = c;
	j->s = s;
	j->g = g;
	atomic_fetch_add(&g->refs, 1);
	r->lazy = j;
	render_queue(s, &j->t);
	return MHD_YES;
}

static void job_free(struct job *j)
{
	view_release(&j->once);
	gview_put(j->held);
	gview_put(j->g);
	free(j->key);
	free(j);
}

/* What failed, said as the request's kind wants it: a page for a page
 * (in its language, the key's last field), else the JSON error. */
static enum MHD_Result send_fail(struct MHD_Connection *c, struct req *r,
				 const char *key, int status, const char *why)
{
	struct pd_buf b;
	size_t len;
	char *body;

	if (!is_page(key))
		return send_error(c, r, status, why, NULL);
	pd_buf_init(&b, 0);
	if (page_error(&b, page_lang(strrchr(key, KEY_SEP) + 1), status,
		       why) < 0 || !(body = pd_buf_detach(&b, &len))) {
		pd_buf_release(&b);
		return send_error(c, r, status, why, NULL);
	}
	return send_html(c, r, status, body, len);
}

enum MHD_Result lazy_resume(struct MHD_Connection *c, struct req *r)
{
	struct job *j = r->lazy;
	enum MHD_Result ok;

	r->lazy = NULL;
	ok = j->v ? send_view(c, r, j->v) : send_fail(c, r, j->key, j->status,
						      j->why);
	job_free(j);
	return ok;
}

void lazy_drop(struct req *r)
{
	if (r->lazy)
		job_free(r->lazy);
	r->lazy = NULL;
}

static enum MHD_Result send_lazy(struct srv *s, struct MHD_Connection *c,
				 struct req *r, struct gview *g,
				 const char *key)
{
	struct gview *held;
	struct view once;
	const struct view *v;
	enum MHD_Result ok;
	char why[256];
	int status;

	/* the log as stored, for an admin: never kept or cached (a shared
	 * cache would hand it to the next reader of the same URL) */
	if (key[0] == routes[ROUTE_LOG].letter &&
	    !strcmp(strrchr(key, KEY_SEP) + 1, "1")) {
		struct pd_buf b;
		size_t len;
		char *body;

		status = MHD_HTTP_OK;
		pd_buf_init(&b, 0);
		long version;

		int ret = render_lazy(s, g, key, &b, &status, &version);

		if (ret < 0 || status != MHD_HTTP_OK) {
			if (ret == PD_EAWAY && status == MHD_HTTP_OK) {
				pd_buf_release(&b);
				return send_store_down(c, r, ret, NULL, "the "
						       "log cannot be read");
			}
			ok = send_error(c, r, status == MHD_HTTP_OK ?
					MHD_HTTP_INTERNAL_SERVER_ERROR : status,
					status == MHD_HTTP_OK ? "cannot render "
					"the view" : b.data, NULL);
			pd_buf_release(&b);
			return ok;
		}
		body = pd_buf_detach(&b, &len);
		return send_json(c, r, MHD_HTTP_OK, body, len);
	}
	if ((v = cache_find(g, key)))
		return send_view(c, r, v);
	if (render_threads(s))
		return job_queue(s, c, r, g, key);
	v = lazy_get(s, g, key, render_lazy, &status, &once, &held, why,
		     sizeof(why));
	if (!v)
		return send_fail(c, r, key, status, why);
	ok = send_view(c, r, v);
	view_release(&once);
	gview_put(held);
	return ok;
}

enum MHD_Result lazy_page(struct srv *s, struct MHD_Connection *c,
			  struct req *r, struct gview *g, enum lazy_page kind,
			  const char *const *params)
{
	static const enum lazy_route of[] = {
		[LAZY_PAGE_TABLE] = ROUTE_PAGE_TABLE,
		[LAZY_PAGE_EVENT] = ROUTE_PAGE_EVENT,
		[LAZY_PAGE_NPC] = ROUTE_PAGE_NPC,
		[LAZY_PAGE_ATHLETE] = ROUTE_PAGE_ATHLETE,
		[LAZY_PAGE_ABOUT] = ROUTE_PAGE_ABOUT,
	};
	char key[KEY_MAX] = "";
	enum MHD_Result ok;

	ok = key_make(c, r, key, sizeof(key), of[kind], params);
	if (ok == MHD_YES && !r->answered && key[0])
		ok = send_lazy(s, c, r, g, key);
	return ok;
}

enum MHD_Result lazy_serve(struct srv *s, struct MHD_Connection *c,
			   struct req *r, struct gview *g)
{
	char key[KEY_MAX] = "";
	enum MHD_Result ok;

	if (r->rt.view == RV_STANDINGS)
		ok = standings_key(c, r, g, key, sizeof(key));
	else
		ok = lazy_key(s, c, r, key, sizeof(key));
	if (ok == MHD_YES && !r->answered && key[0])
		ok = send_lazy(s, c, r, g, key);
	return ok;
}
