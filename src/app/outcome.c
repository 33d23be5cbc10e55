/* outcome.c -- what a write of results did: an event's rows before and
 * after it, the fields that changed, and the medals the event now awards
 * with the rule that decided each (pd_op_done in ops.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "podium/results.h"
#include "app_int.h"

void pd_op_done_init(struct pd_op_done *d)
{
	memset(d, 0, sizeof(*d));
	pd_strings_init(&d->said);
}

void pd_op_done_release(struct pd_op_done *d)
{
	if (!d)
		return;
	free(d->changes);
	free(d->medals);
	pd_strings_release(&d->said);
	pd_op_done_init(d);
}

void app_done_reset(struct pd_op_done *d)
{
	if (d)
		pd_op_done_release(d);
}

static void row_release(struct app_row *v)
{
	free(v->name);
	free(v->mark);
	free(v->irm);
	free(v->records);
}

void app_rows_release(struct app_rows *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (!r->lent || i == r->mine)
			row_release(&r->v[i]);
	free(r->v);
	memset(r, 0, sizeof(*r));
}

static int take_row(const struct pd_result_row *in, void *arg)
{
	struct app_rows *r = arg;
	struct app_row *v;

	if (r->n == r->alloc) {
		size_t na = r->alloc ? r->alloc * 2 : 16;

		if (!(v = realloc(r->v, na * sizeof(*v))))
			return PD_ENOMEM;
		r->v = v;
		r->alloc = na;
	}
	v = &r->v[r->n];
	memset(v, 0, sizeof(*v));
	v->athlete = in->athlete_id;
	v->team = in->team_id;
	v->rank = in->rank;
	v->value = in->value;
	v->has_value = in->has_value;
	snprintf(v->npc, sizeof(v->npc), "%s", in->npc);
	v->name = strdup(in->name ? in->name : "");
	v->mark = strdup(in->mark ? in->mark : "");
	v->irm = strdup(in->irm ? in->irm : "");
	v->records = strdup(in->records ? in->records : "");
	r->n++;
	if (!v->name || !v->mark || !v->irm || !v->records)
		return PD_ENOMEM;
	return 0;
}

int app_rows_read(struct pd_store *s, long event, struct app_rows *out,
		  struct pd_diag *d)
{
	app_rows_release(out);
	return pd_store_event_results(s, event, 0, take_row, out, d);
}

const struct app_row *app_rows_find(const struct app_rows *r, long athlete,
				    long team)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (r->v[i].athlete == athlete && r->v[i].team == team)
			return &r->v[i];
	return NULL;
}

struct sanctioned {
	long event;
	const struct app_rows *rows;
	struct pd_result_in *in;
};

/* A sanction in force on one of this event's athletes marks their row. */
static int apply_sanction(const struct pd_sanction_info *si, void *arg)
{
	struct sanctioned *w = arg;
	const char *p = si->events;
	size_t i;
	int here = 0;

	if (si->until)
		return 0;
	while (*p && !here) {
		here = strtol(p, (char **)&p, 10) == w->event;
		p += *p == ',';
	}
	for (i = 0; here && i < w->rows->n; i++)
		if (w->rows->v[i].athlete == si->athlete)
			w->in[i].sanction = strcmp(si->mode, "vacate") ?
				PD_SANCTION_REALLOCATE : PD_SANCTION_VACATE;
	return 0;
}

int app_rows_medals(struct pd_store *s, const struct pd_event_info *e,
		    const struct app_rows *r, struct pd_result_out *out,
		    struct pd_diag *d)
{
	struct pd_result_in *in;
	struct sanctioned w;
	size_t i, starters = 0;
	int code, p, ret;

	if (!(in = calloc(r->n ? r->n : 1, sizeof(*in))))
		return PD_ENOMEM;
	for (i = 0; i < r->n; i++) {
		in[i].rank = r->v[i].rank;
		code = pd_irm_parse(r->v[i].irm);
		in[i].irm = code < 0 ? PD_IRM_DSQ : (enum pd_irm)code;
		starters += in[i].irm != PD_IRM_DNS;
	}
	w.event = e->id;
	w.rows = r;
	w.in = in;
	ret = pd_store_sanctions(s, e->games, apply_sanction, &w, d);
	p = pd_policy_parse(e->policy ? e->policy : "");
	if (ret == 0)
		ret = pd_event_medals(p < 0 ? PD_POLICY_STANDARD :
				      (enum pd_policy)p, in, r->n, starters,
				      out);
	free(in);
	return ret;
}

