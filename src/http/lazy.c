/* lazy.c -- the views rendered on their first request at a version and
 * kept with it (see lazy_get in cache.c): a table by sport, cut to the
 * top N or under weighted points; an event with its results; an NPC's
 * medals; an athlete search; the audit log since a version; and the
 * events list, the statistics and the gold timeline of a Games.
 *
 * A key is the view's name and its parameters separated by KEY_SEP (the
 * server refuses that byte in parameters).  Views that need the store
 * use the server's side connection under side_mu. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/audit.h"
#include "podium/event.h"
#include "podium/stats.h"
#include "http_int.h"

#define KEY_SEP '\x1f'
#define ATHLETES_MAX 100
#define LOG_MAX 1000

static json_t *jstr(const char *s)
{
	json_t *j = json_string(s ? s : "");

	return j ? j : json_null();
}

/* Answer other than 200: why goes in out for lazy_get to report. */
static int refuse(struct pd_buf *out, int *status, int code, const char *why)
{
	*status = code;
	pd_buf_reset(out);
	return pd_buf_adds(out, why);
}

/* Split key into at most n fields, in place. */
static size_t fields(char *key, char **f, size_t n)
{
	size_t k = 0;
	char *p = key;

	while (k < n) {
		f[k++] = p;
		if (!(p = strchr(p, KEY_SEP)))
			break;
		*p++ = '\0';
	}
	return k;
}

static const struct table *find_table(const struct gview *g,
				      const char *source)
{
	size_t i;

	for (i = 0; i < g->ntables; i++)
		if (!strcmp(g->tables[i].source, source))
			return g->tables[i].error ? NULL : &g->tables[i];
	return NULL;
}

/* S source scheme lang sport top */
static int standings(struct srv *s, struct gview *g, char **f,
		     struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_standings_opts o;
	const struct table *t = find_table(g, f[1]);
	const struct pd_tally *tally;
	struct pd_tally bysport;
	struct pd_query q = { g->info.code, f[4], 0, 0 };
	int ret;

	if (!t)
		return refuse(out, status, MHD_HTTP_NOT_FOUND, "no such "
			      "source for this Games");
	memset(&o, 0, sizeof(o));
	if (pd_scheme_parse(&o.scheme, f[2], &d) < 0)
		return refuse(out, status, MHD_HTTP_BAD_REQUEST, d.msg);
	o.host = g->info.host[0] ? g->info.host : NULL;
	o.top = (size_t)atol(f[5]);
	tally = &t->tally;
	pd_tally_init(&bysport);
	if (*f[4]) {
		if (t->source[0])
			return refuse(out, status, MHD_HTTP_BAD_REQUEST,
				      "sport needs results, and this is a "
				      "published table");
		pthread_mutex_lock(&s->side_mu);
		ret = pd_store_tally_q(s->side, &q, &bysport, NULL, &d);
		pthread_mutex_unlock(&s->side_mu);
		if (ret < 0) {
			pd_tally_release(&bysport);
			return ret;
		}
		tally = &bysport;
	}
	ret = render_standings(out, g, t, tally, &o, f[3],
			       *f[4] ? f[4] : NULL, s->cfg.reg);
	pd_tally_release(&bysport);
	return ret;
}

struct event_walk {
	long event;
	json_t *medals;		/* result id -> medal */
	json_t *results;
};

static int event_medal(const struct pd_medal_out *m, void *arg)
{
	static const char *const word[3] = { "gold", "silver", "bronze" };
	struct event_walk *w = arg;
	char key[32];

	if (m->event_id != w->event)
		return 0;
	snprintf(key, sizeof(key), "%ld", m->result_id);
	return json_object_set_new(w->medals, key, json_string(word[m->medal]))
	       < 0 ? PD_ENOMEM : 0;
}

static int event_result(const struct pd_result_row *r, void *arg)
{
	struct event_walk *w = arg;
	char key[32];
	json_t *medal, *o;

	snprintf(key, sizeof(key), "%ld", r->id);
	medal = json_object_get(w->medals, key);
	o = json_pack("{s:I, s:s, s:o, s:o, s:o, s:o, s:O}",
		      "rank", (json_int_t)r->rank, "npc", r->npc,
		      "name", jstr(r->name), "mark", jstr(r->mark),
		      "irm", jstr(r->irm), "records", jstr(r->records),
		      "medal", medal ? medal : json_null());
	if (o && r->athlete_id)
		json_object_set_new(o, "athlete", json_integer(r->athlete_id));
	return json_array_append_new(w->results, o) < 0 ? PD_ENOMEM : 0;
}

/* E id: the event, its results and the medals that follow from them
 * (whatever its status: what would be awarded). */
