/* unit_writes.c -- a unit as it runs, written by its operator
 * (unit_ops.h): the start list, a participant's result, the status, each
 * one audited change of the unit's Games whose entry keeps every field
 * that changed. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/store_units.h"
#include "podium/unit_ops.h"
#include "app_int.h"

/* -- statuses and the moves between them */

static const char *const statuses[] = {
	"scheduled", "delayed", "running", "interrupted", "unofficial",
	"official", "cancelled", "postponed", "rescheduled", NULL
};

/* where each status (statuses[i]) may go, a space after each */
static const char *const moves[] = {
	"delayed running postponed cancelled rescheduled ",
	"scheduled running postponed cancelled rescheduled ",
	"interrupted unofficial official cancelled ",
	"running unofficial postponed cancelled ",
	"official running ",
	"unofficial ",
	"rescheduled ",
	"rescheduled scheduled cancelled ",
	"delayed running postponed cancelled rescheduled ",
};

static int status_index(const char *status)
{
	int i;

	if (!status || !*status)
		return 0;
	if (!strcmp(status, "finished"))
		return 5;
	for (i = 0; statuses[i]; i++)
		if (!strcmp(statuses[i], status))
			return i;
	return -1;
}

int pd_unit_status_valid(const char *status)
{
	return status && *status && strcmp(status, "finished") &&
	       status_index(status) >= 0;
}

int pd_unit_status_move(const char *rsc, const char *was, const char *to,
			struct pd_diag *diag)
{
	char word[24], all[80];
	int from = status_index(was);

	if (!pd_unit_status_valid(to))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "status '%s': use "
				   "one of " PD_UNIT_STATUSES, to ? to : "");
	if (from < 0)	/* a status the import kept that podium has no
			 * moves for: any move goes */
		return 0;
	snprintf(word, sizeof(word), " %s ", to);
	snprintf(all, sizeof(all), " %s", moves[from]);
	if (strstr(all, word))
		return 0;
	return pd_diag_set(diag, PD_ECONSIST, NULL, 0, "unit %s is %s: it "
			   "cannot move to %s, only to %.*s", rsc,
			   statuses[from], to,
			   (int)strlen(moves[from]) - 1, moves[from]);
}

/* -- the unit and its rows, read inside the change */

struct unit_now {
	char status[32];
	char event_code[32];
	int found;
	struct pd_unit_result_rec *v;
	size_t n, alloc;
};

static char *dup0(const char *s)
{
	return strdup(s ? s : "");
}

static int take_unit(const struct pd_unit_rec *u, void *arg)
{
	struct unit_now *w = arg;

	w->found = 1;
	snprintf(w->status, sizeof(w->status), "%s", u->status);
	snprintf(w->event_code, sizeof(w->event_code), "%s", u->event_code);
	return 0;
}

static int take_row(const struct pd_unit_result_rec *r, void *arg)
{
	struct unit_now *w = arg;
	struct pd_unit_result_rec *x;
	void *nv;

	if (w->n == w->alloc) {
		w->alloc = w->alloc ? w->alloc * 2 : 16;
		if (!(nv = realloc(w->v, w->alloc * sizeof(*w->v))))
			return PD_ENOMEM;
		w->v = nv;
	}
	x = &w->v[w->n++];
	*x = *r;
	x->rsc = dup0(r->rsc);
	x->participant = dup0(r->participant);
	x->name = dup0(r->name);
	x->result = dup0(r->result);
	x->result_type = dup0(r->result_type);
	x->irm = dup0(r->irm);
	x->diff = dup0(r->diff);
	x->wlt = dup0(r->wlt);
	x->qualification = dup0(r->qualification);
	x->bib = dup0(r->bib);
	return x->rsc && x->participant && x->name && x->result &&
	       x->result_type && x->irm && x->diff && x->wlt &&
	       x->qualification && x->bib ? 0 : PD_ENOMEM;
}

static void unit_now_release(struct unit_now *w)
{
	size_t i;

	for (i = 0; i < w->n; i++) {
		free((char *)w->v[i].rsc);
		free((char *)w->v[i].participant);
		free((char *)w->v[i].name);
		free((char *)w->v[i].result);
		free((char *)w->v[i].result_type);
		free((char *)w->v[i].irm);
		free((char *)w->v[i].diff);
		free((char *)w->v[i].wlt);
		free((char *)w->v[i].qualification);
		free((char *)w->v[i].bib);
	}
	free(w->v);
	memset(w, 0, sizeof(*w));
}

