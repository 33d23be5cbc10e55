/* unit_qualify.c -- a phase of heats finished: its qualifiers proposed by
 * the bundled rule (data/qualification_rules.tsv), and the next phase's
 * start list made from them, lanes drawn by the rule (unit_ops.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/bundled.h"
#include "podium/qualify.h"
#include "podium/results.h"
#include "podium/store_units.h"
#include "podium/unit_ops.h"
#include "app_int.h"

#define PHASE_LEN 26

/* A phase's heats and their rows, copied from the store. */
struct heat {
	char rsc[PD_RSC_LEN + 1], status[32], event_code[32];
};

struct row {
	char *participant, *name, *bib, *qualification, *result, *irm;
	char npc[PD_CODE_MAX], rsc[PD_RSC_LEN + 1];
	int team;
	long rank;
};

struct phase {
	const char *prefix;
	struct heat *h;
	size_t nh;
	struct row *r;
	size_t nr;
	int err;
};

static int take_heat(const struct pd_unit_rec *u, void *arg)
{
	struct phase *p = arg;
	struct heat *nh;

	if (strncmp(u->rsc, p->prefix, PHASE_LEN) || strcmp(u->kind, "unit"))
		return 0;
	if (!(nh = realloc(p->h, (p->nh + 1) * sizeof(*nh))))
		return PD_ENOMEM;
	p->h = nh;
	snprintf(nh[p->nh].rsc, sizeof(nh->rsc), "%s", u->rsc);
	snprintf(nh[p->nh].status, sizeof(nh->status), "%s", u->status);
	snprintf(nh[p->nh].event_code, sizeof(nh->event_code), "%s",
		 u->event_code);
	p->nh++;
	return 0;
}

static int take_row(const struct pd_unit_result_rec *r, void *arg)
{
	struct phase *p = arg;
	struct row *nr, *x;

	if (strlen(r->rsc) != PD_RSC_LEN || strcmp(r->rsc + 32, "--"))
		return 0;	/* a sub-unit's */
	if (!(nr = realloc(p->r, (p->nr + 1) * sizeof(*nr))))
		return PD_ENOMEM;
	p->r = nr;
	x = &nr[p->nr++];
	memset(x, 0, sizeof(*x));
	snprintf(x->rsc, sizeof(x->rsc), "%s", r->rsc);
	memcpy(x->npc, r->npc, sizeof(x->npc));
	x->team = r->team;
	x->rank = r->rank;
	if (!(x->participant = strdup(r->participant)) ||
	    !(x->name = strdup(r->name)) || !(x->bib = strdup(r->bib)) ||
	    !(x->qualification = strdup(r->qualification)) ||
	    !(x->result = strdup(r->result)) || !(x->irm = strdup(r->irm)))
		return PD_ENOMEM;
	return 0;
}

static void phase_release(struct phase *p)
{
	size_t i;

	for (i = 0; i < p->nr; i++) {
		free(p->r[i].participant);
		free(p->r[i].name);
		free(p->r[i].bib);
		free(p->r[i].qualification);
		free(p->r[i].result);
		free(p->r[i].irm);
	}
	free(p->r);
	free(p->h);
}

static const struct pd_qual_rule *rule_of(const struct pd_qual_rules *rules,
					  const struct phase *p,
					  const char *prefix,
					  struct pd_diag *d)
{
	const struct pd_qual_rule *r;

	if (!p->nh) {
		pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "no unit's code starts "
			    "with %s", prefix);
		return NULL;
	}
	if (!(r = pd_qual_rule_find(rules, p->h[0].event_code, prefix + 22,
				    (int)p->nh)))
		pd_diag_set(d, PD_ENOTFOUND, NULL, 0, "no qualification rule "
			    "for %s phase %.4s in %zu heats "
			    "(data/qualification_rules.tsv)",
			    p->h[0].event_code, prefix + 22, p->nh);
	return r;
}

/* The phase's heats and rows, its rule, and each row as the rule reads
 * it (heat, place, time, IRM). */
static int phase_read(struct pd_store *s, const char *games,
		      const char *prefix, struct phase *p,
		      struct pd_qual_rules *rules,
		      const struct pd_qual_rule **rule,
		      struct pd_qual_row **rows, struct pd_diag *d)
{
	struct pd_unit_query q = { .games = games };
	size_t i, k;
	int ret;

