/* unit_json.c -- the unit document (units_ops.h): one unit of a Games,
 * its names, times at its zone, venue, status and medal role, its start
 * list, its results and the medals it decides, built once here for the
 * API, the CLI's --format json and the stream's `unit` messages; the
 * CLI's csv and html are made from the same tree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/csv.h"
#include "podium/render.h"
#include "podium/store_units.h"
#include "podium/units_ops.h"
#include "podium/unitset.h"
#include "podium/words.h"
#include "app_int.h"

/* A string, or null when it is empty. */
static json_t *opt(const char *s)
{
	return s && *s ? app_json_str(s) : json_null();
}

/* (units_ops.h) */
const char *pd_unit_status_word(const char *lang, const char *status)
{
	static const char *const words[][2] = {
		{ "scheduled", C_("unit status", "scheduled") },
		{ "delayed", C_("unit status", "delayed") },
		{ "running", C_("unit status", "running") },
		{ "interrupted", C_("unit status", "interrupted") },
		{ "unofficial", C_("unit status", "unofficial") },
		{ "official", C_("unit status", "official") },
		{ "finished", C_("unit status", "finished") },
		{ "cancelled", C_("unit status", "cancelled") },
		{ "postponed", C_("unit status", "postponed") },
		{ "rescheduled", C_("unit status", "rescheduled") },
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (!strcmp(status, words[i][0]))
			return pd_word(lang, words[i][1]);
	return status;
}

/* (units_ops.h) */
int pd_unit_decided(const char *status)
{
	return !strcmp(status, "official") || !strcmp(status, "finished");
}

/* {"utc", "local", "zone"} of a UTC time at the unit's zone; null when
 * it has none. */
static json_t *when(const char *games, const char *venue, const char *utc)
{
	char local[40];
	long long t;
	time_t lt;
	struct tm tm;
	const char *zone;
	int off;

	if (!utc || !*utc || pd_unit_time_parse(utc, &t) < 0)
		return json_null();
	zone = app_unit_zone(games, venue, t, &off);
	lt = (time_t)(t + off);
	gmtime_r(&lt, &tm);
	strftime(local, 20, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(local + 19, sizeof(local) - 19, "%c%02d:%02d",
		 off < 0 ? '-' : '+', abs(off) / 3600, abs(off) % 3600 / 60);
	return json_pack("{s:o, s:s, s:s}", "utc", app_json_str(utc),
			 "local", local, "zone", zone);
}

/* The phase's name, from its unit's: the part before " - " ("Round 1"
 * of "Round 1 - Heat 2"), else without a unit's number at its end
 * ("Semi-Final" of "Semi-Final 1") unless the phase's code ends in a
 * digit (RND1's "Round 1" is the phase). */
static json_t *phase_name(const char *unit, const char *code)
{
	const char *dash = strstr(unit, " - ");
	size_t n = dash ? (size_t)(dash - unit) : strlen(unit), d = n;

	while (!dash && d && unit[d - 1] >= '0' && unit[d - 1] <= '9')
		d--;
	if (!dash && d < n && d > 1 && unit[d - 1] == ' ' &&
	    !(code[3] >= '0' && code[3] <= '9'))
		n = d - 1;
	return json_stringn(unit, n);
}

/* (app_int.h) a unit's head: its names, times, venue, status, role */
json_t *app_unit_head(const char *games, const struct pd_unit_rec *u)
{
	char disc[4], phase[5], unit[9], gender[2] = { u->rsc[3], '\0' };

	snprintf(disc, sizeof(disc), "%.3s", u->rsc);
	snprintf(phase, sizeof(phase), "%.4s", u->rsc + 22);
	snprintf(unit, sizeof(unit), "%.8s", u->rsc + 26);
	return json_pack("{s:o, s:o, s:{s:s, s:o}, s:{s:o, s:o, s:s}, "
			 "s:{s:s, s:o}, s:{s:s, s:o}, s:o, s:o, s:o, s:o, "
			 "s:o, s:o}",
			 "rsc", app_json_str(u->rsc),
			 "kind", app_json_str(u->kind),
			 "discipline", "code", disc, "name",
			 app_json_str(u->discipline),
			 "event", "code", app_json_str(u->event_code), "name",
			 app_json_str(u->event), "gender", gender,
			 "phase", "code", phase, "name",
			 phase_name(u->phase, phase),
			 "unit", "code", unit, "name", app_json_str(u->phase),
			 "status", opt(u->status),
			 "start", when(games, u->venue, u->start),
			 "end", when(games, u->venue, u->end),
			 "day", opt(u->day),
			 "venue", *u->venue || *u->location ?
			 json_pack("{s:o, s:o}", "name", opt(u->venue),
				   "location", opt(u->location)) : json_null(),
			 "medal", opt(u->medal));
}

/* -- reading one unit */

struct unit_read {
	const char *games;
	json_t *head;
	json_t *start_list, *results;
	int err;
};

static int take_head(const struct pd_unit_rec *u, void *arg)
{
	struct unit_read *r = arg;

	if (r->head)
		return 0;
	r->head = app_unit_head(r->games, u);
	if (r->head)
		json_object_set_new(r->head, "status_decided",
				    json_boolean(pd_unit_decided(u->status)));
	return r->head ? 0 : PD_ENOMEM;
}

static json_t *participant(const struct pd_unit_result_rec *x)
{
	return json_pack("{s:o, s:o, s:o, s:b}", "code",
			 app_json_str(x->participant), "name",
			 app_json_str(x->name), "npc", opt(x->npc),
			 "team", x->team);
}

static int has_result(const struct pd_unit_result_rec *x)
{
	return x->rank || *x->result || *x->irm || *x->wlt;
}

static int take_row(const struct pd_unit_result_rec *x, void *arg)
{
	struct unit_read *r = arg;
	json_t *s, *o = NULL;

	s = json_pack("{s:o, s:o, s:o}", "order", x->start_order ?
		      json_integer(x->start_order) : json_null(), "bib",
		      opt(x->bib), "participant", participant(x));
	if (!s || json_array_append_new(r->start_list, s) < 0)
		return PD_ENOMEM;
	if (!has_result(x))
		return 0;
	o = json_pack("{s:o, s:b, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
		      "rank", x->rank ? json_integer(x->rank) : json_null(),
		      "tied", 0, "participant", participant(x),
		      "result", opt(x->result), "result_type",
		      opt(x->result_type), "irm", opt(x->irm), "diff",
		      opt(x->diff), "qualification", opt(x->qualification),
		      "wlt", opt(x->wlt));
	return o && json_array_append_new(r->results, o) == 0 ? 0 : PD_ENOMEM;
}

static json_int_t order_of(json_t *row)
{
	json_t *o = json_object_get(row, "order");

	return json_is_integer(o) ? json_integer_value(o) : 1 << 30;
}

/* The start list by start order (those without one last, as read). */
static void sort_start_list(json_t *list)
{
	size_t i, j, n = json_array_size(list);

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && order_of(json_array_get(list, j - 1)) >
				     order_of(json_array_get(list, j)); j--) {
			json_t *a = json_incref(json_array_get(list, j - 1));

			json_array_set(list, j - 1, json_array_get(list, j));
			json_array_set_new(list, j, a);
		}
}

/* "tied" true on each result whose rank another shares. */
static void mark_ties(json_t *results)
{
	size_t i, j, n = json_array_size(results);

	for (i = 0; i < n; i++) {
		json_t *a = json_array_get(results, i);
		json_int_t ra = json_integer_value(json_object_get(a, "rank"));

		for (j = 0; ra && j < n; j++)
			if (j != i && ra == json_integer_value(json_object_get(
					json_array_get(results, j), "rank")))
				json_object_set_new(a, "tied", json_true());
	}
}

/* Each medal as {medal, state, participant, rule}. */
static json_t *medals_of(json_t *rows, int decided)
{
	json_t *out = json_array(), *m;
	size_t i;

	json_array_foreach(rows, i, m) {
		json_t *o = json_pack("{s:O, s:s, s:{s:O, s:O, s:O}, s:O}",
				      "medal", json_object_get(m, "medal"),
				      "state", decided ? "official" :
				      "provisional", "participant", "code",
				      json_object_get(m, "participant_code"),
				      "name", json_object_get(m,
							      "participant"),
				      "npc", json_object_get(m, "npc"),
				      "rule", json_object_get(m, "rule"));

		if (!o || json_array_append_new(out, o) < 0) {
			json_decref(out);
			return NULL;
		}
	}
	return out;
}

/* The document's tree, inside a read; *doc NULL (and 0) when the Games
 * has no unit rsc. */
static int unit_tree(struct pd_store *s, const char *games, long version,
		     const char *rsc, json_t **doc, struct pd_diag *diag)
{
	struct pd_unit_query q = { .games = games, .rsc = rsc };
	struct unit_read r = { games, NULL, json_array(), json_array(), 0 };
	json_t *rows = json_array(), *medals = NULL;
	int ret, decided;

	*doc = NULL;
	if (!r.start_list || !r.results || !rows)
		ret = PD_ENOMEM;
	else if ((ret = pd_store_units(s, &q, take_head, &r, diag)) == 0 &&
		 r.head &&
		 (ret = pd_store_unit_results(s, games, rsc, take_row, &r,
					      diag)) == 0)
		ret = app_unit_medals(s, games, rsc, rows, diag);
	if (ret == 0 && r.head) {
		decided = json_is_true(json_object_get(r.head,
						       "status_decided"));
		json_object_del(r.head, "status_decided");
		sort_start_list(r.start_list);
		mark_ties(r.results);
		medals = medals_of(rows, decided);
		*doc = json_pack("{s:s, s:I}", "games", games, "version",
				 (json_int_t)version);
		if (!medals || !*doc || json_object_update(*doc, r.head) < 0 ||
		    json_object_set(*doc, "start_list", r.start_list) < 0 ||
		    json_object_set(*doc, "results", r.results) < 0 ||
		    json_object_set(*doc, "medals", medals) < 0)
			ret = PD_ENOMEM;
	}
	json_decref(r.head);
	json_decref(r.start_list);
	json_decref(r.results);
	json_decref(rows);
	json_decref(medals);
	if (ret < 0) {
		json_decref(*doc);
		*doc = NULL;
	}
	return ret;
}

static int no_unit(const char *games, const char *rsc, struct pd_diag *diag)
{
	return pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no unit '%s' in %s: "
			   "see 'podium schedule'", rsc, games);
}

