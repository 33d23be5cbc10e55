/* write.c -- the authenticated writes: results, event status, events and
 * sanctions.  Checked in the order a client can act on: the token (401),
 * its role (403), the Games and event (404), the size (413), the JSON
 * (400, naming the field); then the same operation the CLI makes (ops.h),
 * one audited change with the token's name as the actor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "podium/entry_ops.h"
#include "podium/event.h"
#include "podium/match_ops.h"
#include "podium/ops.h"
#include "podium/stats.h"
#include "podium/token.h"
#include "podium/unit_ops.h"
#include "auth.h"
#include "builder.h"
#include "commit.h"
#include "respond.h"
#include "said.h"
#include "snapshot.h"
#include "srv.h"
#include "write.h"

#define MAX_RESULTS 1000
#define MAX_EVENTS 256
#define WAIT_MS 2000


static atomic_int stale_said;	/* the log said the store was replaced */

/* The least role kind takes: the Games, events and sanctions an
 * admin's, results, matches, start lists and status an operator's. */
static int role_for(int kind)
{
	return kind == W_EVENTS || kind == W_SANCTIONS || kind == W_GAMES ||
	       kind == W_GAMES_ONE ? PD_ROLE_ADMIN : PD_ROLE_OPERATOR;
}

enum MHD_Result write_begin(struct srv *s, struct MHD_Connection *c,
			    struct req *r)
{
	const char *len = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
			MHD_HTTP_HEADER_CONTENT_LENGTH);
	const char *games = r->rt.games;
	int kind = r->rt.write;
	struct snap *sn;
	int known;

	/* server.c answers a POST to anything else (404 or 405) */
	if (!kind)
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such resource",
				  NULL);
	if (auth_check(s, c, r, role_for(kind), 0) < 0)
		return MHD_YES;		/* answered */
	sn = snap_get(s);
	known = kind == W_GAMES || snap_find(sn, games) != NULL;
	snap_put(sn);
	if (!known)
		return send_error(c, r, MHD_HTTP_NOT_FOUND, "no such Games",
				  NULL);
	/* refused before a byte of it is read */
	if (len && strtoull(len, NULL, 10) > BODY_MAX)
		return send_error(c, r, MHD_HTTP_CONTENT_TOO_LARGE, "the body "
				  "is over 65536 bytes", NULL);
	return MHD_YES;
}

/* A field check failed: 400 naming it. */
struct bad {
	char msg[256];
	const char *field;
};

static int bad(struct bad *b, const char *field, const char *msg)
{
	snprintf(b->msg, sizeof(b->msg), "%s", msg);
	b->field = field;
	return -1;
}

static int only_fields(json_t *o, const char *const *allowed, struct bad *b)
{
	const char *key;
	json_t *v;
	size_t i;

	json_object_foreach(o, key, v) {
		for (i = 0; allowed[i] && strcmp(allowed[i], key); i++)
			;
		if (!allowed[i]) {
			/* the key dies with the body: name it in msg */
			snprintf(b->msg, sizeof(b->msg), "unknown field '%s'",
				 key);
			b->field = NULL;
			return -1;
		}
	}
	return 0;
}

/* A field of a result changed field by field: absent keeps what is
 * stored (NULL), null clears it (""). */
static int keep_field(json_t *o, const char *name, const char **out,
		      struct bad *b)
{
	json_t *v = json_object_get(o, name);

	*out = NULL;
	if (!v)
		return 0;
	if (json_is_null(v)) {
		*out = "";
		return 0;
	}
	if (!json_is_string(v))
		return bad(b, name, "must be a string, or null to clear it");
	*out = json_string_value(v);
	return 0;
}

/* A string field: absent is def, null is def, anything else is 400. */
static int str_field(json_t *o, const char *name, const char **out,
		     const char *def, struct bad *b)
{
	json_t *v = json_object_get(o, name);

	*out = def;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return bad(b, name, "must be a string");
	*out = json_string_value(v);
	return 0;
}

static int int_field(json_t *o, const char *name, long *out, long min,
		     long max, struct bad *b)
{
	json_t *v = json_object_get(o, name);
	char msg[128];

	if (!v || json_is_null(v))
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < min ||
	    json_integer_value(v) > max) {
		snprintf(msg, sizeof(msg), "must be a whole number from %ld",
			 min);
		return bad(b, name, msg);
	}
	*out = (long)json_integer_value(v);
	return 0;
}

static const char *const result_fields[] = {
	"athlete", "npc", "name", "team", "rank", "mark", "value", "irm",
	"records", "reason", NULL,
};

/* One result of a request.  With merge (a single result, or a PATCH),
 * the fields not given keep what is stored, and null clears one. */
static int result_input(json_t *o, struct pd_result_input *in, int merge,
			struct bad *b)
{
	json_t *v;

