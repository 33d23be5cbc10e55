/* records.c -- records (record.h) as results meet them: a mark that
 * beats the record in force of its event and sport class becomes the
 * record, and the result is flagged with its kind (WR, PR ...); one that
 * equals it is flagged =WR.  The flags are worked out, never taken from
 * what the operator typed; and the records import (ops.h), which meets
 * the records the store holds: none added twice, none worse than the one
 * in force. */
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
	/* who set it where: a result that set a record and is written again
	 * (its rank, say) meets its own record, which it keeps */
	char holder[KINDS][256], games[KINDS][32];
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
	snprintf(f->holder[f->n], sizeof(f->holder[0]), "%s",
		 r->holder ? r->holder : "");
	snprintf(f->games[f->n], sizeof(f->games[0]), "%s",
		 r->games ? r->games : "");
	memcpy(f->v[f->n].npc, r->npc, sizeof(r->npc));
	f->v[f->n].kind = f->kind[f->n];
	f->v[f->n].value = r->value;
	f->v[f->n].lower_better = r->lower_better;
	f->n++;
	return 0;
}

/* Is the record in force i the one r itself set at these Games (its
 * holder, NPC and Games)?  Then r equalling it is r keeping it. */
static int own(const struct in_force *f, size_t i,
	       const struct pd_result_rec *r)
{
	return r->name && !strcmp(f->holder[i], r->name) &&
	       !strcmp(f->v[i].npc, r->npc) &&
	       !strcmp(f->games[i], f->e->games);
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
	int ret, beats, marked;

	memset(&f, 0, sizeof(f));
	f.e = e;
	value = r->mark_value;
	/* without a mark to compare (an IRM, no mark) no record is met */
	marked = !(r->irm && *r->irm) &&
		 (r->has_value || pd_mark_value(r->mark, &value) == 0);
	/* and with no flag typed either, the flags stay empty whatever
	 * the records: a rank alone (a judged or ranked-only result) reads
	 * none, a round trip of each such write on PostgreSQL */
	if (!marked && !(r->records && *r->records))
		return 0;
	if ((ret = pd_store_records(s, e->sport, collect, &f, d)) < 0)
		return ret;
	if (f.n == 0)
		return 0;	/* no record to meet: the flags as typed */
	if (marked)
		for (i = 0; i < f.n; i++) {
			beats = f.v[i].lower_better ? value < f.v[i].value :
							value > f.v[i].value;
			if (value == f.v[i].value && own(&f, i, r)) {
				won[n++] = f.kind[i];
				continue;
			}
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

/* A record the store holds, as an import meets it: its key and kind
 * joined, to sort and find by. */
struct held {
	char *key;
	double value;
	int in_force;
	const char *holder, *date, *mark;	/* in key, after its NUL */
};

struct held_set {
	struct held *v;
	size_t n, alloc;
};

/* r's key and kind, '\x1f' between them (a byte no label holds), then
 * NUL, holder, NUL, date, NUL, mark: one allocation. */
static char *key_of(const struct pd_record *r, size_t *keylen)
{
	struct pd_buf b;

	pd_buf_init(&b, 0);
	if (pd_buf_addf(&b, "%s\x1f%s\x1f%s\x1f%s\x1f%s", r->sport, r->event,
			r->gender ? r->gender : "",
			r->sport_class ? r->sport_class : "", r->kind) < 0) {
		pd_buf_release(&b);
		return NULL;
	}
	*keylen = b.len;
	if (pd_buf_addc(&b, '\0') < 0 || pd_buf_addf(&b, "%s", r->holder) < 0 ||
	    pd_buf_addc(&b, '\0') < 0 ||
	    pd_buf_addf(&b, "%s", r->date ? r->date : "") < 0 ||
	    pd_buf_addc(&b, '\0') < 0 || pd_buf_addf(&b, "%s", r->mark) < 0) {
		pd_buf_release(&b);
		return NULL;
	}
	return b.data;
}

static int hold(const struct pd_record *r, void *arg)
{
	struct held_set *h = arg;
	struct held *e;
	size_t len;

	if (h->n == h->alloc) {
		size_t a = h->alloc ? h->alloc * 2 : 64;

		if (!(e = realloc(h->v, a * sizeof(*e))))
			return PD_ENOMEM;
		h->v = e;
		h->alloc = a;
	}
	e = &h->v[h->n];
	if (!(e->key = key_of(r, &len)))
		return PD_ENOMEM;
	e->holder = e->key + len + 1;
	e->date = e->holder + strlen(e->holder) + 1;
	e->mark = e->date + strlen(e->date) + 1;
	e->value = r->value;
	e->in_force = r->replaced_by == 0;
	h->n++;
	return 0;
}

/* By key; within one, the record in force first, then by value. */
static int by_key(const void *pa, const void *pb)
{
	const struct held *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);

	if (c || (c = b->in_force - a->in_force))
		return c;
	return (a->value > b->value) - (a->value < b->value);
}

static void held_release(struct held_set *h)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		free(h->v[i].key);
	free(h->v);
}

