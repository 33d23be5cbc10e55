/* views.c -- the JSON documents the server sends, rendered once per
 * version (or once on first request) by the builder and the lazy cache.
 * Key order is fixed so that documents diff well. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/app.h"
#include "podium/doc.h"
#include "podium/event.h"
#include "podium/filter_ops.h"
#include "podium/render.h"
#include "podium/stats.h"
#include "podium/units_ops.h"
#include "snapshot.h"
#include "stream.h"
#include "views.h"

static json_t *jstr(const char *s)
{
	json_t *j = json_string(s ? s : "");

	/* only invalid UTF-8 fails here, and the importers reject it */
	return j ? j : json_null();
}

static json_t *names(const struct pd_registry *reg, const char *code)
{
	const struct pd_npc *npc = reg ? pd_registry_code(reg, code) : NULL;

	return json_pack("{s:o, s:o}", "en", jstr(npc ? npc->en : code),
			 "zh", jstr(npc ? pd_npc_name(npc, "zh") : code));
}

int json_dump_to(struct pd_buf *out, json_t *doc)
{
	char *text;
	int ret;

	if (!doc)
		return PD_ENOMEM;
	text = json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(doc);
	if (!text)
		return PD_ENOMEM;
	ret = pd_buf_adds(out, text);
	free(text);
	return ret;
}

int render_standings(struct pd_buf *out, const struct gview *g,
		     long version, const struct table *t, const struct pd_tally *tally,
		     const struct pd_standings_opts *o, const char *lang,
		     const char *sport, const struct pd_registry *reg)
{
	struct pd_standings st;
	struct pd_view v;
	char cap[512];
	int ret;

	if ((ret = pd_standings_build(&st, tally, o, NULL)) < 0)
		return ret;
	pd_caption(cap, sizeof(cap), &g->info, NULL, t->have_pub ? &t->pub :
		   NULL, lang, sport);
	memset(&v, 0, sizeof(v));
	v.st = &st;
	v.reg = reg;
	v.lang = lang;
	v.caption = cap;
	v.games = g->info.code;
	v.source = t->source[0] ? t->source : NULL;
	v.host = o->host;
	v.sport = sport;
	v.use_printed = t->have_pub && !strcmp(t->pub.lang, lang);
	v.events_done = g->cover.done;
	v.events_known = g->cover.known;
	/* the CLI's JSON renderer is the one format; the API adds the
	 * version it was made from */
	ret = pd_render_json_versioned(out, &v, version);
	pd_standings_release(&st);
	return ret;
}

static long medal_count(const struct gview *g)
{
	return (long)g->nmedals;
}

static json_t *games_entry(const struct gview *g)
{
	json_t *o, *src = json_array();
	size_t i;

	for (i = 1; i < g->ntables; i++)
		json_array_append_new(src, jstr(g->tables[i].source));
	o = json_pack("{s:s, s:{s:o, s:o}, s:I, s:o, s:o, s:o, s:o, s:o, "
		      "s:I, s:o, s:I}",
		      "code", g->info.code,
		      "name", "en", jstr(g->info.name_en),
		      "zh", jstr(*g->info.name_zh ? g->info.name_zh :
				 g->info.name_en),
		      "year", (json_int_t)g->info.year,
		      "season", jstr(g->info.season),
		      "kind", jstr(g->info.kind),
		      "host", jstr(g->info.host),
		      "start", jstr(g->info.start),
		      "end", jstr(g->info.end),
		      "version", (json_int_t)g->version,
		      "sources", src,
		      "medals", (json_int_t)medal_count(g));
	return o;
}

int render_games(struct pd_buf *out, const struct snap *sn,
		 const struct pd_registry *reg)
{
	json_t *doc, *list = json_array();
	size_t i;

	for (i = 0; i < sn->n; i++)
		json_array_append_new(list, games_entry(sn->g[i]));
	doc = json_pack("{s:{s:o, s:o, s:b}, s:o}", "default",
			"games", sn->def_games[0] ? jstr(sn->def_games) :
			json_null(),
			"source", sn->def_source[0] ? jstr(sn->def_source) :
			json_null(),
			"auto", sn->def_auto,
			"games", list);
	return json_dump_to(out, doc);
}

static int add_event(const struct pd_event_info *e, size_t results,
		     void *arg)
{
	json_t *o = json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, "
			      "s:b, s:I}",
			      "id", (json_int_t)e->id,
			      "sport", jstr(e->sport), "name", jstr(e->name),
			      "gender", jstr(e->gender),
			      "class", jstr(e->sport_class),
			      "date", jstr(e->date), "status", jstr(e->status),
			      "policy", jstr(e->policy), "team", e->team,
			      "results", (json_int_t)results);

	if (o)	/* "asc"/"desc": ranked from marks; "": by hand */
		json_object_set_new(o, "order", jstr(e->order));
	return json_array_append_new(arg, o) < 0 ? PD_ENOMEM : 0;
}

