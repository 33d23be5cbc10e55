/* entries.c -- start lists for the front ends (entry_ops.h): an event's
 * athletes entered, set whole, one added, read as a document; and who
 * took part in a Games as a document. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/entry_ops.h"
#include "podium/io.h"
#include "podium/label.h"
#include "app_int.h"

/* in's row, for messages: file:line, or entries[i] of a request */
static int row_fail(const struct pd_entry_input *in, size_t i, int ret,
		    struct pd_diag *d)
{
	char msg[sizeof(d->msg)];

	if (in->file) {
		if (!d->file[0])
			snprintf(d->file, sizeof(d->file), "%s", in->file);
		if (!d->line)
			d->line = in->line;
		return ret;
	}
	if (!in->line)
		return ret;	/* the one athlete of a command */
	snprintf(msg, sizeof(msg), "entries[%zu]: %.400s", i, d->msg);
	snprintf(d->msg, sizeof(d->msg), "%s", msg);
	return ret;
}

/* The athlete in names: by id (its NPC must be in's, when given), or
 * found or added by NPC and name. */
static int athlete_of(struct pd_store *s, const struct pd_registry *reg,
		      const struct pd_entry_input *in, long *id,
		      struct pd_diag *d)
{
	const struct pd_npc *npc = NULL;
	struct pd_athlete a;
	char code[PD_CODE_MAX];
	char *name = NULL;
	int ret;

	if (in->npc && *in->npc && !(npc = pd_registry_find(reg, in->npc)))
		return pd_unknown_npc(reg, in->npc, NULL, 0, d);
	if (in->athlete) {
		if ((ret = pd_store_athlete_get(s, in->athlete, &name, code,
						d)) < 0)
			return ret;
		free(name);
		if (npc && strcmp(npc->code, code))
			return pd_diag_set(d, PD_ECONSIST, NULL, 0, "athlete "
					   "%ld is of %s, not of %s",
					   in->athlete, code, npc->code);
		*id = in->athlete;
		return 0;
	}
	if (!npc || !in->name || !*in->name)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "name the athlete: "
				   "an id, or an NPC and a name");
	if (in->gender && *in->gender && strcmp(in->gender, "M") &&
	    strcmp(in->gender, "W"))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "gender '%s' is not "
				   "M, W or empty", in->gender);
	if ((ret = pd_person_check("name", in->name, d)) < 0)
		return ret;
	memset(&a, 0, sizeof(a));
	a.name = in->name;
	a.gender = in->gender ? in->gender : "";
	memcpy(a.npc, npc->code, sizeof(a.npc));
	return pd_store_athlete_ensure(s, &a, id, d);
}

static int keep_id(const struct pd_entry *e, void *arg)
{
	long **v = arg;

	if ((*v)[0] >= PD_START_LIST_MAX)
		return PD_ETOOBIG;
	(*v)[0]++;
	(*v)[(*v)[0]] = e->athlete;
	return 0;
}

/* Inside a transaction: resolve in[0..n) and write them as event's list,
 * after the keep entries already there (keep: 0 or 1). */
static int write_list(struct pd_store *s, const struct pd_registry *reg,
		      const struct pd_event_info *e, const char *source,
		      const struct pd_entry_input *in, size_t n, int keep,
		      struct pd_diag *d)
{
	long *ids = NULL, *have = NULL, count = 0;
	size_t i, j, at = 0;
	int ret = 0;

	if (n > PD_START_LIST_MAX)
		return pd_diag_set(d, PD_ETOOBIG, NULL, 0, "over %d athletes "
				   "in one start list", PD_START_LIST_MAX);
	if (keep) {
		if (!(have = calloc(PD_START_LIST_MAX + 1, sizeof(*have))))
			return PD_ENOMEM;
		ret = pd_store_entries(s, e->games, e->id, keep_id, &have, d);
		count = have[0];
	}
	if (ret == 0 && !(ids = calloc((size_t)count + n + 1, sizeof(*ids))))
		ret = PD_ENOMEM;
	for (i = 0; ret == 0 && i < (size_t)count; i++)
		ids[at++] = have[i + 1];
	for (i = 0; ret == 0 && i < n; i++) {
		if ((ret = athlete_of(s, reg, &in[i], &ids[at], d)) < 0) {
			ret = row_fail(&in[i], i, ret, d);
			break;
		}
		/* one athlete, one entry: a second spelling of a name in
		 * the list finds the first's athlete (pd_name_normalise) */
		for (j = 0; j < at && ids[j] != ids[at]; j++)
			;
		if (j < at)
			ret = row_fail(&in[i], i, pd_diag_set(d, PD_EEXISTS,
				       NULL, 0, "athlete %ld is already entered "
				       "in event %ld", ids[at], e->id), d);
		at++;
	}
	if (ret == 0)
		ret = pd_store_entries_replace(s, e->id, source ? source :
					       "desk", ids, at, d);
	free(ids);
	free(have);
	return ret;
}

static int change_list(struct pd_store *s, const struct pd_registry *reg,
		       long event, const char *source,
		       const struct pd_entry_input *in, size_t n, int keep,
		       const struct pd_who *who, long *version,
		       struct pd_diag *diag)
{
	struct pd_event_info e;
	int ret;

	if ((ret = app_open_event(s, event, &e, who, version, diag)) < 0)
		return ret;
	ret = write_list(s, reg, &e, source, in, n, keep, diag);
	pd_event_info_release(&e);
	return app_end(s, ret, diag);
}

int pd_op_entries_replace(struct pd_store *s, const struct pd_registry *reg,
			  long event, const char *source,
			  const struct pd_entry_input *in, size_t n,
			  const struct pd_who *who, long *version,
			  struct pd_diag *diag)
{
	return change_list(s, reg, event, source, in, n, 0, who, version,
			   diag);
}

