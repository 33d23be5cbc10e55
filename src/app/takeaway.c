/* takeaway.c -- results a reader takes away (doc.h): a list of rows as
 * CSV, as JSON or as an HTML page whole in itself, all three made from
 * one JSON document so that they say the same thing; and an event's
 * results as that document ('podium event show --format csv|json|html').
 * Nothing in them depends on the clock or the machine: the same version
 * gives the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "podium/csv.h"
#include "podium/doc.h"
#include "app_int.h"

/* A cell as text: a string as it is, a number in decimal, null "". */
static const char *cell(json_t *v, char *tmp, size_t size)
{
	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_integer(v)) {
		snprintf(tmp, size, "%lld", (long long)json_integer_value(v));
		return tmp;
	}
	if (json_is_boolean(v))
		return json_is_true(v) ? "true" : "false";
	return "";
}

static int csv_rows(struct pd_buf *out, json_t *rows,
		    const char *const *cols, size_t ncols)
{
	char tmp[32];
	size_t i, c;
	int ret = 0;

	for (c = 0; c < ncols && ret == 0; c++)
		ret = pd_buf_adds(out, c ? "," : "") ||
		      pd_csv_quote(out, cols[c]) ? PD_ENOMEM : 0;
	if (ret == 0)
		ret = pd_buf_addc(out, '\n');
	for (i = 0; i < json_array_size(rows) && ret == 0; i++) {
		json_t *r = json_array_get(rows, i);

		for (c = 0; c < ncols && ret == 0; c++)
			ret = pd_buf_adds(out, c ? "," : "") ||
			      pd_csv_quote(out, cell(json_object_get(r,
						cols[c]), tmp, sizeof(tmp))) ?
			      PD_ENOMEM : 0;
		if (ret == 0)
			ret = pd_buf_addc(out, '\n');
	}
	return ret;
}

static int html_rows(struct pd_buf *out, const char *title, json_t *rows,
		     const char *const *cols, size_t ncols)
{
	char tmp[32];
	size_t i, c;
	int err = 0;

	err |= pd_buf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
			   "<meta charset=\"utf-8\">\n<title>");
	err |= pd_buf_addhtml(out, title);
	err |= pd_buf_adds(out, "</title>\n<style>table{border-collapse:"
			   "collapse}th,td{border:1px solid #999;padding:"
			   "2px 6px;text-align:left}</style>\n</head>\n"
			   "<body>\n<main>\n<h1>");
	err |= pd_buf_addhtml(out, title);
	err |= pd_buf_adds(out, "</h1>\n<table>\n<thead><tr>");
	for (c = 0; c < ncols; c++) {
		err |= pd_buf_adds(out, "<th scope=\"col\">");
		err |= pd_buf_addhtml(out, cols[c]);
		err |= pd_buf_adds(out, "</th>");
	}
	err |= pd_buf_adds(out, "</tr></thead>\n<tbody>\n");
	for (i = 0; i < json_array_size(rows); i++) {
		json_t *r = json_array_get(rows, i);

		err |= pd_buf_adds(out, "<tr>");
		for (c = 0; c < ncols; c++) {
			err |= pd_buf_adds(out, "<td>");
			err |= pd_buf_addhtml(out, cell(json_object_get(r,
					      cols[c]), tmp, sizeof(tmp)));
			err |= pd_buf_adds(out, "</td>");
		}
		err |= pd_buf_adds(out, "</tr>\n");
	}
	err |= pd_buf_adds(out, "</tbody>\n</table>\n</main>\n</body>\n"
			   "</html>\n");
	return err ? PD_ENOMEM : 0;
}

int app_rows_out(struct pd_buf *out, const char *format, const char *title,
		 json_t *doc, const char *list, const char *const *cols,
		 size_t ncols)
{
	json_t *rows;
	int ret;

	if (!doc)
		return PD_ENOMEM;
	if (!strcmp(format, "json"))
		return app_json_dump(out, doc, PD_DOC_PRETTY);
	rows = json_object_get(doc, list);
	ret = !strcmp(format, "html") ?
	      html_rows(out, title, rows, cols, ncols) :
	      csv_rows(out, rows, cols, ncols);
	json_decref(doc);
	return ret;
}

/* The event's medals and the athletes whose sanction in force covers
 * it, as 'podium event show' marks its results. */
