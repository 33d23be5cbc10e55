/* sport_doc.c -- one sport of a Games as a document (doc.h:
 * pd_doc_sport()): its medal table ranked from its results and its
 * events, each with its phases and their units where the Games has
 * units ('podium import units').  A sport is named by its slug
 * ("athletics", "wheelchair-basketball": slug.c) or by its name. */
#include <stdio.h>
#include <string.h>

#include "podium/match_ops.h"
#include "podium/standings.h"
#include "podium/store_units.h"
#include "app_int.h"

struct walk {
	const char *want;	/* a slug or a name */
	char sport[256];	/* the sport's name, once found */
	json_t *events;		/* of the sport, in the store's order */
};

static int is_sport(const char *want, const char *sport)
{
	char slug[256];

	pd_sport_slug(slug, sizeof(slug), sport);
	return !strcmp(want, slug) || !strcmp(want, sport);
}

static int keep_event(const struct pd_event_info *e, size_t results,
		      void *arg)
{
	struct walk *w = arg;

	if (!is_sport(w->want, e->sport) ||
	    (w->sport[0] && strcmp(w->sport, e->sport)))
		return 0;
	snprintf(w->sport, sizeof(w->sport), "%s", e->sport);
	return json_array_append_new(w->events, json_pack("{s:I, s:s, s:s, "
				     "s:s, s:s, s:s, s:I, s:[]}", "id",
				     (json_int_t)e->id, "name", e->name,
				     "gender", e->gender ? e->gender : "",
				     "class", e->sport_class ?
				     e->sport_class : "", "date", e->date ?
				     e->date : "", "status", e->status,
				     "results", (json_int_t)results,
				     "phases")) < 0 ? PD_ENOMEM : 0;
}

/* A unit under its event's phase (its results code's phase part, as
 * 'podium event show' lists them): the phases in the order their first
 * unit comes, each unit's name once. */
static int keep_unit(const struct pd_unit_rec *u, void *arg)
{
	struct walk *w = arg;
	json_t *e, *phases, *p = NULL, *units;
	char code[5];
	size_t i, j;

	snprintf(code, sizeof(code), "%.4s", u->rsc + 22);
	json_array_foreach(w->events, i, e) {
		const char *g = json_string_value(json_object_get(e, "gender"));

		if (strcmp(u->event, json_string_value(json_object_get(e,
			   "name"))) || (*g && u->rsc[3] != *g))
			continue;
		phases = json_object_get(e, "phases");
		for (j = 0; j < json_array_size(phases); j++)
			if (!strcmp(code, json_string_value(json_object_get(
				    json_array_get(phases, j), "code"))))
				p = json_array_get(phases, j);
		if (!p && (json_array_append_new(phases, json_pack("{s:s, "
						 "s:[]}", "code", code,
						 "units")) < 0 ||
			   !(p = json_array_get(phases,
						json_array_size(phases) - 1))))
			return PD_ENOMEM;
		units = json_object_get(p, "units");
		return json_array_append_new(units, json_string(u->phase)) < 0 ?
		       PD_ENOMEM : 0;
	}
	return 0;
}

static json_t *table_of(const struct pd_standings *st)
{
	json_t *rows = json_array();
	size_t i;

	for (i = 0; rows && i < st->n; i++)
		json_array_append_new(rows, json_pack("{s:I, s:s, s:I, s:I, "
				      "s:I, s:I}", "rank",
				      (json_int_t)st->rows[i].rank, "npc",
				      st->rows[i].npc, "gold",
				      (json_int_t)st->rows[i].medals[0],
				      "silver",
				      (json_int_t)st->rows[i].medals[1],
				      "bronze",
				      (json_int_t)st->rows[i].medals[2],
				      "total", (json_int_t)st->rows[i].total));
	return rows;
}

int pd_doc_sport(struct pd_buf *out, struct pd_store *s,
		 const struct pd_games *g, const char *sport, long version,
		 unsigned flags, struct pd_diag *diag)
{
	struct walk w = { sport, "", json_array() };
	struct pd_unit_query uq = { .games = g->code };
	struct pd_standings_opts o;
	struct pd_standings st;
	struct pd_tally t;
	struct pd_query q = { g->code, NULL, 0, 0 };
	char slug[256];
	int ret, built = 0;

	pd_tally_init(&t);
	memset(&o, 0, sizeof(o));
	o.host = g->host[0] ? g->host : NULL;
	if (!w.events)
		return PD_ENOMEM;
	if ((ret = pd_store_events(s, g->code, NULL, keep_event, &w,
				   diag)) < 0)
		goto cleanup;
	if (!w.sport[0]) {
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no sport '%s' "
				  "in %s", sport, g->code);
		goto cleanup;
	}
	q.sport = uq.discipline = w.sport;
	if ((ret = pd_store_units(s, &uq, keep_unit, &w, diag)) < 0 ||
	    (ret = pd_store_tally_q(s, &q, &t, NULL, diag)) < 0 ||
	    (ret = pd_standings_build(&st, &t, &o, diag)) < 0)
		goto cleanup;
	built = 1;
	pd_sport_slug(slug, sizeof(slug), w.sport);
	ret = app_json_dump(out, json_pack("{s:s, s:I, s:s, s:s, s:o, s:O}",
					   "games", g->code, "version",
					   (json_int_t)version, "sport",
					   w.sport, "slug", slug, "table",
					   table_of(&st), "events", w.events),
			    flags);
cleanup:
	if (built)
		pd_standings_release(&st);
	pd_tally_release(&t);
	json_decref(w.events);
	return ret;
}