/* Add a line to said, printf-style. */
static int said_add(struct pd_strings *said, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int said_add(struct pd_strings *said, const char *fmt, ...)
{
	struct pd_buf b;
	va_list ap;
	int ret;

	pd_buf_init(&b, 1 << 16);
	va_start(ap, fmt);
	ret = pd_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (ret == 0 && pd_strings_add(said, b.data) < 0)
		ret = PD_ENOMEM;
	pd_buf_release(&b);
	return ret;
}

static const char *const medal_names[] = { "gold", "silver", "bronze" };

static const char *medal_name(int m)
{
	return m >= 0 && m < 3 ? medal_names[m] : "";
}

static void who_of(char *out, size_t size, const struct app_row *r)
{
	snprintf(out, size, "%s (%s)", r->name, r->npc);
}

static int add_change(json_t *list, struct pd_buf *line, const char *what,
		      const char *field, const char *before,
		      const char *after)
{
	if (!strcmp(before, after))
		return 0;
	if (json_array_append_new(list, json_pack("{s:o, s:s, s:o, s:o}",
			"what", app_json_str(what), "field", field, "before",
			app_json_str(before), "after", app_json_str(after))) < 0)
		return PD_ENOMEM;
	return pd_buf_addf(line, "%s%s %s -> %s", line->len ? ", " : "",
			   field, *before ? before : "-",
			   *after ? after : "-");
}

static void num(char *out, size_t size, long v)
{
	if (v)
		snprintf(out, size, "%ld", v);
	else
		out[0] = '\0';
}

/* The fields of one competitor that differ between a (or none) and b (or
 * none), with their medals ma and mb. */
static int diff_row(json_t *list, struct pd_strings *said,
		    const struct app_row *a, const struct app_row *b,
		    int ma, int mb)
{
	static const struct app_row none = { 0, 0, 0, "", "", "", "", "", 0,
					      0 };
	const struct app_row *x = a ? a : &none, *y = b ? b : &none;
	char who[300], ra[24], rb[24];
	struct pd_buf line;
	int ret;

	who_of(who, sizeof(who), a ? a : b);
	num(ra, sizeof(ra), x->rank);
	num(rb, sizeof(rb), y->rank);
	pd_buf_init(&line, 4096);
	if ((ret = add_change(list, &line, who, "rank", ra, rb)) < 0 ||
	    (ret = add_change(list, &line, who, "mark", x->mark, y->mark)) < 0 ||
	    (ret = add_change(list, &line, who, "irm", x->irm, y->irm)) < 0 ||
	    (ret = add_change(list, &line, who, "records", x->records,
			      y->records)) < 0 ||
	    (ret = add_change(list, &line, who, "medal", medal_name(ma),
			      medal_name(mb))) < 0)
		goto cleanup;
	if (line.len)
		ret = said_add(said, "%s%s: %s", a ? "" : "new: ", who,
			       line.data);
cleanup:
	pd_buf_release(&line);
	return ret;
}

/* The rows of r by competitor (athlete, team), open-addressed: a heat
 * of 10,000 results (the write benchmark's) made a double loop 10^8
 * compares a write, and sorting both lists for bisection was still the
 * largest part of one (qsort, 18% of a write's samples). */
struct who_map {
	size_t mask;
	long *at;		/* a row of r, or -1 */
};

static size_t who_hash(long athlete, long team)
{
	unsigned long long h = (unsigned long long)athlete *
			       0x9E3779B97F4A7C15ULL ^
			       (unsigned long long)team * 0xC2B2AE3D27D4EB4FULL;

	return (size_t)(h ^ (h >> 29));
}

static int map_rows(const struct app_rows *r, struct who_map *m)
{
	size_t cap = 16, i, h;

	while (cap < 2 * r->n)
		cap *= 2;
	if (!(m->at = malloc(cap * sizeof(*m->at))))
		return PD_ENOMEM;
	memset(m->at, 0xff, cap * sizeof(*m->at));	/* every slot -1 */
	m->mask = cap - 1;
	for (i = 0; i < r->n; i++) {
		h = who_hash(r->v[i].athlete, r->v[i].team) & m->mask;
		while (m->at[h] >= 0)
			h = (h + 1) & m->mask;
		m->at[h] = (long)i;
	}
	return 0;
}

/* The position in r (which m maps) of the competitor's row; -1. */
static long map_find(const struct who_map *m, const struct app_rows *r,
		     long athlete, long team)
{
	size_t h = who_hash(athlete, team) & m->mask;
	long at;

	for (; (at = m->at[h]) >= 0; h = (h + 1) & m->mask)
		if (r->v[at].athlete == athlete && r->v[at].team == team)
			return at;
	return -1;
}

/* Nothing diff_row() would say: most rows of a write to a long list. */
static int same_row(const struct app_row *a, const struct app_row *b,
		    int ma, int mb)
{
	return a->rank == b->rank && !strcmp(a->mark, b->mark) &&
	       !strcmp(a->irm, b->irm) && !strcmp(a->records, b->records) &&
	       medal_name(ma) == medal_name(mb);
}

/* app_rows_diff() of b made from a by app_snap_with(): b's rows are a's
 * (the same strings) but its new row at mine, which replaced a's row at
 * gone, so only that row and the medals can differ -- in a heat of
 * 10,000, the compares of the general case were 38% of a write. */
static int lent_diff(const struct app_rows *a, const struct app_rows *b,
		     const struct pd_result_out *ma,
		     const struct pd_result_out *mb, json_t *list,
		     struct pd_strings *said)
{
	size_t i, k;
	long j;
	int ret = 0;

	for (i = 0; i < b->n && ret == 0; i++) {
		if (i == b->mine) {
			j = b->gone < a->n ? (long)b->gone : -1;
			ret = diff_row(list, said, j < 0 ? NULL : &a->v[j],
				       &b->v[i], j < 0 ? -1 : ma[j].medal,
				       mb[i].medal);
			continue;
		}
		k = i < b->mine ? i : i - 1;	/* a's rows, gone left out */
		j = (long)(k < b->gone ? k : k + 1);
		if (medal_name(ma[j].medal) != medal_name(mb[i].medal))
			ret = diff_row(list, said, &a->v[j], &b->v[i],
				       ma[j].medal, mb[i].medal);
	}
	return ret;
}

int app_rows_diff(const struct app_rows *a, const struct app_rows *b,
		  const struct pd_result_out *ma, const struct pd_result_out *mb,
		  json_t *list, struct pd_strings *said)
{
	struct who_map ia = { 0, NULL }, ib = { 0, NULL };
	size_t i;
	long j;
	int ret;

	if (b->lent && b->from == a && b->n == a->n + (b->gone >= a->n))
		return lent_diff(a, b, ma, mb, list, said);
	if ((ret = map_rows(a, &ia)) < 0 || (ret = map_rows(b, &ib)) < 0)
		goto cleanup;
	for (i = 0; i < b->n && ret == 0; i++) {
		j = map_find(&ia, a, b->v[i].athlete, b->v[i].team);
		if (j >= 0 && same_row(&a->v[j], &b->v[i], ma[j].medal,
				       mb[i].medal))
			continue;
		ret = diff_row(list, said, j < 0 ? NULL : &a->v[j], &b->v[i],
			       j < 0 ? -1 : ma[j].medal, mb[i].medal);
	}
	for (i = 0; i < a->n && ret == 0; i++)
		if (map_find(&ib, b, a->v[i].athlete, a->v[i].team) < 0)
			ret = diff_row(list, said, &a->v[i], NULL, ma[i].medal,
				       -1);
cleanup:
	free(ia.at);
	free(ib.at);
	return ret;
}

/* Say the medals rows r award under out, and each rule that kept a
 * result off the podium or moved it up. */
int app_say_medals(const struct pd_event_info *e, const struct app_rows *r,
		   const struct pd_result_out *out, const struct app_rows *br,
		   const struct pd_result_out *bout, json_t *medals,
		   struct pd_strings *said)
{
	const struct app_row *was;
	struct pd_buf line;
	char who[300];
	size_t i;
	int m, ret = 0;

	pd_buf_init(&line, 1 << 16);
	for (m = 0; m < 3 && ret == 0; m++)
		for (i = 0; i < r->n && ret == 0; i++) {
			if (out[i].medal != m)
				continue;
			who_of(who, sizeof(who), &r->v[i]);
			ret = pd_buf_addf(&line, "%s%s %s", line.len ? ", " :
					  "", medal_name(m), who);
		}
	if (ret == 0)
		ret = said_add(said, "event %ld (%s) awards %s%s", e->id,
			       e->name, line.len ? line.data : "no medals",
			       strcmp(e->status, "official") ? " once "
			       "official" : "");
	for (i = 0; i < r->n && ret == 0; i++) {
		if (out[i].medal < 0 && out[i].rule == PD_RULE_RANK)
			continue;
		who_of(who, sizeof(who), &r->v[i]);
		if (json_array_append_new(medals, json_pack("{s:I, s:s, s:I, "
				"s:s, s:o, s:s}", "event", (json_int_t)e->id,
				"medal", medal_name(out[i].medal), "rank",
				(json_int_t)out[i].rank, "npc", r->v[i].npc,
				"name", app_json_str(r->v[i].name), "rule",
				pd_medal_rule_text(out[i].rule))) < 0) {
			ret = PD_ENOMEM;
			break;
		}
		/* said once: when the rule first decides it, or decides
		 * otherwise than before */
		was = br ? app_rows_find(br, r->v[i].athlete, r->v[i].team) :
			   NULL;
		if (out[i].rule == PD_RULE_RANK ||
		    (was && bout[was - br->v].rule == out[i].rule &&
		     bout[was - br->v].medal == out[i].medal))
			continue;
		ret = said_add(said, "%s%s%s: %s%s%s", who, *r->v[i].irm ? " " :
			       "", r->v[i].irm, pd_medal_rule_text(out[i].rule),
			       out[i].medal >= 0 ? "; takes " : "",
			       medal_name(out[i].medal));
	}
	pd_buf_release(&line);
	return ret;
}

int app_done_lists(struct pd_op_done *done, json_t *changes, json_t *medals)
{
	if (!done)
		return 0;
	free(done->changes);
	free(done->medals);
	done->changes = changes ? json_dumps(changes, JSON_COMPACT |
					     JSON_PRESERVE_ORDER) : strdup("[]");
	done->medals = medals ? json_dumps(medals, JSON_COMPACT |
					   JSON_PRESERVE_ORDER) : strdup("[]");
	return done->changes && done->medals ? 0 : PD_ENOMEM;
}

void app_snap_init(struct app_snap *sn, const struct pd_event_info *e)
{
	memset(sn, 0, sizeof(*sn));
	sn->e = e;
}

void app_snap_release(struct app_snap *sn)
{
	app_rows_release(&sn->rows);
	free(sn->out);
	sn->out = NULL;
}

int app_snap_take(struct pd_store *s, struct app_snap *sn, struct pd_diag *d)
{
	int ret;

	free(sn->out);
	sn->out = NULL;
	if ((ret = app_rows_read(s, sn->e->id, &sn->rows, d)) < 0)
		return ret;
	if (!(sn->out = calloc(sn->rows.n ? sn->rows.n : 1, sizeof(*sn->out))))
		return PD_ENOMEM;
	return app_rows_medals(s, sn->e, &sn->rows, sn->out, d);
}

/* Where the store lists a result of an event (pd_store_event_results):
 * ranked before unranked, IRMs last in the order of PD_IRM_ORDER_SQL
 * (whose CASE compares the text exactly), then by id. */
static int irm_order_sql(const char *irm)
{
	static const char *const order[] = { "", "LAP", "DNF", "RET", "NM",
		"DNQ", "DSQ", "DQB", "DNS", "WDR", "ABS" };
	int i;

	for (i = 0; i < 11 && strcmp(irm, order[i]); i++)
		;
	return i;
}

static int cmp_listed(const struct app_row *a, const struct app_row *b)
{
	int x, y;

	if ((x = *a->irm != '\0') != (y = *b->irm != '\0'))
		return x - y;
	if ((x = a->rank == 0) != (y = b->rank == 0))
		return x - y;
	if (a->rank != b->rank)
		return (a->rank > b->rank) - (a->rank < b->rank);
	return irm_order_sql(a->irm) - irm_order_sql(b->irm);
}

int app_snap_with(struct pd_store *s, const struct app_snap *before,
		  struct app_row *row, struct app_snap *sn, struct pd_diag *d)
{
	const struct app_rows *b = &before->rows;
	struct app_rows *r = &sn->rows;
	size_t i, at;

	app_snap_release(sn);
	if (!(r->v = malloc((b->n + 1) * sizeof(*r->v)))) {
		row_release(row);
		return PD_ENOMEM;
	}
	r->alloc = b->n + 1;
	r->lent = 1;
	r->from = b;
	r->gone = SIZE_MAX;
	/* the new row has the highest id: after every row it ties with */
	for (i = 0, at = SIZE_MAX; i < b->n; i++) {
		if (at == SIZE_MAX && cmp_listed(row, &b->v[i]) < 0)
			at = r->n;
		if (b->v[i].athlete != row->athlete || b->v[i].team != row->team)
			r->v[r->n++] = b->v[i];
		else
			r->gone = i;
	}
	if (at == SIZE_MAX)
		at = r->n;
	memmove(&r->v[at + 1], &r->v[at], (r->n - at) * sizeof(*r->v));
	r->v[at] = *row;
	r->mine = at;
	r->n++;
	if (!(sn->out = calloc(r->n, sizeof(*sn->out))))
		return PD_ENOMEM;
	return app_rows_medals(s, sn->e, r, sn->out, d);
}

void app_snap_adopt(struct app_snap *sn, struct app_snap *before)
{
	struct app_rows *b = &before->rows;

	if (!sn->rows.lent) {
		app_snap_release(before);
		return;
	}
	if (sn->rows.gone < b->n)
		row_release(&b->v[sn->rows.gone]);
	sn->rows.lent = 0;
	free(b->v);
	memset(b, 0, sizeof(*b));
	free(before->out);
	before->out = NULL;
}

int app_settle(struct pd_store *s, const struct app_snap *before,
	       const struct app_snap *after, size_t n, json_t *extra,
	       long version, int ret, struct pd_op_done *done,
	       struct pd_diag *d)
{
	json_t *changes = json_array(), *medals = json_array();
	struct pd_strings said, *to = done ? &done->said : &said;
	char *text = NULL;
	size_t i;

	pd_strings_init(&said);
	if (ret == 0 && (!changes || !medals))
		ret = PD_ENOMEM;
	if (ret == 0 && extra && json_array_extend(changes, extra) < 0)
		ret = PD_ENOMEM;
	for (i = 0; i < n && ret == 0; i++)
		ret = app_rows_diff(&before[i].rows, &after[i].rows,
				    before[i].out, after[i].out, changes, to);
	if (ret < 0) {
		app_end(s, ret, d);
		goto cleanup;
	}
	if (json_array_size(changes) == 0) {
		/* nothing to keep: no version, no audit entry */
		pd_store_rollback(s);
		version--;
		if (done)
			done->unchanged = 1;
		for (i = 0; i < n && ret == 0; i++)
			ret = said_add(to, "event %ld (%s): unchanged, still "
				       "version %ld", after[i].e->id,
				       after[i].e->name, version);
	} else {
		text = json_dumps(changes, JSON_COMPACT | JSON_PRESERVE_ORDER);
		ret = text && n ? pd_store_change_note(s, after[0].e->games, version,
						  text, d) : text ? 0 : PD_ENOMEM;
		if ((ret = app_end(s, ret, d)) < 0)
			goto cleanup;
	}
	for (i = 0; i < n && ret == 0; i++)
		ret = app_say_medals(after[i].e, &after[i].rows, after[i].out,
				     &before[i].rows, before[i].out, medals,
				     to);
	if (done) {
		done->version = version;
		if (ret == 0)
			ret = app_done_lists(done, changes, medals);
	}
cleanup:
	free(text);
	json_decref(changes);
	json_decref(medals);
	pd_strings_release(&said);
	return ret;
}

int pd_op_changes_lines(const char *changes, struct pd_strings *out)
{
	json_t *list, *c;
	size_t i;
	int ret = 0;

	if (!changes || !*changes)
		return 0;
	if (!(list = json_loads(changes, 0, NULL)) || !json_is_array(list)) {
		json_decref(list);
		return PD_EPARSE;
	}
	json_array_foreach(list, i, c) {
		const char *b = json_string_value(json_object_get(c, "before"));
		const char *a = json_string_value(json_object_get(c, "after"));

		if ((ret = said_add(out, "%s: %s %s -> %s",
				    json_string_value(json_object_get(c,
								      "what")),
				    json_string_value(json_object_get(c,
								      "field")),
				    b && *b ? b : "-", a && *a ? a : "-")) < 0)
			break;
	}
	json_decref(list);
	return ret;
}
