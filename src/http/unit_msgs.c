/* unit_msgs.c -- the stream's `unit`, `results` and `record` messages of
 * a change (unit_msgs.h).
 *
 * The builder learns what a change touched from the audit log: each
 * unit write (src/app/unit_writes.c) keeps its changes there, each
 * naming its unit ("unit RSC: name (NPC)", "unit RSC").  The units named
 * since the version the streams last had are read again, at the version
 * now loaded, as the unit document GET /api/games/G/units/RSC serves,
 * the same bytes; each becomes one SSE event, `event: unit`.  The
 * events the change wrote (audit_events, as the derive reads them) are
 * read as their event document (GET .../events/ID), one `event: results`
 * each: an event without units streams its rows before it is official.
 * A result whose record flags the change set ("records" -> "WR", as the
 * audit entry says it) is also one `event: record` of its own, made from
 * its row in that event's document: a record falls, in one message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/audit.h"
#include "podium/units.h"
#include "podium/units_ops.h"
#include "hub.h"
#include "unit_msgs.h"
#include "views.h"

struct touched {
	char rsc[UNIT_MSGS_MAX][PD_RSC_LEN + 1];
	size_t n;
	json_t *records;	/* [{what, before, after}]: flags set */
};

static void touched_add(struct touched *t, const char *what)
{
	size_t len, i;

	if (strncmp(what, "unit ", 5))
		return;
	what += 5;
	len = strcspn(what, ": ");
	if (!len || len > PD_RSC_LEN)
		return;
	for (i = 0; i < t->n; i++)
		if (!strncmp(t->rsc[i], what, len) && !t->rsc[i][len])
			return;
	if (t->n < UNIT_MSGS_MAX) {
		memcpy(t->rsc[t->n], what, len);
		t->rsc[t->n++][len] = '\0';
	}
}

static const char *str(json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));

	return v ? v : "";
}

/* One audit entry: the units its changes name, and the record flags
 * it set. */
static int entry(const struct pd_audit_entry *e, void *arg)
{
	json_t *list, *o;
	size_t i;

	if (!e->changes || !*e->changes ||
	    !(list = json_loads(e->changes, 0, NULL)))
		return 0;
	json_array_foreach(list, i, o) {
		const char *what = str(o, "what"), *after = str(o, "after");
		struct touched *t = arg;

		touched_add(t, what);
		/* flags set or changed, not taken off */
		if (*after && !strcmp(str(o, "field"), "records") &&
		    strcmp(str(o, "before"), after) &&
		    json_array_size(t->records) < UNIT_MSGS_MAX)
			json_array_append_new(t->records, json_pack("{s:s, s:s, "
					      "s:s}", "what", what, "before",
					      str(o, "before"), "after",
					      after));
	}
	json_decref(list);
	return 0;
}

/* The event's code the unit document names ("" if none). */
static void event_of(const char *doc, char *code)
{
	json_t *o = json_loads(doc, 0, NULL);
	const char *c = json_string_value(json_object_get(
			json_object_get(o, "event"), "code"));

	snprintf(code, PD_RSC_LEN + 1, "%s", c ? c : "");
	json_decref(o);
}

static int add_msg(struct unit_msgs *u, long version, long since, int tag,
		   const char *rsc, const char *event, const char *text,
		   size_t len)
{
	struct msg **v, *m;

	if (!(v = realloc(u->v, (u->n + 1) * sizeof(*v))) ||
	    !(u->v = v, m = msg_make(version, since, text, len)))
		return PD_ENOMEM;
	m->seq = 1;		/* after the table's change */
	m->tag = tag;
	snprintf(m->unit, sizeof(m->unit), "%s", rsc);
	snprintf(m->event, sizeof(m->event), "%s", event);
	u->v[u->n++] = m;
	return 0;
}

/* The MSG_EVENT message of each event, its units' events in one. */
static int event_msgs(struct unit_msgs *u, long version, long since,
		      size_t nunits)
{
	struct pd_buf b = PD_BUF_INIT;
	size_t i, k;
	int ret = 0;

	for (i = 0; i < nunits && ret == 0; i++) {
		struct msg *m = u->v[i];

		for (k = 0; k < i; k++)
			if (!strcmp(u->v[k]->event, m->event))
				break;
		if (k < i || !m->event[0])
			continue;	/* sent with the first of its event */
		pd_buf_reset(&b);
		for (k = i; k < nunits && ret == 0; k++)
			if (!strcmp(u->v[k]->event, m->event))
				ret = pd_buf_add(&b, MSG_TEXT(u->v[k]),
						 u->v[k]->len);
		if (ret == 0)
			ret = add_msg(u, version, since, MSG_EVENT, "",
				      m->event, b.data, b.len);
	}
	pd_buf_release(&b);
	return ret;
}

/* One SSE event of the version, kind, data doc (its last newline cut),
 * on ev (emptied first), and on the MSG_ALL text. */
static int sse(struct unit_msgs *u, struct pd_buf *ev, long version,
	       const char *kind, struct pd_buf *doc)
{
	int ret;

	while (doc->len && doc->data[doc->len - 1] == '\n')
		doc->data[--doc->len] = '\0';
	pd_buf_reset(ev);
	if ((ret = pd_buf_addf(ev, "id: %ld\nevent: %s\ndata: ", version,
			       kind)) == 0 &&
	    (ret = pd_buf_add(ev, doc->data, doc->len)) == 0 &&
	    (ret = pd_buf_adds(ev, "\n\n")) == 0)
		ret = pd_buf_add(&u->all, ev->data, ev->len);
	return ret;
}