int render_events(struct pd_buf *out, struct pd_store *st,
		  const struct gview *g, long version, const char *sport,
		  const struct pd_filter *f, struct pd_diag *d)
{
	json_t *list = json_array();
	int ret;

	if ((ret = pd_filter_events(st, g->info.code, sport && *sport ?
				    sport : NULL, f, add_event, list,
				    d)) < 0) {
		json_decref(list);
		return ret;
	}
	return json_dump_to(out, json_pack("{s:s, s:I, s:o}", "games", g->info.code,
				   "version", (json_int_t)version,
				   "events", list));
}

int render_stats(struct pd_buf *out, struct pd_store *st,
		 const struct gview *g, long version, struct pd_diag *d)
{
	struct pd_games_stats s;
	struct pd_cover cover;
	int ret;

	memset(&s, 0, sizeof(s));
	if ((ret = pd_games_stats_read(st, g->info.code, &s, &cover, d)) == 0)
		ret = pd_doc_stats(out, &g->info, version, &s, &cover, 0);
	pd_games_stats_release(&s);
	return ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The dates medals were won on, sorted, each once. */
static size_t medal_days(const struct gview *g, const char ***out)
{
	const char **days = malloc((g->nmedals + 1) * sizeof(*days));
	size_t i, n = 0, k = 0;

	*out = days;
	if (!days)
		return 0;
	for (i = 0; i < g->nmedals; i++)
		if (*g->medals[i].date)
			days[n++] = g->medals[i].date;
	qsort(days, n, sizeof(*days), cmp_str);
	for (i = 0; i < n; i++)
		if (k == 0 || strcmp(days[k - 1], days[i]))
			days[k++] = days[i];
	return k;
}

#define TIMELINE_NPCS 5
#define TIMELINE_MAX 10

/* One NPC's medals of each colour, day by day, summed up to each day. */
static json_t *series_of(const struct gview *g, const char *npc,
			 const char **days, size_t nd,
			 const struct pd_registry *reg)
{
	static const char *const colour[3] = { "gold", "silver", "bronze" };
	json_t *o = json_pack("{s:s, s:o}", "npc", npc, "name",
			      names(reg, npc));
	size_t c, k, m;

	for (c = 0; o && c < 3; c++) {
		json_t *a = json_array();
		long sum = 0;

		for (k = 0; k < nd; k++) {
			for (m = 0; m < g->nmedals; m++)
				sum += g->medals[m].medal == (enum pd_medal)c &&
				       !strcmp(g->medals[m].npc, npc) &&
				       !strcmp(g->medals[m].date, days[k]);
			json_array_append_new(a, json_integer(sum));
		}
		json_object_set_new(o, colour[c], a);
	}
	return o;
}

/* The NPCs of npcs (a comma-separated list of codes, at most
 * TIMELINE_MAX), or else the first five of the gold-first table that won
 * a gold: their medals day by day. */
int render_timeline(struct pd_buf *out, const struct gview *g,
		    const struct pd_registry *reg, const char *npcs)
{
	const char **days;
	size_t nd = medal_days(g, &days), i, k, n;
	json_t *jd = json_array(), *series = json_array();
	char code[PD_CODE_MAX];
	int chosen = npcs && *npcs;

	for (k = 0; k < nd; k++)
		json_array_append_new(jd, jstr(days[k]));
	for (i = 0; chosen && i < TIMELINE_MAX; i++) {
		n = strcspn(npcs, ",");
		if (n && n < sizeof(code)) {
			snprintf(code, sizeof(code), "%.*s", (int)n, npcs);
			json_array_append_new(series, series_of(g, code, days,
								nd, reg));
		}
		npcs += n + (npcs[n] == ',');
		if (!*npcs)
			break;
	}
	for (i = 0; !chosen && i < g->gold.n && i < TIMELINE_NPCS; i++) {
		const struct pd_standing *r = &g->gold.rows[i];

		if (r->medals[PD_GOLD] == 0)
			break;
		json_array_append_new(series, series_of(g, r->npc, days, nd,
							reg));
	}
	free(days);
	return json_dump_to(out, json_pack("{s:s, s:I, s:o, s:o}", "games",
				   g->info.code, "version",
				   (json_int_t)g->version, "days", jd,
				   "series", series));
}

static const struct pd_standing *find_row(const struct pd_standings *st,
					  const char *npc)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		if (!strcmp(st->rows[i].npc, npc))
			return &st->rows[i];
	return NULL;
}

