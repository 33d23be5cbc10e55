/* pages.c -- the public site's pages, HTML made from the API's JSON
 * documents (pages.h): complete without script, every string escaped,
 * the words from the catalogue (podium/words.h) for the page and its
 * script. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/date_words.h"
#include "podium/error.h"
#include "podium/render.h"
#include "podium/words.h"
#include "pages.h"
#include "pages_int.h"

/* the keys of the catalogue of words (podium/words.h) */
static const char *const words[W_COUNT] = {
#define X(k, en) en,
	WORDS(X)
#undef X
};

/* The languages of the site, each with its name in itself for the
 * language links: a language is its po/LANG.po and a line here. */
static const char *const langs[][2] = {
	{ "en", "English" }, { "zh", "中文" }, { "fr", "Français" },
};
#define NLANGS (sizeof(langs) / sizeof(langs[0]))

static const char *const word_keys[W_COUNT] = {
#define X(k, en) #k,
	WORDS(X)
#undef X
};

const char *page_lang(const char *arg)
{
	const char *lang = pd_lang(arg);

	return lang && !strcmp(lang, arg) ? lang : "en";
}

const char *h_word(const char *lang, enum word k)
{
	return pd_word(lang, words[k]);
}

/* Escaped for text and for attribute values in double quotes. */
int h_esc(struct pd_buf *b, const char *s)
{
	return pd_buf_addhtml(b, s);
}