static int event(struct srv *s, struct gview *g, char **f,
		 struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_query q = { g->info.code, NULL, 1, 0 };
	struct event_walk w = { atol(f[1]), json_object(), json_array() };
	struct pd_event_info e;
	json_t *doc = NULL;
	int ret, have = 0;

	pthread_mutex_lock(&s->side_mu);
	if ((ret = pd_store_event_get(s->side, w.event, &e, &d)) == 0) {
		have = 1;
		if (strcmp(e.games, g->info.code))
			ret = PD_ENOTFOUND;	/* another Games' event */
	}
	if (ret == 0 &&
	    (ret = pd_store_medals(s->side, &q, event_medal, &w, &d)) == 0)
		ret = pd_store_event_results(s->side, w.event, 0, event_result,
					     &w, &d);
	pthread_mutex_unlock(&s->side_mu);
	if (ret == 0)
		doc = json_pack("{s:s, s:I, s:I, s:o, s:o, s:o, s:o, s:o, "
				"s:o, s:o, s:b, s:O}",
				"games", g->info.code,
				"version", (json_int_t)g->version,
				"id", (json_int_t)e.id, "sport", jstr(e.sport),
				"name", jstr(e.name), "gender", jstr(e.gender),
				"class", jstr(e.sport_class),
				"date", jstr(e.date), "status", jstr(e.status),
				"policy", jstr(e.policy), "team", e.team,
				"results", w.results);
	if (have)
		pd_event_info_release(&e);
	json_decref(w.medals);
	json_decref(w.results);
	if (ret == PD_ENOTFOUND)
		return refuse(out, status, MHD_HTTP_NOT_FOUND, "no such event "
			      "in this Games");
	return ret < 0 ? ret : json_dump_to(out, doc);
}

/* N code source: an NPC's row in a table and, for the computed one, its
 * medals event by event. */
static int npc(struct srv *s, struct gview *g, char **f, struct pd_buf *out,
	       int *status)
{
	static const char *const word[3] = { "gold", "silver", "bronze" };
	const struct pd_npc *n = pd_registry_code(s->cfg.reg, f[1]);
	const struct table *t = find_table(g, f[2]);
	struct pd_standings_opts o;
	struct pd_standings st;
	const struct pd_standing *r = NULL;
	json_t *doc, *medals = json_array();
	size_t i;
	int ret;

	if (!n || !t) {
		json_decref(medals);
		return refuse(out, status, MHD_HTTP_NOT_FOUND, !n ? "no such "
			      "NPC" : "no such source for this Games");
	}
	memset(&o, 0, sizeof(o));
	o.host = g->info.host[0] ? g->info.host : NULL;
	if ((ret = pd_standings_build(&st, &t->tally, &o, NULL)) < 0) {
		json_decref(medals);
		return ret;
	}
	for (i = 0; i < st.n && !r; i++)
		if (!strcmp(st.rows[i].npc, n->code))
			r = &st.rows[i];
	for (i = 0; !t->source[0] && i < g->nmedals; i++) {
		const struct medal *m = &g->medals[i];

		if (strcmp(m->npc, n->code))
			continue;
		json_array_append_new(medals, json_pack("{s:I, s:s, s:s, s:s, "
				      "s:s, s:s, s:s}",
				      "event", (json_int_t)m->event_id,
				      "sport", m->sport, "name", m->event,
				      "gender", m->gender, "date", m->date,
				      "medal", word[m->medal],
				      "winner", m->name));
	}
	doc = json_pack("{s:s, s:I, s:o, s:s, s:{s:s, s:s}, s:I, s:I, s:I, "
			"s:I, s:I, s:o}",
			"games", g->info.code, "version", (json_int_t)g->version,
			"source", t->source[0] ? jstr(t->source) : json_null(),
			"npc", n->code, "name", "en", n->en,
			"zh", pd_npc_name(n, "zh"),
			"rank", (json_int_t)(r ? r->rank : 0),
			"gold", (json_int_t)(r ? r->medals[0] : 0),
			"silver", (json_int_t)(r ? r->medals[1] : 0),
			"bronze", (json_int_t)(r ? r->medals[2] : 0),
			"total", (json_int_t)(r ? r->total : 0),
			"medals", medals);
	pd_standings_release(&st);
	return json_dump_to(out, doc);
}

struct athlete_walk {
	const struct gview *g;
	char *needle;
	json_t *list;
	size_t n;
	int more;
};