	memset(p, 0, sizeof(*p));
	p->prefix = prefix;
	*rows = NULL;
	if (strlen(prefix) != PHASE_LEN)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "phase '%s': the "
				   "results code's first 26 characters, its "
				   "event and phase", prefix);
	if ((ret = pd_qual_rules_parse(rules, (const char *)
				       pd_embed_qualification_rules,
				       pd_embed_qualification_rules_len,
				       "data/qualification_rules.tsv", d)) < 0 ||
	    (ret = pd_store_units(s, &q, take_heat, p, d)) < 0 ||
	    (ret = pd_store_unit_results(s, games, prefix, take_row, p,
					 d)) < 0)
		return ret;
	if (!(*rule = rule_of(rules, p, prefix, d)))
		return PD_ENOTFOUND;
	if (!(*rows = calloc(p->nr ? p->nr : 1, sizeof(**rows))))
		return PD_ENOMEM;
	for (i = 0; i < p->nr; i++) {
		for (k = 0; k < p->nh; k++)
			if (!strcmp(p->h[k].rsc, p->r[i].rsc))
				(*rows)[i].heat = (int)k;
		(*rows)[i].rank = p->r[i].rank;
		(*rows)[i].out = *p->r[i].irm != '\0';
		(*rows)[i].has_time = pd_mark_value(p->r[i].result,
						    &(*rows)[i].time) == 0;
	}
	return 0;
}

static int heats_are(const struct phase *p, int official, struct pd_diag *d)
{
	size_t k;

	for (k = 0; k < p->nh; k++) {
		const char *st = p->h[k].status;
		int off = !strcmp(st, "official") || !strcmp(st, "finished");
		int ran = !strcmp(st, "running") || !strcmp(st, "interrupted") ||
			  !strcmp(st, "unofficial");

		if (official && !off)
			return pd_diag_set(d, PD_ECONSIST, NULL, 0, "heat %s is "
					   "%s: its qualifiers go on once every "
					   "heat is official", p->h[k].rsc,
					   *st ? st : "scheduled");
		if (!official && !ran)
			return pd_diag_set(d, PD_ECONSIST, NULL, 0, "heat %s is "
					   "%s: qualifiers are proposed for "
					   "heats that ran and are not yet "
					   "official", p->h[k].rsc,
					   *st ? st : "scheduled");
	}
	return 0;
}

/* Row r's mark becomes mark (0: none), unless it holds a mark of the
 * operator's own (FA, ...). */
static int mark_one(struct pd_store *s, const char *games,
		    const struct row *r, char mark, json_t *list,
		    struct pd_diag *d)
{
	char m[2] = { mark, '\0' }, what[300];
	int ret;

	if ((*r->qualification && strcmp(r->qualification, "Q") &&
	     strcmp(r->qualification, "q")) || !strcmp(r->qualification, m))
		return 0;
	snprintf(what, sizeof(what), "unit %s: %s (%s)", r->rsc, r->name,
		 r->npc);
	if ((ret = app_field_change(list, what, "qualification",
				    r->qualification, m)) < 0)
		return ret;
	return pd_store_unit_mark(s, games, r->rsc, r->participant, m, d);
}

int pd_op_unit_qualify(struct pd_store *s, const char *games,
		       const char *phase, const struct pd_who *who,
		       struct pd_op_done *done, struct pd_diag *diag)
{
	const struct pd_qual_rule *rule = NULL;
	struct pd_qual_rules rules = { NULL, 0 };
	struct pd_qual_row *rows = NULL;
	json_t *list = json_array();
	struct phase p;
	char *marks = NULL;
	long version = 0;
	size_t i;
	int ret;

	app_done_reset(done);
	if (!list)
		return PD_ENOMEM;
	if ((ret = app_open(s, games, 0, who, NULL, &version, diag)) < 0) {
		json_decref(list);
		return ret;
	}
	if ((ret = phase_read(s, games, phase, &p, &rules, &rule, &rows,
			      diag)) == 0)
		ret = heats_are(&p, 0, diag);
	if (ret == 0 && !(marks = calloc(p.nr ? p.nr : 1, 1)))
		ret = PD_ENOMEM;
	if (ret == 0)
		pd_qual_propose(rule, rows, p.nr, marks);
	for (i = 0; ret == 0 && i < p.nr; i++)
		ret = mark_one(s, games, &p.r[i], marks[i], list, diag);
	ret = app_fields_settle(s, games, list, version, ret, done, diag);
	free(marks);
	free(rows);
	phase_release(&p);
	pd_qual_rules_release(&rules);
	json_decref(list);
	return ret;
}

/* The qualifiers of phase p (rows as the rule reads them) as the start
 * list of unit rsc, into in[] (room for p->nr): ranked Q then q, lanes
 * by the rule's draw.  Returns how many; -1 out of memory. */
static long qualifiers(const struct phase *p, const struct pd_qual_row *rows,
		       const struct pd_qual_rule *rule, const char *rsc,
		       struct pd_unit_start_input *in)
{
	char *marks = calloc(p->nr + 1, 1);
	size_t *idx = calloc(p->nr + 1, sizeof(*idx)), i, n = 0;
	int *lane = calloc(p->nr + 1, sizeof(*lane));
	long ret = -1;

