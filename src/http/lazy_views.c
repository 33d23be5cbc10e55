/* lazy_views.c -- the views of a Games rendered on their first request
 * at a version (lazy_int.h): a table by sport, cut to the top N or under
 * weighted points; an event with its results; an NPC's medals; an
 * athlete search and an athlete; the audit log since a version; the
 * events list, the statistics and the gold timeline; the facts, matches,
 * start lists, participation, elections and doping cases; and the
 * site's pages, each made from its documents.  Each takes the key's
 * fields and writes its bytes; lazy_routes[] at the end names them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/audit.h"
#include "podium/doc.h"
#include "podium/doping_ops.h"
#include "podium/election_ops.h"
#include "podium/entry_ops.h"
#include "podium/event.h"
#include "podium/facts_ops.h"
#include "podium/filter_ops.h"
#include "podium/match_ops.h"
#include "podium/stats.h"
#include "podium/units_ops.h"
#include "lazy_int.h"
#include "page_make.h"
#include "pages.h"
#include "respond.h"
#include "snapshot.h"
#include "srv.h"
#include "views.h"

#define ATHLETES_MAX 100
#define LOG_MAX 1000

static json_t *jstr(const char *s)
{
	json_t *j = json_string(s ? s : "");

	return j ? j : json_null();
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

/* The filter of a key's fields gender, through and npc (checked when
 * the key was made: lazy_keys.c) */
static void filter_of(struct pd_filter *flt, const char *gender,
		      const char *through, const char *npc)
{
	memset(flt, 0, sizeof(*flt));
	snprintf(flt->gender, sizeof(flt->gender), "%s", gender);
	snprintf(flt->through, sizeof(flt->through), "%s", through);
	snprintf(flt->npc, sizeof(flt->npc), "%s", npc);
}