/* The first of v[lo..hi) not before key (after: past it), or of the
 * same key not below value: binary searches, so that a key's history of
 * 20,000 records is never read through for each record imported. */
static size_t bound(const struct held *v, size_t lo, size_t hi,
		    const char *key, int past, const double *value)
{
	size_t mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = value ? (v[mid].value < *value ? -1 : 1) :
		    strcmp(v[mid].key, key);
		if (c < 0 || (past && c == 0))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int same(const struct held *e, const struct pd_record *r)
{
	return e->value == r->value && !strcmp(e->holder, r->holder) &&
	       !strcmp(e->date, r->date ? r->date : "");
}

/* What the store makes of r: 1 held already (added before), 0 to add,
 * PD_EPARSE when the record in force is better. */
static int meet(const struct held_set *h, const struct pd_record *r,
		const char *file, struct pd_diag *d)
{
	const struct held *force = NULL;
	size_t from, to, len, i;
	char *key = key_of(r, &len);
	int ret = 0;

	if (!key)
		return PD_ENOMEM;
	from = bound(h->v, 0, h->n, key, 0, NULL);
	to = bound(h->v, from, h->n, key, 1, NULL);
	if (from < to && h->v[from].in_force) {
		force = &h->v[from];
		ret = same(force, r);
	}
	/* the history of the key, by value: only those of r's value */
	for (i = bound(h->v, from + (force != NULL), to, key, 0, &r->value);
	     ret == 0 && i < to && h->v[i].value == r->value; i++)
		ret = same(&h->v[i], r);
	if (ret == 0 && force && (r->lower_better ? r->value > force->value :
				  r->value < force->value))
		ret = pd_diag_set(d, PD_EPARSE, file, r->line, "%s %s is worse "
				  "than the record in force, %s (%s, %s): a "
				  "record stands until it is beaten", r->kind,
				  r->mark, force->mark, force->holder,
				  *force->date ? force->date : "no date");
	free(key);
	return ret;
}

int pd_op_records_import(struct pd_store *s, const char *games,
			 const struct pd_record *v, size_t n, const char *file,
			 const struct pd_who *who,
			 const struct pd_op_notify *nt, size_t *added,
			 struct pd_diag *diag)
{
	struct held_set h;
	struct pd_who w = *who;
	size_t i, k = 0;
	int ret;

	memset(&h, 0, sizeof(h));
	if (!w.reason)
		w.reason = "";
	if ((ret = app_open(s, games, APP_ENSURE_GAMES, &w, nt, NULL,
			    diag)) < 0)
		return ret;
	/* every record held, once, sorted by key: each row is then found in
	 * O(log n), never by a read of the store */
	if ((ret = pd_store_records(s, NULL, hold, &h, diag)) == 0 && h.n > 1)
		qsort(h.v, h.n, sizeof(*h.v), by_key);
	for (i = 0; i < n && ret == 0; i++) {
		if ((ret = meet(&h, &v[i], file, diag)) == 1) {
			ret = 0;
			continue;
		}
		if (ret == 0 && (ret = pd_store_record_add(s, &v[i], NULL,
							   diag)) == 0)
			k++;
	}
	held_release(&h);
	if (added)
		*added = k;
	return app_end(s, ret, diag);
}
