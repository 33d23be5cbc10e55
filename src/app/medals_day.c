/* medals_day.c -- the medallists document (filter_ops.h): a Games'
 * medals under a filter, unit by unit in the order they were decided,
 * and with a day the table as it stood at the end of that day.  GET
 * /api/games/{code}/medallists and the page of a day's medals send it. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/filter_ops.h"
#include "app_int.h"

/* One medal, copied: the walk's strings last only a call. */
struct won {
	char *day, *time, *unit, *phase, *sport, *event, *gender, *npc,
	     *name;
	long event_id, athlete, team;
	int medal;
};

struct wons {
	struct won *v;
	size_t n, a;
};

static char *dup(const char *s)
{
	return strdup(s ? s : "");
}

static int take(const struct pd_medal_out *m, const struct pd_decided *at,
		void *arg)
{
	struct wons *w = arg;
	struct won *x;

	if (app_grow((void **)&w->v, w->n, &w->a, sizeof(*w->v)) < 0)
		return PD_ENOMEM;
	x = &w->v[w->n++];
	memset(x, 0, sizeof(*x));
	x->event_id = m->event_id;
	x->athlete = m->athlete_id;
	x->team = m->team_id;
	x->medal = (int)m->medal;
	if (!(x->day = dup(at->day)) || !(x->time = dup(at->time)) ||
	    !(x->unit = dup(at->unit)) || !(x->phase = dup(at->phase)) ||
	    !(x->sport = dup(m->sport)) || !(x->event = dup(m->event)) ||
	    !(x->gender = dup(m->gender)) || !(x->npc = dup(m->npc)) ||
	    !(x->name = dup(m->name)))
		return PD_ENOMEM;
	return 0;
}

static void wons_release(struct wons *w)
{
	size_t i;

	for (i = 0; i < w->n; i++) {
		struct won *x = &w->v[i];

		free(x->day);
		free(x->time);
		free(x->unit);
		free(x->phase);
		free(x->sport);
		free(x->event);
		free(x->gender);
		free(x->npc);
		free(x->name);
	}
	free(w->v);
}

/* In the order they were decided: day, time, unit, event, colour. */
static int by_decided(const void *pa, const void *pb)
{
	const struct won *a = pa, *b = pb;
	int c;

	if ((c = strcmp(a->day, b->day)) || (c = strcmp(a->time, b->time)) ||
	    (c = strcmp(a->unit, b->unit)))
		return c;
	if (a->event_id != b->event_id)
		return a->event_id < b->event_id ? -1 : 1;
	return a->medal - b->medal;
}

static json_t *jstr_or_null(const char *s)
{
	return s && *s ? json_string(s) : json_null();
}

static json_t *medal_of(const struct won *x)
{
	static const char *const word[3] = { "gold", "silver", "bronze" };

	return json_pack("{s:s, s:s, s:s, s:o, s:o}", "medal", word[x->medal],
			 "npc", x->npc, "name", x->name, "athlete",
			 x->athlete ? json_integer(x->athlete) : json_null(),
			 "team", x->team ? json_integer(x->team) :
			 json_null());
}

/* One entry a unit (or, without units, an event and day), its medals. */
static json_t *units_of(const struct wons *w)
{
	json_t *list = json_array(), *cur = NULL, *medals = NULL;
	const struct won *x, *prev = NULL;
	size_t i;

	for (i = 0; list && i < w->n; i++, prev = x) {
		x = &w->v[i];
		if (!prev || strcmp(prev->day, x->day) ||
		    strcmp(prev->unit, x->unit) ||
		    prev->event_id != x->event_id) {
			medals = json_array();
			cur = json_pack("{s:s, s:o, s:o, s:o, s:I, s:s, s:s, "
					"s:s, s:o}", "day", x->day, "time",
					jstr_or_null(x->time), "unit",
					jstr_or_null(x->unit), "phase",
					jstr_or_null(x->phase), "event",
					(json_int_t)x->event_id, "sport",
					x->sport, "name", x->event, "gender",
					x->gender, "medals", medals);
			if (!cur || json_array_append_new(list, cur) < 0) {
				json_decref(list);
				return NULL;
			}
		}
		if (json_array_append_new(medals, medal_of(x)) < 0) {
			json_decref(list);
			return NULL;
		}
	}
	return list;
}

