/* page_make.c -- a page from its documents (page_make.h): the medal table
 * with the chart of its own first five, the Games' sources and the
 * overview's report, then pages.h's HTML. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/error.h"
#include "podium/report.h"
#include "podium/standings.h"
#include "podium/store_report.h"
#include "page_make.h"
#include "pages.h"
#include "snapshot.h"
#include "views.h"

#define CHART_LEADERS 5

static void games_of(struct page_games *pg, const struct gview *g,
		     const struct pd_registry *reg, const char *lang)
{
	pg->code = g->info.code;
	pg->lang = lang;
	pg->reg = reg;
	pg->year = g->info.year;
	pg->name = !strcmp(lang, "zh") && *g->info.name_zh ? g->info.name_zh :
		   g->info.name_en;
}

/* The codes of the first CHART_LEADERS rows of a table that have
 * anything under its scheme, comma-separated: the chart's leaders are
 * the table's own. */
static void leaders(char *out, size_t size, json_t *doc,
		    const struct pd_scheme *sc)
{
	json_t *r;
	size_t i, n = 0, len = 0;

	out[0] = '\0';
	json_array_foreach(json_object_get(doc, "rows"), i, r) {
		long g = (long)json_integer_value(json_object_get(r, "gold"));
		long t = (long)json_integer_value(json_object_get(r, "total"));
		long p = (long)json_integer_value(json_object_get(r, "points"));
		long m = sc->kind == PD_SCHEME_TOTAL ? t :
			 sc->kind == PD_SCHEME_POINTS ? p : g;
		const char *code = json_string_value(json_object_get(r, "npc"));

		if (n == CHART_LEADERS || !code)
			break;
		if (m <= 0 || len + strlen(code) + 2 > size)
			continue;
		len += (size_t)snprintf(out + len, size - len, "%s%s",
					n ? "," : "", code);
		n++;
	}
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The sports of the Games' medals, sorted, each once. */
static json_t *sports_of(const struct gview *g)
{
	const char **v = malloc((g->nmedals + 1) * sizeof(*v));
	json_t *list = json_array();
	size_t i;

	if (!v || !list) {
		free(v);
		json_decref(list);
		return NULL;
	}
	for (i = 0; i < g->nmedals; i++)
		v[i] = g->medals[i].sport ? g->medals[i].sport : "";
	qsort(v, g->nmedals, sizeof(*v), by_text);
	for (i = 0; i < g->nmedals; i++)
		if (*v[i] && (!i || strcmp(v[i], v[i - 1])))
			json_array_append_new(list, json_string(v[i]));
	free(v);
	return list;
}

static int table(struct pd_buf *out, const struct page_in *in,
		 const struct page_games *pg)
{
	const char *scheme = json_string_value(json_object_get(in->doc,
							      "scheme"));
	struct pd_diag d = { "", 0, "" };
	json_t *tl = NULL, *sources = json_array();
	struct page_filter pf;
	struct pd_scheme sc;
	struct pd_buf b;
	char npcs[64];
	size_t i;
	int ret;

	if ((ret = pd_scheme_parse(&sc, scheme ? scheme : "gold", &d)) < 0) {
		json_decref(sources);
		return ret;
	}
	for (i = 1; i < in->g->ntables; i++)
		json_array_append_new(sources,
				      json_string(in->g->tables[i].source));
	pd_buf_init(&b, 0);
	leaders(npcs, sizeof(npcs), in->doc, &sc);
	if (!*npcs)
		tl = json_pack("{s:[], s:[]}", "days", "series");
	else if ((ret = render_timeline(&b, in->g, in->reg, npcs)) == 0)
		tl = json_loadb(b.data, b.len, 0, NULL);
	pf.sports = sports_of(in->g);
	pf.sport = in->sport ? in->sport : "";
	pf.gender = in->gender ? in->gender : "";
	pf.scheme = scheme ? scheme : "gold";
	pf.source = in->pinned && json_is_string(json_object_get(in->doc,
			"source")) ? json_string_value(json_object_get(in->doc,
			"source")) : "";
	if (ret == 0)
		ret = tl && pf.sports ? page_table(out, pg, in->doc, sources,
						   &sc, tl, in->pinned, &pf) :
		      PD_ENOMEM;
	json_decref(pf.sports);
	pd_buf_release(&b);
	json_decref(tl);
	json_decref(sources);
	return ret;
}

static int any_fact(const struct pd_fact *f, void *arg)
{
	(void)f;
	*(int *)arg = 1;
	return 1;	/* one is enough */
}

/* The overview, with the report read in the same transaction as the
 * figures (one version): a Games with stated figures gets its official
 * report regenerated, contradictions named ('podium report'), the others
 * the short one.  A report that cannot be made leaves the figures alone
 * on the page. */
static int overview(struct pd_buf *out, const struct page_in *in,
		    const struct page_games *pg)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_buf rep;
	int ret, facts = 0;

	pd_buf_init(&rep, 0);
	if (pd_store_facts(in->st, in->g->info.code, any_fact, &facts,
			   &d) < 0 ||
	    (facts ? pd_report_games_read(&rep, in->st, in->reg,
					  in->g->info.code, in->lang, &d) :
	     pd_report(&rep, in->st, in->reg, in->g->info.code, in->lang,
		       &d)) < 0)
		pd_buf_reset(&rep);
	ret = page_overview(out, pg, in->doc, in->doc2, rep.len ? rep.data :
			    NULL);
	pd_buf_release(&rep);
	return ret;
}

int page_make(struct pd_buf *out, const struct page_in *in)
{
	struct page_games pg;

	games_of(&pg, in->g, in->reg, in->lang);
	switch (in->kind) {
	case 'H':
		return table(out, in, &pg);
	case 'J':
		return page_event(out, &pg, in->doc, in->doc2);
	case 'K':
		return page_npc(out, &pg, in->doc);
	case 'M':
		return page_athlete(out, &pg, in->doc);
	case 'O':
		return overview(out, in, &pg);
	case 'Z':
		return page_schedule(out, &pg, in->doc, in->filter);
	case 'R':
		return page_unit(out, &pg, in->doc);
	case 'B':
		return page_screen_unit(out, &pg, in->doc, in->transparent);
	case 'b':
		return page_screen_table(out, &pg, in->doc, in->transparent,
					 in->pinned);
	case 'd':
		return page_medals(out, &pg, in->doc);
	case 'p':
		return page_records(out, &pg, in->doc);
	case 'o':
		return page_sport(out, &pg, in->doc);
	case 'e':
		return page_events(out, &pg, in->doc);
	}
	return PD_EINVAL;
}
