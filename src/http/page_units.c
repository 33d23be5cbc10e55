/* page_units.c -- the pages of a Games' units (pages.h): a day's
 * schedule, with its days and filters as links that work without
 * script, each unit at its local time (web/app.js adds the reader's where
 * it differs); a unit's page, its start list, results with Q/q, and
 * the medals it decides; and an event's phases and units (pages_int.h),
 * each made from the API's documents (the schedule, the unit document). */
#include <stdio.h>
#include <string.h>

#include "podium/render.h"
#include "podium/units_ops.h"
#include "pages.h"
#include "pages_int.h"

/* "HH:MM" of a time's local form ("2024-08-10T20:05:00+02:00"). */
static const char *hm(json_t *when, char *out)
{
	const char *local = h_str(when, "local");

	snprintf(out, 6, "%s", strlen(local) >= 16 ? local + 11 : "");
	return out;
}

/* The unit's medal role in words ("gold medal", 金牌). */
static const char *role(const char *lang, const char *medal)
{
	const struct pd_labels *L = pd_labels(lang);

	return !strcmp(medal, "gold") ? L->gold_medal :
	       !strcmp(medal, "bronze") ? L->bronze_medal : "";
}

/* <time> of a unit's start: its local HH:MM, the UTC instant for the
 * script (which adds the reader's time where it differs). */
static int start_time(struct pd_buf *b, json_t *u)
{
	json_t *start = json_object_get(u, "start");
	char t[8];
	int ret = pd_buf_adds(b, "<time datetime=\"");

	ret |= h_esc(b, h_str(start, "utc"));
	ret |= pd_buf_adds(b, "\" data-local=\"");
	ret |= h_esc(b, hm(start, t));
	ret |= pd_buf_adds(b, "\">");
	ret |= h_esc(b, t);
	return ret | pd_buf_adds(b, "</time>");
}

/* A link to the unit's page, named by its event and unit. */
static int unit_link(struct pd_buf *b, const struct page_games *pg,
		     json_t *u, int with_event)
{
	char path[128];
	int ret;

	snprintf(path, sizeof(path), "/games/%s/units/%s", pg->code,
		 h_str(u, "rsc"));
	ret = pd_buf_adds(b, "<a ");
	ret |= h_href(b, path, pg->lang);
	ret |= pd_buf_adds(b, ">");
	if (with_event) {
		ret |= h_esc(b, h_str(json_object_get(u, "event"), "name"));
		ret |= pd_buf_adds(b, " — ");
	}
	ret |= h_esc(b, h_str(json_object_get(u, "unit"), "name"));
	return ret | pd_buf_adds(b, "</a>");
}

static int cell(struct pd_buf *b, const char *text)
{
	int ret = pd_buf_adds(b, "<td>");

	ret |= h_esc(b, text);
	return ret | pd_buf_adds(b, "</td>");
}

/* The page's head (h_head) with one more attribute of <body>,
 * data-NAME="value". */
static int body_attr(struct pd_buf *b, const struct page_games *pg,
		     const char *page, const char *self, const char *title,
		     const char *name, const char *value)
{
	struct pd_buf attr = PD_BUF_INIT;
	int ret = pd_buf_addf(&attr, " data-%s=\"", name);

	ret |= h_esc(&attr, value);
	ret |= pd_buf_addc(&attr, '"');
	if (ret == 0)
		ret = h_head(b, pg, pg->lang, page, self, title, attr.data);
	pd_buf_release(&attr);
	return ret;
}

/* -- the schedule */

/* The schedule's address for a day and filters ("" none), into out. */
static int sched_url(struct pd_buf *out, const struct page_games *pg,
		     const char *day, const char *sport, const char *venue,
		     const char *medal)
{
	const char *q[3][2] = { { "sport", sport }, { "venue", venue },
				{ "medal", medal } };
	char sep = '?';
	int ret = pd_buf_addf(out, "/games/%s/schedule/%s", pg->code, day);
	size_t i;

	for (i = 0; i < 3; i++) {
		if (!*q[i][1])
			continue;
		ret |= pd_buf_addf(out, "%c%s=", sep, q[i][0]);
		ret |= h_url(out, q[i][1]);
		sep = '&';
	}
	return ret;
}

