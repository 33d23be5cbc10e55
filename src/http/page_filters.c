/* page_filters.c -- the filters of a Games' table page, as links that
 * need no script (a sport, a gender of event: each a link to the same
 * page with it, the one shown marked aria-current), and the page of a
 * day's medals (GET .../medallists?date=DAY): each unit that decided a
 * medal that day with its medallists, and the table at the end of it. */
#include <stdio.h>
#include <string.h>

#include "podium/app.h"
#include "podium/date_words.h"
#include "podium/error.h"
#include "podium/render.h"
#include "pages_int.h"

/* A query value in a link: appended "&name=value" (the first with '?'). */
static int param(struct pd_buf *b, char *sep, const char *name,
		 const char *value)
{
	int ret;

	if (!value || !*value)
		return 0;
	ret = pd_buf_addf(b, "%s%s=", *sep ? "&amp;" : "?", name);
	*sep = 1;
	return ret | h_url(b, value);
}

/* One link of the filters: the table page under sport and gender. */
static int link(struct pd_buf *b, const struct page_games *pg,
		const struct page_filter *pf, const char *sport,
		const char *gender, const char *text, int current)
{
	char sep = 0;
	int ret = pd_buf_adds(b, "<li><a href=\"/games/");

	ret |= h_url(b, pg->code);
	ret |= param(b, &sep, "scheme", strcmp(pf->scheme, "gold") ?
		     pf->scheme : "");
	ret |= param(b, &sep, "source", pf->source);
	ret |= param(b, &sep, "sport", sport);
	ret |= param(b, &sep, "gender", gender);
	ret |= param(b, &sep, "lang", strcmp(pg->lang, "en") ? pg->lang :
		     "");
	ret |= pd_buf_addf(b, "\"%s>", current ? " aria-current=\"page\"" :
			   "");
	ret |= h_esc(b, text);
	return ret | pd_buf_adds(b, "</a></li>");
}

int page_filter_nav(struct pd_buf *b, const struct page_games *pg,
		    const struct page_filter *pf)
{
	static const struct {
		const char *code;
		enum word w;
	} genders[] = { { "", W_all_events }, { "W", W_women },
			{ "M", W_men }, { "X", W_mixed }, { "O", W_open } };
	const char *lang = pg->lang, *sport = pf->sport ? pf->sport : "";
	const char *gender = pf->gender ? pf->gender : "";
	json_t *s;
	size_t i;
	int ret = 0;

	ret |= pd_buf_addf(b, "<nav class=\"filters\" id=\"filters\" "
			   "aria-label=\"%s\">\n<p id=\"f-sport\">%s</p>"
			   "<ul aria-labelledby=\"f-sport\">",
			   h_word(lang, W_filters), h_word(lang, W_sport));
	ret |= link(b, pg, pf, "", gender, h_word(lang, W_all_sports),
		    !*sport);
	json_array_foreach(pf->sports, i, s)
		ret |= link(b, pg, pf, json_string_value(s), gender,
			    h_sport(lang, json_string_value(s)),
			    !strcmp(sport, json_string_value(s)));
	ret |= pd_buf_addf(b, "</ul>\n<p id=\"f-gender\">%s</p><ul "
			   "aria-labelledby=\"f-gender\">",
			   h_word(lang, W_gender));
	for (i = 0; i < sizeof(genders) / sizeof(genders[0]); i++)
		ret |= link(b, pg, pf, sport, genders[i].code,
			    h_word(lang, genders[i].w),
			    !strcmp(gender, genders[i].code));
	ret |= pd_buf_adds(b, "</ul>\n</nav>\n");
	return ret ? PD_ENOMEM : 0;
}

/* One medal's row of the day: the unit's cells on its first. */
static int medal_row(struct pd_buf *b, const struct page_games *pg,
		     json_t *u, json_t *m, size_t k, size_t n)
{
	int ret = pd_buf_adds(b, "<tr>");
	char path[96];

	if (k == 0) {
		ret |= pd_buf_addf(b, "<td rowspan=\"%zu\">", n);
		ret |= h_esc(b, h_str(u, "time"));
		ret |= pd_buf_addf(b, "</td><th scope=\"rowgroup\" "
				   "rowspan=\"%zu\">", n);
		ret |= h_esc(b, h_sport(pg->lang, h_str(u, "sport")));
		ret |= pd_buf_adds(b, " — <a ");
		snprintf(path, sizeof(path), "/games/%s/events/%lld", pg->code,
			 h_num(u, "event"));
		ret |= h_href(b, path, pg->lang);
		ret |= pd_buf_adds(b, ">");
		ret |= h_esc(b, h_str(u, "name"));
		ret |= pd_buf_adds(b, "</a>");
		if (*h_str(u, "phase")) {
			ret |= pd_buf_adds(b, " <span class=\"phase\">(");
			ret |= h_esc(b, h_str(u, "phase"));
			ret |= pd_buf_adds(b, ")</span>");
		}
		ret |= pd_buf_adds(b, "</th>");
	}
	ret |= pd_buf_adds(b, "<td>");
	ret |= h_medal_cell(b, pg->lang, h_str(m, "medal"));
	ret |= pd_buf_adds(b, "</td><td>");
	ret |= h_esc(b, h_str(m, "name"));
	ret |= pd_buf_adds(b, "</td><td>");
	ret |= h_esc(b, h_npc(pg, h_str(m, "npc")));
	return ret | pd_buf_adds(b, "</td></tr>\n");
}