/* The unit rsc of games and (rows) its rows as they stand. */
static int unit_read(struct pd_store *s, const char *games, const char *rsc,
		     int rows, struct unit_now *w, struct pd_diag *d)
{
	struct pd_unit_query q = { .games = games, .rsc = rsc };
	int ret;

	memset(w, 0, sizeof(*w));
	if ((ret = pd_store_units(s, &q, take_unit, w, d)) < 0)
		return ret;
	if (!w->found)
		return pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "%s has no unit "
				   "%s", games, rsc);
	return rows ? pd_store_unit_results(s, games, rsc, take_row, w, d) : 0;
}

static const struct pd_unit_result_rec *row_of(const struct unit_now *w,
					       const char *who)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (!strcmp(w->v[i].participant, who))
			return &w->v[i];
	return NULL;
}

/* -- the changes an entry keeps */

int app_field_change(json_t *list, const char *what, const char *field,
		  const char *before, const char *after)
{
	json_t *o;

	if (!strcmp(before, after))
		return 0;
	o = json_pack("{s:o, s:s, s:o, s:o}", "what", app_json_str(what),
		      "field", field, "before", app_json_str(before), "after",
		      app_json_str(after));
	return o && json_array_append_new(list, o) == 0 ? 0 : PD_ENOMEM;
}

static int change_long(json_t *list, const char *what, const char *field,
		       long before, long after)
{
	char b[24], a[24];

	snprintf(b, sizeof(b), "%ld", before);
	snprintf(a, sizeof(a), "%ld", after);
	return app_field_change(list, what, field, before ? b : "",
				after ? a : "");
}

int app_fields_settle(struct pd_store *s, const char *games, json_t *changes,
		      long version, int ret, struct pd_op_done *done,
		      struct pd_diag *d)
{
	json_t *medals = json_array();
	char *text = NULL;

	if (ret == 0 && !medals)
		ret = PD_ENOMEM;
	if (ret < 0)
		app_end(s, ret, d);
	else if (json_array_size(changes) == 0) {
		pd_store_rollback(s);
		version--;
		if (done)
			done->unchanged = 1;
	} else {
		text = json_dumps(changes, JSON_COMPACT | JSON_PRESERVE_ORDER);
		ret = text ? pd_store_change_note(s, games, version, text, d) :
			     PD_ENOMEM;
		ret = app_end(s, ret, d);
	}
	if (ret == 0 && done) {
		done->version = version;
		if ((ret = app_done_lists(done, changes, medals)) == 0 && text)
			ret = pd_op_changes_lines(text, &done->said);
	}
	free(text);
	json_decref(medals);
	return ret;
}

/* -- the start list */

static int start_row(const struct pd_registry *reg,
		     const struct pd_unit_start_input *in, size_t i,
		     const char *rsc, struct pd_unit_result_rec *r,
		     struct pd_diag *d)
{
	const struct pd_npc *npc;
	char at[32];

	snprintf(at, sizeof(at), "rows[%zu]", i);
	if (!in->participant || !*in->participant || !in->name ||
	    !*in->name || !in->npc || !*in->npc)
		return pd_diag_set(d, in->file ? PD_EPARSE : PD_EINVAL,
				   in->file, in->line, "%s%sa "
				   "start list row names its participant, "
				   "name and NPC", in->file ? "" : at,
				   in->file ? "" : ": ");
	if (in->order < 0 || in->order > 100000)
		return pd_diag_set(d, in->file ? PD_EPARSE : PD_EINVAL,
				   in->file, in->line, "%s%s"
				   "order %ld is not from 0 (none) to 100000",
				   in->file ? "" : at, in->file ? "" : ": ",
				   in->order);
	if (!(npc = pd_registry_find(reg, in->npc)))
		return pd_unknown_npc(reg, in->npc, in->file, in->line, d);
	memset(r, 0, sizeof(*r));
	r->rsc = rsc;
	r->participant = in->participant;
	r->name = in->name;
	r->team = in->team;
	snprintf(r->npc, sizeof(r->npc), "%s", npc->code);
	r->start_order = in->order;
	r->bib = in->bib ? in->bib : "";
	r->result = r->result_type = r->irm = r->diff = r->wlt =
		r->qualification = "";
	return 0;
}

static int is_official(const char *status)
{
	return !strcmp(status, "official") || !strcmp(status, "finished");
}