/* The table as it stood at the end of f's day: the same filter through
 * that day. */
static json_t *table_at(struct pd_store *s, const struct pd_query *q,
			const struct pd_filter *f, struct pd_diag *d, int *err)
{
	struct pd_filter through = *f;
	struct pd_standings_opts o;
	struct pd_standings st;
	struct pd_tally t;
	json_t *rows = json_array(), *doc = NULL;
	size_t i;

	memcpy(through.through, f->day, sizeof(through.through));
	through.day[0] = '\0';
	memset(&o, 0, sizeof(o));
	pd_tally_init(&t);
	if ((*err = pd_filter_tally(s, q, &through, &t, NULL, d)) < 0 ||
	    (*err = pd_standings_build(&st, &t, &o, d)) < 0) {
		pd_tally_release(&t);
		json_decref(rows);
		return NULL;
	}
	for (i = 0; rows && i < st.n; i++)
		json_array_append_new(rows, json_pack("{s:I, s:s, s:I, s:I, "
			"s:I, s:I}", "rank", (json_int_t)st.rows[i].rank, "npc",
			st.rows[i].npc, "gold", (json_int_t)st.rows[i].medals[0],
			"silver", (json_int_t)st.rows[i].medals[1], "bronze",
			(json_int_t)st.rows[i].medals[2], "total",
			(json_int_t)st.rows[i].total));
	doc = json_pack("{s:s, s:o, s:{s:I, s:I, s:I, s:I}}", "through",
			f->day, "rows", rows, "totals", "gold",
			(json_int_t)st.totals.medals[0], "silver",
			(json_int_t)st.totals.medals[1], "bronze",
			(json_int_t)st.totals.medals[2], "total",
			(json_int_t)st.totals.total);
	pd_standings_release(&st);
	pd_tally_release(&t);
	*err = doc ? 0 : PD_ENOMEM;
	return doc;
}

int pd_doc_medallists(struct pd_buf *out, struct pd_store *s,
		      const char *games, long version, const char *sport,
		      const struct pd_filter *f, unsigned flags,
		      struct pd_diag *diag)
{
	struct pd_query q = { games, sport && *sport ? sport : NULL, 0, 0 };
	struct wons w = { NULL, 0, 0 };
	json_t *doc = NULL, *units, *table = json_null();
	int ret;

	if ((ret = pd_filter_medals(s, &q, f, take, &w, diag)) < 0)
		goto cleanup;
	if (w.n)
		qsort(w.v, w.n, sizeof(*w.v), by_decided);
	if (f->day[0] && !(table = table_at(s, &q, f, diag, &ret)))
		goto cleanup;
	units = units_of(&w);
	doc = json_pack("{s:s, s:I, s:{s:o, s:o, s:o, s:o, s:o}, s:I, s:o, "
			"s:o}", "games", games, "version", (json_int_t)version,
			"filter", "sport", jstr_or_null(q.sport), "gender",
			jstr_or_null(f->gender), "through",
			jstr_or_null(f->through), "npc", jstr_or_null(f->npc),
			"date", jstr_or_null(f->day), "medals",
			(json_int_t)w.n, "units", units ? units : json_null(),
			"table", table);
	table = NULL;
	/* app_json_dump takes the document */
	ret = doc && units ? app_json_dump(out, doc, flags) : PD_ENOMEM;
	if (!units)
		json_decref(doc);
cleanup:
	json_decref(table);
	wons_release(&w);
	return ret;
}
