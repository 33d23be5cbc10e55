/* book.c -- a Games' results book (report.h: pd_book_html()): one HTML
 * document, whole in itself, that a browser prints as the book a Games
 * ends with: a cover, the medal table that stands for the Games, the
 * medallists, each sport's events with their results and medals, the
 * results that set a record, and the sanctions with their reasons.
 * Every printed page carries the Games and the version it was built
 * from, so that two books of the same version are the same bytes and a
 * reader can tell an older one.  Read in one transaction: one version. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/date_words.h"
#include "podium/report.h"
#include "podium/stats.h"
#include "podium/store_units.h"
#include "podium/words.h"
#include "app_int.h"

/* The book's own words, in English marked for the catalogue of words
 * (podium/words.h) and said in the book's language by W(); the table's
 * are pd_labels()'. */
static const struct words {
	const char *book, *version, *contents, *table, *medallists, *events;
	const char *records, *sanctions, *none, *athlete, *event, *mark;
	const char *irm, *record, *medal, *reason, *since, *mode, *dates;
	const char *host, *no_results, *status, *lifted, *version_of;
	const char *dsq, *schedule, *time, *sport, *unit, *venue, *phases;
	const char *no_units;
} words = {
	N_("Results book"), C_("book footer", "version"), N_("Contents"),
	N_("Medal table"), N_("Medallists"), N_("Events and results"),
	N_("Results that set a record"), N_("Sanctions"), N_("None."),
	N_("Athlete or team"), N_("Event"), N_("Mark"), N_("IRM"),
	N_("Record"), N_("Medal"), N_("Reason"), N_("Since version"),
	N_("Effect"), N_("Dates"), N_("Host"), N_("No results."),
	N_("Status"), N_("lifted at version"), N_("Version"),
	N_("DSQ (sanction)"), N_("Schedule"), N_("Time"), N_("Sport"),
	N_("Unit"), N_("Venue"), N_("Phases and units"),
	N_("No unit of this Games is scheduled."),
};

#define W(k, f) pd_word((k)->lang, words.f)

struct book {
	struct pd_buf *out;
	struct pd_store *s;
	const struct pd_registry *reg;
	const char *lang;
	struct pd_games g;
	/* result id -> medal, for the results' medal column */
	struct medal_of { long result; enum pd_medal medal; } *medals;
	size_t nmedals, amedals;
	struct pd_event_info *events;
	size_t nevents, aevents;
	/* (athlete, event) of the sanctions in force: their results are
	 * shown DSQ, as 'podium event show' does */
	struct banned { long athlete, event; } *banned;
	size_t nbanned, abanned;
	/* the Games' units, by start: the schedule and each event's phases */
	struct book_unit {
		char *rsc, *discipline, *event, *phase, *start, *day, *venue;
		char *medal, *phase_name;
	} *units;
	size_t nunits, aunits;
	int err;
};

static void esc(struct book *k, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': k->err |= pd_buf_adds(k->out, "&amp;"); break;
		case '<': k->err |= pd_buf_adds(k->out, "&lt;"); break;
		case '>': k->err |= pd_buf_adds(k->out, "&gt;"); break;
		case '"': k->err |= pd_buf_adds(k->out, "&quot;"); break;
		default: k->err |= pd_buf_addc(k->out, *s);
		}
	}
}

static void put(struct book *k, const char *s)
{
	k->err |= pd_buf_adds(k->out, s);
}

/* open, text escaped, close: an element and its text */
static void wrap(struct book *k, const char *open, const char *text,
		 const char *close)
{
	put(k, open);
	esc(k, text);
	put(k, close);
}

static const char *npc_name(struct book *k, const char *code)
{
	const struct pd_npc *n = pd_registry_code(k->reg, code);

	return n ? pd_npc_name(n, k->lang) : code;
}

static const char *medal_word(struct book *k, enum pd_medal m)
{
	const struct pd_labels *L = pd_labels(k->lang);

	return m == PD_GOLD ? L->gold : m == PD_SILVER ? L->silver : L->bronze;
}