static int athlete(long id, const struct pd_athlete *a, void *arg)
{
	struct athlete_walk *w = arg;
	long won[3] = { 0, 0, 0 };
	size_t i;

	if (*w->needle && !pd_name_contains(a->name, w->needle))
		return 0;
	if (w->n == ATHLETES_MAX) {
		w->more = 1;
		return 0;
	}
	for (i = 0; i < w->g->nmedals; i++)
		won[w->g->medals[i].medal] += w->g->medals[i].athlete_id == id;
	w->n++;
	return json_array_append_new(w->list, json_pack("{s:I, s:o, s:s, "
				     "s:o, s:o, s:{s:I, s:I, s:I}}",
				     "id", (json_int_t)id, "name",
				     jstr(a->name), "npc", a->npc,
				     "gender", jstr(a->gender), "class",
				     jstr(a->sport_class), "medals",
				     "gold", (json_int_t)won[0],
				     "silver", (json_int_t)won[1],
				     "bronze", (json_int_t)won[2])) < 0 ?
	       PD_ENOMEM : 0;
}

/* A q: athletes of the Games whose name contains q, first 100. */
static int athletes(struct srv *s, struct gview *g, char **f,
		    struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct athlete_walk w = { g, pd_name_normalise(f[1]), json_array(),
				  0, 0 };
	int ret;

	if (!w.needle) {
		json_decref(w.list);
		return refuse(out, status, MHD_HTTP_BAD_REQUEST, "q is not "
			      "valid UTF-8");
	}
	pthread_mutex_lock(&s->side_mu);
	ret = pd_store_athletes(s->side, g->info.code, athlete, &w, &d);
	pthread_mutex_unlock(&s->side_mu);
	free(w.needle);
	if (ret < 0) {
		json_decref(w.list);
		return ret;
	}
	return json_dump_to(out, json_pack("{s:s, s:I, s:s, s:o, s:b}", "games",
				   g->info.code, "version",
				   (json_int_t)g->version, "q", f[1],
				   "athletes", w.list, "more", w.more));
}

struct log_walk {
	json_t *list;
	size_t n;
	int more;
};

static int log_entry(const struct pd_audit_entry *e, void *arg)
{
	struct log_walk *w = arg;

	if (w->n == LOG_MAX) {
		w->more = 1;
		return 1;	/* stop: the client asks again from here */
	}
	w->n++;
	return json_array_append_new(w->list, json_pack("{s:I, s:o, s:o, "
				     "s:o, s:o}", "version",
				     (json_int_t)e->version, "at", jstr(e->at),
				     "actor", jstr(e->actor), "command",
				     jstr(e->command), "reason",
				     jstr(e->reason))) < 0 ? PD_ENOMEM : 0;
}

/* L since: the changes after version since, oldest first. */
static int audit_log(struct srv *s, struct gview *g, char **f,
		     struct pd_buf *out, int *status)
{
	struct pd_diag d = { "", 0, "" };
	struct log_walk w = { json_array(), 0, 0 };
	long since = atol(f[1]);
	int ret;

	pthread_mutex_lock(&s->side_mu);
	ret = pd_store_log(s->side, g->info.code, since, log_entry, &w, &d);
	pthread_mutex_unlock(&s->side_mu);
	if (ret < 0) {
		json_decref(w.list);
		return ret;
	}
	return json_dump_to(out, json_pack("{s:s, s:I, s:I, s:o, s:b}", "games",
				   g->info.code, "version",
				   (json_int_t)g->version, "since",
				   (json_int_t)since, "changes", w.list,
				   "more", w.more));
}

int render_lazy(struct srv *s, struct gview *g, const char *key,
		struct pd_buf *out, int *status)
{
	char *copy = strdup(key), *f[6];
	size_t n;
	int ret = PD_EINVAL;

	if (!copy)
		return PD_ENOMEM;
	n = fields(copy, f, 6);
	if (n == 1 && (!strcmp(f[0], "V") || !strcmp(f[0], "T"))) {
		struct pd_diag d = { "", 0, "" };

		pthread_mutex_lock(&s->side_mu);
		ret = f[0][0] == 'V' ? render_events(out, s->side, g, &d) :
				       render_stats(out, s->side, g, &d);
		pthread_mutex_unlock(&s->side_mu);
	} else if (n == 1 && !strcmp(f[0], "G")) {
		ret = render_timeline(out, g, s->cfg.reg);
	} else if (n == 6 && !strcmp(f[0], "S"))
		ret = standings(s, g, f, out, status);
	else if (n == 2 && !strcmp(f[0], "E"))
		ret = event(s, g, f, out, status);
	else if (n == 3 && !strcmp(f[0], "N"))
		ret = npc(s, g, f, out, status);
	else if (n == 2 && !strcmp(f[0], "A"))
		ret = athletes(s, g, f, out, status);
	else if (n == 2 && !strcmp(f[0], "L"))
		ret = audit_log(s, g, f, out, status);
	free(copy);
	return ret;
}
