/* athlete_doc.c -- an athlete as a document (doc.h): their results and
 * medals at one Games (GET /api/games/G/athletes/ID and its page), and
 * their career across every Games in the store (GET /api/athletes/ID,
 * /athletes/ID, 'podium athlete --id'), the same person found under
 * each row that is theirs (pd_athlete_same()). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/npc.h"
#include "app_int.h"

static const char *const medal_word[3] = { "gold", "silver", "bronze" };

struct athlete_one {
	long id;
	int found;
	json_t *doc;
	json_t *events;		/* every event of the Games, by id */
	json_t *results;
	json_t *medals;		/* result id -> medal */
	long won[3];
	json_t *current;	/* the event whose results are walked */
	json_t *team;		/* team medals, as results */
};

static int find_athlete(long id, const struct pd_athlete *a, void *arg)
{
	struct athlete_one *w = arg;

	if (id != w->id)
		return 0;
	w->found = 1;
	json_object_set_new(w->doc, "name", app_json_str(a->name));
	json_object_set_new(w->doc, "npc", app_json_str(a->npc));
	json_object_set_new(w->doc, "gender", app_json_str(a->gender));
	json_object_set_new(w->doc, "class", app_json_str(a->sport_class));
	return 1;	/* stop: found */
}

static int keep_event(const struct pd_event_info *e, size_t results,
		      void *arg)
{
	struct athlete_one *w = arg;
	char key[24];

	(void)results;
	snprintf(key, sizeof(key), "%ld", e->id);
	return json_object_set_new(w->events, key, json_pack("{s:I, s:o, "
				   "s:o, s:o, s:o, s:o}", "event",
				   (json_int_t)e->id, "sport",
				   app_json_str(e->sport), "name",
				   app_json_str(e->name), "gender",
				   app_json_str(e->gender), "class",
				   app_json_str(e->sport_class), "date",
				   app_json_str(e->date))) < 0 ? PD_ENOMEM : 0;
}

/* A medal credited to the athlete: won alone (its result is among the
 * athlete's, walked below) or as a member of a team (an entry of its
 * own, the team's result, which names the team and not the athlete). */
static int athlete_credit(const struct pd_credit *c,
			  const struct pd_medal_out *m, void *arg)
{
	struct athlete_one *w = arg;
	json_t *e;
	char key[24];

	if (c->athlete_id != w->id)
		return 0;
	w->won[m->medal]++;
	if (m->athlete_id == w->id) {
		snprintf(key, sizeof(key), "%ld", m->result_id);
		return json_object_set_new(w->medals, key,
					   json_string(medal_word[m->medal])) <
		       0 ? PD_ENOMEM : 0;
	}
	snprintf(key, sizeof(key), "%ld", m->event_id);
	if (!(e = json_deep_copy(json_object_get(w->events, key))))
		return 0;	/* an event not of this Games' list */
	json_object_set_new(e, "rank", json_integer(m->medal + 1));
	json_object_set_new(e, "mark", json_string(""));
	json_object_set_new(e, "irm", json_string(""));
	json_object_set_new(e, "records", json_string(""));
	json_object_set_new(e, "medal", json_string(medal_word[m->medal]));
	json_object_set_new(e, "team", app_json_str(m->name));
	return json_array_append_new(w->team, e) < 0 ? PD_ENOMEM : 0;
}

/* The athlete's own results of one event, with the event's names. */
static int athlete_result(const struct pd_result_row *r, void *arg)
{
	struct athlete_one *w = arg;
	json_t *o, *e, *medal;
	char key[24];

	if (r->athlete_id != w->id)
		return 0;
	snprintf(key, sizeof(key), "%ld", r->id);
	medal = json_object_get(w->medals, key);
	o = json_pack("{s:I, s:o, s:o, s:o, s:O}", "rank", (json_int_t)r->rank,
		      "mark", app_json_str(r->mark), "irm",
		      app_json_str(r->irm), "records", app_json_str(r->records),
		      "medal", medal ? medal : json_null());
	e = json_deep_copy(w->current);
	if (!o || !e || json_object_update(e, o) < 0) {
		json_decref(o);
		json_decref(e);
		return PD_ENOMEM;
	}
	json_decref(o);
	return json_array_append_new(w->results, e) < 0 ? PD_ENOMEM : 0;
}

static json_t *npc_names(const struct pd_registry *reg, const char *code)
{
	const struct pd_npc *npc = reg ? pd_registry_code(reg, code) : NULL;

	return json_pack("{s:o, s:o}", "en", app_json_str(npc ? npc->en :
			 code), "zh", app_json_str(npc ? pd_npc_name(npc, "zh")
			 : code));
}