static const char style[] =
	"<style>\n"
	"@page{size:A4;margin:18mm 16mm 20mm}\n"
	"body{font-family:system-ui,sans-serif;color:#1a1a1a;background:#fff;"
	"margin:0;font-size:10.5pt}\n"
	"h1{font-size:2em;margin:30vh 0 .3em}\n"
	"h2{break-before:page;font-size:1.4em;border-bottom:2px solid #333}\n"
	"h3{font-size:1.15em;margin:1.2em 0 .3em}\n"
	"h4{font-size:1em;margin:1em 0 .2em;break-after:avoid}\n"
	"table{border-collapse:collapse;margin:.3em 0 1em;break-inside:auto}\n"
	"tr{break-inside:avoid}\n"
	"th,td{padding:.15em .6em;border-bottom:1px solid #ccc;"
	"text-align:left}\n"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	"thead th{border-bottom:2px solid #333}\n"
	"footer{position:fixed;bottom:0;left:0;right:0;font-size:8pt;"
	"color:#444;border-top:1px solid #ccc;padding-top:2pt}\n"
	"@media screen{footer{position:static;margin-top:2em}"
	"body{margin:1.5rem}h1{margin-top:1em}}\n"
	"</style>\n";

static void head(struct book *k)
{
	const char *name = !strcmp(k->lang, "zh") && k->g.name_zh &&
			   *k->g.name_zh ? k->g.name_zh : k->g.name_en;
	char from[64], to[64], ver[64];

	pd_date_words(from, sizeof(from), k->g.start ? k->g.start : "",
		      k->lang);
	pd_date_words(to, sizeof(to), k->g.end ? k->g.end : "", k->lang);
	snprintf(ver, sizeof(ver), "%ld", k->g.version);
	put(k, "<!DOCTYPE html>\n<html lang=\"");
	put(k, !strcmp(k->lang, "zh") ? "zh-Hans" : k->lang);
	wrap(k, "\">\n<head>\n<meta charset=\"utf-8\">\n<title>", name, " · ");
	esc(k, W(k, book));
	put(k, "</title>\n");
	put(k, style);
	wrap(k, "</head>\n<body>\n<footer>", name, " · ");
	esc(k, W(k, book));
	wrap(k, " · ", k->g.code, " ");
	esc(k, W(k, version));
	put(k, " ");
	put(k, ver);
	wrap(k, "</footer>\n<main>\n<section id=\"cover\">\n<h1>", name,
	     "</h1>\n<p>");
	esc(k, W(k, book));
	put(k, "</p>\n<dl>\n");
	if (*from) {
		wrap(k, "<dt>", W(k, dates), "</dt><dd>");
		esc(k, from);
		wrap(k, " – ", to, "</dd>\n");
	}
	if (k->g.host[0]) {
		wrap(k, "<dt>", W(k, host), "</dt><dd>");
		esc(k, npc_name(k, k->g.host));
		put(k, "</dd>\n");
	}
	wrap(k, "<dt>", W(k, version_of), "</dt><dd>");
	put(k, ver);
	wrap(k, "</dd>\n</dl>\n<nav aria-label=\"", W(k, contents),
	     "\"><h2 style=\"break-before:auto\">");
	esc(k, W(k, contents));
	put(k, "</h2>\n<ol>\n");
	{
		const char *part[][2] = {
			{ "table", W(k, table) }, { "medallists",
			W(k, medallists) }, { "schedule", W(k, schedule) },
			{ "events", W(k, events) },
			{ "records", W(k, records) }, { "sanctions",
			W(k, sanctions) },
		};
		size_t i;

		for (i = 0; i < sizeof(part) / sizeof(*part); i++) {
			put(k, "<li><a href=\"#");
			put(k, part[i][0]);
			wrap(k, "\">", part[i][1], "</a></li>\n");
		}
	}
	put(k, "</ol>\n</nav>\n</section>\n");
}

static void num_cell(struct book *k, long n)
{
	char t[32];

	snprintf(t, sizeof(t), "<td class=\"n\">%ld</td>", n);
	put(k, t);
}

/* "<table>", a head of the columns named (NULLs skipped, up to n) and
 * "<tbody>": the rows follow */
