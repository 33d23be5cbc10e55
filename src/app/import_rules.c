/* import_rules.c -- what an import's medals become under the rules: the
 * medals a file records, event by event, through the policy its sport
 * gives (pd_event_medals), and a note for every recorded medal the policy
 * drops or turns into another (ops.h, pd_op_import.notes).
 *
 * The store derives medals from ranks; a file of medallists records the
 * medals themselves.  Where the two part (four bronzes in a two-bronze
 * event, because two events of a sport share a name; a capped event), the
 * table would show fewer medals than the import read, without a word.
 * The check runs on what was read, before anything is written, with the
 * sport's default policy, the one a new event gets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/results.h"
#include "app_int.h"

/* One recorded medal: its event's key and where it came from. */
struct rec {
	const char *sport, *event, *gender;
	size_t group;		/* an entries import's event index */
	int medal;		/* recorded: 0 gold .. 2 bronze */
	long line;
	const char *npc, *name;
	size_t at;
};

static int cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	int c;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	if ((c = strcmp(x->sport, y->sport)) ||
	    (c = strcmp(x->event, y->event)) ||
	    (c = strcmp(x->gender, y->gender)))
		return c;
	return (x->at > y->at) - (x->at < y->at);
}

static int same_event(const struct rec *x, const struct rec *y)
{
	return x->group == y->group && !strcmp(x->sport, y->sport) &&
	       !strcmp(x->event, y->event) && !strcmp(x->gender, y->gender);
}

static const char *const medal_names[3] = { "gold", "silver", "bronze" };

/* v[0..n) is one event: note each medal the sport's policy changes. */
static int check_event(const struct rec *v, size_t n,
		       struct pd_problems *notes)
{
	enum pd_policy policy = pd_policy_for_sport(v->sport);
	struct pd_result_in *in;
	struct pd_result_out *out;
	long count[3] = { 0, 0, 0 };
	size_t i;
	int ret;

	in = calloc(n, sizeof(*in));
	out = calloc(n, sizeof(*out));
	if (!in || !out) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < n; i++) {
		in[i].rank = v[i].medal + 1;
		count[v[i].medal]++;
	}
	if ((ret = pd_event_medals(policy, in, n, n, out)) < 0)
		goto cleanup;
	for (i = 0; i < n && ret == 0; i++) {
		if (out[i].medal == v[i].medal)
			continue;
		ret = pd_problems_add(notes, v[i].line, "%s %s%s%s %s in %s "
				      "'%s'%s%s: %s under the %s rule (the "
				      "event has %ld gold, %ld silver, %ld "
				      "bronze%s)", v[i].npc,
				      *v[i].name ? "'" : "", v[i].name,
				      *v[i].name ? "'" : "",
				      medal_names[v[i].medal], v[i].sport,
				      v[i].event, *v[i].gender ? " " : "",
				      v[i].gender, out[i].medal < 0 ?
				      "dropped" : out[i].medal == PD_GOLD ?
				      "made gold" : out[i].medal == PD_SILVER ?
				      "made silver" : "made bronze",
				      pd_policy_name(policy), count[0],
				      count[1], count[2],
				      count[0] > 1 && count[1] > 1 ?
				      "; two events sharing a name?" : "");
	}
cleanup:
	free(in);
	free(out);
	return ret;
}

static int check_all(struct rec *v, size_t n, struct pd_problems *notes)
{
	size_t i, j;
	int ret = 0;

	qsort(v, n, sizeof(*v), cmp_rec);
	for (i = 0; i < n && ret == 0; i = j) {
		for (j = i + 1; j < n && same_event(&v[i], &v[j]); j++)
			;
		ret = check_event(v + i, j - i, notes);
	}
	return ret;
}

static int cmp_line(const void *a, const void *b)
{
	const struct pd_problem *x = a, *y = b;

	return (x->line > y->line) - (x->line < y->line);
}

int app_import_rules(struct pd_op_import *im)
{
	const struct pd_entry_set *e = &im->entries;
	size_t i, j, n = 0;
	struct rec *v;
	int ret;

	if (im->kind == PD_OP_IMPORT_PUBLISHED)
		return 0;
	n = im->kind == PD_OP_IMPORT_MEDALS ? im->medals.n : e->nresults;
	if (!(v = calloc(n ? n : 1, sizeof(*v))))
		return PD_ENOMEM;
	for (i = 0; i < n; i++) {
		struct rec *r = &v[i];

		r->at = i;
		if (im->kind == PD_OP_IMPORT_MEDALS) {
			const struct pd_medal_rec *m = &im->medals.v[i];

			r->sport = m->sport;
			r->event = m->event;
			r->gender = m->gender;
			r->medal = (int)m->medal;
			r->line = im->medals.lines ? im->medals.lines[i] : 0;
			r->npc = m->npc;
			r->name = m->athlete;
			continue;
		}
		r->group = e->results[i].event;
		r->sport = e->events[r->group].sport;
		r->event = e->events[r->group].name;
		r->gender = e->events[r->group].gender;
		r->medal = e->results[i].rank - 1;
		r->line = e->results[i].line;
		r->npc = e->results[i].npc;
		r->name = e->results[i].name ? e->results[i].name : "";
	}
	/* results without a medal decide nothing here */
	for (i = 0, j = 0; i < n; i++)
		if (v[i].medal >= 0 && v[i].medal <= 2)
			v[j++] = v[i];
	ret = check_all(v, j, &im->notes);
	free(v);
	if (ret == 0 && im->notes.n)
		qsort(im->notes.v, im->notes.n, sizeof(*im->notes.v),
		      cmp_line);
	return ret;
}