	if (marks && idx && lane) {
		for (i = 0; i < p->nr; i++)
			marks[i] = !strcmp(p->r[i].qualification, "Q") ? 'Q' :
				   !strcmp(p->r[i].qualification, "q") ? 'q' :
				   0;
		n = pd_qual_rank(rows, p->nr, marks, idx);
		pd_qual_lanes(rule, n, rsc, lane);
		for (i = 0; i < n; i++) {
			const struct row *r = &p->r[idx[i]];

			in[i] = (struct pd_unit_start_input){
				r->participant, r->name, r->npc, r->team,
				lane[i], r->bib, NULL, 0 };
		}
		ret = (long)n;
	}
	free(lane);
	free(idx);
	free(marks);
	return ret;
}

int pd_op_unit_start_from(struct pd_store *s, const struct pd_registry *reg,
			  const char *games, const char *rsc,
			  const char *phase, const struct pd_who *who,
			  struct pd_op_done *done, struct pd_diag *diag)
{
	const struct pd_qual_rule *rule = NULL;
	struct pd_qual_rules rules = { NULL, 0 };
	struct pd_unit_start_input *in = NULL;
	struct pd_qual_row *rows = NULL;
	struct phase p;
	long n = 0;
	int ret;

	app_done_reset(done);
	if ((ret = pd_store_begin_read(s, diag)) < 0)
		return ret;
	ret = phase_read(s, games, phase, &p, &rules, &rule, &rows, diag);
	pd_store_rollback(s);
	if (ret == 0)
		ret = heats_are(&p, 1, diag);
	if (ret == 0 && (!(in = calloc(p.nr + 1, sizeof(*in))) ||
			 (n = qualifiers(&p, rows, rule, rsc, in)) < 0))
		ret = PD_ENOMEM;
	if (ret == 0)
		ret = pd_op_unit_start_list(s, reg, games, rsc, in, (size_t)n,
					    who, done, diag);
	free(in);
	free(rows);
	phase_release(&p);
	pd_qual_rules_release(&rules);
	return ret;
}

/* The units of the phase prefix names: how many, the first's code and
 * status in rsc and status. */
struct next_units {
	const char *prefix;
	size_t n;
	char rsc[PD_RSC_LEN + 1], status[32];
};

static int take_next(const struct pd_unit_rec *u, void *arg)
{
	struct next_units *x = arg;

	if (strncmp(u->rsc, x->prefix, PHASE_LEN) || strcmp(u->kind, "unit"))
		return 0;
	if (!x->n++) {
		snprintf(x->rsc, sizeof(x->rsc), "%s", u->rsc);
		snprintf(x->status, sizeof(x->status), "%s", u->status);
	}
	return 0;
}

int app_unit_follow(struct pd_store *s, const struct pd_registry *reg,
		    const char *games, const char *rsc, json_t *list,
		    struct pd_diag *diag)
{
	const struct pd_qual_rule *rule = NULL;
	struct pd_qual_rules rules = { NULL, 0 };
	struct pd_unit_start_input *in = NULL;
	struct pd_qual_row *rows = NULL;
	struct pd_unit_query q = { .games = games };
	struct next_units next;
	struct pd_diag quiet = { "", 0, "" };
	char prefix[PHASE_LEN + 1], want[PHASE_LEN + 1];
	struct phase p;
	long n;
	int ret;

	if (strlen(rsc) != PD_RSC_LEN)
		return 0;
	snprintf(prefix, sizeof(prefix), "%.*s", PHASE_LEN, rsc);
	/* no rule for the phase, or a heat not yet official: nothing
	 * follows (only a store's failure is one) */
	ret = phase_read(s, games, prefix, &p, &rules, &rule, &rows, &quiet);
	if (ret == PD_ENOTFOUND || (ret == 0 && heats_are(&p, 1, &quiet) < 0))
		ret = 1;
	else if (ret < 0)
		*diag = quiet;
	memset(&next, 0, sizeof(next));
	if (ret == 0) {
		snprintf(want, sizeof(want), "%.22s%s", rsc, rule->next);
		next.prefix = want;
		ret = pd_store_units(s, &q, take_next, &next, diag);
	}
	/* one unit not yet under way (several: their draw is the
	 * operator's) */
	if (ret == 0 && (next.n != 1 ||
			 (*next.status && strcmp(next.status, "scheduled") &&
			  strcmp(next.status, "delayed") &&
			  strcmp(next.status, "rescheduled") &&
			  strcmp(next.status, "postponed"))))
		ret = 1;
	if (ret == 0 && (!(in = calloc(p.nr + 1, sizeof(*in))) ||
			 (n = qualifiers(&p, rows, rule, next.rsc, in)) < 0))
		ret = PD_ENOMEM;
	if (ret == 0)
		ret = app_unit_start_in(s, reg, games, next.rsc, in, (size_t)n,
					list, diag);
	free(in);
	free(rows);
	phase_release(&p);
	pd_qual_rules_release(&rules);
	return ret < 0 ? ret : 0;
}