/* S source scheme lang sport top gender through npc */
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
	struct pd_query q = { g->info.code, *f[4] ? f[4] : NULL, 0, 0 };
	struct pd_filter flt;
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
	filter_of(&flt, f[6], f[7], f[8]);
	if (*f[4] || pd_filter_any(&flt)) {
		if (t->source[0])
			return refuse(out, status, MHD_HTTP_BAD_REQUEST,
				      *f[4] ? "sport needs results, and this "
				      "is a published table" : *f[6] ?
				      "gender needs results, and this is a "
				      "published table" : *f[7] ? "through "
				      "needs results, and this is a "
				      "published table" : "npc needs "
				      "results, and this is a published "
				      "table");
		if ((ret = pd_filter_tally(z->st, &q, &flt, &bysport, NULL,
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

/* E id: the event, its results and the medals that follow from them
 * (whatever its status: what would be awarded): render_event. */
static int event(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	int ret = render_event(out, z->st, z->g->info.code, z->version,
			       atol(f[1]), &d);

	if (ret == PD_ENOTFOUND)
		return refuse(out, status, MHD_HTTP_NOT_FOUND, "no such event "
			      "in this Games");
	return ret;
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

/* V sport gender through npc: the events list */
static int events_list(struct lz *z, char **f, struct pd_buf *out,
		       int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_filter flt;

	filter_of(&flt, f[2], f[3], f[4]);
	return render_events(out, z->st, z->g, z->version, f[1], &flt, &d);
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

/* P sport gender through npc date: the medals under the filter, unit
 * by unit, and with a date the table at the end of it */
static int medallists(struct lz *z, char **f, struct pd_buf *out,
		      int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_filter flt;

	filter_of(&flt, f[2], f[3], f[4]);
	snprintf(flt.day, sizeof(flt.day), "%s", f[5]);
	return pd_doc_medallists(out, z->st, z->g->info.code, z->version,
				 f[1], &flt, 0, &d);
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
static int unit(struct lz *z, char **f, struct pd_buf *out, int *status);
static int schedule(struct lz *z, char **f, struct pd_buf *out,
		    int *status);

/* Z: the day's schedule, whole (the page keeps the filters); "~DAY" is
 * today, else the first day when today has no unit */
static int schedule_of(struct lz *z, char **f, struct pd_buf *out,
		       int *status, json_t **doc)
{
	char *pf[5] = { "P", f[1] + (f[1][0] == '~'), "", "", "" };
	json_t *days;
	int ret = doc_of(z, schedule, pf, out, status, doc);

	if (ret < 0 || !*doc || f[1][0] != '~' ||
	    json_array_size(json_object_get(*doc, "units")))
		return ret;
	days = json_object_get(*doc, "days");
	if (!json_array_size(days))
		return ret;
	pf[1] = (char *)json_string_value(json_array_get(days, 0));
	json_incref(days);
	json_decref(*doc);
	ret = doc_of(z, schedule, pf, out, status, doc);
	json_decref(days);
	return ret;
}
static int records(struct lz *z, char **f, struct pd_buf *out, int *status);
static int sport(struct lz *z, char **f, struct pd_buf *out, int *status);

/* H source scheme lang pinned, J id lang, K code source lang, M id lang,
 * O lang, P lang, B sport lang, Z lang: a page, made from its documents (read here, in this one
 * transaction) by page_make.c. */
static int page_of(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct page_in in = { f[0][0], z->g, z->st, z->s->cfg.reg, "", NULL,
			      NULL, 0, NULL, 0, "", "" };
	const char *src = z->g->cover.source;
	char *sf[9] = { "S", f[1], f[2], f[3], f[5], "0", f[6], "", "" };
	char *ef[2] = { "E", f[1] }, *af[2] = { "I", f[1] };
	char *mf[2] = { "X", f[1] };
	char *nf[3] = { "N", f[1], f[2] }, *tf[1] = { "T" };
	char *of[9] = { "S", (char *)src, "gold", f[1], "", "0", "", "",
			"" };
	char *pf[6] = { "m", "", "", "", "", f[1] };
	char *rf[1] = { "r" }, *uf[2] = { "s", f[1] };
	char *vf[5] = { "V", "", "", "", "" };
	int ret;

	switch (in.kind) {
	case 'H':
		in.lang = f[3];
		in.pinned = !strcmp(f[4], "1");
		in.sport = f[5];
		in.gender = f[6];
		ret = doc_of(z, standings, sf, out, status, &in.doc);
		break;
	case 'd':
		in.lang = f[2];
		ret = doc_of(z, medallists, pf, out, status, &in.doc);
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
	case 'Z':
		in.lang = f[5];
		in.filter = (const char *const *)f + 2;
		ret = schedule_of(z, f, out, status, &in.doc);
		break;
	case 'B':
		in.lang = f[2];
		in.transparent = !strcmp(f[3], "1");
		ret = doc_of(z, unit, (char *[]){ "U", f[1] }, out, status,
			     &in.doc);
		break;
	case 'b':
		in.lang = f[1];
		in.transparent = !strcmp(f[2], "1");
		in.pinned = !strcmp(f[3], "1");	/* embed */
		of[3] = f[1];
		ret = doc_of(z, standings, of, out, status, &in.doc);
		break;
	case 'R':
		in.lang = f[2];
		ret = doc_of(z, unit, (char *[]){ "U", f[1] }, out, status,
			     &in.doc);
		break;
	case 'p':
		in.lang = f[1];
		ret = doc_of(z, records, rf, out, status, &in.doc);
		break;
	case 'o':
		in.lang = f[2];
		ret = doc_of(z, sport, uf, out, status, &in.doc);
		break;
	case 'e':
		in.lang = f[1];
		ret = doc_of(z, events_list, vf, out, status, &in.doc);
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

/* U rsc: one unit, its start list, results and medals (units_ops.h) */
static int unit(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	int ret = pd_doc_unit(out, z->st, z->g->info.code, z->version, f[1],
			      &d);

	return ret == PD_ENOTFOUND ? refuse(out, status, MHD_HTTP_NOT_FOUND,
					    "no such unit in this Games") :
	       ret;
}

/* P date sport venue medal: the schedule, a day's or all of it */
static int schedule(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_schedule_query q = { z->g->info.code, f[1], f[2], f[3],
				       f[4] };

	return pd_doc_schedule(out, z->st, &q, z->version, &d);
}

/* R: the records of the Games' events and those set at it */
static int records(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };

	return pd_doc_records(out, z->st, z->g->info.code, z->version, 0, &d);
}

/* U sport: a sport of the Games, its table and its events by phase */
static int sport(struct lz *z, char **f, struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	int ret = pd_doc_sport(out, z->st, &z->g->info, f[1], z->version, 0,
			       &d);

	if (ret == PD_ENOTFOUND)
		return refuse(out, status, MHD_HTTP_NOT_FOUND, "no such sport "
			      "in this Games");
	return ret;
}

/* Each lazy view: its key letter, its parameters and its render. */
const struct lazy_route_def lazy_routes[ROUTE_COUNT] = {
	[ROUTE_STANDINGS] = { 'S', 8, { "source", "scheme", "lang", "sport",
					"top", "gender", "through", "npc" },
			      1, standings },
	[ROUTE_EVENT] = { 'E', 1, { "event" }, 1, event },
	[ROUTE_NPC] = { 'N', 2, { "npc", "source" }, 0, npc },
	[ROUTE_ATHLETES] = { 'A', 1, { "q" }, 1, athletes },
	[ROUTE_LOG] = { 'L', 2, { "since", "full" }, 1, audit_log },
	[ROUTE_EVENTS] = { 'V', 4, { "sport", "gender", "through", "npc" }, 1,
			   events_list },
	[ROUTE_STATS] = { 'T', 0, { NULL }, 1, stats },
	[ROUTE_TIMELINE] = { 'G', 1, { "npcs" }, 0, timeline },
	[ROUTE_ATHLETE] = { 'I', 1, { "athlete" }, 1, athlete_one },
	[ROUTE_PAGE_TABLE] = { 'H', 6, { "source", "scheme", "lang",
				       "pinned", "sport", "gender" }, 1,
			       page_of },
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
	[ROUTE_UNIT] = { 'U', 1, { "unit" }, 1, unit },
	[ROUTE_SCHEDULE] = { 'P', 4, { "date", "sport", "venue", "medal" }, 1,
			     schedule },
	[ROUTE_PAGE_SCHEDULE] = { 'Z', 5, { "date", "sport", "venue", "medal",
					    "lang" }, 1, page_of },
	[ROUTE_PAGE_UNIT] = { 'R', 2, { "unit", "lang" }, 1, page_of },
	[ROUTE_SCREEN_UNIT] = { 'B', 3, { "unit", "lang", "transparent" }, 1,
				page_of },
	[ROUTE_SCREEN_TABLE] = { 'b', 3, { "lang", "transparent", "embed" },
				 1, page_of },
	[ROUTE_MEDALLISTS] = { 'm', 5, { "sport", "gender", "through", "npc",
					 "date" }, 1, medallists },
	[ROUTE_PAGE_MEDALS] = { 'd', 2, { "date", "lang" }, 1, page_of },
	[ROUTE_RECORDS] = { 'r', 0, { NULL }, 1, records },
	[ROUTE_PAGE_RECORDS] = { 'p', 1, { "lang" }, 1, page_of },
	[ROUTE_SPORT] = { 's', 1, { "sport" }, 1, sport },
	[ROUTE_PAGE_SPORT] = { 'o', 2, { "sport", "lang" }, 1, page_of },
	[ROUTE_PAGE_EVENTS] = { 'e', 1, { "lang" }, 1, page_of },
};