	memset(in, 0, sizeof(*in));
	if (!json_is_object(o))
		return bad(b, "results", "each result is an object");
	if (only_fields(o, result_fields, b) < 0 ||
	    int_field(o, "athlete", &in->athlete, 1, 1L << 40, b) < 0 ||
	    str_field(o, "npc", &in->npc, NULL, b) < 0 ||
	    str_field(o, "name", &in->name, NULL, b) < 0 ||
	    str_field(o, "team", &in->team, NULL, b) < 0 ||
	    int_field(o, "rank", &in->rank, 0, 100000, b) < 0)
		return -1;
	in->has_rank = !merge || json_object_get(o, "rank") != NULL;
	if (merge ? keep_field(o, "mark", &in->mark, b) < 0 ||
		    keep_field(o, "irm", &in->irm, b) < 0 ||
		    keep_field(o, "records", &in->records, b) < 0 :
		    str_field(o, "mark", &in->mark, "", b) < 0 ||
		    str_field(o, "irm", &in->irm, "", b) < 0 ||
		    str_field(o, "records", &in->records, "", b) < 0)
		return -1;
	if ((v = json_object_get(o, "value")) && !json_is_null(v)) {
		if (!json_is_number(v))
			return bad(b, "value", "must be a number");
		in->value = json_number_value(v);
		in->has_value = 1;
	}
	if (!in->athlete && !in->npc)
		return bad(b, "npc", "name the competitor: athlete (an id), "
			   "or npc with name or team");
	if (!in->athlete && !in->name && !in->team)
		return bad(b, "name", "name the competitor: a name or a team "
			   "with the npc");
	return 0;
}

/* The HTTP status for an operation's error. */
static int status_for(int err)
{
	switch (err) {
	case PD_ENOTFOUND:
	case PD_EINVAL:
	case PD_EPARSE:
	case PD_ERANGE:
	case PD_EUTF8:
	case PD_ECONSIST:
		return MHD_HTTP_BAD_REQUEST;
	case PD_EEXISTS:
		return MHD_HTTP_CONFLICT;
	case PD_ESTALE:		/* until a restart: see pd_store_here() */
	case PD_EAWAY:		/* until the database is back: Retry-After */
	case PD_EBUSY:		/* the database's choice: again, at once */
		return MHD_HTTP_SERVICE_UNAVAILABLE;
	case PD_ETOOBIG:
		return MHD_HTTP_CONTENT_TOO_LARGE;
	default:
		return MHD_HTTP_INTERNAL_SERVER_ERROR;
	}
}

/* An operation's error as its status; a database that is away is said
 * in general words (the log has the details: a socket path or a host is
 * the operator's business, not the client's). */
static enum MHD_Result send_store_error(struct MHD_Connection *c,
					struct req *r, int err,
					const struct pd_diag *d)
{
	if (err == PD_EAWAY) {
		log_away(d->msg);	/* once an outage, not once a write */
		return send_error(c, r, MHD_HTTP_SERVICE_UNAVAILABLE, "the "
				  "database cannot be reached: nothing was "
				  "written; try again shortly", NULL);
	}
	/* the store file was removed or replaced under the server: the
	 * operator must hear of it, not only the client (every write is
	 * refused until a restart), but once, not once a write */
	if (err == PD_ESTALE && !atomic_exchange(&stale_said, 1))
		log_line("%s: %s", d->file, d->msg[0] ? d->msg :
			 pd_strerror(err));
	return send_error(c, r, status_for(err), d->msg[0] ? d->msg :
			  pd_strerror(err), NULL);
}

/* If-Match: the ETag of a Games read ("17", or a page's "h17": the
 * same version, docs/API.md), or '*' for any version; 0 into *expect
 * when there is none.  Only the one tag a client keeps is taken: a list,
 * or a weak tag (which never matches strongly, RFC 9110 13.1.1), is
 * refused rather than guessed at. */
static int if_match(struct MHD_Connection *c, long *expect)
{
	const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    MHD_HTTP_HEADER_IF_MATCH);
	char *end;
	long n;

	*expect = 0;
	if (!v)
		return 0;
	v += strspn(v, " \t");
	if (!strcmp(v, "*"))
		return 0;
	if (*v++ != '"')
		return -1;
	if (*v == 'h')		/* a page's */
		v++;
	if (*v < '1' || *v > '9')
		return -1;
	n = strtol(v, &end, 10);
	if (*end != '"' || end[1 + strspn(end + 1, " \t")] || n < 1)
		return -1;
	*expect = n;
	return 0;
}

/* ?dry_run=1: the write made in a transaction that is rolled back
 * (commit.c), answered with what it would have done; 0 when absent or
 * 0, -1 for anything else. */
static int dry_run(struct MHD_Connection *c)
{
	const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND,
						    "dry_run");

	if (!v || !strcmp(v, "0"))
		return 0;
	return !strcmp(v, "1") ? 1 : -1;
}

/* 412: the Games moved on; the body says where it is now, as the store
 * says it (a failed write's outcome carries no version, and a node's own
 * views may lag another node's writes). */
static enum MHD_Result send_moved(struct MHD_Connection *c, struct req *r,
				  struct srv *s, const char *games,
				  const char *msg)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games g;
	long version = 0;
	json_t *doc;

	pthread_mutex_lock(&s->side_mu);
	if (pd_store_games_get(s->side, games, &g, &d) == 0) {
		version = g.version;
		pd_games_release(&g);
	}
	pthread_mutex_unlock(&s->side_mu);
	doc = json_pack("{s:s, s:s, s:I}", "error", msg, "games", games,
			"version", (json_int_t)version);
	char *text = doc ? json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER)
			 : NULL;

	json_decref(doc);
	return send_json(c, r, MHD_HTTP_PRECONDITION_FAILED, text,
			 text ? strlen(text) : 0);
}

/* The event must exist and be the Games' own. */
static int event_of(struct srv *s, const char *games, long id)
{
	struct pd_event_info e;
	int ret = pd_store_event_get(s->side, id, &e, NULL);

	if (ret == 0) {
		ret = strcmp(e.games, games) ? PD_ENOTFOUND : 0;
		pd_event_info_release(&e);
	}
	return ret;
}