static int start_changes(const struct unit_now *w,
			 const struct pd_unit_result_rec *v, size_t n,
			 const char *rsc, json_t *list)
{
	const struct pd_unit_result_rec *old;
	char what[300];
	size_t i;
	int ret = 0;

	for (i = 0; i < w->n && ret == 0; i++) {
		size_t j;

		for (j = 0; j < n; j++)
			if (!strcmp(v[j].participant, w->v[i].participant))
				break;
		snprintf(what, sizeof(what), "unit %s: %s (%s)", rsc,
			 w->v[i].name, w->v[i].npc);
		if (j == n)
			ret = app_field_change(list, what, "start list",
					       "listed", "");
	}
	for (i = 0; i < n && ret == 0; i++) {
		old = row_of(w, v[i].participant);
		snprintf(what, sizeof(what), "unit %s: %s (%s)", rsc,
			 v[i].name, v[i].npc);
		if (!old)
			ret = app_field_change(list, what, "start list", "",
					       "listed");
		if (ret == 0)
			ret = change_long(list, what, "order",
					  old ? old->start_order : 0,
					  v[i].start_order);
		if (ret == 0)
			ret = app_field_change(list, what, "bib",
					       old ? old->bib : "", v[i].bib);
	}
	return ret;
}

/* Inside an open change: in[0..n) become the start list of unit rsc,
 * each field that changes added to list (unit_ops.h's rules). */
int app_unit_start_in(struct pd_store *s, const struct pd_registry *reg,
		      const char *games, const char *rsc,
		      const struct pd_unit_start_input *in, size_t n,
		      json_t *list, struct pd_diag *diag)
{
	struct pd_unit_result_rec *v = calloc(n ? n : 1, sizeof(*v));
	struct unit_now w;
	size_t i;
	int ret = 0;

	memset(&w, 0, sizeof(w));
	if (!v)
		return PD_ENOMEM;
	for (i = 0; i < n && ret == 0; i++)
		ret = start_row(reg, &in[i], i, rsc, &v[i], diag);
	if (ret == 0 && (ret = unit_read(s, games, rsc, 1, &w, diag)) == 0 &&
	    is_official(w.status))
		ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "unit %s is "
				  "official: its start list is as it ran; "
				  "move it to unofficial first", rsc);
	if (ret == 0)
		ret = start_changes(&w, v, n, rsc, list);
	if (ret == 0)
		ret = pd_store_unit_start_list(s, games, rsc, v, n, diag);
	unit_now_release(&w);
	free(v);
	return ret;
}

int pd_op_unit_start_list(struct pd_store *s, const struct pd_registry *reg,
			  const char *games, const char *rsc,
			  const struct pd_unit_start_input *in, size_t n,
			  const struct pd_who *who, struct pd_op_done *done,
			  struct pd_diag *diag)
{
	json_t *list = json_array();
	long version = 0;
	size_t i;
	int ret = 0;

	app_done_reset(done);
	if (!list)
		return PD_ENOMEM;
	/* the rows are checked before the change opens */
	for (i = 0; i < n && ret == 0; i++) {
		struct pd_unit_result_rec r;

		ret = start_row(reg, &in[i], i, rsc, &r, diag);
	}
	if (ret == 0 &&
	    (ret = app_open(s, games, 0, who, NULL, &version, diag)) == 0) {
		ret = app_unit_start_in(s, reg, games, rsc, in, n, list, diag);
		ret = app_fields_settle(s, games, list, version, ret, done,
					diag);
	}
	json_decref(list);
	return ret;
}

/* -- a result */

/* A code of at most max characters: capitals and digits, lower case
 * too when lower, and any of more ("/-": ODF's qualification marks
 * Q1/8, SA/B, Q7-12) */
static int code_ok(const char *v, size_t max, int lower, const char *more)
{
	size_t i;

	for (i = 0; v[i]; i++)
		if (!isupper((unsigned char)v[i]) &&
		    !isdigit((unsigned char)v[i]) &&
		    !(lower && islower((unsigned char)v[i])) &&
		    !(more && strchr(more, v[i])))
			return 0;
	return i <= max;
}

/* ODF's result types, as the Games' own results use them: the Paris
 * 2024 units set holds these 16 (RM a ranking mark in modern
 * pentathlon's riding, the IRM_ forms an IRM that keeps its points,
 * time or rank, FAULT and NO_SCORE equestrian's and shooting's), and
 * 'import units' takes them; a write may too */
static const char *const result_types[] = {
	"TIME", "DISTANCE", "POINTS", "SCORE", "SETS", "WEIGHT", "PERCENT",
	"STROKES", "RANK", "IRM", "IRM_POINTS", "IRM_TIME", "IRM_RANK", "RM",
	"FAULT", "NO_SCORE", NULL
};

static int result_check(const struct pd_unit_result_input *in,
			struct pd_diag *d)
{
	size_t i;