int pd_doc_athlete_fill(json_t *doc, struct pd_store *s, const char *games,
			long id, const struct pd_registry *reg,
			struct pd_diag *d)
{
	struct athlete_one w = { id, 0, doc, json_object(), json_array(),
				 json_object(), { 0, 0, 0 }, NULL,
				 json_array() };
	struct pd_query q = { games, NULL, 0, 0 };
	const char *key;
	json_t *e;
	int ret;

	json_object_set_new(doc, "id", json_integer(id));
	ret = pd_store_athletes(s, games, find_athlete, &w, d);
	if (ret >= 0 && !w.found)
		ret = PD_ENOTFOUND;
	if (ret >= 0)
		ret = pd_store_events(s, games, NULL, keep_event, &w, d);
	if (ret >= 0)
		ret = pd_store_credits(s, &q, reg, athlete_credit, &w, d);
	/* every event's results, the athlete's kept: one query an event,
	 * once per version (the page and the document are cached) */
	json_object_foreach(w.events, key, e) {
		if (ret < 0)
			break;
		w.current = e;
		ret = pd_store_event_results(s, atol(key), 0, athlete_result,
					     &w, d);
	}
	if (ret >= 0)
		json_array_extend(w.results, w.team);
	if (ret >= 0) {
		json_object_set_new(doc, "npc_name", npc_names(reg,
				    json_string_value(json_object_get(doc,
				    "npc"))));
		json_object_set_new(doc, "medals", json_pack("{s:I, s:I, s:I}",
				    "gold", (json_int_t)w.won[0], "silver",
				    (json_int_t)w.won[1], "bronze",
				    (json_int_t)w.won[2]));
		json_object_set(doc, "results", w.results);
	}
	json_decref(w.events);
	json_decref(w.team);
	json_decref(w.results);
	json_decref(w.medals);
	return ret < 0 ? ret : 0;
}

/* -- a career across Games */

#define CAREER_ROWS 64		/* rows of one person: far above any seen */

struct row {
	long id;
	struct pd_athlete a;	/* its strings the row's own */
};

struct kin {
	long id;		/* the athlete asked for */
	struct row *v;		/* the NPC's athletes, the one asked for too */
	size_t n, alloc;
	long me;		/* v's index of the one asked for, or -1 */
};

static void kin_free(struct kin *k)
{
	for (size_t i = 0; i < k->n; i++) {
		free((char *)k->v[i].a.name);
		free((char *)k->v[i].a.ext);
		free((char *)k->v[i].a.gender);
	}
	free(k->v);
}

static int keep_kin(long id, const struct pd_athlete *a, void *arg)
{
	struct kin *k = arg;
	struct row blank, *r;

	memset(&blank, 0, sizeof(blank));
	blank.id = id;
	if (!(r = pd_push(&k->v, &k->n, &k->alloc, sizeof(*k->v), &blank)))
		return PD_ENOMEM;
	memcpy(r->a.npc, a->npc, sizeof(r->a.npc));
	if (!(r->a.name = strdup(a->name ? a->name : "")) ||
	    (a->ext && !(r->a.ext = strdup(a->ext))) ||
	    !(r->a.gender = strdup(a->gender ? a->gender : "")))
		return PD_ENOMEM;	/* freed with the rest */
	if (id == k->id)
		k->me = (long)k->n - 1;
	return 0;
}

/* One Games of the career: the row that took part in it. */
struct part {
	char games[PD_GAMES_CODE];
	long id;
	long year;
	char start[16];
	char name_en[160], name_zh[160];
};

struct parts {
	struct part *v;
	size_t n, alloc;
	long id;		/* the row being read */
};

static int keep_games(const char *games, void *arg)
{
	struct parts *p = arg;
	struct part one;

	memset(&one, 0, sizeof(one));
	snprintf(one.games, sizeof(one.games), "%s", games);
	one.id = p->id;
	return pd_push(&p->v, &p->n, &p->alloc, sizeof(*p->v), &one) ? 0 :
	       PD_ENOMEM;
}

/* by the Games' year and start, then code and row */
static int by_date(const void *pa, const void *pb)
{
	const struct part *a = pa, *b = pb;
	int d;

	if (a->year != b->year)
		return a->year < b->year ? -1 : 1;
	if ((d = strcmp(a->start, b->start)) || (d = strcmp(a->games,
							     b->games)))
		return d;
	return (a->id > b->id) - (a->id < b->id);
}

/* The rows that are the person of k->v[k->me], by id, into ids (the
 * one asked for among them): how many. */
static size_t same_person(const struct kin *k, long *ids)
{
	const struct pd_athlete *me = &k->v[k->me].a;
	size_t i, n = 0;

	for (i = 0; i < k->n && n < CAREER_ROWS; i++)
		if ((long)i == k->me || pd_athlete_same(me, &k->v[i].a))
			ids[n++] = k->v[i].id;
	return n;
}