struct wctx {
	struct srv *s;
	const char *games;
	long event;
	struct pd_who who;
	struct pd_diag d;
	struct bad b;
	long version, id;
	int http;		/* 200 or 201 */
	int unchanged;		/* an event added again, as it was */
	int patch;		/* a PATCH: results field by field */
	int remove;		/* a DELETE: a Games or a result removed */
	struct pd_op_done done;	/* what a write did, for the answer */
	const char *lang;	/* of the answer's lines: "en" or "zh" */
	int dry;		/* a dry run: made, said, and undone */
	char rsc[PD_RSC_LEN + 1];	/* a unit's writes: its code */
};

/* DELETE .../results: one competitor's result out, with a reason */
static int do_result_remove(struct wctx *w, json_t *body)
{
	static const char *const ok[] = { "athlete", "npc", "name", "team",
					   "reason", NULL };
	struct pd_result_input in;

	memset(&in, 0, sizeof(in));
	if (only_fields(body, ok, &w->b) < 0 ||
	    int_field(body, "athlete", &in.athlete, 1, 1L << 40, &w->b) < 0 ||
	    str_field(body, "npc", &in.npc, NULL, &w->b) < 0 ||
	    str_field(body, "name", &in.name, NULL, &w->b) < 0 ||
	    str_field(body, "team", &in.team, NULL, &w->b) < 0)
		return PD_EINVAL;
	if (!in.athlete && !in.npc)
		return bad(&w->b, "npc", "name the competitor: athlete (an "
			   "id), or npc with name or team"), PD_EINVAL;
	if (!in.athlete && !in.name && !in.team)
		return bad(&w->b, "name", "name the competitor: a name or a "
			   "team with the npc"), PD_EINVAL;
	if (!w->who.reason || !*w->who.reason)
		return bad(&w->b, "reason", "taking a result out is a "
			   "correction and needs a reason"), PD_EINVAL;
	return pd_op_result_remove(w->s->side, w->s->cfg.reg, w->event, &in,
				   &w->who, &w->done, &w->d);
}

static int do_results(struct wctx *w, json_t *body)
{
	static const char *const batch[] = { "results", "reason", NULL };
	struct pd_result_input *in = NULL;
	json_t *list = json_object_get(body, "results");
	size_t i, n;
	int ret;

	if (!list) {
		struct pd_result_input one;

		if (result_input(body, &one, 1, &w->b) < 0)
			return PD_EINVAL;
		return pd_op_result_set_kept(w->s->side, w->s->cfg.reg,
					     w->event, &one, &w->who,
					     &w->s->keep, &w->done, &w->d);
	}
	if (only_fields(body, batch, &w->b) < 0)
		return PD_EINVAL;
	if (!json_is_array(list) || (n = json_array_size(list)) > MAX_RESULTS)
		return bad(&w->b, "results", "must be a list of at most 1000 "
			   "results"), PD_EINVAL;
	if (!(in = calloc(n ? n : 1, sizeof(*in))))
		return PD_ENOMEM;
	for (i = 0; i < n; i++)
		if (result_input(json_array_get(list, i), &in[i], w->patch,
				 &w->b) < 0) {
			free(in);
			return PD_EINVAL;
		}
	/* POST a list: the whole ranking; PATCH a list: these results
	 * changed field by field, in one change either way */
	ret = (w->patch ? pd_op_results_patch : pd_op_results_replace)(
		w->s->side, w->s->cfg.reg, w->event, in, n, &w->who, &w->done,
		&w->d);
	free(in);
	return ret;
}

/* [home, away], or null / absent: -1 -1 */
static int pair_field(json_t *o, const char *name, long *a, long *b2,
		      struct bad *b)
{
	json_t *v = json_object_get(o, name);

	*a = *b2 = -1;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_array(v) || json_array_size(v) != 2 ||
	    !json_is_integer(json_array_get(v, 0)) ||
	    !json_is_integer(json_array_get(v, 1)) ||
	    json_integer_value(json_array_get(v, 0)) < 0 ||
	    json_integer_value(json_array_get(v, 1)) < 0 ||
	    json_integer_value(json_array_get(v, 0)) > 1000 ||
	    json_integer_value(json_array_get(v, 1)) > 1000)
		return bad(b, name, "must be [home, away], two whole numbers "
			   "from 0, or null");
	*a = (long)json_integer_value(json_array_get(v, 0));
	*b2 = (long)json_integer_value(json_array_get(v, 1));
	return 0;
}

static int text_into(json_t *o, const char *name, char *dst, size_t size,
		     int required, struct bad *b)
{
	const char *v;

	if (str_field(o, name, &v, "", b) < 0)
		return -1;
	if (required && !*v)
		return bad(b, name, "is required");
	if (strlen(v) >= size)
		return bad(b, name, "is too long");
	memcpy(dst, v, strlen(v) + 1);
	return 0;
}

