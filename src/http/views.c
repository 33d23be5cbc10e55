/* views.c -- the JSON documents the server sends, rendered once per
 * version (or once on first request) by the builder and the lazy cache.
 * Key order is fixed so that documents diff well. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/doc.h"
#include "podium/event.h"
#include "podium/render.h"
#include "podium/stats.h"
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
	struct pd_buf tmp;
	char cap[512];
	json_t *doc;
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
	pd_buf_init(&tmp, 0);
	/* the CLI's JSON renderer is the one format; the API adds the
	 * version it was made from */
	if ((ret = pd_render_json(&tmp, &v)) == 0) {
		doc = json_loadb(tmp.data, tmp.len, 0, NULL);
		if (doc)
			json_object_set_new(doc, "version",
					    json_integer(version));
		ret = json_dump_to(out, doc);
	}
	pd_buf_release(&tmp);
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
		  const struct gview *g, long version, struct pd_diag *d)
{
	json_t *list = json_array();
	int ret;

	if ((ret = pd_store_events(st, g->info.code, NULL, add_event, list,
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
	int ret;

	memset(&s, 0, sizeof(s));
	if ((ret = pd_store_games_stats(st, g->info.code, &s, d)) == 0)
		ret = pd_doc_stats(out, &g->info, version, &s, 0);
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

/* The leading NPCs' golds, day by day, summed up to each day. */
int render_timeline(struct pd_buf *out, const struct gview *g,
		    const struct pd_registry *reg)
{
	const char **days;
	size_t nd = medal_days(g, &days), i, k, m;
	json_t *jd = json_array(), *series = json_array();

	for (k = 0; k < nd; k++)
		json_array_append_new(jd, jstr(days[k]));
	for (i = 0; i < g->gold.n && i < TIMELINE_NPCS; i++) {
		const struct pd_standing *r = &g->gold.rows[i];
		json_t *gold = json_array();
		long sum = 0;

		if (r->medals[PD_GOLD] == 0)
			break;
		for (k = 0; k < nd; k++) {
			for (m = 0; m < g->nmedals; m++)
				sum += g->medals[m].medal == PD_GOLD &&
				       !strcmp(g->medals[m].npc, r->npc) &&
				       !strcmp(g->medals[m].date, days[k]);
			json_array_append_new(gold, json_integer(sum));
		}
		json_array_append_new(series, json_pack("{s:s, s:o, s:o}",
				      "npc", r->npc, "name", names(reg, r->npc),
				      "gold", gold));
	}
	free(days);
	return json_dump_to(out, json_pack("{s:s, s:I, s:o, s:o}", "games",
				   g->info.code, "version",
				   (json_int_t)g->version, "days", jd,
				   "series", series));
}

static json_t *row_json(const struct pd_standing *r,
			const struct pd_registry *reg)
{
	return json_pack("{s:I, s:s, s:o, s:I, s:I, s:I, s:I}",
			 "rank", (json_int_t)r->rank, "npc", r->npc,
			 "name", names(reg, r->npc),
			 "gold", (json_int_t)r->medals[PD_GOLD],
			 "silver", (json_int_t)r->medals[PD_SILVER],
			 "bronze", (json_int_t)r->medals[PD_BRONZE],
			 "total", (json_int_t)r->total);
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

void msg_put(struct msg *m)
{
	if (m && atomic_fetch_sub(&m->refs, 1) == 1)
		free(m);
}

struct msg *msg_standings(const struct gview *now, const struct gview *was,
			  const struct pd_registry *reg)
{
	json_t *rows = json_array(), *gone = json_array(), *doc;
	const struct pd_standing *o;
	struct msg *m = NULL;
	struct pd_buf b;
	size_t i;
	char *text;

	for (i = 0; i < now->gold.n; i++)
		if (!was || !(o = find_row(&was->gold, now->gold.rows[i].npc)) ||
		    !same_row(o, &now->gold.rows[i]))
			json_array_append_new(rows, row_json(&now->gold.rows[i],
							     reg));
	for (i = 0; was && i < was->gold.n; i++)
		if (!find_row(&now->gold, was->gold.rows[i].npc))
			json_array_append_new(gone, jstr(was->gold.rows[i].npc));
	doc = json_pack("{s:s, s:I, s:I, s:b, s:n, s:s, s:o, s:o, s:o}",
			"games", now->info.code,
			"version", (json_int_t)now->version,
			"from", (json_int_t)(was ? was->version : 0),
			"full", was == NULL, "source", "scheme", "gold",
			"changed", rows, "removed", gone,
			"totals", row_json(&now->gold.totals, reg));
	if (doc)
		json_object_del(json_object_get(doc, "totals"), "rank");
	if (doc)
		json_object_del(json_object_get(doc, "totals"), "npc");
	if (doc)
		json_object_del(json_object_get(doc, "totals"), "name");
	text = doc ? json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER) :
		     NULL;
	json_decref(doc);
	pd_buf_init(&b, 0);
	if (text && pd_buf_addf(&b, "id: %ld\nevent: standings\ndata: %s\n\n",
				now->version, text) == 0 &&
	    (m = malloc(sizeof(*m) + b.len + 1))) {
		atomic_init(&m->refs, 1);
		m->id = now->version;
		m->from = was ? was->version : 0;
		m->len = b.len;
		memcpy(m->data, b.data, b.len + 1);
	}
	free(text);
	pd_buf_release(&b);
	return m;
}
