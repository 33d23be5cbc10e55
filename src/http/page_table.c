/* page_table.c -- the medal table page of a Games (pages.h): the form
 * that picks the ranking and the table, the table itself (a Points column
 * under a points scheme, the host marked and the mark explained), and the
 * chart of the table's first five, drawn as SVG here so that it needs no
 * script either. */
#include <stdio.h>
#include <string.h>

#include "podium/app.h"
#include "podium/error.h"
#include "podium/render.h"
#include "pages_int.h"

#define CHART_NPCS 5

static const char *const colours[CHART_NPCS] = { "#0b5394", "#b45f06",
	"#38761d", "#741b47", "#444444" };

/* This page's URL but for lang: the scheme and source when not the
 * defaults. */
static void self_url(char *out, size_t size, const char *code,
		     const char *scheme, const char *source)
{
	int n = snprintf(out, size, "/games/%s", code);
	char sep = '?';

	if (n > 0 && (size_t)n < size && strcmp(scheme, "gold")) {
		n += snprintf(out + n, size - (size_t)n, "%cscheme=%s", sep,
			      scheme);
		sep = '&';
	}
	if (n > 0 && (size_t)n < size && *source)
		snprintf(out + n, size - (size_t)n, "%csource=%s", sep, source);
}

static int option(struct pd_buf *b, const char *value, const char *text,
		  int selected)
{
	int ret = pd_buf_adds(b, "<option value=\"");

	ret |= h_esc(b, value);
	ret |= pd_buf_addf(b, "\"%s>", selected ? " selected" : "");
	ret |= h_esc(b, text);
	return ret | pd_buf_adds(b, "</option>");
}

/* The ranking and the table, a form that works without script (the
 * script submits it on change and swaps the page in place). */
static int controls(struct pd_buf *b, const struct page_games *pg,
		    const char *scheme, const char *source, json_t *sources)
{
	const char *lang = pg->lang;
	json_t *s;
	size_t i, n = json_array_size(sources);
	char label[64];
	int ret = 0, std = !strcmp(scheme, "gold") || !strcmp(scheme, "total") ||
		!strcmp(scheme, "points=3,2,1");

	ret |= pd_buf_adds(b, "<form class=\"controls\" id=\"controls\" "
			   "method=\"get\" action=\"/games/");
	ret |= h_url(b, pg->code);
	ret |= pd_buf_addf(b, "\">\n<input type=\"hidden\" name=\"lang\" "
			   "value=\"%s\">\n<label><span>%s</span> <select "
			   "id=\"scheme\" name=\"scheme\">", lang,
			   h_word(lang, W_ranking));
	ret |= option(b, "gold", h_word(lang, W_gold_first),
		      !strcmp(scheme, "gold"));
	ret |= option(b, "total", h_word(lang, W_total_first),
		      !strcmp(scheme, "total"));
	ret |= option(b, "points=3,2,1", h_word(lang, W_points_321),
		      !strcmp(scheme, "points=3,2,1"));
	if (!std)
		ret |= option(b, scheme, h_word(lang, W_points), 1);
	ret |= pd_buf_adds(b, "</select></label>\n");
	/* the sources' labels are the desk's words, not a reader's: each
	 * published table is "As published", numbered when there are more */
	ret |= pd_buf_addf(b, "<label id=\"source-wrap\"%s><span>%s</span> "
			   "<select id=\"source\" name=\"source\">",
			   n ? "" : " hidden", h_word(lang, W_table));
	ret |= option(b, "", h_word(lang, W_from_results), !*source);
	json_array_foreach(sources, i, s) {
		if (n > 1)
			snprintf(label, sizeof(label), "%s (%zu)",
				 h_word(lang, W_as_published), i + 1);
		else
			snprintf(label, sizeof(label), "%s",
				 h_word(lang, W_as_published));
		ret |= option(b, json_string_value(s), label,
			      !strcmp(source, json_string_value(s)));
	}
	ret |= pd_buf_addf(b, "</select></label>\n<button type=\"submit\" "
			   "class=\"no-js\">%s</button>\n</form>\n",
			   h_word(lang, W_show));
	return ret ? PD_ENOMEM : 0;
}

static int num_cell(struct pd_buf *b, long long v)
{
	return pd_buf_addf(b, "<td class=\"num\">%lld</td>", v);
}

static int head_cell(struct pd_buf *b, const char *cls, const char *dot,
		     const char *text)
{
	int ret = pd_buf_addf(b, "<th scope=\"col\"%s%s%s>", *cls ?
			      " class=\"" : "", cls, *cls ? "\"" : "");

	if (dot)
		ret |= pd_buf_addf(b, "<span class=\"dot %s\" aria-hidden="
				   "\"true\"></span>", dot);
	ret |= h_esc(b, text);
	return ret | pd_buf_adds(b, "</th>");
}

