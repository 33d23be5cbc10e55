/* walk.c -- the medal walk every backend shares (walk.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "walk.h"

void pd_walk_clear(struct pd_walk_event *e)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		free(e->rows[i].name);
	e->n = 0;
	free(e->sport);
	free(e->name);
	free(e->gender);
	free(e->date);
	e->sport = e->name = e->gender = e->date = NULL;
}

void pd_walk_free(struct pd_walk_event *e)
{
	pd_walk_clear(e);
	free(e->rows);
	free(e->in);
	free(e->out);
}

static int status_counts(const char *status, int unofficial)
{
	if (!status)
		return 0;	/* the event did not exist at that version */
	if (!strcmp(status, "official"))
		return 1;
	return unofficial && strcmp(status, "scheduled");
}

static char *dup(const char *s)
{
	return strdup(s ? s : "");
}

int pd_walk_event(struct pd_walk_event *e, long id, const char *sport,
		  const char *name, const char *gender, const char *date,
		  const char *policy, const char *status,
		  int include_unofficial)
{
	int p = policy ? pd_policy_parse(policy) : 0;

	pd_walk_clear(e);
	e->id = id;
	e->sport = dup(sport);
	e->name = dup(name);
	e->gender = dup(gender);
	e->date = dup(date);
	e->policy = p < 0 ? PD_POLICY_STANDARD : (enum pd_policy)p;
	e->counts = status_counts(status, include_unofficial);
	if (!e->sport || !e->name || !e->gender || !e->date)
		return PD_ENOMEM;
	return 0;
}

int pd_walk_result(struct pd_walk_event *e, const char *npc,
		   const char *name, long athlete, long team, long id,
		   long rank, const char *irm, const char *sanction)
{
	struct pd_result_in *in;
	struct pd_walk_row *r;
	int code;

	if (e->n == e->alloc) {
		size_t na = e->alloc ? e->alloc * 2 : 16;

		if (!(r = realloc(e->rows, na * sizeof(*r))))
			return PD_ENOMEM;
		e->rows = r;
		if (!(in = realloc(e->in, na * sizeof(*in))))
			return PD_ENOMEM;
		e->in = in;
		if (!(e->out = realloc(e->out, na * sizeof(*e->out))))
			return PD_ENOMEM;
		e->alloc = na;
	}
	r = &e->rows[e->n];
	in = &e->in[e->n];
	snprintf(r->npc, sizeof(r->npc), "%s", npc ? npc : "");
	if (!(r->name = dup(name)))
		return PD_ENOMEM;
	e->n++;
	r->athlete = athlete;
	r->team = team;
	r->id = id;
	in->rank = rank;
	code = pd_irm_parse(irm ? irm : "");
	in->irm = code < 0 ? PD_IRM_DSQ : (enum pd_irm)code;
	in->sanction = !sanction ? PD_SANCTION_NONE :
		       !strcmp(sanction, "vacate") ? PD_SANCTION_VACATE :
		       PD_SANCTION_REALLOCATE;
	return 0;
}

int pd_walk_counts(const struct pd_walk_event *e)
{
	return e->counts && e->n > 0;
}

int pd_walk_needs_starters(const struct pd_walk_event *e)
{
	return pd_walk_counts(e) && e->policy == PD_POLICY_CAPPED;
}

int pd_walk_emit(struct pd_walk_event *e, size_t starters, pd_medal_fn fn,
		 void *arg)
{
	struct pd_medal_out m;
	size_t i;
	int ret;

	if (!pd_walk_counts(e))
		return 0;
	if ((ret = pd_event_medals(e->policy, e->in, e->n, starters,
				   e->out)) < 0)
		return ret;
	for (i = 0; i < e->n; i++) {
		if (e->out[i].medal < 0)
			continue;
		m.event_id = e->id;
		m.result_id = e->rows[i].id;
		m.sport = e->sport;
		m.event = e->name;
		m.gender = e->gender;
		m.date = e->date;
		m.npc = e->rows[i].npc;
		m.name = e->rows[i].name;
		m.athlete_id = e->rows[i].athlete;
		m.team_id = e->rows[i].team;
		m.medal = (enum pd_medal)e->out[i].medal;
		if ((ret = fn(&m, arg)) != 0)
			return ret;
	}
	return 0;
}
