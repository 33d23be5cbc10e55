/* json_stats.c -- a Games' figures as one document, for 'podium stats
 * --format json' and GET /api/games/{code}/stats (see doc.h).
 *
 * The keys and their shapes are the API's, which clients already read
 * (medals is exactly gold, silver, bronze); the CLI's extra figures
 * (names, dates, host, the women's share, the sanctions by mode) were
 * added beside them. */
#include "podium/app.h"
#include "app_int.h"

static json_t *counts(const struct pd_counts *c)
{
	json_t *o = json_object();
	size_t i;

	for (i = 0; o && i < c->n; i++)
		if (json_object_set_new(o, c->rows[i].key,
					json_integer(c->rows[i].n[0])) < 0) {
			json_decref(o);
			return NULL;
		}
	return o;
}

/* "table": {"source": ..., "events": done, "of": known} */
static json_t *table_of(const struct pd_cover *c)
{
	return json_pack("{s:o, s:I, s:o}",
			 "source", c && c->source[0] ?
			 app_json_str(c->source) : json_null(),
			 "events", (json_int_t)(c ? c->done : 0),
			 "of", c && c->known ? json_integer(c->known) :
			 json_null());
}

/* a count that only complete results can give */
static json_t *known(long n, int unknown)
{
	return unknown ? json_null() : json_integer(n);
}

int pd_doc_stats(struct pd_buf *out, const struct pd_games *g, long version,
		 const struct pd_games_stats *st, const struct pd_cover *cover,
		 unsigned flags)
{
	const long *m = st->medals;
	double share = (double)pd_share_tenths(st->women, st->athletes) / 1000;
	int pub = cover && cover->source[0];

	return app_json_dump(out, json_pack(
		"{s:o, s:I, s:o, s:o, s:o, s:o, s:I, s:b, s:o, s:o, s:o, s:o, "
		"s:o, s:o, s:I, s:o, s:I, s:o, s:{s:I, s:I, s:I}, s:I, "
		"s:I, s:I, s:I, s:I, s:o, s:o}",
		"games", app_json_str(g->code),
		"version", (json_int_t)version,
		"name", app_json_str(g->name_en),
		"start", app_json_str(g->start),
		"end", app_json_str(g->end),
		"host", app_json_str(g->host),
		"results", (json_int_t)st->results,
		"participation_known", st->participation_known && !pub,
		"athletes", known(st->athletes, pub),
		"women", known(st->women, pub),
		"men", known(st->men, pub),
		"gender_unknown", known(st->gender_unknown, pub),
		"women_share", pub ? json_null() : json_real(share),
		"npcs", known(st->npcs, pub),
		"events", (json_int_t)(pub ? cover->known : st->events),
		"sports", counts(&st->sports),
		"records", (json_int_t)st->records,
		"record_types", counts(&st->record_types),
		"medals", "gold", (json_int_t)m[0], "silver", (json_int_t)m[1],
		"bronze", (json_int_t)m[2],
		"sanctions", (json_int_t)st->sanctions,
		"sanctions_reallocate", (json_int_t)st->sanctions_reallocate,
		"sanctions_vacate", (json_int_t)st->sanctions_vacate,
		"npcs_medal", (json_int_t)st->npcs_medal,
		"npcs_gold", (json_int_t)st->npcs_gold,
		"table", table_of(cover),
		"start_lists", !st->units_held ? json_null() :
		json_pack("{s:I, s:I, s:I}", "athletes",
			  (json_int_t)st->units_athletes, "teams",
			  (json_int_t)st->units_teams, "npcs",
			  (json_int_t)st->units_npcs)), flags);
}