/* open (an element's start) with data-npc="NPC" of o, by which the
 * page's script finds an NPC's row, line and legend entry, but its '>' */
static int npc_open(struct pd_buf *b, const char *open, json_t *o)
{
	int ret = pd_buf_addf(b, "%s data-npc=\"", open);

	ret |= h_esc(b, h_str(o, "npc"));
	return ret | pd_buf_adds(b, "\"");
}

static int row(struct pd_buf *b, const struct page_games *pg, json_t *r,
	       const char *source, int points)
{
	const char *lang = pg->lang, *printed = h_str(r, "printed");
	int ret = 0, host = json_is_true(json_object_get(r, "host"));

	ret |= npc_open(b, "<tr", r);
	ret |= pd_buf_addf(b, "%s>", host ? " class=\"host\"" : "");
	ret |= num_cell(b, h_num(r, "rank"));
	ret |= pd_buf_adds(b, "<td class=\"code col-code\">");
	ret |= h_esc(b, h_str(r, "npc"));
	ret |= pd_buf_adds(b, "</td><th scope=\"row\"><a class=\"npc-link\" "
			   "href=\"/games/");
	ret |= h_url(b, pg->code);
	ret |= pd_buf_adds(b, "/npcs/");
	ret |= h_url(b, h_str(r, "npc"));
	ret |= pd_buf_addf(b, "?lang=%s", lang);
	if (*source) {
		ret |= pd_buf_adds(b, "&amp;source=");
		ret |= h_url(b, source);
	}
	ret |= pd_buf_adds(b, "\">");
	ret |= h_esc(b, *printed ? printed : h_name(json_object_get(r, "name"),
						   lang));
	ret |= pd_buf_adds(b, "</a>");
	if (host)
		ret |= pd_buf_addf(b, " <abbr class=\"host-mark\" title=\"%s\">"
				   "*</abbr>", pd_labels(lang)->host);
	ret |= pd_buf_adds(b, "<span class=\"code inline\">");
	ret |= h_esc(b, h_str(r, "npc"));
	ret |= pd_buf_adds(b, "</span></th>");
	ret |= h_tally_cells(b, r);
	if (points)
		ret |= num_cell(b, h_num(r, "points"));
	return ret | pd_buf_adds(b, "</tr>\n");
}

static int table(struct pd_buf *b, const struct page_games *pg, json_t *doc,
		 const char *source, int points, int *hosts)
{
	const struct pd_labels *t = pd_labels(pg->lang);
	json_t *rows = json_object_get(doc, "rows"), *r;
	json_t *tot = json_object_get(doc, "totals");
	size_t i;
	int ret = 0;

	ret |= pd_buf_adds(b, "<div class=\"table-wrap\"><table id=\"medals\" "
			   "data-source=\"");
	ret |= h_esc(b, source);
	ret |= pd_buf_adds(b, "\" data-scheme=\"");
	ret |= h_esc(b, h_str(doc, "scheme"));
	ret |= pd_buf_adds(b, "\">\n<caption id=\"caption\">");
	ret |= h_esc(b, h_str(doc, "caption"));
	ret |= h_cover(b, doc, pg->lang);
	ret |= pd_buf_adds(b, "</caption>\n<thead><tr>");
	ret |= head_cell(b, "num", NULL, t->rank);
	ret |= head_cell(b, "col-code", NULL, h_word(pg->lang, W_code));
	ret |= head_cell(b, "", NULL, t->npc);
	ret |= head_cell(b, "num", "gold", t->gold);
	ret |= head_cell(b, "num", "silver", t->silver);
	ret |= head_cell(b, "num", "bronze", t->bronze);
	ret |= head_cell(b, "num", NULL, t->total);
	if (points)
		ret |= head_cell(b, "num col-points", NULL,
				 h_word(pg->lang, W_points));
	ret |= pd_buf_adds(b, "</tr></thead>\n<tbody>\n");
	*hosts = 0;
	json_array_foreach(rows, i, r) {
		*hosts |= json_is_true(json_object_get(r, "host"));
		ret |= row(b, pg, r, source, points);
	}
	/* three cells, not one spanning three: the code column may hide */
	ret |= pd_buf_adds(b, "</tbody>\n<tfoot><tr><th scope=\"row\" "
			   "class=\"totals\">");
	ret |= h_esc(b, t->totals);
	ret |= pd_buf_adds(b, "</th><td class=\"col-code\"></td><td></td>");
	ret |= num_cell(b, h_num(tot, "gold"));
	ret |= num_cell(b, h_num(tot, "silver"));
	ret |= num_cell(b, h_num(tot, "bronze"));
	ret |= num_cell(b, h_num(tot, "total"));
	if (points)
		ret |= num_cell(b, h_num(tot, "points"));
	ret |= pd_buf_adds(b, "</tr></tfoot>\n</table></div>\n");
	if (*hosts)
		ret |= pd_buf_addf(b, "<p class=\"note\" id=\"host-legend\">"
				   "<abbr class=\"host-mark\">*</abbr> %s</p>\n",
				   t->host);
	return ret ? PD_ENOMEM : 0;
}