static void table_head(struct book *k, const char *const *cols, size_t n)
{
	size_t i;

	put(k, "<table>\n<thead><tr>");
	for (i = 0; i < n; i++) {
		if (!cols[i])
			continue;
		wrap(k, "<th scope=\"col\">", cols[i], "</th>");
	}
	put(k, "</tr></thead>\n<tbody>\n");
}

/* a sentence instead of a table that would be empty */
static void sentence(struct book *k, const char *text)
{
	wrap(k, "<p>", text, "</p>\n");
}

/* gold, silver, bronze and total cells, and the row's end */
static void counts_cells(struct book *k, const long m[3], long total)
{
	num_cell(k, m[0]);
	num_cell(k, m[1]);
	num_cell(k, m[2]);
	num_cell(k, total);
	put(k, "</tr>\n");
}

static void counts_head(struct book *k, const char *first, const char *second)
{
	const struct pd_labels *L = pd_labels(k->lang);
	const char *cols[] = { L->rank, first, second, L->gold, L->silver,
			       L->bronze, L->total };

	table_head(k, cols, sizeof(cols) / sizeof(*cols));
}

/* The table that stands for the Games, as 'podium table' prints it. */
static int medal_table(struct book *k, struct pd_diag *d)
{
	struct pd_ref_opts o;
	struct pd_ref r;
	struct pd_standings_opts so;
	struct pd_standings st;
	char cover[160];
	size_t i;
	int ret;

	memset(&o, 0, sizeof(o));
	o.default_table = 1;
	if ((ret = pd_ref_init(&r, k->g.code, d)) < 0)
		return ret;
	if ((ret = pd_ref_load(&r, k->s, k->reg, &o, d)) < 0) {
		pd_ref_release(&r);
		return ret;
	}
	memset(&so, 0, sizeof(so));
	so.host = k->g.host[0] ? k->g.host : NULL;
	if ((ret = pd_standings_build(&st, &r.tally, &so, NULL)) < 0) {
		pd_ref_release(&r);
		return ret;
	}
	wrap(k, "<section id=\"table\">\n<h2>", W(k, table), "</h2>\n");
	pd_cover_text(cover, sizeof(cover), &r.cover, k->lang);
	if (r.source[0]) {
		wrap(k, "<p>", k->g.code, "@");
		esc(k, r.source);
		if (*cover) {
			wrap(k, " (", cover, ")");
		}
		put(k, "</p>\n");
	}
	counts_head(k, pd_labels(k->lang)->npc, NULL);
	for (i = 0; i < st.n; i++) {
		const struct pd_standing *row = &st.rows[i];

		put(k, "<tr>");
		num_cell(k, row->rank);
		wrap(k, "<th scope=\"row\">", npc_name(k, row->npc), " (");
		esc(k, row->npc);
		put(k, ")</th>");
		counts_cells(k, row->medals, row->total);
	}
	put(k, "</tbody>\n</table>\n</section>\n");
	pd_standings_release(&st);
	pd_ref_release(&r);
	return 0;
}

static int medallists(struct book *k, struct pd_diag *d)
{
	struct pd_query q = { k->g.code, NULL, 0, 0 };
	struct pd_medallists m;
	size_t i;
	int ret;

	pd_medallists_init(&m);
	if ((ret = pd_store_medallists(k->s, &q, k->reg, &m, d)) < 0) {
		pd_medallists_release(&m);
		return ret;
	}
	wrap(k, "<section id=\"medallists\">\n<h2>", W(k, medallists),
	     "</h2>\n");
	if (!m.n) {
		sentence(k, W(k, none));
	} else {
		counts_head(k, W(k, athlete), pd_labels(k->lang)->npc);
		for (i = 0; i < m.n; i++) {
			const struct pd_medallist *v = &m.v[i];

			put(k, "<tr>");
			num_cell(k, v->rank);
			put(k, "<th scope=\"row\">");
			esc(k, v->name);
			if (v->event) {
				wrap(k, " (", v->event, ")");
			}
			wrap(k, "</th><td>", npc_name(k, v->npc), "</td>");
			counts_cells(k, v->medals, v->total);
		}
		put(k, "</tbody>\n</table>\n");
	}
	put(k, "</section>\n");
	pd_medallists_release(&m);
	return 0;
}