int pd_op_entry_add(struct pd_store *s, const struct pd_registry *reg,
		    long event, const char *source,
		    const struct pd_entry_input *in, const struct pd_who *who,
		    long *version, struct pd_diag *diag)
{
	return change_list(s, reg, event, source, in, 1, 1, who, version,
			   diag);
}

int pd_op_entries_from_csv(struct pd_store *s, const struct pd_registry *reg,
			   long event, const char *source, const char *file,
			   const struct pd_who *who, size_t *n,
			   struct pd_diag *diag)
{
	struct pd_entry_input *in = NULL;
	struct pd_result_lines l;
	char *data = NULL;
	size_t len = 0, i;
	int ret;

	memset(&l, 0, sizeof(l));
	if ((ret = pd_file_read(file, &data, &len, diag)) < 0 ||
	    (ret = pd_results_csv_parse(&l, data, len, file, reg, diag)) < 0)
		goto cleanup;
	if (!(in = calloc(l.n ? l.n : 1, sizeof(*in)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < l.n; i++) {
		in[i].npc = l.v[i].npc;
		in[i].name = l.v[i].name;
		in[i].gender = l.v[i].gender;
		in[i].file = file;
		in[i].line = l.v[i].line;
	}
	ret = pd_op_entries_replace(s, reg, event, source, in, l.n, who, NULL,
				    diag);
	if (ret == 0 && n)
		*n = l.n;
cleanup:
	free(in);
	pd_result_lines_release(&l);
	free(data);
	return ret;
}

/* -- documents */

struct doc_walk {
	json_t *list;
};

static int entry_json(const struct pd_entry *e, void *arg)
{
	struct doc_walk *w = arg;

	return json_array_append_new(w->list, json_pack(
		"{s:I, s:o, s:o, s:o, s:I, s:o, s:o, s:o, s:b}",
		"event", (json_int_t)e->event,
		"sport", app_json_str(e->sport),
		"event_name", app_json_str(e->event_name),
		"event_gender", app_json_str(e->event_gender),
		"athlete", (json_int_t)e->athlete,
		"name", app_json_str(e->name),
		"npc", app_json_str(e->npc),
		"gender", app_json_str(e->gender),
		"result", e->has_result)) < 0 ? PD_ENOMEM : 0;
}

int pd_doc_entries(struct pd_buf *out, struct pd_store *s, const char *games,
		   long version, long event, unsigned flags,
		   struct pd_diag *diag)
{
	struct doc_walk w = { json_array() };
	json_t *doc;
	int ret;

	if (!w.list)
		return PD_ENOMEM;
	if ((ret = pd_store_entries(s, games, event, entry_json, &w,
				    diag)) < 0) {
		json_decref(w.list);
		return ret;
	}
	doc = json_pack("{s:o, s:I, s:o}", "games", app_json_str(games),
			"version", (json_int_t)version, "entries", w.list);
	if (doc && event)
		json_object_set_new(doc, "event", json_integer(event));
	return app_json_dump(out, doc, flags);
}

static json_t *rows_json(const struct pd_counts *c, const char *key)
{
	json_t *l = json_array();
	size_t i;

	for (i = 0; l && i < c->n; i++)
		if (json_array_append_new(l, json_pack("{s:o, s:I, s:I, s:I}",
				key, app_json_str(c->rows[i].key),
				"athletes", (json_int_t)c->rows[i].n[0],
				"women", (json_int_t)c->rows[i].n[1],
				"men", (json_int_t)c->rows[i].n[2])) < 0) {
			json_decref(l);
			return NULL;
		}
	return l;
}

static int participation_doc(struct pd_buf *out, struct pd_store *s,
			     const char *games, long version,
			     const struct pd_participation *p, unsigned flags,
			     struct pd_diag *diag)
{
	long counts[] = { p->athletes, p->women, p->men, p->npcs, p->entries,
			  p->events_entered, p->events };
	json_t *first = json_array(), *doc;
	size_t i;

	for (i = 0; first && i < p->first_npcs.n; i++)
		json_array_append_new(first, json_string(p->first_npcs.v[i]));
	doc = json_pack("{s:o, s:I, s:b}", "games", app_json_str(games),
			"version", (json_int_t)version, "known", p->known);
	if (app_json_set_ints(doc, "athletes women men npcs entries "
			      "events_entered events", counts,
			      sizeof(counts) / sizeof(*counts)) < 0 ||
	    json_object_set_new(doc, "by_npc", rows_json(&p->by_npc, "npc")) ||
	    json_object_set_new(doc, "by_sport",
				rows_json(&p->by_sport, "sport"))) {
		json_decref(doc);
		doc = NULL;
	}
	/* first-time NPCs only when an earlier Games says who was there */
	if (doc)
		json_object_set_new(doc, "first_time_npcs", p->prior ? first :
				    json_null());
	if (!p->prior)
		json_decref(first);
	/* officials: only counts are known, as facts */
	if (doc)
		json_object_set_new(doc, "officials", app_facts_json(s, games,
				    "officials.", diag));
	return app_json_dump(out, doc, flags);
}

int pd_doc_participation(struct pd_buf *out, struct pd_store *s,
			 const char *games, long version, unsigned flags,
			 struct pd_diag *diag)
{
	struct pd_participation p;
	int ret;

	if ((ret = pd_store_participation(s, games, &p, diag)) == 0)
		ret = participation_doc(out, s, games, version, &p, flags,
					diag);
	pd_participation_release(&p);
	return ret;
}