/* (units_ops.h) */
int pd_doc_unit(struct pd_buf *out, struct pd_store *s, const char *games,
		long version, const char *rsc, struct pd_diag *diag)
{
	json_t *doc;
	int ret;

	if ((ret = unit_tree(s, games, version, rsc, &doc, diag)) < 0)
		return ret;
	if (!doc)
		return no_unit(games, rsc, diag);
	if ((ret = app_json_dump(out, doc, 0)) == 0)
		ret = pd_buf_addc(out, '\n');
	return ret;
}

/* -- csv: a line a participant, in the order of the start list */

static const char *text_of(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_string(v) ? json_string_value(v) : "";
}

static int csv_field(struct pd_buf *out, json_t *v, int first)
{
	char num[32] = "";
	int ret = first ? 0 : pd_buf_addc(out, ',');

	if (ret == 0 && json_is_integer(v))
		snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(v));
	if (ret == 0)
		ret = pd_csv_quote(out, json_is_string(v) ?
				   json_string_value(v) : num);
	return ret;
}

/* The result row of participant code in results, or NULL. */
static json_t *result_of(json_t *results, const char *code)
{
	json_t *r;
	size_t i;

	json_array_foreach(results, i, r)
		if (!strcmp(text_of(json_object_get(r, "participant"), "code"),
			    code))
			return r;
	return NULL;
}