/* A link of a filter list: current when it is the one shown. */
static int filter_link(struct pd_buf *b, const struct page_games *pg,
		       const char *day, const char *const *f, const char *text,
		       int current)
{
	struct pd_buf url = PD_BUF_INIT;
	int ret = sched_url(&url, pg, day, f[0], f[1], f[2]);

	ret |= pd_buf_adds(b, "<li><a ");
	ret |= h_href(b, url.data, pg->lang);
	ret |= pd_buf_adds(b, current ? " aria-current=\"page\">" : ">");
	ret |= h_esc(b, text);
	ret |= pd_buf_adds(b, "</a></li>");
	pd_buf_release(&url);
	return ret;
}

/* The distinct values of u[key][name] (or u[key] when name is NULL)
 * over the day's units, in order of first appearance. */
static json_t *distinct(json_t *units, const char *key, const char *name)
{
	json_t *out = json_array(), *u, *x;
	size_t i, j;

	json_array_foreach(units, i, u) {
		const char *v = name ? h_str(json_object_get(u, key), name) :
				       h_str(u, key);

		json_array_foreach(out, j, x)
			if (!strcmp(json_string_value(x), v))
				break;
		if (*v && j == json_array_size(out))
			json_array_append_new(out, json_string(v));
	}
	return out;
}

/* One list of filter links: "All", then each value. */
static int filter_list(struct pd_buf *b, const struct page_games *pg,
		       const char *day, const char *const *filter, int which,
		       const char *label, json_t *values, int sports)
{
	const char *f[3] = { filter[0], filter[1], filter[2] };
	json_t *v;
	size_t i;
	int ret = pd_buf_addf(b, "<nav class=\"filters\" aria-label=\"%s\">"
			      "<span>%s</span><ul>", label, label);

	f[which] = "";
	ret |= filter_link(b, pg, day, f, h_word(pg->lang, W_all),
			   !*filter[which]);
	json_array_foreach(values, i, v) {
		const char *s = json_string_value(v);

		f[which] = s;
		ret |= filter_link(b, pg, day, f, sports ?
				   h_sport(pg->lang, s) : s,
				   !strcmp(filter[which], s));
	}
	return ret | pd_buf_adds(b, "</ul></nav>\n");
}

static int filters(struct pd_buf *b, const struct page_games *pg,
		   const char *day, json_t *units, const char *const *filter)
{
	json_t *sports = distinct(units, "discipline", "name");
	json_t *venues = distinct(units, "venue", "name");
	json_t *medals = json_pack("[s, s]", "any", "gold");
	const char *medal_words[2] = { h_word(pg->lang, W_medal_units),
				       h_word(pg->lang, W_gold_units) };
	const char *f[3] = { filter[0], filter[1], "" };
	int ret = 0;
	size_t i;

	ret |= filter_list(b, pg, day, filter, 0, h_word(pg->lang, W_sport),
			   sports, 1);
	ret |= filter_list(b, pg, day, filter, 1, h_word(pg->lang, W_venue),
			   venues, 0);
	ret |= pd_buf_addf(b, "<nav class=\"filters\" aria-label=\"%s\">"
			   "<span>%s</span><ul>", h_word(pg->lang, W_medal),
			   h_word(pg->lang, W_medal));
	ret |= filter_link(b, pg, day, f, h_word(pg->lang, W_all),
			   !*filter[2]);
	for (i = 0; i < 2; i++) {
		f[2] = json_string_value(json_array_get(medals, i));
		ret |= filter_link(b, pg, day, f, medal_words[i],
				   !strcmp(filter[2], f[2]));
	}
	ret |= pd_buf_adds(b, "</ul></nav>\n");
	json_decref(sports);
	json_decref(venues);
	json_decref(medals);
	return ret;
}

