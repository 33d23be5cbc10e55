/* units_medals.c -- a Games' medals as its units decide them, one row a
 * medal (units_ops.h): the stored units' results, event by event,
 * through the bundled rules (data/medal_rules.tsv), rendered as CSV or
 * JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/csv.h"
#include "podium/doc.h"
#include "podium/store_units.h"
#include "podium/units_ops.h"
#include "app_int.h"

/* One stored result, copied: the store's strings last only a call. */
struct res {
	char *rsc, *who, *name, *irm;
	char npc[PD_CODE_MAX];
	long rank;
	char wlt;
};

/* One unit's names, by code. */
struct unit {
	char *rsc, *discipline, *event, *event_code;
	int walkover;	/* the operator applies it to the event */
};

struct reading {
	struct res *v;
	size_t n, a;
	struct unit *u;
	size_t nu, au;
	int err;
};

static int grow(void **v, size_t n, size_t *a, size_t size)
{
	void *nv;
	size_t na;

	if (n < *a)
		return 0;
	na = *a ? *a * 2 : 1024;
	if (!(nv = realloc(*v, na * size)))
		return PD_ENOMEM;
	*v = nv;
	*a = na;
	return 0;
}

static int take_result(const struct pd_unit_result_rec *r, void *arg)
{
	struct reading *g = arg;
	struct res *x;

	if (grow((void **)&g->v, g->n, &g->a, sizeof(*g->v)) < 0)
		return PD_ENOMEM;
	x = &g->v[g->n];
	memset(x, 0, sizeof(*x));
	memcpy(x->npc, r->npc, PD_CODE_MAX);
	x->rank = r->rank;
	x->wlt = r->wlt ? r->wlt[0] : '\0';
	g->n++;
	if (!(x->rsc = strdup(r->rsc)) || !(x->who = strdup(r->participant))
	    || !(x->name = strdup(r->name)) || !(x->irm = strdup(r->irm)))
		return PD_ENOMEM;
	return 0;
}

static int take_unit(const struct pd_unit_rec *u, void *arg)
{
	struct reading *g = arg;
	struct unit *x;

	if (grow((void **)&g->u, g->nu, &g->au, sizeof(*g->u)) < 0)
		return PD_ENOMEM;
	x = &g->u[g->nu];
	memset(x, 0, sizeof(*x));
	x->walkover = strstr(u->rules, "walkover") != NULL;
	g->nu++;
	if (!(x->rsc = strdup(u->rsc)) ||
	    !(x->discipline = strdup(u->discipline)) ||
	    !(x->event = strdup(u->event)) ||
	    !(x->event_code = strdup(u->event_code)))
		return PD_ENOMEM;
	return 0;
}

static void reading_release(struct reading *g)
{
	size_t i;

	for (i = 0; i < g->n; i++) {
		free(g->v[i].rsc);
		free(g->v[i].who);
		free(g->v[i].name);
		free(g->v[i].irm);
	}
	for (i = 0; i < g->nu; i++) {
		free(g->u[i].rsc);
		free(g->u[i].discipline);
		free(g->u[i].event);
		free(g->u[i].event_code);
	}
	free(g->v);
	free(g->u);
}

static int by_rsc(const void *a, const void *b)
{
	return strcmp(((const struct unit *)a)->rsc,
		      ((const struct unit *)b)->rsc);
}

static const struct unit *unit_named(const struct reading *g, const char *rsc)
{
	struct unit key = { (char *)rsc, NULL, NULL, NULL, 0 };

	return bsearch(&key, g->u, g->nu, sizeof(*g->u), by_rsc);
}

static const char *const medal_names[] = { "gold", "silver", "bronze" };

static int row_json(const struct app_unit_medal *m, void *arg)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}",
			      "discipline", m->discipline, "event", m->event,
			      "event_code", m->event_code, "medal",
			      medal_names[m->medal], "npc", m->npc,
			      "participant_code", m->who, "participant",
			      m->name, "unit", m->unit, "rule", m->rule);

	return o && json_array_append_new(arg, o) == 0 ? 0 : PD_ENOMEM;
}

/* The medals of the event whose results are g->v[first..end) (only
 * those unit only decides, when it is not NULL). */
