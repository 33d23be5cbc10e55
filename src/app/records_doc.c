/* records_doc.c -- a Games' records as a document (doc.h:
 * pd_doc_records()): for each event and sport class the Games holds,
 * and each one a record was set at, every kind of record (WR, PR ...)
 * with the one in force, its history oldest first, and how many were
 * set at these Games.  Records are not a Games' (record.h): a Games'
 * are those of its events' keys. */
#include <stdio.h>
#include <string.h>

#include "podium/record.h"
#include "app_int.h"

struct walk {
	const char *games;
	json_t *events;		/* key -> the Games' event id */
	json_t *list;		/* the groups */
	json_t *group;		/* the group being read, or NULL */
	char key[600], kind[32];
	long here, broken;	/* set at these Games: the group's, all */
	int err;
};

static void key_of(char *out, size_t size, const char *sport,
		   const char *event, const char *gender, const char *cls)
{
	snprintf(out, size, "%s\x1f%s\x1f%s\x1f%s", sport, event,
		 gender ? gender : "", cls ? cls : "");
}

static int keep_event(const struct pd_event_info *e, size_t results,
		      void *arg)
{
	struct walk *w = arg;
	char key[600];

	(void)results;
	key_of(key, sizeof(key), e->sport, e->name, e->gender, e->sport_class);
	return json_object_set_new(w->events, key, json_integer(e->id)) < 0 ?
	       PD_ENOMEM : 0;
}

/* The group read so far goes in the list when the Games has its event
 * or one of its records was set here. */
static void flush(struct walk *w)
{
	json_t *g = w->group, *h;

	w->group = NULL;
	if (!g)
		return;
	if (!json_is_null(json_object_get(g, "event_id")) || w->here) {
		h = json_object_get(g, "history");
		json_object_set(g, "in_force", json_array_get(h,
				json_array_size(h) - 1));
		json_object_set_new(g, "broken_here", json_integer(w->here));
		w->broken += w->here;
		w->err |= json_array_append(w->list, g);
	}
	json_decref(g);
	w->here = 0;
}

static int record(const struct pd_record *r, void *arg)
{
	struct walk *w = arg;
	char key[600];
	json_t *ev;

	key_of(key, sizeof(key), r->sport, r->event, r->gender,
	       r->sport_class);
	if (!w->group || strcmp(key, w->key) || strcmp(r->kind, w->kind)) {
		flush(w);
		snprintf(w->key, sizeof(w->key), "%s", key);
		snprintf(w->kind, sizeof(w->kind), "%s", r->kind);
		ev = json_object_get(w->events, key);
		w->group = json_pack("{s:s, s:s, s:s, s:s, s:s, s:O, s:n, "
				     "s:I, s:[]}", "sport", r->sport, "event",
				     r->event, "gender", r->gender, "class",
				     r->sport_class, "kind", r->kind,
				     "event_id", ev ? ev : json_null(),
				     "in_force", "broken_here",
				     (json_int_t)0, "history");
		if (!w->group)
			return PD_ENOMEM;
	}
	w->here += !strcmp(r->games, w->games);
	return json_array_append_new(json_object_get(w->group, "history"),
				     json_pack("{s:s, s:s, s:s, s:s, s:s, "
					       "s:b}", "mark", r->mark,
					       "holder", r->holder, "npc",
					       r->npc, "date", r->date,
					       "games", r->games, "in_force",
					       r->replaced_by == 0)) < 0 ?
	       PD_ENOMEM : 0;
}

int pd_doc_records(struct pd_buf *out, struct pd_store *s, const char *games,
		   long version, unsigned flags, struct pd_diag *diag)
{
	struct walk w;
	int ret;

	memset(&w, 0, sizeof(w));
	w.games = games;
	w.events = json_object();
	w.list = json_array();
	if (!w.events || !w.list) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	if ((ret = pd_store_events(s, games, NULL, keep_event, &w,
				   diag)) == 0 &&
	    (ret = pd_store_records(s, NULL, record, &w, diag)) == 0)
		flush(&w);
	json_decref(w.group);
	if (ret == 0 && w.err)
		ret = PD_ENOMEM;
	if (ret == 0)
		ret = app_json_dump(out, json_pack("{s:s, s:I, s:I, s:O}",
						   "games", games, "version",
						   (json_int_t)version,
						   "broken", (json_int_t)w.broken,
						   "records", w.list), flags);
cleanup:
	json_decref(w.events);
	json_decref(w.list);
	return ret;
}