static int kept(json_t *u, const char *const *filter)
{
	const char *medal = h_str(u, "medal");

	return (!*filter[0] || !strcmp(filter[0], h_str(json_object_get(
			u, "discipline"), "name"))) &&
	       (!*filter[1] || !strcmp(filter[1], h_str(json_object_get(
			u, "venue"), "name"))) &&
	       (!*filter[2] || (!strcmp(filter[2], "any") ? *medal != '\0' :
				!strcmp(filter[2], medal)));
}

static int sched_row(struct pd_buf *b, const struct page_games *pg,
		     json_t *u)
{
	int ret = pd_buf_adds(b, "<tr id=\"u-");

	ret |= h_esc(b, h_str(u, "rsc"));
	ret |= pd_buf_adds(b, "\"><td>");
	ret |= start_time(b, u);
	ret |= pd_buf_adds(b, "</td>");
	ret |= cell(b, h_sport(pg->lang, h_str(json_object_get(
			u, "discipline"), "name")));
	ret |= pd_buf_adds(b, "<th scope=\"row\">");
	ret |= unit_link(b, pg, u, 1);
	ret |= pd_buf_adds(b, "</th>");
	ret |= cell(b, h_str(json_object_get(u, "venue"), "name"));
	ret |= cell(b, pd_unit_status_word(pg->lang, h_str(u, "status")));
	ret |= pd_buf_adds(b, "<td>");
	if (*h_str(u, "medal"))
		ret |= h_medal_cell(b, pg->lang, h_str(u, "medal"));
	ret |= h_esc(b, role(pg->lang, h_str(u, "medal")));
	return ret | pd_buf_adds(b, "</td></tr>\n");
}

static int days_nav(struct pd_buf *b, const struct page_games *pg,
		    json_t *days, const char *day, const char *const *filter)
{
	json_t *d;
	size_t i;
	int ret = pd_buf_addf(b, "<nav class=\"days\" aria-label=\"%s\"><ul>",
			      h_word(pg->lang, W_days));

	json_array_foreach(days, i, d) {
		struct pd_buf text = PD_BUF_INIT;

		ret |= h_date(&text, pg->lang, json_string_value(d));
		ret |= filter_link(b, pg, json_string_value(d), filter,
				   text.data, !strcmp(day,
						      json_string_value(d)));
		pd_buf_release(&text);
	}
	return ret | pd_buf_adds(b, "</ul></nav>\n");
}

int page_schedule(struct pd_buf *out, const struct page_games *pg,
		  json_t *doc, const char *const *filter)
{
	const char *lang = pg->lang, *day = h_str(doc, "date");
	const char *cols[6] = { h_word(lang, W_time), h_word(lang, W_sport),
				h_word(lang, W_unit), h_word(lang, W_venue),
				h_word(lang, W_status), h_word(lang, W_medal) };
	json_t *units = json_object_get(doc, "units"), *u;
	struct pd_buf title = PD_BUF_INIT;
	char self[96];
	size_t i, n = 0, gold = 0;
	int ret;

	ret = pd_buf_addf(&title, "%s · ", h_word(lang, W_schedule));
	ret |= h_date(&title, lang, day);
	snprintf(self, sizeof(self), "/games/%s/schedule/%s", pg->code, day);
	ret |= body_attr(out, pg, "schedule", self, title.data, "date", day);
	pd_buf_release(&title);
	ret |= pd_buf_addf(out, "<p class=\"zone\">%s: ",
			   h_word(lang, W_zone));
	ret |= h_esc(out, h_str(doc, "zone"));
	ret |= pd_buf_adds(out, "</p>\n");
	ret |= days_nav(out, pg, json_object_get(doc, "days"), day, filter);
	ret |= filters(out, pg, day, units, filter);
	ret |= pd_buf_adds(out, "<div class=\"table-wrap\"><table id=\"units\">"
			   "\n");
	ret |= h_thead(out, cols, 6, 0);
	ret |= pd_buf_adds(out, "<tbody>\n");
	json_array_foreach(units, i, u) {
		if (!kept(u, filter))
			continue;
		n++;
		gold += !strcmp(h_str(u, "medal"), "gold");
		ret |= sched_row(out, pg, u);
	}
	ret |= pd_buf_adds(out, "</tbody>\n</table></div>\n");
	ret |= pd_buf_addf(out, "<p id=\"count\">%s: %zu · %s: %zu</p>\n",
			   h_word(lang, W_units), n,
			   h_word(lang, W_gold_units), gold);
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}