/* What the chart counts on day k of a series: the scheme's measure. */
static long measure(json_t *s, size_t k, const struct pd_scheme *sc)
{
	long m[3];

	m[0] = (long)json_integer_value(json_array_get(json_object_get(s,
							"gold"), k));
	m[1] = (long)json_integer_value(json_array_get(json_object_get(s,
							"silver"), k));
	m[2] = (long)json_integer_value(json_array_get(json_object_get(s,
							"bronze"), k));
	if (sc->kind == PD_SCHEME_TOTAL)
		return m[0] + m[1] + m[2];
	if (sc->kind == PD_SCHEME_POINTS)
		return m[0] * sc->weight[0] + m[1] * sc->weight[1] +
		       m[2] * sc->weight[2];
	return m[0];
}

/* The chart's geometry, in the SVG's own units (CSS scales it). */
enum { CW = 640, CH = 260, CL = 44, CR = 16, CT = 12, CB = 40 };

static double cx(size_t i, size_t nd)
{
	return CL + (nd == 1 ? (CW - CL - CR) / 2.0 :
		     (double)i * (CW - CL - CR) / (double)(nd - 1));
}

static double cy(long v, long max)
{
	return CT + (CH - CT - CB) * (1.0 - (double)v / (double)max);
}

/* The table's own figure under the scheme for the NPC of series s: the
 * legend says it, not the chart's last day, which counts only the medals
 * that have a date. */
static long table_figure(json_t *doc, json_t *s, const struct pd_scheme *sc)
{
	const char *key = sc->kind == PD_SCHEME_TOTAL ? "total" :
			  sc->kind == PD_SCHEME_POINTS ? "points" : "gold";
	json_t *r;
	size_t i;

	json_array_foreach(json_object_get(doc, "rows"), i, r)
		if (!strcmp(h_str(r, "npc"), h_str(s, "npc")))
			return (long)h_num(r, key);
	return -1;
}

/* "China (3)", or "China (3, 1 undated)" when some are not on the
 * chart. */
static int legend_text(struct pd_buf *b, const char *lang, json_t *doc,
		       json_t *s, size_t nd, const struct pd_scheme *sc)
{
	long dated = measure(s, nd - 1, sc), all = table_figure(doc, s, sc);
	int ret = h_esc(b, h_name(json_object_get(s, "name"), lang));

	if (all <= dated)
		return ret | pd_buf_addf(b, " (%ld)", dated);
	return ret | pd_buf_addf(b, strcmp(lang, "zh") ? " (%ld, %ld %s)" :
				 " (%ld，%ld %s)", all, all - dated,
				 h_word(lang, W_undated));
}

static int chart_svg(struct pd_buf *b, const char *lang, json_t *days,
		     json_t *series, const struct pd_scheme *sc, json_t *doc)
{
	size_t nd = json_array_size(days), ns = json_array_size(series);
	size_t i, k, step;
	long max = 1, v;
	json_t *s;
	int ret = 0;

	for (i = 0; i < ns; i++)
		if ((v = measure(json_array_get(series, i), nd - 1, sc)) > max)
			max = v;
	ret |= pd_buf_addf(b, "<svg viewBox=\"0 0 %d %d\" role=\"img\" "
			   "aria-labelledby=\"chart-desc\"><title>%s</title>"
			   "<desc id=\"chart-desc\">", CW, CH,
			   h_word(lang, W_chart_label));
	json_array_foreach(series, i, s) {
		ret |= pd_buf_adds(b, i ? "; " : "");
		ret |= legend_text(b, lang, doc, s, nd, sc);
	}
	ret |= pd_buf_addf(b, "</desc>\n<line class=\"axis\" x1=\"%d\" y1=\"%d\" "
			   "x2=\"%d\" y2=\"%d\"/><line class=\"axis\" x1=\"%d\" "
			   "y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", CL, CH - CB,
			   CW - CR, CH - CB, CL, CT, CL, CH - CB);
	for (k = 0; k < 3; k++) {
		v = k == 0 ? 0 : k == 1 ? (max + 1) / 2 : max;
		if (k == 1 && (v == 0 || v == max))
			continue;
		ret |= pd_buf_addf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor="
				   "\"end\">%ld</text>", CL - 6, cy(v, max) + 5,
				   v);
	}
	step = nd > 6 ? (nd + 5) / 6 : 1;
	for (k = 0; k < nd; k++) {
		const char *day = json_string_value(json_array_get(days, k));

		if (k % step && k + 1 != nd)
			continue;
		/* the first and last labels inside the frame: on a phone
		 * a centred one is cut at the edge */
		ret |= pd_buf_addf(b, "<text x=\"%.1f\" y=\"%d\" text-anchor="
				   "\"%s\">", cx(k, nd), CH - CB + 24,
				   nd > 1 && k == 0 ? "start" : nd > 1 &&
				   k + 1 == nd ? "end" : "middle");
		ret |= h_esc(b, day && strlen(day) > 5 ? day + 5 : day);
		ret |= pd_buf_adds(b, "</text>");
	}
	json_array_foreach(series, i, s) {
		ret |= npc_open(b, "\n<polyline class=\"series\"", s);
		ret |= pd_buf_addf(b, " fill=\"none\" stroke=\"%s\" "
				   "stroke-width=\"2.5\" points=\"",
				   colours[i % CHART_NPCS]);
		for (k = 0; k < nd; k++)
			ret |= pd_buf_addf(b, "%s%.1f,%.1f", k ? " " : "",
					   cx(k, nd), cy(measure(s, k, sc), max));
		ret |= pd_buf_adds(b, "\"/>");
		for (k = 0; k < nd; k++)
			ret |= pd_buf_addf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" "
					   "r=\"3\" fill=\"%s\"/>", cx(k, nd),
					   cy(measure(s, k, sc), max),
					   colours[i % CHART_NPCS]);
	}
	return ret | pd_buf_adds(b, "\n</svg>\n");
}