static int match_input(json_t *o, struct pd_match *m, struct bad *b)
{
	static const char *const ok[] = { "phase", "pool", "home", "away",
		"score", "extra_time", "penalties", "walkover", "outcome",
		"cite", NULL };
	struct pd_diag d = { "", 0, "" };
	json_t *x;

	memset(m, 0, sizeof(*m));
	if (!json_is_object(o))
		return bad(b, "matches", "each match is an object");
	if (only_fields(o, ok, b) < 0 ||
	    text_into(o, "phase", m->phase, sizeof(m->phase), 1, b) < 0 ||
	    text_into(o, "pool", m->pool, sizeof(m->pool), 0, b) < 0 ||
	    text_into(o, "home", m->home, sizeof(m->home), 1, b) < 0 ||
	    text_into(o, "away", m->away, sizeof(m->away), 0, b) < 0 ||
	    text_into(o, "walkover", m->walkover, sizeof(m->walkover), 0,
		      b) < 0 ||
	    text_into(o, "outcome", m->outcome, sizeof(m->outcome), 0, b) < 0 ||
	    text_into(o, "cite", m->cite, sizeof(m->cite), 0, b) < 0 ||
	    pair_field(o, "score", &m->hs, &m->as, b) < 0 ||
	    pair_field(o, "penalties", &m->hp, &m->ap, b) < 0)
		return -1;
	x = json_object_get(o, "extra_time");
	if (x && !json_is_boolean(x))
		return bad(b, "extra_time", "must be true or false");
	m->extra = x && json_is_true(x);
	if (pd_match_check(m, NULL, 0, &d) < 0) {
		char why[200];

		snprintf(why, sizeof(why), "%.190s", d.msg);
		return bad(b, "matches", why);
	}
	return 0;
}

/* POST .../events/{id}/matches: the event's matches from source, whole */
static int do_matches(struct wctx *w, json_t *body)
{
	static const char *const ok[] = { "matches", "source", "reason", NULL };
	json_t *list = json_object_get(body, "matches");
	const char *source;
	struct pd_matches l;
	struct pd_match m;
	size_t i, n;
	int ret = 0;

	if (only_fields(body, ok, &w->b) < 0 ||
	    str_field(body, "source", &source, "matches", &w->b) < 0)
		return PD_EINVAL;
	if (!json_is_array(list) || (n = json_array_size(list)) > MAX_RESULTS)
		return bad(&w->b, "matches", "must be a list of at most 1000 "
			   "matches"), PD_EINVAL;
	pd_matches_init(&l);
	for (i = 0; i < n && ret == 0; i++) {
		if (match_input(json_array_get(list, i), &m, &w->b) < 0)
			ret = PD_EINVAL;
		else
			ret = pd_matches_add(&l, &m);
	}
	if (ret == 0)
		ret = pd_op_matches_replace(w->s->side, w->event, source, &l,
					    &w->who, &w->version, &w->d);
	pd_matches_release(&l);
	return ret;
}

/* POST .../events/{id}/entries: the event's start list, whole */
static int do_entries(struct wctx *w, json_t *body)
{
	static const char *const ok[] = { "entries", "source", "reason", NULL };
	static const char *const fields[] = { "athlete", "npc", "name",
					      "gender", NULL };
	json_t *list = json_object_get(body, "entries"), *o;
	struct pd_entry_input *in;
	const char *source;
	size_t i, n;
	int ret = 0;

	if (only_fields(body, ok, &w->b) < 0 ||
	    str_field(body, "source", &source, "desk", &w->b) < 0)
		return PD_EINVAL;
	if (!json_is_array(list) || (n = json_array_size(list)) >
	    PD_START_LIST_MAX)
		return bad(&w->b, "entries", "must be a list of at most 10000 "
			   "athletes"), PD_EINVAL;
	if (!(in = calloc(n ? n : 1, sizeof(*in))))
		return PD_ENOMEM;
	for (i = 0; i < n && ret == 0; i++) {
		o = json_array_get(list, i);
		in[i].line = (long)i + 1;
		if (!json_is_object(o))
			ret = bad(&w->b, "entries", "each entry is an object");
		else if (only_fields(o, fields, &w->b) < 0 ||
			 int_field(o, "athlete", &in[i].athlete, 1, 1L << 40,
				   &w->b) < 0 ||
			 str_field(o, "npc", &in[i].npc, NULL, &w->b) < 0 ||
			 str_field(o, "name", &in[i].name, NULL, &w->b) < 0 ||
			 str_field(o, "gender", &in[i].gender, "", &w->b) < 0)
			ret = -1;
		else if (!in[i].athlete && (!in[i].npc || !in[i].name))
			ret = bad(&w->b, "entries", "name each athlete: "
				  "athlete (an id), or npc and name");
	}
	if (ret < 0)
		ret = PD_EINVAL;
	else
		ret = pd_op_entries_replace(w->s->side, w->s->cfg.reg, w->event,
					    source, in, n, &w->who,
					    &w->version, &w->d);
	free(in);
	return ret;
}

static int status_needs_reason(const struct wctx *w, const char *status)
{
	struct pd_event_info e;
	int need;

	if (pd_store_event_get(w->s->side, w->event, &e, NULL) < 0)
		return 0;	/* the write says what is wrong */
	need = pd_op_status_needs_reason(e.status, status, &w->who);
	pd_event_info_release(&e);
	return need;
}

static int do_status(struct wctx *w, json_t *body)
{
	static const char *const ok[] = { "status", "reason", NULL };
	const char *status;

	if (only_fields(body, ok, &w->b) < 0 ||
	    str_field(body, "status", &status, NULL, &w->b) < 0)
		return PD_EINVAL;
	if (!status || !pd_event_status_valid(status))
		return bad(&w->b, "status", "one of " PD_EVENT_STATUSES),
		       PD_EINVAL;
	/* said here to name the field; the write checks again, inside its
	 * transaction */
	if (status_needs_reason(w, status))
		return bad(&w->b, "reason", "the event is official: moving it "
			   "back takes its medals away and needs a reason"),
		       PD_EINVAL;
	return pd_op_event_status(w->s->side, w->event, status, &w->who,
				  &w->done, &w->d);
}