static int day_medals(struct pd_buf *b, const struct page_games *pg,
		      json_t *units)
{
	const char *lang = pg->lang;
	const struct pd_labels *t = pd_labels(lang);
	const char *cols[5] = { h_word(lang, W_time), h_word(lang, W_event),
				h_word(lang, W_medal), h_word(lang, W_athlete),
				t->npc };
	json_t *u, *m, *medals;
	size_t i, k;
	int ret = 0;

	if (!json_array_size(units))
		return pd_buf_addf(b, "<p class=\"summary\" id=\"summary\">"
				   "%s</p>\n", h_word(lang, W_no_medals_day));
	ret |= pd_buf_addf(b, "<div class=\"table-wrap\"><table id=\"day\">"
			   "<caption>%s</caption>\n",
			   h_word(lang, W_medals_day));
	ret |= h_thead(b, cols, 5, 0);
	json_array_foreach(units, i, u) {
		medals = json_object_get(u, "medals");
		ret |= pd_buf_adds(b, "<tbody>\n");
		json_array_foreach(medals, k, m)
			ret |= medal_row(b, pg, u, m, k,
					 json_array_size(medals));
		ret |= pd_buf_adds(b, "</tbody>\n");
	}
	return ret | pd_buf_adds(b, "</table></div>\n");
}

/* The table at the end of the day. */
static int day_table(struct pd_buf *b, const struct page_games *pg,
		     json_t *table)
{
	const struct pd_labels *t = pd_labels(pg->lang);
	const char *cols[6] = { t->rank, t->npc, t->gold, t->silver,
				t->bronze, t->total };
	json_t *rows = json_object_get(table, "rows"), *r;
	json_t *tot = json_object_get(table, "totals");
	size_t i;
	int ret = 0;

	ret |= pd_buf_addf(b, "<h2 id=\"at-end\">%s</h2>\n<div class=\"table-"
			   "wrap\"><table id=\"medals\" aria-labelledby=\"at-"
			   "end\">\n", h_word(pg->lang, W_table_day_end));
	/* all but the NPC's are numbers */
	ret |= h_thead(b, cols, 6, ~2u);
	ret |= pd_buf_adds(b, "<tbody>\n");
	json_array_foreach(rows, i, r) {
		ret |= pd_buf_addf(b, "<tr><td class=\"num\">%lld</td><th "
				   "scope=\"row\">", h_num(r, "rank"));
		ret |= h_esc(b, h_npc(pg, h_str(r, "npc")));
		ret |= pd_buf_adds(b, "</th>");
		ret |= h_tally_cells(b, r);
		ret |= pd_buf_adds(b, "</tr>\n");
	}
	ret |= pd_buf_addf(b, "</tbody>\n<tfoot><tr><td></td><th scope=\"row\">"
			   "%s</th><td class=\"num\">%lld</td><td class=\"num"
			   "\">%lld</td><td class=\"num\">%lld</td><td class="
			   "\"num\">%lld</td></tr></tfoot>\n</table></div>\n",
			   t->totals, h_num(tot, "gold"), h_num(tot, "silver"),
			   h_num(tot, "bronze"), h_num(tot, "total"));
	return ret;
}

int page_medals(struct pd_buf *out, const struct page_games *pg,
		json_t *doc)
{
	const char *lang = pg->lang;
	const char *day = h_str(json_object_get(doc, "filter"), "date");
	char self[96], title[300], when[64];
	int ret;

	snprintf(self, sizeof(self), "/games/%s/medals/%s", pg->code, day);
	pd_date_words(when, sizeof(when), day, lang);
	snprintf(title, sizeof(title), "%s — %s", h_word(lang, W_medals_day),
		 when);
	if ((ret = h_head(out, pg, lang, "medals", self, title, NULL)))
		return ret;
	ret |= day_medals(out, pg, json_object_get(doc, "units"));
	ret |= day_table(out, pg, json_object_get(doc, "table"));
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}
