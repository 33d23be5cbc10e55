/* page_sport.c -- a sport's page and the events index (pages.h): the
 * sport's medal table and its events with their phases, made from GET
 * /api/games/G/sports/SLUG; and every event of the Games under its
 * sport, each sport linked to its page, made from GET .../events. */
#include <stdio.h>
#include <string.h>

#include "podium/error.h"
#include "podium/match_ops.h"
#include "podium/render.h"
#include "pages_int.h"

static int event_link(struct pd_buf *b, const struct page_games *pg,
		      json_t *e)
{
	char id[24];

	snprintf(id, sizeof(id), "%lld", h_num(e, "id"));
	return h_link(b, pg, "events", id, h_str(e, "name"));
}

static int table_head(struct pd_buf *b, const char *const *cols, size_t n,
		      size_t first_num)
{
	int ret = pd_buf_adds(b, "<div class=\"table-wrap\"><table>\n");

	ret |= h_thead(b, cols, n, ~0u << first_num);
	return ret | pd_buf_adds(b, "<tbody>\n");
}

static int medal_table(struct pd_buf *b, const struct page_games *pg,
		       json_t *rows)
{
	const char *lang = pg->lang;
	const char *cols[] = { pd_labels(lang)->rank, pd_labels(lang)->npc,
			       pd_labels(lang)->gold, pd_labels(lang)->silver,
			       pd_labels(lang)->bronze,
			       pd_labels(lang)->total };
	json_t *r;
	size_t i;
	int ret = pd_buf_addf(b, "<section aria-labelledby=\"table-h\">\n"
			      "<h2 id=\"table-h\">%s</h2>\n", h_word(lang,
			      W_medal_table));

	if (!json_array_size(rows))
		return ret | pd_buf_addf(b, "<p>%s</p>\n</section>\n",
					 h_word(lang, W_no_medals));
	ret |= table_head(b, cols, 6, 2);
	json_array_foreach(rows, i, r) {
		ret |= pd_buf_addf(b, "<tr><td>%lld</td><th scope=\"row\">",
				   h_num(r, "rank"));
		ret |= h_link(b, pg, "npcs", h_str(r, "npc"), h_npc(pg,
			    h_str(r, "npc")));
		ret |= pd_buf_addf(b, "</th><td class=\"num\">%lld</td>"
				   "<td class=\"num\">%lld</td><td class=\"num"
				   "\">%lld</td><td class=\"num\">%lld</td>"
				   "</tr>\n", h_num(r, "gold"),
				   h_num(r, "silver"), h_num(r, "bronze"),
				   h_num(r, "total"));
	}
	return ret | pd_buf_adds(b, "</tbody>\n</table></div>\n</section>\n");
}

/* "RND1 (6) · SFNL (3) · FNL- (1)": each phase and how many units */
static int phases(struct pd_buf *b, json_t *e)
{
	json_t *p;
	size_t i;
	int ret = 0;

	json_array_foreach(json_object_get(e, "phases"), i, p) {
		ret |= pd_buf_adds(b, i ? " · " : "");
		ret |= h_esc(b, h_str(p, "code"));
		ret |= pd_buf_addf(b, " (%zu)", json_array_size(
				   json_object_get(p, "units")));
	}
	return ret;
}

int page_sport(struct pd_buf *out, const struct page_games *pg, json_t *doc)
{
	const char *lang = pg->lang;
	const char *cols[3];
	json_t *e;
	char self[200];
	size_t i;
	int ret;

	snprintf(self, sizeof(self), "/games/%s/sports/%s", pg->code,
		 h_str(doc, "slug"));
	if ((ret = h_head(out, pg, lang, "sport", self, h_sport(lang,
			  h_str(doc, "sport")), NULL)))
		return ret;
	ret = medal_table(out, pg, json_object_get(doc, "table"));
	ret |= pd_buf_addf(out, "<section aria-labelledby=\"events-h\">\n"
			   "<h2 id=\"events-h\">%s</h2>\n", h_word(lang,
			   W_events));
	cols[0] = h_word(lang, W_event);
	cols[1] = h_word(lang, W_date);
	cols[2] = h_word(lang, W_phases);
	ret |= table_head(out, cols, 3, 3);
	json_array_foreach(json_object_get(doc, "events"), i, e) {
		ret |= pd_buf_adds(out, "<tr><th scope=\"row\">");
		ret |= event_link(out, pg, e);
		ret |= pd_buf_adds(out, "</th><td>");
		ret |= h_date(out, lang, h_str(e, "date"));
		ret |= pd_buf_adds(out, "</td><td>");
		ret |= phases(out, e);
		ret |= pd_buf_adds(out, "</td></tr>\n");
	}
	ret |= pd_buf_adds(out, "</tbody>\n</table></div>\n</section>\n");
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}

int page_events(struct pd_buf *out, const struct page_games *pg, json_t *doc)
{
	const char *lang = pg->lang, *sport = NULL;
	json_t *list = json_object_get(doc, "events"), *e;
	char self[64], slug[256];
	size_t i, n = 0;
	int ret;

	snprintf(self, sizeof(self), "/games/%s/events", pg->code);
	if ((ret = h_head(out, pg, lang, "events", self, h_word(lang,
			  W_events), NULL)))
		return ret;
	if (!json_array_size(list))
		ret |= pd_buf_addf(out, "<p>%s</p>\n", h_word(lang,
				   W_no_results));
	/* the store lists events by sport: a heading where the sport
	 * changes */
	json_array_foreach(list, i, e) {
		if (!sport || strcmp(sport, h_str(e, "sport"))) {
			if (sport)
				ret |= pd_buf_adds(out, "</ul>\n</section>\n");
			sport = h_str(e, "sport");
			pd_sport_slug(slug, sizeof(slug), sport);
			ret |= pd_buf_addf(out, "<section aria-labelledby="
					   "\"s%zu\">\n<h2 id=\"s%zu\">", n, n);
			n++;
			ret |= h_link(out, pg, "sports", slug, h_sport(lang,
				    sport));
			ret |= pd_buf_adds(out, "</h2>\n<ul class=\"events\">\n");
		}
		ret |= pd_buf_adds(out, "<li>");
		ret |= event_link(out, pg, e);
		ret |= pd_buf_adds(out, "</li>\n");
	}
	if (sport)
		ret |= pd_buf_adds(out, "</ul>\n</section>\n");
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}