static int chart(struct pd_buf *b, const char *lang, json_t *tl,
		 const struct pd_scheme *sc, json_t *doc)
{
	json_t *days = json_object_get(tl, "days");
	json_t *series = json_object_get(tl, "series"), *s;
	enum word title = sc->kind == PD_SCHEME_TOTAL ? W_chart_total :
			  sc->kind == PD_SCHEME_POINTS ? W_chart_points :
			  W_chart_gold;
	size_t i, nd = json_array_size(days);
	int ret = 0;

	ret |= pd_buf_addf(b, "<section aria-labelledby=\"chart-title\">\n"
			   "<h2 id=\"chart-title\">%s</h2>\n<div id=\"chart\">",
			   h_word(lang, title));
	if (!nd || !json_array_size(series))
		return ret | pd_buf_addf(b, "<p>%s</p></div>\n</section>\n",
					 h_word(lang, W_no_chart));
	ret |= chart_svg(b, lang, days, series, sc, doc);
	ret |= pd_buf_adds(b, "<ul class=\"legend\" id=\"chart-leaders\">");
	json_array_foreach(series, i, s) {
		ret |= npc_open(b, "<li", s);
		ret |= pd_buf_addf(b, "><span class=\"swatch c%zu\" "
				   "aria-hidden=\"true\"></span>",
				   i % CHART_NPCS);
		ret |= legend_text(b, lang, doc, s, nd, sc);
		ret |= pd_buf_adds(b, "</li>");
	}
	return ret | pd_buf_adds(b, "</ul></div>\n</section>\n");
}

int page_table(struct pd_buf *out, const struct page_games *pg,
	       json_t *doc, json_t *sources, const struct pd_scheme *sc,
	       json_t *timeline, int pinned, const struct page_filter *pf)
{
	const char *source = json_string_value(json_object_get(doc, "source"));
	const char *scheme = h_str(doc, "scheme");
	char self[256], title[300];
	struct pd_buf attrs;
	int ret, hosts;

	source = source ? source : "";
	self_url(self, sizeof(self), pg->code, scheme, pinned ? source : "");
	snprintf(title, sizeof(title), "%s%s%s", pg->name,
		 strcmp(pg->lang, "zh") ? " " : "",
		 pd_labels(pg->lang)->medal_table);
	pd_buf_init(&attrs, 0);
	ret = pd_buf_adds(&attrs, " data-scheme=\"");
	ret |= h_esc(&attrs, scheme);
	ret |= pd_buf_adds(&attrs, "\" data-source=\"");
	ret |= h_esc(&attrs, source);
	ret |= pd_buf_adds(&attrs, "\"");
	if (!ret)
		ret = h_head(out, pg, pg->lang, "table", self, title,
			     attrs.data);
	pd_buf_release(&attrs);
	if (ret ||
	    (ret = controls(out, pg, scheme, source, sources)) ||
	    (ret = page_filter_nav(out, pg, pf)) ||
	    (ret = table(out, pg, doc, source, sc->kind == PD_SCHEME_POINTS,
			 &hosts)) ||
	    (ret = chart(out, pg->lang, timeline, sc, doc)))
		return ret;
	return h_foot(out, pg->lang, 1);
}