/* -- a unit */

static int unit_facts(struct pd_buf *b, const struct page_games *pg,
		      json_t *u)
{
	const char *lang = pg->lang;
	json_t *start = json_object_get(u, "start");
	struct pd_buf when = PD_BUF_INIT;
	char t[8];
	int ret = pd_buf_adds(b, "<dl class=\"facts\">\n");

	ret |= h_fact(b, h_word(lang, W_sport), h_sport(lang, h_str(
			json_object_get(u, "discipline"), "name")));
	ret |= h_date(&when, lang, h_str(u, "day"));
	ret |= pd_buf_addf(&when, " %s (%s)", hm(start, t),
			   h_str(start, "zone"));
	ret |= h_fact(b, h_word(lang, W_time), when.data);
	pd_buf_release(&when);
	ret |= h_fact(b, h_word(lang, W_venue), h_str(json_object_get(u,
							"venue"), "name"));
	ret |= h_fact(b, h_word(lang, W_status), pd_unit_status_word(lang,
						h_str(u, "status")));
	if (*h_str(u, "medal"))
		ret |= h_fact(b, h_word(lang, W_medal), role(lang, h_str(u,
							     "medal")));
	ret |= h_fact(b, h_word(lang, W_code), h_str(u, "rsc"));
	return ret | pd_buf_adds(b, "</dl>\n");
}

static int table_open(struct pd_buf *b, const char *id, const char *title,
		      const char *const *cols, size_t n)
{
	int ret = pd_buf_addf(b, "<h2>%s</h2>\n<div class=\"table-wrap\">"
			      "<table id=\"%s\">\n", title, id);

	ret |= h_thead(b, cols, n, 0);
	return ret | pd_buf_adds(b, "<tbody>\n");
}

static int num_cell(struct pd_buf *b, json_t *v)
{
	return json_is_integer(v) ?
	       pd_buf_addf(b, "<td class=\"num\">%lld</td>",
			   (long long)json_integer_value(v)) :
	       pd_buf_adds(b, "<td></td>");
}

static int who_cells(struct pd_buf *b, const struct page_games *pg,
		     json_t *who)
{
	int ret = pd_buf_adds(b, "<th scope=\"row\">");

	ret |= h_esc(b, h_str(who, "name"));
	ret |= pd_buf_adds(b, "</th><td><abbr title=\"");
	ret |= h_esc(b, h_npc(pg, h_str(who, "npc")));
	ret |= pd_buf_adds(b, "\">");
	ret |= h_esc(b, h_str(who, "npc"));
	return ret | pd_buf_adds(b, "</abbr></td>");
}

static int start_list(struct pd_buf *b, const struct page_games *pg,
		      json_t *u)
{
	const char *lang = pg->lang;
	const char *cols[4] = { h_word(lang, W_order), h_word(lang, W_bib),
				h_word(lang, W_athlete), pd_labels(lang)->npc };
	json_t *e;
	size_t i;
	int ret = table_open(b, "start-list", h_word(lang, W_start_list),
			     cols, 4);

	json_array_foreach(json_object_get(u, "start_list"), i, e) {
		ret |= pd_buf_adds(b, "<tr>");
		ret |= num_cell(b, json_object_get(e, "order"));
		ret |= cell(b, h_str(e, "bib"));
		ret |= who_cells(b, pg, json_object_get(e, "participant"));
		ret |= pd_buf_adds(b, "</tr>\n");
	}
	return ret | pd_buf_adds(b, "</tbody>\n</table></div>\n");
}

/* The medal the unit gives participant code ("" none). */
static const char *medal_of(json_t *u, const char *code)
{
	json_t *m;
	size_t i;

	json_array_foreach(json_object_get(u, "medals"), i, m)
		if (!strcmp(h_str(json_object_get(m, "participant"), "code"),
			    code))
			return h_str(m, "medal");
	return "";
}