static int do_sanction(struct wctx *w, json_t *body)
{
	static const char *const ok[] = { "athlete", "events", "mode",
					   "reason", NULL };
	json_t *ev = json_object_get(body, "events");
	long events[MAX_EVENTS], athlete = 0;
	const char *mode;
	size_t i, n;
	int ret;

	if (only_fields(body, ok, &w->b) < 0 ||
	    int_field(body, "athlete", &athlete, 1, 1L << 40, &w->b) < 0 ||
	    str_field(body, "mode", &mode, NULL, &w->b) < 0)
		return PD_EINVAL;
	if (!athlete)
		return bad(&w->b, "athlete", "the athlete's id is needed"),
		       PD_EINVAL;
	if (!mode || (strcmp(mode, "reallocate") && strcmp(mode, "vacate")))
		return bad(&w->b, "mode", "reallocate or vacate"), PD_EINVAL;
	if (!json_is_array(ev) || !(n = json_array_size(ev)) ||
	    n > MAX_EVENTS)
		return bad(&w->b, "events", "a list of 1 to 256 event ids"),
		       PD_EINVAL;
	for (i = 0; i < n; i++) {
		json_t *e = json_array_get(ev, i);

		if (!json_is_integer(e) || json_integer_value(e) < 1)
			return bad(&w->b, "events", "event ids are whole "
				   "numbers"), PD_EINVAL;
		events[i] = (long)json_integer_value(e);
		if ((ret = event_of(w->s, w->games, events[i])) < 0)
			return bad(&w->b, "events", "an event is not this "
				   "Games'"), PD_EINVAL;
	}
	if (!w->who.reason || !*w->who.reason)
		return bad(&w->b, "reason", "a sanction needs a reason"),
		       PD_EINVAL;
	w->http = MHD_HTTP_CREATED;
	return pd_op_sanction_add(w->s->side, athlete, strcmp(mode, "vacate") ?
				  PD_SANCTION_REALLOCATE : PD_SANCTION_VACATE,
				  events, n, &w->who, &w->id, &w->done,
				  &w->d);
}

static int do_event(struct wctx *w, json_t *body)
{
	static const char *const ok[] = { "sport", "name", "gender", "class",
					   "date", "policy", "status", "team",
					   "reason", "order", NULL };
	const char *sport, *name, *gender, *cls, *date, *policy, *status;
	const char *order;
	json_t *team = json_object_get(body, "team");
	struct pd_event_input in;
	int ret;

	if (only_fields(body, ok, &w->b) < 0 ||
	    str_field(body, "sport", &sport, NULL, &w->b) < 0 ||
	    str_field(body, "name", &name, NULL, &w->b) < 0 ||
	    str_field(body, "gender", &gender, "", &w->b) < 0 ||
	    str_field(body, "class", &cls, NULL, &w->b) < 0 ||
	    str_field(body, "date", &date, NULL, &w->b) < 0 ||
	    str_field(body, "policy", &policy, NULL, &w->b) < 0 ||
	    str_field(body, "status", &status, NULL, &w->b) < 0 ||
	    str_field(body, "order", &order, NULL, &w->b) < 0)
		return PD_EINVAL;
	if (order && *order && strcmp(order, "asc") && strcmp(order, "desc"))
		return bad(&w->b, "order", "asc (lower is better) or desc "
			   "(higher is better)"), PD_EINVAL;
	if (!sport || !*sport)
		return bad(&w->b, "sport", "an event needs a sport"), PD_EINVAL;
	if (!name || !*name)
		return bad(&w->b, "name", "an event needs a name"), PD_EINVAL;
	if (*gender && strcmp(gender, "M") && strcmp(gender, "W") &&
	    strcmp(gender, "X"))
		return bad(&w->b, "gender", "M, W or X"), PD_EINVAL;
	if (policy && pd_policy_parse(policy) < 0)
		return bad(&w->b, "policy", "standard, two-bronzes or capped"),
		       PD_EINVAL;
	if (status && !pd_event_status_valid(status))
		return bad(&w->b, "status", "one of " PD_EVENT_STATUSES),
		       PD_EINVAL;
	if (team && !json_is_boolean(team))
		return bad(&w->b, "team", "true or false"), PD_EINVAL;
	memset(&in, 0, sizeof(in));
	in.sport = sport;
	in.name = name;
	in.gender = gender;
	in.sport_class = cls;
	in.date = date;
	in.policy = policy;
	in.status = status;
	in.team = json_is_true(team);
	in.order = order;
	/* as 'podium event add': an event that exists as asked is a 200
	 * with its id, changed in nothing; one that differs is a 409 */
	if ((ret = pd_op_event_add(w->s->side, w->games, &in, &w->unchanged,
				   &w->who, NULL, &w->id, &w->version,
				   &w->d)) < 0)
		return ret;
	w->http = w->unchanged ? MHD_HTTP_OK : MHD_HTTP_CREATED;
	return 0;
}

static const char *const games_fields[] = { "code", "name_en", "name_zh",
	"kind", "season", "host", "start", "end", "reason", "force", NULL };

/* POST /api/games (add), PATCH /api/games/CODE (rename), DELETE
 * /api/games/CODE (remove; "force": true while it holds data). */