	if (!in->participant || !*in->participant)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "participant: name "
				   "the participant by their code");
	if (in->has_rank && (in->rank < 0 || in->rank > 100000))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "rank: %ld is not "
				   "from 0 (none) to 100000", in->rank);
	if (in->wlt && *in->wlt && strcmp(in->wlt, "W") &&
	    strcmp(in->wlt, "L") && strcmp(in->wlt, "T"))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "wlt: '%s' is not W, "
				   "L or T", in->wlt);
	/* as the Games wrote them: W/O for a walkover, Fall in climbing */
	if (in->irm && !code_ok(in->irm, 8, 1, "/"))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "irm: '%s' is not an "
				   "IRM code (DNS, DNF, DSQ, W/O ...)", in->irm);
	if (in->qualification && !code_ok(in->qualification, 8, 1, "/-"))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "qualification: '%s' "
				   "is not a mark (Q, q, FA, Q1/8, SA/B ...)",
				   in->qualification);
	if (in->result && strlen(in->result) > 64)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "result: longer than "
				   "64 bytes");
	if (in->diff && strlen(in->diff) > 64)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "diff: longer than "
				   "64 bytes");
	if (!in->result_type || !*in->result_type)
		return 0;
	for (i = 0; result_types[i]; i++)
		if (!strcmp(result_types[i], in->result_type))
			return 0;
	return pd_diag_set(d, PD_EINVAL, NULL, 0, "type: '%s' is not one of "
			   "TIME, DISTANCE, POINTS, SCORE, SETS, WEIGHT, "
			   "PERCENT, STROKES, RANK, IRM, IRM_POINTS, IRM_TIME, "
			   "IRM_RANK, RM, FAULT, NO_SCORE", in->result_type);
}

#define KEEP(f) (in->f ? in->f : old->f)

static int result_changes(const struct pd_unit_result_rec *old,
			  const struct pd_unit_result_rec *r, const char *rsc,
			  json_t *list)
{
	const struct pd_unit_text *t = pd_unit_result_texts;
	char what[300];
	size_t i;
	int ret;

	snprintf(what, sizeof(what), "unit %s: %s (%s)", rsc, old->name,
		 old->npc);
	ret = change_long(list, what, "rank", old->rank, r->rank);
	for (i = 0; i < PD_UNIT_RESULT_TEXTS && ret == 0; i++)
		ret = app_field_change(list, what, t[i].name,
				       pd_unit_result_text(old, &t[i]),
				       pd_unit_result_text(r, &t[i]));
	return ret;
}

int pd_op_unit_result(struct pd_store *s, const char *games, const char *rsc,
		      const struct pd_unit_result_input *in,
		      const struct pd_who *who, struct pd_op_done *done,
		      struct pd_diag *diag)
{
	const struct pd_unit_result_rec *old;
	struct pd_unit_result_rec r;
	json_t *list = json_array();
	struct unit_now w;
	long version = 0;
	int ret;

	app_done_reset(done);
	memset(&w, 0, sizeof(w));
	if (!list)
		return PD_ENOMEM;
	if ((ret = result_check(in, diag)) < 0 ||
	    (ret = app_open(s, games, 0, who, NULL, &version, diag)) < 0)
		goto cleanup;
	if ((ret = unit_read(s, games, rsc, 1, &w, diag)) == 0 &&
	    (is_official(w.status) || !strcmp(w.status, "cancelled")))
		ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "unit %s is %s: "
				  "move it to unofficial to change its "
				  "results", rsc, w.status);
	if (ret == 0 && !(old = row_of(&w, in->participant)))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "participant "
				  "%s is not on the start list of %s",
				  in->participant, rsc);
	if (ret == 0) {
		r = *old;
		r.rank = in->has_rank ? in->rank : old->rank;
		r.result = KEEP(result);
		r.result_type = KEEP(result_type);
		r.irm = KEEP(irm);
		r.diff = KEEP(diff);
		r.wlt = KEEP(wlt);
		r.qualification = KEEP(qualification);
		ret = result_changes(old, &r, rsc, list);
	}
	if (ret == 0)
		ret = pd_store_unit_result_set(s, games, &r, diag);
	ret = app_fields_settle(s, games, list, version, ret, done, diag);
cleanup:
	unit_now_release(&w);
	json_decref(list);
	return ret;
}

/* -- the status, for unit_status.c */

int app_unit_status_of(struct pd_store *s, const char *games, const char *rsc,
		       char *status, size_t size, struct pd_diag *diag)
{
	struct unit_now w;
	int ret = unit_read(s, games, rsc, 0, &w, diag);

	if (ret == 0)
		snprintf(status, size, "%s", w.status);
	unit_now_release(&w);
	return ret;
}
