/* page_screens.c -- the screens for a venue or a broadcaster's browser
 * source, and the table other sites embed (pages.h): full window, large
 * type, no navigation, the background left out on ?transparent=1, made
 * live by web/app.js as every page is.  Only these may be framed, by the
 * origins of 'podium serve --frame-origin' (lazy_cache.c). */
#include <stdio.h>
#include <string.h>

#include "podium/render.h"
#include "pages.h"
#include "pages_int.h"

/* From the doctype to <main>: no header, no navigation. */
static int screen_head(struct pd_buf *b, const struct page_games *pg,
		       const char *page, const char *title, const char *rsc,
		       int transparent)
{
	int ret = pd_buf_addf(b, "<!doctype html>\n<html lang=\"%s\">\n<head>\n"
			      "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
			      "content=\"width=device-width, initial-scale=1\">"
			      "\n<title>", strcmp(pg->lang, "zh") ? pg->lang :
			      "zh-Hans");

	ret |= h_esc(b, title);
	ret |= pd_buf_addf(b, "</title>\n<link rel=\"stylesheet\" href=\"/style."
			   "css\">\n<script src=\"/app.js\" defer></script>\n"
			   "</head>\n<body class=\"screen%s\" data-page=\"%s\" "
			   "data-lang=\"%s\" data-games=\"", transparent ?
			   " transparent" : "", page, pg->lang);
	ret |= h_esc(b, pg->code);
	if (rsc) {
		ret |= pd_buf_adds(b, "\" data-rsc=\"");
		ret |= h_esc(b, rsc);
	}
	ret |= pd_buf_adds(b, "\">\n<main id=\"main\">\n<h1>");
	ret |= h_esc(b, title);
	return ret | pd_buf_adds(b, "</h1>\n<p id=\"status\" role=\"status\" "
				 "aria-live=\"polite\"></p>\n");
}

static int row_open(struct pd_buf *b, json_t *rank)
{
	return json_is_integer(rank) ?
	       pd_buf_addf(b, "<tr><td class=\"num\">%lld</td>",
			   (long long)json_integer_value(rank)) :
	       pd_buf_adds(b, "<tr><td></td>");
}

/* A name, its NPC and one more cell. */
static int row_rest(struct pd_buf *b, json_t *who, const char *last)
{
	int ret = pd_buf_adds(b, "<th scope=\"row\">");

	ret |= h_esc(b, h_str(who, "name"));
	ret |= pd_buf_adds(b, "</th><td>");
	ret |= h_esc(b, h_str(who, "npc"));
	ret |= pd_buf_adds(b, "</td><td>");
	ret |= h_esc(b, last);
	return ret | pd_buf_adds(b, "</td></tr>\n");
}

static int table_open(struct pd_buf *b, const char *id, const char *a,
		      const char *c, const char *d, const char *e)
{
	return pd_buf_addf(b, "<table id=\"%s\">\n<thead><tr><th scope=\"col\">"
			   "%s</th><th scope=\"col\">%s</th><th scope=\"col\">"
			   "%s</th><th scope=\"col\">%s</th></tr></thead>\n"
			   "<tbody>\n", id, a, c, d, e);
}

int page_screen_unit(struct pd_buf *out, const struct page_games *pg,
		     json_t *u, int transparent)
{
	const char *lang = pg->lang;
	json_t *rs = json_object_get(u, "results"), *r;
	json_t *sl = json_object_get(u, "start_list");
	char title[400];
	size_t i;
	int ret;

	snprintf(title, sizeof(title), "%s — %s",
		 h_str(json_object_get(u, "event"), "name"),
		 h_str(json_object_get(u, "unit"), "name"));
	ret = screen_head(out, pg, "screen-unit", title, h_str(u, "rsc"),
			  transparent);
	if (json_array_size(rs)) {
		ret |= table_open(out, "results", pd_labels(lang)->rank,
				  h_word(lang, W_athlete), pd_labels(lang)->npc,
				  h_word(lang, W_result));
		json_array_foreach(rs, i, r) {
			char mark[200];

			snprintf(mark, sizeof(mark), "%s%s%s", *h_str(r,
				 "irm") ? h_str(r, "irm") : h_str(r, "result"),
				 *h_str(r, "qualification") ? " " : "",
				 h_str(r, "qualification"));
			ret |= row_open(out, json_object_get(r, "rank"));
			ret |= row_rest(out, json_object_get(r, "participant"),
					mark);
		}
	} else {
		ret |= table_open(out, "start-list", h_word(lang, W_order),
				  h_word(lang, W_athlete), pd_labels(lang)->npc,
				  h_word(lang, W_bib));
		json_array_foreach(sl, i, r) {
			ret |= row_open(out, json_object_get(r, "order"));
			ret |= row_rest(out, json_object_get(r, "participant"),
					h_str(r, "bib"));
		}
	}
	ret |= pd_buf_adds(out, "</tbody>\n</table>\n");
	return ret ? PD_ENOMEM : h_foot(out, lang, 0);
}

#define SCREEN_ROWS 10

int page_screen_table(struct pd_buf *out, const struct page_games *pg,
		      json_t *st, int transparent, int embed)
{
	const struct pd_labels *L = pd_labels(pg->lang);
	json_t *r;
	size_t i;
	int ret = screen_head(out, pg, embed ? "embed" : "screen-table",
			      pg->name, NULL, transparent);

	ret |= pd_buf_addf(out, "<table id=\"medals\">\n<thead><tr>"
			   "<th scope=\"col\">%s</th><th scope=\"col\">%s</th>"
			   "<th scope=\"col\">%s</th><th scope=\"col\">%s</th>"
			   "<th scope=\"col\">%s</th><th scope=\"col\">%s</th>"
			   "</tr></thead>\n<tbody>\n", L->rank, L->npc, L->gold,
			   L->silver, L->bronze, L->total);
	json_array_foreach(json_object_get(st, "rows"), i, r) {
		if (i == SCREEN_ROWS && !embed)
			break;
		ret |= pd_buf_addf(out, "<tr data-npc=\"%s\"><td class=\"num\">"
				   "%lld</td><th scope=\"row\">",
				   h_str(r, "npc"), h_num(r, "rank"));
		ret |= h_esc(out, h_npc(pg, h_str(r, "npc")));
		ret |= pd_buf_adds(out, "</th>");
		ret |= h_tally_cells(out, r);
		ret |= pd_buf_adds(out, "</tr>\n");
	}
	ret |= pd_buf_adds(out, "</tbody>\n</table>\n");
	return ret ? PD_ENOMEM : h_foot(out, pg->lang, 0);
}
