/* records.c -- records (record.h) as results meet them: a mark that
 * beats the record in force of its event and sport class becomes the
 * record, and the result is flagged with its kind (WR, PR ...); one that
 * equals it is flagged =WR.  The flags are worked out, never taken from
 * what the operator typed; and the records import (ops.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/results.h"
#include "podium/record.h"
#include "app_int.h"

#define KINDS 8

/* The records in force of one key: kind, value and which way is better,
 * all a new mark is met with. */
struct in_force {
	const struct pd_event_info *e;
	struct pd_record v[KINDS];
	char kind[KINDS][16];
	size_t n;
};

static int collect(const struct pd_record *r, void *arg)
{
	struct in_force *f = arg;
	const struct pd_event_info *e = f->e;

	if (r->replaced_by || f->n == KINDS || strcmp(r->event, e->name) ||
	    strcmp(r->gender, e->gender) ||
	    strcmp(r->sport_class, e->sport_class))
		return 0;
	/* r's strings last the call only: keep what is needed */
	memset(&f->v[f->n], 0, sizeof(f->v[0]));
	snprintf(f->kind[f->n], sizeof(f->kind[0]), "%s", r->kind);
	f->v[f->n].kind = f->kind[f->n];
	f->v[f->n].value = r->value;
	f->v[f->n].lower_better = r->lower_better;
	f->n++;
	return 0;
}

/* Is tok (length len) one of the kinds in force, or "=KIND"? */
static int known(const struct in_force *f, const char *tok, size_t len)
{
	size_t i;

	if (len && *tok == '=') {
		tok++;
		len--;
	}
	for (i = 0; i < f->n; i++)
		if (strlen(f->kind[i]) == len && !strncmp(f->kind[i], tok, len))
			return 1;
	return 0;
}

/* flags := what was typed, less the kinds worked out here, then those. */
static int merge(struct pd_buf *out, const char *typed,
		 const struct in_force *f, const char *const *won, size_t n)
{
	const char *p = typed, *end;
	size_t len, i;
	int ret = 0;

	while (*p && ret == 0) {
		end = p + strcspn(p, ",; /");
		len = (size_t)(end - p);
		if (len && !known(f, p, len))
			ret = pd_buf_addf(out, "%s%.*s", out->len ? "," : "",
					  (int)len, p);
		p = *end ? end + 1 : end;
	}
	for (i = 0; i < n && ret == 0; i++)
		ret = pd_buf_addf(out, "%s%s", out->len ? "," : "", won[i]);
	return ret;
}

int app_records_flag(struct pd_store *s, const struct pd_event_info *e,
		     struct pd_result_rec *r, struct pd_buf *flags,
		     struct pd_diag *d)
{
	char eq[KINDS][20];
	const char *won[KINDS];
	struct in_force f;
	struct pd_record rec;
	double value;
	size_t i, n = 0;
	int ret, beats;

	memset(&f, 0, sizeof(f));
	f.e = e;
	if ((ret = pd_store_records(s, e->sport, collect, &f, d)) < 0)
		return ret;
	if (f.n == 0)
		return 0;	/* no record to meet: the flags as typed */
	value = r->mark_value;
	/* without a mark to compare (an IRM, no mark) no record is met */
	if (!(r->irm && *r->irm) &&
	    (r->has_value || pd_mark_value(r->mark, &value) == 0))
		for (i = 0; i < f.n; i++) {
			beats = f.v[i].lower_better ? value < f.v[i].value :
							value > f.v[i].value;
			if (value == f.v[i].value) {
				snprintf(eq[n], sizeof(eq[n]), "=%s",
					 f.kind[i]);
				won[n] = eq[n];
				n++;
				continue;
			}
			if (!beats)
				continue;
			rec = f.v[i];
			rec.sport = e->sport;
			rec.event = e->name;
			rec.gender = e->gender;
			rec.sport_class = e->sport_class;
			rec.mark = r->mark ? r->mark : "";
			rec.value = value;
			rec.holder = r->name;
			memcpy(rec.npc, r->npc, sizeof(rec.npc));
			rec.date = r->date && *r->date ? r->date : e->date;
			rec.games = e->games;
			if ((ret = pd_store_record_add(s, &rec, NULL, d)) < 0)
				return ret;
			won[n++] = f.kind[i];
		}
	if ((ret = merge(flags, r->records ? r->records : "", &f, won,
			 n)) < 0)
		return ret;
	r->records = flags->data;
	return 0;
}

int pd_op_records_import(struct pd_store *s, const char *games,
			 const struct pd_record *v, size_t n,
			 const struct pd_who *who,
			 const struct pd_op_notify *nt, struct pd_diag *diag)
{
	struct pd_who w = *who;
	size_t i;
	int ret;

	if (!w.reason)
		w.reason = "";
	if ((ret = app_open(s, games, APP_ENSURE_GAMES, &w, nt, NULL,
			    diag)) < 0)
		return ret;
	for (i = 0; i < n && ret == 0; i++)
		ret = pd_store_record_add(s, &v[i], NULL, diag);
	return app_end(s, ret, diag);
}