static int keep_medal(const struct pd_medal_out *m, void *arg)
{
	struct book *k = arg;
	struct medal_of *v;

	if (k->nmedals == k->amedals) {
		k->amedals = k->amedals ? 2 * k->amedals : 256;
		if (!(v = realloc(k->medals, k->amedals * sizeof(*v))))
			return PD_ENOMEM;
		k->medals = v;
	}
	k->medals[k->nmedals].result = m->result_id;
	k->medals[k->nmedals++].medal = m->medal;
	return 0;
}

static int keep_event(const struct pd_event_info *e, size_t results,
		      void *arg)
{
	struct book *k = arg;
	struct pd_event_info *v, *c;

	(void)results;
	if (k->nevents == k->aevents) {
		k->aevents = k->aevents ? 2 * k->aevents : 64;
		if (!(v = realloc(k->events, k->aevents * sizeof(*v))))
			return PD_ENOMEM;
		k->events = v;
	}
	c = &k->events[k->nevents];
	memset(c, 0, sizeof(*c));
	c->id = e->id;
	memcpy(c->games, e->games, sizeof(c->games));
	c->team = e->team;
	if (!(c->sport = strdup(e->sport ? e->sport : "")) ||
	    !(c->name = strdup(e->name ? e->name : "")) ||
	    !(c->gender = strdup(e->gender ? e->gender : "")) ||
	    !(c->sport_class = strdup(e->sport_class ? e->sport_class : "")) ||
	    !(c->date = strdup(e->date ? e->date : "")) ||
	    !(c->status = strdup(e->status ? e->status : ""))) {
		pd_event_info_release(c);
		return PD_ENOMEM;
	}
	k->nevents++;
	return 0;
}

static int by_result(const void *a, const void *b)
{
	long x = ((const struct medal_of *)a)->result;
	long y = ((const struct medal_of *)b)->result;

	return (x > y) - (x < y);
}

/* the medal of a result (k->medals sorted by result), "" for none */
static int keep_banned(const struct pd_sanction_info *v, void *arg)
{
	struct book *k = arg;
	const char *p = v->events;
	struct banned *b;
	char *end;

	while (!v->until && p && *p) {
		long event = strtol(p, &end, 10);

		if (end == p)
			break;
		if (k->nbanned == k->abanned) {
			k->abanned = k->abanned ? 2 * k->abanned : 16;
			if (!(b = realloc(k->banned, k->abanned * sizeof(*b))))
				return PD_ENOMEM;
			k->banned = b;
		}
		k->banned[k->nbanned].athlete = v->athlete;
		k->banned[k->nbanned++].event = event;
		p = *end == ',' ? end + 1 : end;
	}
	return 0;
}

static int is_banned(const struct book *k, long athlete, long event)
{
	size_t i;

	for (i = 0; athlete && i < k->nbanned; i++)
		if (k->banned[i].athlete == athlete &&
		    k->banned[i].event == event)
			return 1;
	return 0;
}

static const char *medal_of(struct book *k, long result)
{
	struct medal_of key = { result, PD_GOLD }, *m;

	m = k->nmedals ? bsearch(&key, k->medals, k->nmedals,
				 sizeof(*k->medals), by_result) : NULL;
	return m ? medal_word(k, m->medal) : "";
}

struct rows {
	struct book *k;
	size_t n;
	int records;		/* only the results that set one */
	const struct pd_event_info *e;
};

static int result_row(const struct pd_result_row *r, void *arg)
{
	struct rows *w = arg;
	struct book *k = w->k;
	char rank[24] = "";

	if (w->records && !(r->records && *r->records))
		return 0;
	if (r->rank > 0)
		snprintf(rank, sizeof(rank), "%ld", r->rank);
	if (!w->n++) {
		const char *cols[] = { pd_labels(k->lang)->rank, w->records ?
			W(k, event) : NULL, W(k, athlete),
			pd_labels(k->lang)->npc, W(k, mark), W(k, irm),
			W(k, record), W(k, medal) };

		table_head(k, cols, sizeof(cols) / sizeof(*cols));
	}
	put(k, "<tr><td class=\"n\">");
	put(k, rank);
	put(k, "</td>");
	if (w->records) {
		wrap(k, "<td>", w->e->sport, " · ");
		esc(k, w->e->name);
		put(k, "</td>");
	}
	wrap(k, "<th scope=\"row\">", r->name, "</th><td>");
	esc(k, npc_name(k, r->npc));
	wrap(k, "</td><td class=\"n\">", r->mark, "</td><td>");
	esc(k, is_banned(k, r->athlete_id, w->e->id) ? W(k, dsq) : r->irm);
	wrap(k, "</td><td>", r->records, "</td><td>");
	esc(k, medal_of(k, r->id));
	put(k, "</td></tr>\n");
	return k->err ? PD_ENOMEM : 0;
}