static const char *medal_of(json_t *medals, const char *code)
{
	json_t *m;
	size_t i;

	json_array_foreach(medals, i, m)
		if (!strcmp(text_of(json_object_get(m, "participant"), "code"),
			    code))
			return text_of(m, "medal");
	return "";
}

static int unit_csv(struct pd_buf *out, json_t *doc)
{
	static const char *const res_keys[] = { "rank", "result",
		"result_type", "irm", "diff", "qualification", "wlt" };
	json_t *sl = json_object_get(doc, "start_list"), *e;
	json_t *results = json_object_get(doc, "results");
	size_t i, k;
	int ret = pd_buf_adds(out, "rsc,order,bib,participant_code,"
			      "participant,npc,team,rank,result,result_type,"
			      "irm,diff,qualification,wlt,medal\n");

	json_array_foreach(sl, i, e) {
		json_t *p = json_object_get(e, "participant");
		json_t *r = result_of(results, text_of(p, "code"));

		if (ret == 0)
			ret = csv_field(out, json_object_get(doc, "rsc"), 1);
		if (ret == 0)
			ret = csv_field(out, json_object_get(e, "order"), 0);
		if (ret == 0)
			ret = csv_field(out, json_object_get(e, "bib"), 0);
		if (ret == 0)
			ret = csv_field(out, json_object_get(p, "code"), 0);
		if (ret == 0)
			ret = csv_field(out, json_object_get(p, "name"), 0);
		if (ret == 0)
			ret = csv_field(out, json_object_get(p, "npc"), 0);
		if (ret == 0)
			ret = pd_buf_adds(out, json_is_true(json_object_get(
					  p, "team")) ? ",1" : ",0");
		for (k = 0; ret == 0 && k < 7; k++)
			ret = csv_field(out, r ? json_object_get(r,
								 res_keys[k]) :
					NULL, 0);
		if (ret == 0)
			ret = pd_buf_addc(out, ',');
		if (ret == 0)
			ret = pd_csv_quote(out, medal_of(json_object_get(
					   doc, "medals"), text_of(p, "code")));
		if (ret == 0)
			ret = pd_buf_addc(out, '\n');
	}
	return ret;
}