static int results(struct pd_buf *b, const struct page_games *pg, json_t *u)
{
	static const char *const keys[] = { "result", "irm", "diff",
					    "qualification", "wlt" };
	const char *lang = pg->lang;
	const char *cols[9] = { pd_labels(lang)->rank, h_word(lang, W_athlete),
				pd_labels(lang)->npc, h_word(lang, W_result),
				h_word(lang, W_irm), h_word(lang, W_diff),
				h_word(lang, W_qualification),
				h_word(lang, W_wlt), h_word(lang, W_medal) };
	json_t *rs = json_object_get(u, "results"), *r;
	size_t i, k;
	int ret;

	if (!json_array_size(rs))
		return pd_buf_addf(b, "<h2>%s</h2>\n<p>%s</p>\n",
				   h_word(lang, W_results),
				   h_word(lang, W_no_results));
	ret = table_open(b, "results", h_word(lang, W_results), cols, 9);
	json_array_foreach(rs, i, r) {
		json_t *who = json_object_get(r, "participant");

		ret |= pd_buf_adds(b, "<tr>");
		ret |= num_cell(b, json_object_get(r, "rank"));
		ret |= who_cells(b, pg, who);
		for (k = 0; k < 5; k++)
			ret |= cell(b, h_str(r, keys[k]));
		ret |= pd_buf_adds(b, "<td>");
		ret |= h_medal_cell(b, lang, medal_of(u, h_str(who, "code")));
		ret |= pd_buf_adds(b, "</td></tr>\n");
	}
	ret |= pd_buf_adds(b, "</tbody>\n</table></div>\n");
	if (json_array_size(json_object_get(u, "medals")) &&
	    !strcmp(h_str(json_array_get(json_object_get(u, "medals"), 0),
			  "state"), "provisional"))
		ret |= pd_buf_addf(b, "<p>%s</p>\n", h_word(lang,
							   W_provisional));
	return ret;
}

int page_unit(struct pd_buf *out, const struct page_games *pg, json_t *u)
{
	const char *lang = pg->lang;
	struct pd_buf title = PD_BUF_INIT;
	char self[96];
	int ret = 0;

	ret |= pd_buf_addf(&title, "%s — %s", h_str(json_object_get(u,
				"event"), "name"), h_str(json_object_get(u,
				"unit"), "name"));
	snprintf(self, sizeof(self), "/games/%s/units/%s", pg->code,
		 h_str(u, "rsc"));
	ret |= body_attr(out, pg, "unit", self, title.data, "rsc",
			 h_str(u, "rsc"));
	pd_buf_release(&title);
	ret |= unit_facts(out, pg, u);
	ret |= start_list(out, pg, u);
	ret |= results(out, pg, u);
	return ret ? PD_ENOMEM : h_foot(out, lang, 1);
}

/* -- an event's phases (pages_int.h) */

int h_phases(struct pd_buf *b, const struct page_games *pg, json_t *phases)
{
	const char *lang = pg->lang;
	json_t *p, *u;
	size_t i, j;
	int ret;

	if (!json_array_size(phases))
		return 0;
	ret = pd_buf_addf(b, "<h2>%s</h2>\n", h_word(lang, W_phases));
	json_array_foreach(phases, i, p) {
		ret |= pd_buf_adds(b, "<h3>");
		ret |= h_esc(b, h_str(p, "name"));
		ret |= pd_buf_addf(b, "</h3>\n<ul class=\"units\">\n");
		json_array_foreach(json_object_get(p, "units"), j, u) {
			ret |= pd_buf_adds(b, "<li>");
			ret |= unit_link(b, pg, u, 0);
			ret |= pd_buf_adds(b, " · ");
			ret |= h_date(b, lang, h_str(u, "day"));
			ret |= pd_buf_adds(b, " ");
			ret |= start_time(b, u);
			ret |= pd_buf_adds(b, " · ");
			ret |= h_esc(b, *h_str(u, "status") ?
				     pd_unit_status_word(lang, h_str(u,
								 "status")) :
				     "—");
			ret |= pd_buf_adds(b, "</li>\n");
		}
		ret |= pd_buf_adds(b, "</ul>\n");
	}
	return ret;
}
