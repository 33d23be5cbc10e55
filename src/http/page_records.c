/* page_records.c -- a Games' records page (pages.h: page_records()),
 * made from GET /api/games/G/records: the records set at these Games,
 * every record in force of their events, and the records those
 * replaced (the badge a result that set one carries, linking here, is
 * page_view.c's). */
#include <stdio.h>
#include <string.h>

#include "podium/error.h"
#include "pages_int.h"

/* The event of group g: a link to the Games' event when it has one. */
static int event_cell(struct pd_buf *b, const struct page_games *pg,
		      json_t *g)
{
	char title[400], num[24];
	json_t *id = json_object_get(g, "event_id");

	snprintf(title, sizeof(title), "%s · %s%s%s", h_sport(pg->lang,
		 h_str(g, "sport")), h_str(g, "event"),
		 *h_str(g, "class") ? " " : "", h_str(g, "class"));
	if (!json_is_integer(id))
		return h_esc(b, title);
	snprintf(num, sizeof(num), "%lld", (long long)json_integer_value(id));
	return h_link(b, pg, "events", num, title);
}

/* A record of group g as a row: event, kind, mark, holder, date and the
 * Games it was set at. */
static int row(struct pd_buf *b, const struct page_games *pg, json_t *g,
	       json_t *r)
{
	int ret = pd_buf_adds(b, "<tr><th scope=\"row\">");

	ret |= event_cell(b, pg, g);
	ret |= pd_buf_adds(b, "</th><td>");
	ret |= h_esc(b, h_str(g, "kind"));
	ret |= pd_buf_adds(b, "</td><td class=\"num\">");
	ret |= h_esc(b, h_str(r, "mark"));
	ret |= pd_buf_adds(b, "</td><td>");
	ret |= h_esc(b, h_str(r, "holder"));
	ret |= pd_buf_adds(b, " (");
	ret |= h_esc(b, h_npc(pg, h_str(r, "npc")));
	ret |= pd_buf_adds(b, ")</td><td>");
	ret |= h_date(b, pg->lang, h_str(r, "date"));
	ret |= pd_buf_adds(b, "</td><td>");
	ret |= h_esc(b, h_str(r, "games"));
	return ret | pd_buf_adds(b, "</td></tr>\n");
}

enum part { SET_HERE, IN_FORCE, HISTORY };

/* Does record r of the document belong in part p? */
static int in_part(enum part p, const char *games, json_t *r)
{
	int force = json_is_true(json_object_get(r, "in_force"));

	return p == SET_HERE ? !strcmp(h_str(r, "games"), games) :
	       p == IN_FORCE ? force : !force;
}

static int part(struct pd_buf *b, const struct page_games *pg, json_t *doc,
		enum part p, const char *id, enum word title)
{
	const char *lang = pg->lang;
	const enum word cols[] = { W_event, W_record_kind, W_mark, W_holder,
				   W_date, W_set_at };
	json_t *g, *r;
	size_t i, j, n = 0;
	int ret;

	ret = pd_buf_addf(b, "<section aria-labelledby=\"%s\">\n<h2 id=\"%s\">"
			  "%s</h2>\n", id, id, h_word(lang, title));
	json_array_foreach(json_object_get(doc, "records"), i, g)
		json_array_foreach(json_object_get(g, "history"), j, r) {
			if (!in_part(p, pg->code, r))
				continue;
			if (!n++) {
				ret |= pd_buf_adds(b, "<div class=\"table-wrap\">"
						   "<table>\n<thead><tr>");
				for (size_t c = 0; c < 6; c++)
					ret |= pd_buf_addf(b, "<th scope=\"col\""
							   "%s>%s</th>", c == 2 ?
							   " class=\"num\"" : "",
							   h_word(lang, cols[c]));
				ret |= pd_buf_adds(b, "</tr></thead>\n<tbody>\n");
			}
			ret |= row(b, pg, g, r);
		}
	if (n)
		ret |= pd_buf_adds(b, "</tbody>\n</table></div>\n");
	else
		ret |= pd_buf_addf(b, "<p>%s</p>\n", h_word(lang, W_none));
	return ret | pd_buf_adds(b, "</section>\n");
}

int page_records(struct pd_buf *out, const struct page_games *pg,
		 json_t *doc)
{
	const char *lang = pg->lang;
	char self[64];
	int ret;

	snprintf(self, sizeof(self), "/games/%s/records", pg->code);
	if ((ret = h_head(out, pg, lang, "records", self, h_word(lang,
			  W_records), NULL)))
		return ret;
	if (!json_array_size(json_object_get(doc, "records"))) {
		ret = pd_buf_addf(out, "<p>%s</p>\n", h_word(lang,
				  W_no_records));
		return ret ? PD_ENOMEM : h_foot(out, lang, 1);
	}
	ret = part(out, pg, doc, SET_HERE, "set-here", W_set_here);
	ret |= part(out, pg, doc, IN_FORCE, "in-force", W_in_force);
	ret |= part(out, pg, doc, HISTORY, "history", W_history);
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}