static int event_medals(const struct pd_medal_rules *rules,
			const struct reading *g, size_t first, size_t end,
			const char *only, app_unit_medal_fn fn, void *arg)
{
	struct pd_unit_row *in = calloc(end - first, sizeof(*in));
	struct pd_unit_medal *m = calloc(end - first, sizeof(*m));
	const struct unit *u;
	char disc[4];
	size_t i, got;
	int ret;

	if (!in || !m) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = first; i < end; i++)
		in[i - first] = (struct pd_unit_row){ g->v[i].rsc, g->v[i].who,
						      g->v[i].rank,
						      g->v[i].wlt, g->v[i].irm };
	memcpy(disc, g->v[first].rsc, 3);
	disc[3] = '\0';
	u = unit_named(g, only ? only : g->v[first].rsc);
	if ((ret = pd_units_medals(rules, disc, in, end - first,
				   u && u->walkover ? PD_UNITS_WALKOVER : 0,
				   m, &got)) < 0)
		goto cleanup;
	for (i = 0; i < got && ret == 0; i++) {
		const struct res *x = &g->v[first + m[i].row];
		const char *rule = pd_unit_rule_name(rules->v[m[i].rule].kind);

		struct app_unit_medal am;

		if (!(u = unit_named(g, x->rsc)) ||
		    (only && strcmp(only, x->rsc)))
			continue;
		am = (struct app_unit_medal){ u->discipline, u->event,
					      u->event_code, m[i].medal,
					      x->npc, x->who, x->name, x->rsc,
					      rule };
		ret = fn(&am, arg);
	}
cleanup:
	free(in);
	free(m);
	return ret;
}

static int all_medals(const struct pd_medal_rules *rules,
		      const struct reading *g, const char *only,
		      app_unit_medal_fn fn, void *arg)
{
	size_t i, j;
	int ret = 0;

	for (i = 0; i < g->n && ret == 0; i = j) {
		for (j = i + 1; j < g->n &&
		     !strncmp(g->v[i].rsc, g->v[j].rsc, 22); j++)
			;
		ret = event_medals(rules, g, i, j, only, fn, arg);
	}
	return ret;
}

int app_units_medals_each(struct pd_store *s, const char *games,
			  app_unit_medal_fn fn, void *arg, struct pd_diag *d)
{
	struct pd_unit_query q = { .games = games };
	struct pd_medal_rules rules = { NULL, 0 };
	struct reading g;
	int ret;

	memset(&g, 0, sizeof(g));
	if ((ret = app_medal_rules(&rules, d)) < 0 ||
	    (ret = pd_store_begin_read(s, d)) < 0)
		goto cleanup;
	if ((ret = pd_store_units(s, &q, take_unit, &g, d)) == 0)
		ret = pd_store_unit_results(s, games, "", take_result, &g, d);
	pd_store_rollback(s);
	if (ret < 0)
		goto cleanup;
	if (g.nu > 1)	/* qsort takes no NULL, even for none */
		qsort(g.u, g.nu, sizeof(*g.u), by_rsc);
	ret = all_medals(&rules, &g, NULL, fn, arg);
cleanup:
	reading_release(&g);
	pd_medal_rules_release(&rules);
	return ret;
}

/* (app_int.h) the medals unit rsc of games decides, inside a read */
int app_unit_medals(struct pd_store *s, const char *games, const char *rsc,
		    json_t *list, struct pd_diag *diag)
{
	struct pd_unit_query q = { .games = games, .rsc = rsc };
	struct pd_medal_rules rules = { NULL, 0 };
	char event[23];
	struct reading g;
	int ret;

	memset(&g, 0, sizeof(g));
	snprintf(event, sizeof(event), "%.22s", rsc);
	if ((ret = app_medal_rules(&rules, diag)) == 0 &&
	    (ret = pd_store_units(s, &q, take_unit, &g, diag)) == 0 &&
	    (ret = pd_store_unit_results(s, games, event, take_result, &g,
					 diag)) == 0 && g.n)
		ret = all_medals(&rules, &g, rsc, row_json, list);
	reading_release(&g);
	pd_medal_rules_release(&rules);
	return ret;
}

int pd_op_units_medals(struct pd_store *s, const char *games,
		       const char *format, struct pd_buf *out,
		       struct pd_diag *diag)
{
	static const char *const cols[] = { "discipline", "event",
					    "event_code", "medal", "npc",
					    "participant_code", "participant",
					    "unit", "rule" };
	json_t *list;
	char title[64];
	int ret;

	if (!(list = json_array()))
		return PD_ENOMEM;
	if ((ret = app_units_medals_each(s, games, row_json, list, diag)) < 0) {
		json_decref(list);
		return ret;
	}
	snprintf(title, sizeof(title), "%s medals", games);
	return app_rows_out(out, format, title, json_pack("{s:s, s:o}", "games",
			    games, "medals", list), "medals", cols,
			    sizeof(cols) / sizeof(*cols));
}