static char *dup(const char *v)
{
	return strdup(v ? v : "");
}

static void unit_free(struct book_unit *u)
{
	free(u->rsc);
	free(u->discipline);
	free(u->event);
	free(u->phase);
	free(u->start);
	free(u->day);
	free(u->venue);
	free(u->medal);
	free(u->phase_name);
}

/* A unit kept for the schedule and its event's phases: its phase's name
 * as the unit document gives it (app_unit_head). */
static int keep_unit(const struct pd_unit_rec *u, void *arg)
{
	struct book *k = arg;
	struct book_unit one, *b;
	json_t *h = app_unit_head(k->g.code, u);
	const char *name = json_string_value(json_object_get(
			   json_object_get(h, "phase"), "name"));

	one.rsc = dup(u->rsc);
	one.discipline = dup(u->discipline);
	one.event = dup(u->event);
	one.phase = dup(u->phase);
	one.start = dup(u->start);
	one.day = dup(u->day);
	one.venue = dup(u->venue);
	one.medal = dup(u->medal);
	one.phase_name = dup(name);
	json_decref(h);
	if (!(b = pd_push(&k->units, &k->nunits, &k->aunits,
			  sizeof(*k->units), &one))) {
		unit_free(&one);
		return PD_ENOMEM;
	}
	return b->rsc && b->discipline && b->event && b->phase && b->start &&
	       b->day && b->venue && b->medal && b->phase_name ? 0 :
	       PD_ENOMEM;
}

static void units_free(struct book *k)
{
	for (size_t i = 0; i < k->nunits; i++)
		unit_free(&k->units[i]);
	free(k->units);
}

/* The schedule: each day's units by start, at the Games' time (a
 * venue's own where it keeps one). */
static int schedule(struct book *k)
{
	const char *day = NULL;
	char when[64], at[16];
	size_t i;

	wrap(k, "<section id=\"schedule\">\n<h2>", W(k, schedule), "</h2>\n");
	for (i = 0; i < k->nunits; i++) {
		const struct book_unit *u = &k->units[i];
		const char *cols[] = { W(k, time), W(k, sport), W(k, event),
				       W(k, unit), W(k, venue), W(k, medal) };

		if (!*u->start)
			continue;
		if (!day || strcmp(day, u->day)) {
			if (day)
				put(k, "</tbody>\n</table>\n");
			day = u->day;
			pd_date_words(when, sizeof(when), day, k->lang);
			wrap(k, "<h3>", *when ? when : day, "</h3>\n");
			table_head(k, cols, sizeof(cols) / sizeof(*cols));
		}
		app_local_time(k->g.code, u->venue, u->start, "%H:%M", at,
			       sizeof(at));
		wrap(k, "<tr><td class=\"n\">", at, "</td><td>");
		esc(k, pd_sport_name(u->discipline, k->lang));
		wrap(k, "</td><td>", u->event, "</td><th scope=\"row\">");
		esc(k, u->phase);
		wrap(k, "</th><td>", u->venue, "</td><td>");
		esc(k, !strcmp(u->medal, "gold") ? pd_labels(k->lang)->gold :
		       !strcmp(u->medal, "bronze") ?
		       pd_labels(k->lang)->bronze : "");
		put(k, "</td></tr>\n");
	}
	if (day)
		put(k, "</tbody>\n</table>\n");
	else
		sentence(k, W(k, no_units));
	put(k, "</section>\n");
	return k->err ? PD_ENOMEM : 0;
}