static int do_games(struct wctx *w, int kind, json_t *body)
{
	struct pd_games_input in;
	json_t *force = json_object_get(body, "force");

	memset(&in, 0, sizeof(in));
	if (only_fields(body, games_fields, &w->b) < 0 ||
	    str_field(body, "code", &in.code, NULL, &w->b) < 0 ||
	    str_field(body, "name_en", &in.name_en, NULL, &w->b) < 0 ||
	    str_field(body, "name_zh", &in.name_zh, NULL, &w->b) < 0 ||
	    str_field(body, "kind", &in.kind, NULL, &w->b) < 0 ||
	    str_field(body, "season", &in.season, NULL, &w->b) < 0 ||
	    str_field(body, "host", &in.host, NULL, &w->b) < 0 ||
	    str_field(body, "start", &in.start, NULL, &w->b) < 0 ||
	    str_field(body, "end", &in.end, NULL, &w->b) < 0)
		return PD_EINVAL;
	if (force && !json_is_boolean(force))
		return bad(&w->b, "force", "true or false"), PD_EINVAL;
	if (in.host && !pd_registry_find(w->s->cfg.reg, in.host))
		return bad(&w->b, "host", "an NPC code"), PD_EINVAL;
	if (kind == W_GAMES) {
		if (!in.code || !*in.code)
			return bad(&w->b, "code", "the new Games' code, such "
				   "as OG2028"), PD_EINVAL;
		w->http = MHD_HTTP_CREATED;
		return pd_op_games_add(w->s->side, &in, &w->who, &w->done,
				       &w->d);
	}
	if (in.code)
		return bad(&w->b, "code", "the code is the URL's"), PD_EINVAL;
	in.code = w->games;
	if (w->remove)
		return pd_op_games_remove(w->s->side, w->games,
					  json_is_true(force), &w->who,
					  &w->done, &w->d);
	return pd_op_games_rename(w->s->side, &in, &w->who, &w->done, &w->d);
}

/* POST .../units/RSC/start-list, results, status (unit_ops.h) */
static int unit_start(struct wctx *w, json_t *body)
{
	static const char *const ok[] = { "rows", "from", "reason", NULL };
	static const char *const fields[] = { "participant", "name", "npc",
					       "order", "lane", "bib", "team",
					       NULL };
	json_t *list = json_object_get(body, "rows"), *o;
	struct pd_unit_start_input *in;
	size_t i, n;
	int ret = 0;

	const char *from;

	if (only_fields(body, ok, &w->b) < 0 ||
	    str_field(body, "from", &from, NULL, &w->b) < 0)
		return PD_EINVAL;
	if (from && list)
		return bad(&w->b, "from", "give rows or from, not both"),
		       PD_EINVAL;
	if (from)
		return pd_op_unit_start_from(w->s->side, w->s->cfg.reg,
					     w->games, w->rsc, from, &w->who,
					     &w->done, &w->d);
	if (!json_is_array(list) || (n = json_array_size(list)) > MAX_RESULTS)
		return bad(&w->b, "rows", "must be a list of at most 1000 "
			   "participants"), PD_EINVAL;
	if (!(in = calloc(n ? n : 1, sizeof(*in))))
		return PD_ENOMEM;
	for (i = 0; i < n && ret == 0; i++) {
		o = json_array_get(list, i);
		if (!json_is_object(o) || only_fields(o, fields, &w->b) < 0 ||
		    str_field(o, "participant", &in[i].participant, NULL,
			      &w->b) < 0 ||
		    str_field(o, "name", &in[i].name, NULL, &w->b) < 0 ||
		    str_field(o, "npc", &in[i].npc, NULL, &w->b) < 0 ||
		    str_field(o, "bib", &in[i].bib, "", &w->b) < 0 ||
		    int_field(o, "order", &in[i].order, 0, 100000, &w->b) < 0 ||
		    int_field(o, "lane", &in[i].order, 0, 100000, &w->b) < 0) {
			if (!w->b.msg[0])
				bad(&w->b, "rows", "each row is an object");
			ret = PD_EINVAL;
		} else
			in[i].team = json_is_true(json_object_get(o, "team"));
	}
	if (ret == 0)
		ret = pd_op_unit_start_list(w->s->side, w->s->cfg.reg,
					    w->games, w->rsc, in, n, &w->who,
					    &w->done, &w->d);
	free(in);
	return ret;
}

static int unit_result(struct wctx *w, json_t *body)
{
	static const char *const ok[] = { "participant", "rank", "result",
					   "type", "irm", "diff", "wlt",
					   "qualification", "reason", NULL };
	struct pd_unit_result_input in;
	json_t *rank = json_object_get(body, "rank");

	memset(&in, 0, sizeof(in));
	if (only_fields(body, ok, &w->b) < 0 ||
	    str_field(body, "participant", &in.participant, NULL, &w->b) < 0 ||
	    keep_field(body, "result", &in.result, &w->b) < 0 ||
	    keep_field(body, "type", &in.result_type, &w->b) < 0 ||
	    keep_field(body, "irm", &in.irm, &w->b) < 0 ||
	    keep_field(body, "diff", &in.diff, &w->b) < 0 ||
	    keep_field(body, "wlt", &in.wlt, &w->b) < 0 ||
	    keep_field(body, "qualification", &in.qualification, &w->b) < 0 ||
	    int_field(body, "rank", &in.rank, 0, 100000, &w->b) < 0)
		return PD_EINVAL;
	if (!in.participant)
		return bad(&w->b, "participant", "name the participant by "
			   "their code"), PD_EINVAL;
	in.has_rank = rank != NULL;
	return pd_op_unit_result(w->s->side, w->games, w->rsc, &in, &w->who,
				 &w->done, &w->d);
}