/* Escaped for a URL's path segment or query value. */
int h_url(struct pd_buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p;
	int ret = 0;

	for (p = (const unsigned char *)(s ? s : ""); *p && ret == 0; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-_.~", *p))
			ret = pd_buf_addc(b, (char)*p);
		else
			ret = pd_buf_addf(b, "%%%c%c", hex[*p >> 4],
					  hex[*p & 15]);
	return ret;
}

/* (pages_int.h) */
int h_fact(struct pd_buf *b, const char *term, const char *value)
{
	int ret = pd_buf_adds(b, "<dt>");

	ret |= h_esc(b, term);
	ret |= pd_buf_adds(b, "</dt><dd>");
	ret |= h_esc(b, value);
	return ret | pd_buf_adds(b, "</dd>\n");
}

const char *h_str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

long long h_num(json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

int h_thead(struct pd_buf *b, const char *const *cols, size_t n,
	    unsigned num)
{
	size_t i;
	int ret = pd_buf_adds(b, "<thead><tr>");

	for (i = 0; i < n; i++)
		ret |= pd_buf_addf(b, "<th scope=\"col\"%s>%s</th>",
				   num >> i & 1 ? " class=\"num\"" : "",
				   cols[i]);
	return ret | pd_buf_adds(b, "</tr></thead>\n");
}

int h_tally_cells(struct pd_buf *b, json_t *row)
{
	static const char *const keys[] = { "gold", "silver", "bronze",
					    "total" };
	size_t i;
	int ret = 0;

	for (i = 0; i < 4; i++)
		ret |= pd_buf_addf(b, "<td class=\"num\">%lld</td>",
				   h_num(row, keys[i]));
	return ret;
}

/* An NPC's or a Games' name in lang, from {"en": ..., "zh": ...}. */
const char *h_name(json_t *names, const char *lang)
{
	const char *s = json_string_value(json_object_get(names, lang));

	return s && *s ? s : h_str(names, "en");
}

/* The words of the page and the table, for the script. */
static int words_json(struct pd_buf *b)
{
	json_t *all = json_object();
	char *text;
	size_t l, k;
	int ret;

	for (l = 0; l < NLANGS; l++) {
		const struct pd_labels *t = pd_labels(langs[l][0]);
		json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, "
				      "s:s}", "rank", t->rank, "npc", t->npc,
				      "gold", t->gold, "silver", t->silver,
				      "bronze", t->bronze, "total", t->total,
				      "totals", t->totals, "host", t->host);

		for (k = 0; o && k < W_COUNT; k++)
			json_object_set_new(o, word_keys[k],
					    json_string(h_word(langs[l][0],
							   (enum word)k)));
		json_object_set_new(all, langs[l][0], o);
	}
	text = json_dumps(all, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(all);
	if (!text)
		return PD_ENOMEM;
	/* "</" cannot end the script element early: JSON may write "<\/" */
	ret = pd_buf_adds(b, "<script type=\"application/json\" id=\"words\">");
	for (const char *p = text; *p && ret == 0; p++)
		ret = *p == '<' ? pd_buf_adds(b, "\\u003c") :
		      pd_buf_addc(b, *p);
	free(text);
	return ret ? ret : pd_buf_adds(b, "</script>\n");
}

/* A link to path (already a URL) in lang. */
int h_href(struct pd_buf *b, const char *path, const char *lang)
{
	int ret = pd_buf_adds(b, "href=\"");

	if (!ret)
		ret = h_esc(b, path);
	if (!ret)
		ret = pd_buf_addf(b, "%slang=%s\"", strchr(path, '?') ? "&amp;" :
				  "?", lang);
	return ret;
}

/* From the doctype to the end of the header.  self is this page's path
 * and query but for lang, for the language links. */
int h_head(struct pd_buf *b, const struct page_games *pg,
		const char *lang, const char *page, const char *self,
		const char *title, const char *body_attrs)
{
	int ret = 0;

	ret |= pd_buf_addf(b, "<!doctype html>\n<html lang=\"%s\">\n<head>\n"
			   "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
			   "content=\"width=device-width, initial-scale=1\">\n"
			   "<title>", strcmp(lang, "zh") ? lang : "zh-Hans");
	ret |= h_esc(b, title);
	ret |= pd_buf_adds(b, "</title>\n<link rel=\"stylesheet\" "
			   "href=\"/style.css\">\n<script src=\"/app.js\" "
			   "defer></script>\n</head>\n");
	ret |= pd_buf_addf(b, "<body data-page=\"%s\" data-lang=\"%s\"", page,
			   lang);
	if (pg) {
		ret |= pd_buf_adds(b, " data-games=\"");
		ret |= h_esc(b, pg->code);
		ret |= pd_buf_adds(b, "\"");
	}
	ret |= pd_buf_adds(b, body_attrs ? body_attrs : "");
	ret |= pd_buf_addf(b, ">\n<a class=\"skip\" href=\"#main\">%s</a>\n"
			   "<header>\n<nav class=\"crumbs\" aria-label=\"%s\">"
			   "<a ", h_word(lang, W_skip), h_word(lang, W_site));
	ret |= h_href(b, "/games", lang);
	ret |= pd_buf_addf(b, ">%s</a>", h_word(lang, W_all_games));
	if (pg) {
		char path[64];

		snprintf(path, sizeof(path), "/games/%s", pg->code);
		ret |= pd_buf_adds(b, " › <a ");
		ret |= h_href(b, path, lang);
		ret |= pd_buf_adds(b, ">");
		ret |= h_esc(b, pg->name);
		ret |= pd_buf_adds(b, "</a> · <a ");
		snprintf(path, sizeof(path), "/games/%s/about", pg->code);
		ret |= h_href(b, path, lang);
		ret |= pd_buf_addf(b, ">%s</a> · <a ", h_word(lang,
				   W_overview));
		snprintf(path, sizeof(path), "/games/%s/events", pg->code);
		ret |= h_href(b, path, lang);
		ret |= pd_buf_addf(b, ">%s</a> · <a ", h_word(lang, W_events));
		snprintf(path, sizeof(path), "/games/%s/records", pg->code);
		ret |= h_href(b, path, lang);
		ret |= pd_buf_addf(b, ">%s</a>", h_word(lang, W_records));
	}
	ret |= pd_buf_adds(b, "</nav>\n<h1 id=\"title\">");
	ret |= h_esc(b, title);
	ret |= pd_buf_addf(b, "</h1>\n<nav class=\"switch\" aria-label=\"%s\">",
			   h_word(lang, W_language));
	for (size_t i = 0; i < NLANGS; i++) {
		ret |= pd_buf_addf(b, "<a data-lang=\"%s\" lang=\"%s\" ",
				   langs[i][0], langs[i][0]);
		ret |= h_href(b, self, langs[i][0]);
		ret |= pd_buf_addf(b, "%s>%s</a>", strcmp(lang, langs[i][0]) ?
				   "" : " aria-current=\"true\"", langs[i][1]);
	}
	ret |= pd_buf_adds(b, "</nav>\n<p id=\"status\" role=\"status\" "
			   "aria-live=\"polite\"></p>\n</header>\n"
			   "<main id=\"main\">\n");
	return ret ? PD_ENOMEM : 0;
}

int h_foot(struct pd_buf *b, const char *lang, int live)
{
	int ret = pd_buf_adds(b, "</main>\n<footer>");

	if (!ret && live)
		ret = pd_buf_addf(b, "<p class=\"live-only\" hidden>%s</p>",
				  h_word(lang, W_footer));
	if (!ret)
		ret = pd_buf_adds(b, "</footer>\n");
	if (!ret)
		ret = words_json(b);
	return ret ? ret : pd_buf_adds(b, "</body>\n</html>\n");
}

const char *h_sport(const char *lang, const char *sport)
{
	return pd_sport_name(sport, lang);
}

const char *h_npc(const struct page_games *pg, const char *code)
{
	const struct pd_npc *n = pg->reg && *code ?
				 pd_registry_code(pg->reg, code) : NULL;

	return n ? pd_npc_name_at(pg->reg, n, pg->lang, pg->year) : code;
}

int h_date(struct pd_buf *b, const char *lang, const char *iso)
{
	char said[64];

	if (strlen(iso) >= sizeof(said))
		return h_esc(b, iso);
	pd_date_words(said, sizeof(said), iso, lang);
	return h_esc(b, said);
}

const char *h_medal_word(const char *lang, const char *medal)
{
	const struct pd_labels *t = pd_labels(lang);

	return !strcmp(medal, "gold") ? t->gold : !strcmp(medal, "silver") ?
	       t->silver : !strcmp(medal, "bronze") ? t->bronze : "";
}

/* A medal as a coloured dot and its word. */
int h_medal_cell(struct pd_buf *b, const char *lang, const char *medal)
{
	if (!*medal)
		return 0;
	return pd_buf_addf(b, "<span class=\"dot %s\" aria-hidden=\"true\">"
			   "</span>%s", medal, h_medal_word(lang, medal));
}

int page_error(struct pd_buf *out, const char *lang, int status,
	       const char *why)
{
	const char *title = h_word(lang, status == 404 ? W_not_found : W_error);
	int ret = h_head(out, NULL, lang, "error", "/games", title, NULL);

	if (!ret)
		ret = pd_buf_adds(out, "<p class=\"why\">");
	if (!ret)
		ret = h_esc(out, why);
	if (!ret)
		ret = pd_buf_addf(out, " (%d)</p>\n<p><a ", status);
	if (!ret)
		ret = h_href(out, "/games", lang);
	if (!ret)
		ret = pd_buf_addf(out, ">%s</a></p>\n", h_word(lang, W_all_games));
	return ret ? ret : h_foot(out, lang, 0);
}

int page_games(struct pd_buf *out, const char *lang, json_t *doc,
	       const struct pd_registry *reg)
{
	json_t *list = json_object_get(doc, "games"), *g;
	const char *title = h_word(lang, W_site);
	size_t i;
	int ret = h_head(out, NULL, lang, "games", "/games", title, NULL);

	if (!ret && !json_array_size(list))
		ret = pd_buf_addf(out, "<p>%s</p>\n", h_word(lang, W_no_games));
	if (!ret && json_array_size(list))
		ret = pd_buf_addf(out, "<div class=\"table-wrap\"><table "
				  "id=\"games\">\n<thead><tr><th scope=\"col\">"
				  "%s</th><th scope=\"col\" class=\"num\">%s"
				  "</th><th scope=\"col\">%s</th><th scope="
				  "\"col\" class=\"num\">%s</th></tr></thead>"
				  "\n<tbody>\n", h_word(lang, W_games),
				  h_word(lang, W_year), h_word(lang, W_host_heading),
				  h_word(lang, W_medals_count));
	json_array_foreach(list, i, g) {
		struct page_games pg = { 0 };
		char path[64];

		if (ret)
			break;
		snprintf(path, sizeof(path), "/games/%s", h_str(g, "code"));
		ret |= pd_buf_adds(out, "<tr data-games=\"");
		ret |= h_esc(out, h_str(g, "code"));
		ret |= pd_buf_adds(out, "\"><th scope=\"row\"><a ");
		ret |= h_href(out, path, lang);
		ret |= pd_buf_adds(out, ">");
		ret |= h_esc(out, h_name(json_object_get(g, "name"), lang));
		ret |= pd_buf_adds(out, "</a> <span class=\"code\">");
		ret |= h_esc(out, h_str(g, "code"));
		ret |= pd_buf_addf(out, "</span></th><td class=\"num\">%lld"
				   "</td><td>", h_num(g, "year"));
		pg.lang = lang;
		pg.reg = reg;
		pg.year = (long)h_num(g, "year");
		ret |= h_esc(out, h_npc(&pg, h_str(g, "host")));
		ret |= pd_buf_addf(out, "</td><td class=\"num\">%lld</td>"
				   "</tr>\n", h_num(g, "medals"));
	}
	if (!ret && json_array_size(list))
		ret = pd_buf_adds(out, "</tbody>\n</table></div>\n");
	return ret ? PD_ENOMEM : h_foot(out, lang, 0);
}

/* How far the Games' results go while they do not cover its published
 * table (the standings' "results": {"events", "of"}): "results for 1 of
 * 519 events", in the caption, so that a reader of either table knows. */
void h_cover_text(char *out, size_t size, json_t *r, const char *lang)
{
	struct pd_cover c;

	memset(&c, 0, sizeof(c));
	c.published[0] = '*';
	c.done = (long)json_integer_value(json_object_get(r, "events"));
	c.known = (long)json_integer_value(json_object_get(r, "of"));
	pd_cover_text(out, size, &c, lang);
}

int h_cover(struct pd_buf *b, json_t *doc, const char *lang)
{
	json_t *r = json_object_get(doc, "results");
	char text[160];

	if (!json_is_object(r))
		return 0;
	h_cover_text(text, sizeof(text), r, lang);
	return pd_buf_addf(b, " <span class=\"cover\">(%s)</span>", text);
}