/* Is unit u of event e (its discipline, name and gender, as
 * pd_doc_event_phases() matches them)? */
static int unit_of(const struct book_unit *u, const struct pd_event_info *e)
{
	return !strcmp(u->discipline, e->sport) && !strcmp(u->event, e->name) &&
	       (!*e->gender || u->rsc[3] == e->gender[0]);
}

/* Are units i and j of one phase of e? */
static int same_phase(const struct book *k, size_t i, size_t j,
		      const struct pd_event_info *e)
{
	return unit_of(&k->units[j], e) &&
	       !strncmp(k->units[j].rsc + 22, k->units[i].rsc + 22, 4);
}

/* Phase i's label: its name and how many units ("Round 1 (6)"), or,
 * when its units' names give it none (a final of a bronze and a gold
 * medal game), their names ("Bronze Medal Game, Gold Medal Game"). */
static void phase_label(struct book *k, size_t i, const struct pd_event_info *e)
{
	const char *name = k->units[i].phase_name;
	char count[24];
	size_t j, n = 0;
	int one = 1;

	for (j = i; j < k->nunits; j++)
		if (same_phase(k, i, j, e)) {
			n++;
			one &= !strcmp(k->units[j].phase_name, name);
		}
	if (one) {
		esc(k, *name ? name : k->units[i].phase);
		snprintf(count, sizeof(count), " (%zu)", n);
		put(k, count);
		return;
	}
	for (n = 0, j = i; j < k->nunits; j++)
		if (same_phase(k, i, j, e)) {
			put(k, n++ ? ", " : "");
			esc(k, k->units[j].phase);
		}
}

/* "Phases and units: Round 1 (6) · Semifinal (3) · Final (1)": e's
 * phases in the order their first unit starts. */
static void phases(struct book *k, const struct pd_event_info *e)
{
	size_t i, j, shown = 0;

	for (i = 0; i < k->nunits; i++) {
		if (!unit_of(&k->units[i], e))
			continue;
		for (j = 0; j < i; j++)	/* its phase shown already? */
			if (same_phase(k, i, j, e))
				break;
		if (j < i)
			continue;
		if (!shown++)
			wrap(k, "<p class=\"phases\">", W(k, phases), ": ");
		else
			put(k, " · ");
		phase_label(k, i, e);
	}
	if (shown)
		put(k, "</p>\n");
}

static int event_section(struct book *k, const struct pd_event_info *e,
			 struct pd_diag *d)
{
	struct rows w = { k, 0, 0, e };
	char date[64];
	int ret;

	put(k, "<h4>");
	esc(k, e->name);
	if (*e->sport_class && !strstr(e->name, e->sport_class)) {
		put(k, " ");
		esc(k, e->sport_class);
	}
	put(k, "</h4>\n<p>");
	pd_date_words(date, sizeof(date), e->date, k->lang);
	if (*date) {
		esc(k, date);
		put(k, " · ");
	}
	esc(k, W(k, status));
	wrap(k, ": ", e->status, "</p>\n");
	phases(k, e);
	if ((ret = pd_store_event_results(k->s, e->id, 0, result_row, &w,
					  d)) < 0)
		return ret;
	if (w.n)
		put(k, "</tbody>\n</table>\n");
	else {
		sentence(k, W(k, no_results));
	}
	return 0;
}

static int events(struct book *k, struct pd_diag *d)
{
	const char *sport = NULL;
	size_t i;
	int ret = 0;

	wrap(k, "<section id=\"events\">\n<h2>", W(k, events), "</h2>\n");
	if (!k->nevents) {
		sentence(k, W(k, none));
	}
	for (i = 0; i < k->nevents && ret == 0; i++) {
		const struct pd_event_info *e = &k->events[i];

		if (!sport || strcmp(sport, e->sport)) {
			sport = e->sport;
			wrap(k, "<h3>", pd_sport_name(sport, k->lang), "</h3>\n");
		}
		ret = event_section(k, e, d);
	}
	put(k, "</section>\n");
	return ret;
}