static int same_row(const struct pd_standing *a, const struct pd_standing *b)
{
	return a->rank == b->rank && a->medals[0] == b->medals[0] &&
	       a->medals[1] == b->medals[1] && a->medals[2] == b->medals[2];
}

struct msg *msg_make(long id, long from, const char *text, size_t len)
{
	char head[24];
	int hlen = snprintf(head, sizeof(head), "%zx\r\n", len);
	struct msg *m = malloc(sizeof(*m) + (size_t)hlen + len + 3);

	if (!m)
		return NULL;
	atomic_init(&m->refs, 1);
	m->id = id;
	m->from = from;
	m->seq = 0;
	m->tag = MSG_ALL;
	m->unit[0] = m->event[0] = '\0';
	m->len = len;
	m->hlen = (size_t)hlen;
	memcpy(m->data, head, (size_t)hlen);
	memcpy(m->data + hlen, text, len);
	memcpy(m->data + hlen + len, "\r\n", 3);
	return m;
}

void msg_put(struct msg *m)
{
	if (m && atomic_fetch_sub(&m->refs, 1) == 1)
		free(m);
}

/* s as a JSON string, as jansson writes it (json_dumps without
 * JSON_ENSURE_ASCII): '"', '\\' and control characters escaped, the
 * rest as it is. */
static int add_string(struct pd_buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	const char *run;
	int ret = pd_buf_addc(b, '"');

	for (run = s = s ? s : ""; ret == 0 && *s; s++) {
		unsigned char c = (unsigned char)*s;
		char esc[7] = "\\u00";

		if (c != '"' && c != '\\' && c >= 0x20)
			continue;
		if ((ret = pd_buf_add(b, run, (size_t)(s - run))) < 0)
			break;
		run = s + 1;
		esc[1] = c == '"' ? '"' : c == '\\' ? '\\' : c == '\b' ? 'b' :
			 c == '\f' ? 'f' : c == '\n' ? 'n' : c == '\r' ? 'r' :
			 c == '\t' ? 't' : 'u';
		if (esc[1] != 'u') {
			ret = pd_buf_add(b, esc, 2);
		} else {
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 15];
			ret = pd_buf_add(b, esc, 6);
		}
	}
	if (ret == 0)
		ret = pd_buf_add(b, run, (size_t)(s - run));
	return ret ? ret : pd_buf_addc(b, '"');
}

/* A row of a stream message (row_json's, byte for byte); the totals
 * without rank, NPC and name. */
static int add_row(struct pd_buf *b, const struct pd_standing *r,
		   const struct pd_registry *reg, int totals)
{
	const struct pd_npc *npc = reg && !totals ?
				   pd_registry_code(reg, r->npc) : NULL;
	int ret = 0;

	if (!totals && ((ret = pd_buf_addf(b, "{\"rank\":%ld,\"npc\":",
					   r->rank)) < 0 ||
			(ret = add_string(b, r->npc)) < 0 ||
			(ret = pd_buf_adds(b, ",\"name\":{\"en\":")) < 0 ||
			(ret = add_string(b, npc ? npc->en : r->npc)) < 0 ||
			(ret = pd_buf_adds(b, ",\"zh\":")) < 0 ||
			(ret = add_string(b, npc ? pd_npc_name(npc, "zh") :
					  r->npc)) < 0 ||
			(ret = pd_buf_adds(b, "},")) < 0))
		return ret;
	return pd_buf_addf(b, "%s\"gold\":%ld,\"silver\":%ld,\"bronze\":%ld,"
			   "\"total\":%ld}", totals ? "{" : "",
			   r->medals[PD_GOLD], r->medals[PD_SILVER],
			   r->medals[PD_BRONZE], r->total);
}

/* The message is written by hand, not built in jansson and dumped: the
 * whole table made a tree of 500 values and a dump of it every version,
 * before the streams heard of it (2.8 M instructions a version, half of
 * what came before the publish).  The bytes are json_dumps' of the
 * same document (compact, in order). */