static int do_unit(struct wctx *w, int kind, json_t *body)
{
	static const char *const ok[] = { "status", "reason", NULL };
	const char *status;

	if (kind == W_UNIT_START)
		return unit_start(w, body);
	if (kind == W_PHASE_QUALIFY)
		return only_fields(body, ok + 1, &w->b) < 0 ? PD_EINVAL :
		       pd_op_unit_qualify(w->s->side, w->games, w->rsc,
					  &w->who, &w->done, &w->d);
	if (kind == W_UNIT_RESULT)
		return unit_result(w, body);
	if (only_fields(body, ok, &w->b) < 0 ||
	    str_field(body, "status", &status, NULL, &w->b) < 0)
		return PD_EINVAL;
	if (!status || !pd_unit_status_valid(status))
		return bad(&w->b, "status", "one of " PD_UNIT_STATUSES),
		       PD_EINVAL;
	return pd_op_unit_status(w->s->side, w->s->cfg.reg, w->games, w->rsc,
				 status, &w->who, &w->done, &w->d);
}

static int perform(struct wctx *w, int kind, json_t *body)
{
	const char *reason;
	int ret;

	if (str_field(body, "reason", &reason, NULL, &w->b) < 0)
		return PD_EINVAL;
	w->who.reason = reason;
	if (kind == W_RESULTS && !w->remove) {
		w->who.games = w->games;	/* checked by the write */
		return do_results(w, body);
	}
	if (kind == W_RESULTS || kind == W_STATUS || kind == W_MATCHES ||
	    kind == W_ENTRIES) {
		if ((ret = event_of(w->s, w->games, w->event)) < 0)
			return ret;
		return kind == W_RESULTS ? (w->remove ?
					    do_result_remove(w, body) :
					    do_results(w, body)) :
		       kind == W_MATCHES ? do_matches(w, body) :
		       kind == W_ENTRIES ? do_entries(w, body) :
		       do_status(w, body);
	}
	if (kind == W_GAMES || kind == W_GAMES_ONE) {
		if (kind == W_GAMES_ONE && !w->patch && !w->remove)
			return bad(&w->b, NULL, "a Games is changed with PATCH "
				   "or removed with DELETE"), PD_EINVAL;
		return do_games(w, kind, body);
	}
	if (kind >= W_UNIT_START && kind <= W_PHASE_QUALIFY)
		return do_unit(w, kind, body);
	return kind == W_SANCTIONS ? do_sanction(w, body) : do_event(w, body);
}

/* What the write did, beside ok and version: the fields changed, the
 * medals now awarded with the rule that decided each, and the same in
 * words, in the writer's language (said.h). */
static void add_done(json_t *doc, const struct pd_op_done *d,
		     const char *lang)
{
	json_object_set_new(doc, "changes", json_loads(d->changes, 0, NULL));
	json_object_set_new(doc, "medals", json_loads(d->medals, 0, NULL));
	json_object_set_new(doc, "said", said_lines(d, lang));
}

static enum MHD_Result answer(struct srv *s, struct MHD_Connection *c,
			      struct req *r, struct wctx *w, int kind)
{
	json_t *doc;
	char *text;

	doc = json_pack("{s:b, s:s, s:I}", "ok", 1, "games", w->games,
			"version", (json_int_t)w->version);
	if (doc && w->event)
		json_object_set_new(doc, "event", json_integer(w->event));
	if (doc && w->id)
		json_object_set_new(doc, kind == W_EVENTS ? "event" : "id",
				    json_integer(w->id));
	if (doc && (w->unchanged || w->done.unchanged))
		json_object_set_new(doc, "unchanged", json_true());
	if (doc && w->done.changes)
		add_done(doc, &w->done, w->lang);
	if (doc && w->dry)
		json_object_set_new(doc, "dry_run", json_true());
	text = doc ? json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER) :
		     NULL;
	json_decref(doc);
	if (!text)
		return MHD_NO;
	/* a dry run made nothing to wait for */
	if (w->dry)
		return send_json(c, r, w->http, text, strlen(text));
	/* answered now that the commit is durable; this node's reads of
	 * the Games wait until the views show it (read your writes).  Too
	 * many commits waiting: the answer waits instead, parked, and
	 * handle() sends it */
	if (builder_commit(s, w->games, w->version) == 0)
		return send_json(c, r, w->http, text, strlen(text));
	r->wreply = text;
	r->whttp = w->http;
	builder_park(s, c, r, w->games, w->version, WAIT_MS);
	return MHD_YES;
}

/* A write waiting for the committer, then for its answer: what
 * write_finish() read, and what perform() made of it. */
struct wjob {
	struct cjob job;	/* first: a cjob * is a wjob * */
	struct srv *s;
	struct wctx w;
	json_t *body;
	int kind, ret;
	char games[PD_GAMES_CODE], cmd[400];
};

static void wjob_free(struct wjob *j)
{
	if (!j)
		return;
	json_decref(j->body);
	pd_op_done_release(&j->w.done);
	free(j);
}

/* The committer's call, side_mu held. */
static int perform_job(struct cjob *cj)
{
	struct wjob *j = (struct wjob *)cj;

	return perform(&j->w, j->kind, j->body);
}