/* -- html: a standalone page, every text escaped */

static const char style[] =
	"<style>\n"
	"body{font-family:system-ui,sans-serif;color:#1a1a1a;"
	"background:#fff;margin:1.5rem}\n"
	"table{border-collapse:collapse;margin:.5em 0 1.5em}\n"
	"caption{font-weight:bold;text-align:left;padding:.4em 0}\n"
	"th,td{padding:.3em .7em;border-bottom:1px solid #ccc;"
	"text-align:left}\n"
	"thead th{border-bottom:2px solid #333}\n"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	"</style>\n";

struct page {
	struct pd_buf *out;
	const char *lang;
	int err;
};

static void put(struct page *p, const char *s)
{
	p->err |= pd_buf_adds(p->out, s);
}

static void text(struct page *p, const char *s)
{
	p->err |= pd_buf_addhtml(p->out, s);
}

static void cell(struct page *p, const char *tag, json_t *v)
{
	char num[32] = "";

	if (json_is_integer(v))
		snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(v));
	put(p, tag);
	text(p, json_is_string(v) ? json_string_value(v) : num);
	put(p, tag[1] == 't' && tag[2] == 'h' ? "</th>" : "</td>");
}

static void head_row(struct page *p, const char *const *cols, size_t n)
{
	size_t i;

	put(p, "<thead><tr>");
	for (i = 0; i < n; i++) {
		put(p, "<th scope=\"col\">");
		text(p, pd_word(p->lang, cols[i]));
		put(p, "</th>");
	}
	put(p, "</tr></thead>\n<tbody>\n");
}

static void html_start_list(struct page *p, json_t *doc)
{
	static const char *const cols[] = { N_("Order"), N_("Bib"),
		N_("Athlete or team"), N_("NPC") };
	json_t *sl = json_object_get(doc, "start_list"), *e;
	size_t i;

	put(p, "<table>\n<caption>");
	text(p, pd_word(p->lang, N_("Start list")));
	put(p, "</caption>\n");
	head_row(p, cols, 4);
	json_array_foreach(sl, i, e) {
		json_t *who = json_object_get(e, "participant");

		put(p, "<tr>");
		cell(p, "<td class=\"n\">", json_object_get(e, "order"));
		cell(p, "<td>", json_object_get(e, "bib"));
		cell(p, "<th scope=\"row\">", json_object_get(who, "name"));
		cell(p, "<td>", json_object_get(who, "npc"));
		put(p, "</tr>\n");
	}
	put(p, "</tbody>\n</table>\n");
}