/* Each Games of parts (sorted) as the athlete's document there, its
 * medals added to won and its records to records. */
static int career_games(json_t *list, json_t *records, long *won,
			struct pd_store *s, const struct parts *p,
			const struct pd_registry *reg, struct pd_diag *d)
{
	json_t *g, *m, *r;
	size_t i, k;
	int ret = 0, c;

	for (i = 0; i < p->n && ret == 0; i++) {
		g = json_pack("{s:s, s:{s:s, s:s}, s:I}", "games",
			      p->v[i].games, "games_name", "en",
			      p->v[i].name_en, "zh", p->v[i].name_zh, "year",
			      (json_int_t)p->v[i].year);
		if (!g || json_array_append_new(list, g) < 0)
			return PD_ENOMEM;
		if ((ret = pd_doc_athlete_fill(g, s, p->v[i].games, p->v[i].id,
					       reg, d)) < 0)
			break;
		m = json_object_get(g, "medals");
		for (c = 0; c < 3; c++)
			won[c] += (long)json_integer_value(json_object_get(m,
						medal_word[c]));
		json_array_foreach(json_object_get(g, "results"), k, r) {
			const char *rec = json_string_value(json_object_get(r,
							       "records"));

			if (rec && *rec && json_array_append_new(records,
			    json_pack("{s:s, s:O, s:O, s:O, s:s, s:O}", "games",
				      p->v[i].games, "event", json_object_get(r,
				      "event"), "sport", json_object_get(r,
				      "sport"), "name", json_object_get(r,
				      "name"), "records", rec, "mark",
				      json_object_get(r, "mark"))) < 0)
				return PD_ENOMEM;
		}
	}
	return ret;
}

/* Year and start of each part's Games, then the parts by date. */
static int date_parts(struct pd_store *s, struct parts *p, struct pd_diag *d)
{
	struct pd_games g;
	size_t i;
	int ret;

	for (i = 0; i < p->n; i++) {
		memset(&g, 0, sizeof(g));
		if ((ret = pd_store_games_get(s, p->v[i].games, &g, d)) < 0)
			return ret;
		p->v[i].year = g.year;
		snprintf(p->v[i].start, sizeof(p->v[i].start), "%s",
			 g.start ? g.start : "");
		snprintf(p->v[i].name_en, sizeof(p->v[i].name_en), "%s",
			 g.name_en ? g.name_en : p->v[i].games);
		snprintf(p->v[i].name_zh, sizeof(p->v[i].name_zh), "%s",
			 g.name_zh && *g.name_zh ? g.name_zh :
			 p->v[i].name_en);
		pd_games_release(&g);
	}
	if (p->n > 1)
		qsort(p->v, p->n, sizeof(*p->v), by_date);
	return 0;
}

int pd_doc_career(struct pd_buf *out, struct pd_store *s, long id,
		  const struct pd_registry *reg, unsigned flags,
		  struct pd_diag *d)
{
	struct kin k = { id, NULL, 0, 0, -1 };
	struct parts p = { NULL, 0, 0, 0 };
	long ids[CAREER_ROWS], won[3] = { 0, 0, 0 };
	json_t *doc = NULL, *list = json_array(), *records = json_array(),
	       *rows = json_array();
	size_t n = 0, i;
	int ret;

	if ((ret = pd_store_athlete_kin(s, id, keep_kin, &k, d)) == 0 &&
	    k.me < 0)
		ret = pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "no athlete %ld",
				  id);
	if (ret == 0)
		n = same_person(&k, ids);
	for (i = 0; i < n && ret == 0; i++) {
		p.id = ids[i];
		ret = pd_store_athlete_games(s, ids[i], keep_games, &p, d);
		ret = ret == 0 && json_array_append_new(rows,
			json_integer(ids[i])) < 0 ? PD_ENOMEM : ret;
	}
	if (ret == 0)
		ret = date_parts(s, &p, d);
	if (ret == 0)
		ret = career_games(list, records, won, s, &p, reg, d);
	if (ret == 0) {
		const struct pd_athlete *me = &k.v[k.me].a;

		doc = json_pack("{s:I, s:s, s:s, s:o, s:s, s:O, s:{s:I, s:I, "
				"s:I}, s:O, s:O}", "id", (json_int_t)id,
				"name", me->name, "npc", me->npc, "npc_name",
				npc_names(reg, me->npc), "gender", me->gender,
				"rows", rows, "medals", "gold",
				(json_int_t)won[0], "silver", (json_int_t)won[1],
				"bronze", (json_int_t)won[2], "games", list,
				"records", records);
		ret = doc ? app_json_dump(out, doc, flags) : PD_ENOMEM;
	}
	json_decref(list);
	json_decref(records);
	json_decref(rows);
	kin_free(&k);
	free(p.v);
	return ret;
}
