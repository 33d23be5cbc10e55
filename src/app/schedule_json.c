/* schedule_json.c -- the schedule document and an event's phases
 * (units_ops.h): a Games' scheduled units, a day's, a sport's, a venue's
 * or its medal units, each with the head the unit document gives it;
 * and an event's units grouped by phase. */
#include <stdlib.h>
#include <string.h>

#include "podium/store_units.h"
#include "podium/units_ops.h"
#include "app_int.h"

struct sched_read {
	const struct pd_schedule_query *q;
	json_t *units, *days;
	int gold, bronze;
};

static int medal_wanted(const char *want, const char *medal)
{
	if (!want || !*want)
		return 1;
	if (!strcmp(want, "any"))
		return *medal != '\0';
	return !strcmp(want, medal);
}

/* Add day to the sorted list days, once. */
static int day_add(json_t *days, const char *day)
{
	size_t i, n = json_array_size(days);
	int c = 1;

	for (i = 0; i < n; i++)
		if ((c = strcmp(json_string_value(json_array_get(days, i)),
				day)) >= 0)
			break;
	if (c == 0)
		return 0;
	return json_array_insert_new(days, i, json_string(day)) < 0 ?
	       PD_ENOMEM : 0;
}

static int take(const struct pd_unit_rec *u, void *arg)
{
	struct sched_read *r = arg;
	json_t *h;

	if (!*u->status || !medal_wanted(r->q->medal, u->medal))
		return 0;	/* a unit of the results no schedule row has */
	if (*u->day && day_add(r->days, u->day) < 0)
		return PD_ENOMEM;
	if (r->q->day && *r->q->day && strcmp(r->q->day, u->day))
		return 0;
	r->gold += !strcmp(u->medal, "gold");
	r->bronze += !strcmp(u->medal, "bronze");
	if (!(h = app_unit_head(r->q->games, u)))
		return PD_ENOMEM;
	return json_array_append_new(r->units, h) < 0 ? PD_ENOMEM : 0;
}

static json_t *opt(const char *s)
{
	return s && *s ? app_json_str(s) : json_null();
}

/* (units_ops.h) */
int pd_doc_schedule(struct pd_buf *out, struct pd_store *s,
		    const struct pd_schedule_query *q, long version,
		    struct pd_diag *diag)
{
	struct pd_unit_query uq = { .games = q->games, .venue = q->venue,
				    .discipline = q->sport };
	struct sched_read r = { q, json_array(), json_array(), 0, 0 };
	long long now = 0;
	int off;
	int ret;

	if (!r.units || !r.days)
		ret = PD_ENOMEM;
	else
		ret = pd_store_units(s, &uq, take, &r, diag);
	if (ret == 0)
		ret = app_json_dump(out, json_pack(
			"{s:s, s:I, s:s, s:o, s:o, s:o, s:o, s:O, s:i, s:i, "
			"s:O}", "games", q->games, "version", (json_int_t)version,
			"zone", app_unit_zone(q->games, NULL, now, &off),
			"date", opt(q->day), "sport", opt(q->sport), "venue",
			opt(q->venue), "medal", opt(q->medal), "days", r.days,
			"gold_units", r.gold, "bronze_units", r.bronze,
			"units", r.units), 0);
	json_decref(r.units);
	json_decref(r.days);
	return ret;
}

/* -- an event's phases */

struct phases_read {
	const char *games, *event;
	char gender;
	json_t *phases;
};

static int take_phase(const struct pd_unit_rec *u, void *arg)
{
	struct phases_read *r = arg;
	json_t *p = NULL, *h;
	size_t i;

	if (strcmp(u->event, r->event) || (r->gender && u->rsc[3] != r->gender))
		return 0;
	json_array_foreach(r->phases, i, p)
		if (!strncmp(json_string_value(json_object_get(p, "code")),
			     u->rsc + 22, 4))
			break;
	if (i == json_array_size(r->phases)) {
		if (!(h = app_unit_head(r->games, u)))
			return PD_ENOMEM;
		p = json_pack("{s:O, s:[]}", "code", json_object_get(
				      json_object_get(h, "phase"), "code"),
			      "units");
		if (p)
			json_object_set(p, "name", json_object_get(
					json_object_get(h, "phase"), "name"));
		json_decref(h);
		if (!p || json_array_append_new(r->phases, p) < 0)
			return PD_ENOMEM;
	}
	if (!(h = app_unit_head(r->games, u)))
		return PD_ENOMEM;
	return json_array_append_new(json_object_get(p, "units"), h) < 0 ?
	       PD_ENOMEM : 0;
}

/* (units_ops.h) */
int pd_doc_event_phases(struct pd_buf *out, struct pd_store *s,
			const char *games, const char *sport,
			const char *event, const char *gender,
			struct pd_diag *diag)
{
	struct pd_unit_query q = { .games = games, .discipline = sport };
	struct phases_read r = { games, event, gender ? gender[0] : 0,
				 json_array() };
	int ret = r.phases ? pd_store_units(s, &q, take_phase, &r, diag) :
			     PD_ENOMEM;

	if (ret == 0)
		return app_json_dump(out, r.phases, 0);
	json_decref(r.phases);
	return ret;
}