static void html_results(struct page *p, json_t *doc)
{
	static const char *const cols[] = { N_("Rank"), N_("Athlete or team"),
		N_("NPC"), N_("Result"), N_("IRM"), N_("Difference"),
		N_("Qualification"), N_("W/L/T"), N_("Medal") };
	static const char *const keys[] = { "result", "irm", "diff",
		"qualification", "wlt" };
	json_t *rs = json_object_get(doc, "results"), *r;
	const struct pd_labels *L = pd_labels(p->lang);
	size_t i, k;

	if (!json_array_size(rs))
		return;
	put(p, "<table>\n<caption>");
	text(p, pd_word(p->lang, N_("Results")));
	put(p, "</caption>\n");
	head_row(p, cols, 9);
	json_array_foreach(rs, i, r) {
		json_t *who = json_object_get(r, "participant");
		const char *medal = medal_of(json_object_get(doc, "medals"),
					     text_of(who, "code"));

		put(p, "<tr>");
		cell(p, "<td class=\"n\">", json_object_get(r, "rank"));
		cell(p, "<th scope=\"row\">", json_object_get(who, "name"));
		cell(p, "<td>", json_object_get(who, "npc"));
		for (k = 0; k < 5; k++)
			cell(p, "<td>", json_object_get(r, keys[k]));
		put(p, "<td>");
		text(p, !strcmp(medal, "gold") ? L->gold :
			!strcmp(medal, "silver") ? L->silver :
			!strcmp(medal, "bronze") ? L->bronze : "");
		put(p, "</td></tr>\n");
	}
	put(p, "</tbody>\n</table>\n");
}

/* The unit's title: discipline, event, unit. */
static void title(struct page *p, json_t *doc)
{
	text(p, text_of(json_object_get(doc, "discipline"), "name"));
	put(p, " \xe2\x80\x94 ");
	text(p, text_of(json_object_get(doc, "event"), "name"));
	put(p, " \xe2\x80\x94 ");
	text(p, text_of(json_object_get(doc, "unit"), "name"));
}

static int unit_html(struct pd_buf *out, json_t *doc, const char *lang)
{
	struct page p = { out, lang, 0 };
	json_t *start = json_object_get(doc, "start");
	const char *medal = text_of(doc, "medal");
	const struct pd_labels *L = pd_labels(lang);

	put(&p, "<!DOCTYPE html>\n<html lang=\"");
	put(&p, !strcmp(lang, "zh") ? "zh-CN" : lang);
	put(&p, "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\""
	    " content=\"width=device-width, initial-scale=1\">\n<title>");
	title(&p, doc);
	put(&p, "</title>\n");
	put(&p, style);
	put(&p, "</head>\n<body>\n<main>\n<h1>");
	title(&p, doc);
	put(&p, "</h1>\n<p><code>");
	text(&p, text_of(doc, "rsc"));
	put(&p, "</code> \xc2\xb7 ");
	text(&p, text_of(start, "local"));
	put(&p, " (");
	text(&p, text_of(start, "zone"));
	put(&p, ") \xc2\xb7 ");
	text(&p, text_of(json_object_get(doc, "venue"), "name"));
	if (*text_of(doc, "status")) {
		put(&p, " \xc2\xb7 ");
		text(&p, pd_unit_status_word(lang, text_of(doc, "status")));
	}
	if (*medal) {
		put(&p, " \xc2\xb7 ");
		text(&p, !strcmp(medal, "gold") ? L->gold_medal :
			 L->bronze_medal);
	}
	put(&p, "</p>\n");
	html_start_list(&p, doc);
	html_results(&p, doc);
	put(&p, "</main>\n</body>\n</html>\n");
	return p.err ? PD_ENOMEM : 0;
}

/* (units_ops.h) */
int pd_op_unit_doc(struct pd_store *s, const char *games, const char *rsc,
		   const char *format, const char *lang, struct pd_buf *out,
		   struct pd_diag *diag)
{
	struct pd_games g;
	json_t *doc = NULL;
	int ret;

	memset(&g, 0, sizeof(g));
	if ((ret = pd_store_begin_read(s, diag)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, games, &g, diag)) == 0)
		ret = !strcmp(format, "json") ?
		      pd_doc_unit(out, s, games, g.version, rsc, diag) :
		      unit_tree(s, games, g.version, rsc, &doc, diag);
	pd_store_rollback(s);
	pd_games_release(&g);
	if (ret < 0 || !strcmp(format, "json"))
		return ret;
	if (!doc)
		return no_unit(games, rsc, diag);
	ret = !strcmp(format, "csv") ? unit_csv(out, doc) :
	      unit_html(out, doc, lang);
	json_decref(doc);
	return ret;
}