enum MHD_Result write_finish(struct srv *s, struct MHD_Connection *c,
			     struct req *r, const char *url)
{
	char msg[300];
	struct wjob *j;
	json_error_t je;
	json_t *body;

	/* a DELETE may come without a body */
	body = r->body.len || !r->is_delete ?
	       json_loadb(r->body.data, r->body.len, JSON_REJECT_DUPLICATES,
			  &je) : json_object();
	if (!body || !json_is_object(body)) {
		snprintf(msg, sizeof(msg), body ? "the body must be a JSON "
			 "object" : "malformed JSON: %s (line %d, column %d)",
			 je.text, je.line, je.column);
		json_decref(body);
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, msg, NULL);
	}
	if (!(j = calloc(1, sizeof(*j)))) {
		json_decref(body);
		return MHD_NO;
	}
	j->s = s;
	j->body = body;
	pd_op_done_init(&j->w.done);
	j->w.patch = r->is_patch;
	j->w.remove = r->is_delete;
	j->w.lang = said_lang(c);
	snprintf(j->games, sizeof(j->games), "%s", r->rt.games);
	j->w.event = r->rt.event;
	j->kind = r->rt.write;
	if (j->kind >= W_UNIT_START && j->kind <= W_UNIT_STATUS)
		snprintf(j->w.rsc, sizeof(j->w.rsc), "%.34s", r->rt.rest + 6);
	if (j->kind == W_PHASE_QUALIFY)
		snprintf(j->w.rsc, sizeof(j->w.rsc), "%.26s", r->rt.rest + 7);
	snprintf(j->cmd, sizeof(j->cmd), "%s %s", r->is_patch ? "PATCH" :
		 r->is_delete ? "DELETE" : "POST", url);
	j->w.s = s;
	j->w.games = j->games;
	j->w.who.actor = r->actor;
	j->w.who.command = j->cmd;
	j->w.http = MHD_HTTP_OK;
	if ((j->w.dry = dry_run(c)) < 0) {
		wjob_free(j);
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "dry_run is 1 "
				  "(say what the write would do, and undo it) "
				  "or 0", "dry_run");
	}
	j->job.dry = j->w.dry;
	if (if_match(c, &j->w.who.expect) < 0) {
		wjob_free(j);
		return send_error(c, r, MHD_HTTP_BAD_REQUEST, "If-Match: the "
				  "ETag of a read of this Games, like \"17\", "
				  "or *", NULL);
	}
	/* made by the committer, with the writes that come with it; the
	 * connection waits suspended (or this thread waits), and
	 * write_resumed() answers */
	j->job.c = c;
	j->job.perform = perform_job;
	snprintf(j->job.games, sizeof(j->job.games), "%s", r->rt.games);
	r->wjob = j;
	/* done already when the handler waited for it (commit.h) */
	return commit_queue(s, &j->job) ? write_resumed(s, c, r) : MHD_YES;
}

void write_drop(struct req *r)
{
	wjob_free(r->wjob);
	r->wjob = NULL;
}

enum MHD_Result write_resumed(struct srv *s, struct MHD_Connection *c,
			      struct req *r)
{
	struct wjob *j = r->wjob;
	struct wctx *wp = &j->w;
	char *games = j->games;
	json_t *body = j->body;
	enum MHD_Result res;
	int kind = j->kind, ret = j->job.ret;

	r->wjob = NULL;
	if (j->job.group_failed)	/* said as the store said it */
		wp->d = j->job.d;
	/* a new Games: the answer waits for its own views */
	if (kind == W_GAMES && ret == 0 &&
	    json_is_string(json_object_get(body, "code")))
		pd_games_code(games, sizeof(j->games), json_string_value(
			json_object_get(body, "code")));
	/* events, matches and start lists say their version themselves */
	if (kind != W_EVENTS && kind != W_MATCHES && kind != W_ENTRIES)
		wp->version = wp->done.version;
	if (ret == PD_ENOTFOUND && kind == W_GAMES_ONE)
		res = send_error(c, r, MHD_HTTP_NOT_FOUND, "no such Games",
				 NULL);
	else if (ret == PD_ENOTFOUND && !wp->b.msg[0] && !wp->d.msg[0])
		res = send_error(c, r, MHD_HTTP_NOT_FOUND, "no such event in "
				 "this Games", NULL);
	else if (ret < 0 && wp->b.msg[0])
		res = send_error(c, r, MHD_HTTP_BAD_REQUEST, wp->b.msg,
				 wp->b.field);
	else if (ret == PD_EMOVED)
		res = send_moved(c, r, s, games, wp->d.msg);
	else if (ret < 0)
		res = send_store_error(c, r, ret, &wp->d);
	else if (kind == W_GAMES_ONE && wp->remove) {
		/* nothing left to show: answered at once */
		char *text = NULL;
		json_t *doc = json_pack("{s:b, s:s, s:b}", "ok", 1, "games",
					wp->games, "removed", 1);

		if (doc)
			add_done(doc, &wp->done, wp->lang);
		if (doc && wp->dry)
			json_object_set_new(doc, "dry_run", json_true());
		text = doc ? json_dumps(doc, JSON_COMPACT |
					JSON_PRESERVE_ORDER) : NULL;
		json_decref(doc);
		/* send_json takes the text */
		res = text ? send_json(c, r, MHD_HTTP_OK, text, strlen(text)) :
			     MHD_NO;
	} else {
		res = answer(s, c, r, wp, kind);
	}
	wjob_free(j);
	return res;
}