/* The `record` messages of one event's document (doc, of event key):
 * one for each result the change flagged, the row found by the name and
 * NPC the audit entry gives ("NAME (NPC)") and the flags it set. */
static int record_msgs(struct unit_msgs *u, struct pd_buf *ev, long version,
		       long since, const char *key, const struct pd_buf *doc,
		       json_t *records)
{
	json_t *d = json_loadb(doc->data, doc->len, 0, NULL), *r, *c;
	struct pd_buf one = PD_BUF_INIT;
	char who[600];
	size_t i, k;
	int ret = 0;

	json_array_foreach(json_object_get(d, "results"), i, r) {
		snprintf(who, sizeof(who), "%s (%s)", str(r, "name"),
			 str(r, "npc"));
		json_array_foreach(records, k, c) {
			json_t *m;

			if (ret || strcmp(who, str(c, "what")) ||
			    strcmp(str(r, "records"), str(c, "after")))
				continue;
			m = json_pack("{s:O, s:I, s:O, s:O, s:O, s:O, s:O, "
				      "s:O, s:O, s:O}", "games",
				      json_object_get(d, "games"), "version",
				      (json_int_t)version, "event",
				      json_object_get(d, "id"), "sport",
				      json_object_get(d, "sport"), "event_name",
				      json_object_get(d, "name"), "name",
				      json_object_get(r, "name"), "npc",
				      json_object_get(r, "npc"), "mark",
				      json_object_get(r, "mark"), "records",
				      json_object_get(r, "records"), "before",
				      json_object_get(c, "before"));
			pd_buf_reset(&one);
			ret = json_dump_to(&one, m);
			if (ret == 0 && (ret = sse(u, ev, version, "record",
						   &one)) == 0)
				ret = add_msg(u, version, since, MSG_EVENT, "",
					      key, ev->data, ev->len);
		}
	}
	json_decref(d);
	pd_buf_release(&one);
	return ret;
}

/* An event's rows as entered: one `results` message each event the
 * change wrote (the event document, GET .../events/ID), for the streams
 * of everything and of ?event=ID.  None for a change that names no
 * events or too many (an import: every event). */
static int results_msgs(struct pd_store *st, const char *games, long since,
			long version, struct unit_msgs *u, json_t *records,
			struct pd_diag *d)
{
	struct pd_buf doc = PD_BUF_INIT, ev = PD_BUF_INIT;
	long *ids = NULL, removed;
	char key[24];
	size_t n = 0, i;
	int ret;

	if ((ret = pd_store_events_changed(st, games, since, &ids, &n,
					   &removed, d)) < 0)
		return ret;
	if (n > UNIT_MSGS_MAX || (n && ids[0] == 0))
		n = 0;
	for (i = 0; i < n && ret == 0; i++) {
		pd_buf_reset(&doc);
		if (render_event(&doc, st, games, version, ids[i], d) < 0) {
			memset(d, 0, sizeof(*d));
			continue;	/* an event removed since */
		}
		snprintf(key, sizeof(key), "%ld", ids[i]);
		if ((ret = sse(u, &ev, version, "results", &doc)) == 0)
			ret = add_msg(u, version, since, MSG_EVENT, "", key,
				      ev.data, ev.len);
		if (ret == 0 && json_array_size(records))
			ret = record_msgs(u, &ev, version, since, key, &doc,
					  records);
	}
	free(ids);
	pd_buf_release(&doc);
	pd_buf_release(&ev);
	return ret;
}

int unit_msgs_read(struct pd_store *st, const char *games, long since,
		   long version, struct unit_msgs *u, struct pd_diag *d)
{
	struct touched t = { .n = 0, .records = json_array() };
	struct pd_buf doc = PD_BUF_INIT, ev = PD_BUF_INIT;
	char event[PD_RSC_LEN + 1];
	size_t i;
	int ret;

	memset(u, 0, sizeof(*u));
	pd_buf_init(&u->all, 0);
	if ((ret = pd_store_log(st, games, since, entry, &t, d)) < 0) {
		json_decref(t.records);
		return ret;
	}
	for (i = 0; i < t.n && ret == 0; i++) {
		pd_buf_reset(&doc);
		if (pd_doc_unit(&doc, st, games, version, t.rsc[i], d) < 0) {
			memset(d, 0, sizeof(*d));
			continue;	/* a unit gone since */
		}
		event_of(doc.data, event);
		if ((ret = sse(u, &ev, version, "unit", &doc)) == 0)
			ret = add_msg(u, version, since, MSG_UNIT, t.rsc[i],
				      event, ev.data, ev.len);
	}
	if (ret == 0)
		ret = event_msgs(u, version, since, u->n);
	if (ret == 0)
		ret = results_msgs(st, games, since, version, u, t.records, d);
	json_decref(t.records);
	pd_buf_release(&doc);
	pd_buf_release(&ev);
	if (ret < 0)
		unit_msgs_free(u);
	return ret;
}

void unit_msgs_free(struct unit_msgs *u)
{
	size_t i;

	for (i = 0; i < u->n; i++)
		msg_put(u->v[i]);
	free(u->v);
	u->v = NULL;
	u->n = 0;
	pd_buf_release(&u->all);
}