static int records(struct book *k, struct pd_diag *d)
{
	struct rows w = { k, 0, 1, NULL };
	size_t i;
	int ret = 0;

	wrap(k, "<section id=\"records\">\n<h2>", W(k, records), "</h2>\n");
	for (i = 0; i < k->nevents && ret == 0; i++) {
		w.e = &k->events[i];
		ret = pd_store_event_results(k->s, w.e->id, 0, result_row, &w,
					     d);
	}
	if (w.n)
		put(k, "</tbody>\n</table>\n");
	else {
		sentence(k, W(k, none));
	}
	put(k, "</section>\n");
	return ret;
}

static int sanction(const struct pd_sanction_info *v, void *arg)
{
	struct book *k = arg;
	char n[64];

	wrap(k, "<tr><th scope=\"row\">", v->athlete_name, "</th><td>");
	esc(k, npc_name(k, v->npc));
	wrap(k, "</td><td>", v->mode, "</td><td>");
	esc(k, v->reason);
	put(k, "</td><td class=\"n\">");
	snprintf(n, sizeof(n), "%ld", v->since);
	put(k, n);
	if (v->until) {
		put(k, " (");
		esc(k, W(k, lifted));
		snprintf(n, sizeof(n), " %ld)", v->until);
		put(k, n);
	}
	put(k, "</td></tr>\n");
	return k->err ? PD_ENOMEM : 0;
}

static int sanctions(struct book *k, struct pd_diag *d)
{
	struct pd_buf rows, *book = k->out;
	int ret;

	/* the rows first: without any, a sentence rather than a bare head */
	pd_buf_init(&rows, 0);
	k->out = &rows;
	ret = pd_store_sanctions(k->s, k->g.code, sanction, k, d);
	k->out = book;
	wrap(k, "<section id=\"sanctions\">\n<h2>", W(k, sanctions), "</h2>\n");
	if (ret == 0 && !rows.len) {
		sentence(k, W(k, none));
	} else if (ret == 0) {
		const char *cols[] = { W(k, athlete), pd_labels(k->lang)->npc,
			W(k, mode), W(k, reason), W(k, since) };

		table_head(k, cols, sizeof(cols) / sizeof(*cols));
		k->err |= pd_buf_add(k->out, rows.data, rows.len);
		put(k, "</tbody>\n</table>\n");
	}
	put(k, "</section>\n");
	pd_buf_release(&rows);
	return ret;
}

int pd_book_html(struct pd_buf *out, struct pd_store *s,
		 const struct pd_registry *reg, const char *games,
		 const char *lang, struct pd_diag *diag)
{
	struct pd_query q = { games, NULL, 0, 0 };
	struct pd_unit_query uq = { .games = games };
	struct book k;
	size_t i;
	int ret;

	memset(&k, 0, sizeof(k));
	k.out = out;
	k.s = s;
	k.reg = reg;
	k.lang = lang ? lang : "en";
	if ((ret = pd_store_begin_read(s, diag)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, games, &k.g, diag)) < 0 ||
	    (ret = pd_store_medals(s, &q, keep_medal, &k, diag)) < 0 ||
	    (ret = pd_store_events(s, games, NULL, keep_event, &k,
				   diag)) < 0 ||
	    (ret = pd_store_sanctions(s, games, keep_banned, &k, diag)) < 0 ||
	    (ret = pd_store_units(s, &uq, keep_unit, &k, diag)) < 0)
		goto cleanup;
	if (k.nmedals)
		qsort(k.medals, k.nmedals, sizeof(*k.medals), by_result);
	head(&k);
	if ((ret = medal_table(&k, diag)) == 0 &&
	    (ret = medallists(&k, diag)) == 0 &&
	    (ret = schedule(&k)) == 0 &&
	    (ret = events(&k, diag)) == 0 &&
	    (ret = records(&k, diag)) == 0)
		ret = sanctions(&k, diag);
	put(&k, "</main>\n</body>\n</html>\n");
	if (ret == 0 && k.err)
		ret = PD_ENOMEM;
cleanup:
	pd_store_rollback(s);
	for (i = 0; i < k.nevents; i++)
		pd_event_info_release(&k.events[i]);
	free(k.events);
	free(k.medals);
	free(k.banned);
	units_free(&k);
	pd_games_release(&k.g);
	return ret;
}