struct event_walk {
	long event;
	json_t *medals;		/* result id -> medal */
	long banned[64];
	size_t nbanned;
	json_t *rows;
};

static int keep_banned(const struct pd_sanction_info *v, void *arg)
{
	struct event_walk *w = arg;
	const char *p = v->events;
	char *end;

	while (!v->until && p && *p && w->nbanned < 64) {
		long event = strtol(p, &end, 10);

		if (end == p)
			break;
		if (event == w->event)
			w->banned[w->nbanned++] = v->athlete;
		p = *end == ',' ? end + 1 : end;
	}
	return 0;
}

static int keep_result(const struct pd_result_row *r, void *arg)
{
	struct event_walk *w = arg;
	const char *irm = r->irm;
	json_t *medal, *o;
	char key[32];
	size_t i;

	for (i = 0; i < w->nbanned; i++)
		if (r->athlete_id && w->banned[i] == r->athlete_id)
			irm = "DSQ (sanction)";
	snprintf(key, sizeof(key), "%ld", r->id);
	medal = json_object_get(w->medals, key);
	o = json_pack("{s:o, s:s, s:s, s:s, s:s, s:s, s:s}", "rank",
		      r->rank ? json_integer(r->rank) : json_null(), "npc",
		      r->npc, "name", r->name ? r->name : "", "mark",
		      r->mark ? r->mark : "", "irm", irm ? irm : "",
		      "records", r->records ? r->records : "", "medal",
		      medal ? json_string_value(medal) : "");
	return json_array_append_new(w->rows, o) < 0 ? PD_ENOMEM : 0;
}

static json_t *event_doc(const struct pd_event_info *e, long version,
			 json_t *rows)
{
	return json_pack("{s:s, s:I, s:{s:I, s:s, s:s, s:s, s:s, s:s, s:s, "
			 "s:s, s:b}, s:o}", "games", e->games, "version",
			 (json_int_t)version, "event", "id", (json_int_t)e->id,
			 "sport", e->sport, "name", e->name, "gender",
			 e->gender ? e->gender : "", "class",
			 e->sport_class ? e->sport_class : "", "date",
			 e->date ? e->date : "", "status", e->status,
			 "policy", e->policy ? e->policy : "", "team", e->team,
			 "results", rows);
}

static void event_title(char *t, size_t size, const struct pd_event_info *e,
			long version)
{
	snprintf(t, size, "%s, %s%s%s%s%s (%s), version %ld", e->sport,
		 e->name, *e->gender ? ", " : "", e->gender,
		 *e->sport_class ? ", " : "", e->sport_class, e->games,
		 version);
}

int pd_doc_event_results(struct pd_buf *out, struct pd_store *s, long event,
			 long as_of, const char *format,
			 struct pd_diag *diag)
{
	static const char *const cols[] = { "rank", "npc", "name", "mark",
					    "irm", "records", "medal" };
	struct event_walk w = { event, json_object(), { 0 }, 0, json_array() };
	struct pd_query q;
	struct pd_event_info e;
	struct pd_games g;
	char title[512];
	int ret, have = 0;

	memset(&g, 0, sizeof(g));
	if (!w.medals || !w.rows) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	if ((ret = pd_store_begin_read(s, diag)) < 0)
		goto cleanup;
	if ((ret = pd_store_event_get(s, event, &e, diag)) == 0) {
		have = 1;
		memset(&q, 0, sizeof(q));
		q.games = e.games;
		q.include_unofficial = 1;
		q.as_of = as_of;
		ret = pd_store_games_get(s, e.games, &g, diag);
	}
	if (ret == 0)
		ret = pd_doc_event_medals(s, &q, event, w.medals, diag);
	if (ret == 0 && !as_of)
		ret = pd_store_sanctions(s, e.games, keep_banned, &w, diag);
	if (ret == 0)
		ret = pd_store_event_results(s, event, as_of, keep_result, &w,
					     diag);
	pd_store_rollback(s);
	if (ret == 0) {
		event_title(title, sizeof(title), &e, as_of ? as_of :
			    g.version);
		ret = app_rows_out(out, format, title, event_doc(&e, as_of ?
				   as_of : g.version, json_incref(w.rows)),
				   "results", cols, sizeof(cols) /
				   sizeof(*cols));
	}
cleanup:
	if (have)
		pd_event_info_release(&e);
	pd_games_release(&g);
	json_decref(w.medals);
	json_decref(w.rows);
	return ret;
}