struct msg *msg_standings(const struct gview *now, const struct gview *was,
			  const struct pd_registry *reg)
{
	const struct pd_standing *o;
	struct msg *m = NULL;
	struct pd_buf b;
	size_t i, n = 0;
	int ret;

	pd_buf_init(&b, 0);
	ret = pd_buf_addf(&b, "id: %ld\nevent: standings\ndata: {\"games\":",
			  now->version);
	if (ret == 0)
		ret = add_string(&b, now->info.code);
	if (ret == 0)
		ret = pd_buf_addf(&b, ",\"version\":%ld,\"from\":%ld,\"full\":%s,"
				  "\"source\":null,\"scheme\":\"gold\","
				  "\"changed\":[", now->version,
				  was ? was->version : 0L,
				  was ? "false" : "true");
	for (i = 0; ret == 0 && i < now->gold.n; i++)
		if (!was || !(o = find_row(&was->gold, now->gold.rows[i].npc)) ||
		    !same_row(o, &now->gold.rows[i])) {
			if (n++)
				ret = pd_buf_addc(&b, ',');
			if (ret == 0)
				ret = add_row(&b, &now->gold.rows[i], reg, 0);
		}
	if (ret == 0)
		ret = pd_buf_adds(&b, "],\"removed\":[");
	for (i = 0, n = 0; ret == 0 && was && i < was->gold.n; i++)
		if (!find_row(&now->gold, was->gold.rows[i].npc)) {
			if (n++)
				ret = pd_buf_addc(&b, ',');
			if (ret == 0)
				ret = add_string(&b, was->gold.rows[i].npc);
		}
	if (ret == 0)
		ret = pd_buf_adds(&b, "],\"totals\":");
	if (ret == 0)
		ret = add_row(&b, &now->gold.totals, reg, 1);
	if (ret == 0)
		ret = pd_buf_adds(&b, "}\n\n");
	if (ret == 0)
		m = msg_make(now->version, was ? was->version : 0, b.data,
			     b.len);
	pd_buf_release(&b);
	return m;
}

int render_athlete(struct pd_buf *out, struct pd_store *st,
		   const struct gview *g, long version, long id,
		   const struct pd_registry *reg, struct pd_diag *d)
{
	json_t *doc = json_object();
	int ret;

	json_object_set_new(doc, "games", json_string(g->info.code));
	json_object_set_new(doc, "version", json_integer(version));
	if ((ret = pd_doc_athlete_fill(doc, st, g->info.code, id, reg,
				       d)) < 0) {
		json_decref(doc);
		return ret;
	}
	return json_dump_to(out, doc);
}

/* -- an event (GET .../events/ID, the stream's results messages) */

struct event_walk {
	long event;
	json_t *medals;		/* result id -> medal */
	json_t *results;
};

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

/* The event's phases and their units (units_ops.h) on doc. */
static int event_phases(struct pd_store *st, const char *games,
			const struct pd_event_info *e, json_t *doc)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_buf b = PD_BUF_INIT;
	json_t *phases = NULL;
	int ret = pd_doc_event_phases(&b, st, games, e->sport,
				      e->name, e->gender, &d);

	if (ret == 0 && !(phases = json_loadb(b.data, b.len, 0, NULL)))
		ret = PD_ENOMEM;
	pd_buf_release(&b);
	if (ret == 0 && json_object_set_new(doc, "phases", phases) < 0)
		ret = PD_ENOMEM;
	return ret;
}

int render_event(struct pd_buf *out, struct pd_store *st, const char *games,
		 long version, long id, struct pd_diag *d)
{
	struct pd_query q = { games, NULL, 1, 0 };
	struct event_walk w = { id, json_object(), json_array() };
	struct pd_event_info e;
	json_t *doc = NULL;
	int ret, have = 0;

	if ((ret = pd_store_event_get(st, w.event, &e, d)) == 0) {
		have = 1;
		if (strcmp(e.games, games))
			ret = PD_ENOTFOUND;	/* another Games' event */
	}
	/* the event's medals alone: a save on the desk reads its event
	 * back, and a walk of every medal of the Games was most of it */
	if (ret == 0)
		q.sport = e.sport;
	if (ret == 0 &&
	    (ret = pd_doc_event_medals(st, &q, w.event, w.medals, d)) == 0)
		ret = pd_store_event_results(st, w.event, 0, event_result,
					     &w, d);
	if (ret == 0)
		doc = json_pack("{s:s, s:I, s:I, s:o, s:o, s:o, s:o, s:o, "
				"s:o, s:o, s:b, s:O}",
				"games", games,
				"version", (json_int_t)version,
				"id", (json_int_t)e.id, "sport", jstr(e.sport),
				"name", jstr(e.name), "gender", jstr(e.gender),
				"class", jstr(e.sport_class),
				"date", jstr(e.date), "status", jstr(e.status),
				"policy", jstr(e.policy), "team", e.team,
				"results", w.results);
	/* how its ranks are made: the desk computes them as it is typed */
	if (doc)
		json_object_set_new(doc, "order", jstr(e.order));
	/* the medals its rows would have stand once it is official */
	if (doc)
		json_object_set_new(doc, "medal_state", jstr(strcmp(e.status,
				    "official") ? "provisional" : "official"));
	if (doc && (ret = event_phases(st, games, &e, doc)) < 0) {
		json_decref(doc);
		doc = NULL;
	}
	if (have)
		pd_event_info_release(&e);
	json_decref(w.medals);
	json_decref(w.results);
	return ret < 0 ? ret : json_dump_to(out, doc);
}
