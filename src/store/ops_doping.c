/* ops_doping.c -- anti-doping cases in the store (store_report.h). */
#include <string.h>

#include "ops.h"
#include "query.h"

int pd_db_doping_add(struct pd_store *s, const struct pd_doping_case *c,
		     long *id, struct pd_diag *diag)
{
#define ADD "INSERT INTO doping_cases (games, athlete_id, finding, date, " \
	"outcome, sanction_id, source, cite, since) VALUES ($1, $2, $3, $4, " \
	"$5, $6, $7, $8, $9)"
	static const struct pd_sql add = { ADD, ADD " RETURNING id" };
#undef ADD
	struct pd_q q;
	long dummy;
	int ret;

	pd_q_start_sql(&q, s, &add, "add the case");
	pd_q_text(&q, c->games);
	pd_q_int(&q, c->athlete);
	pd_q_text(&q, c->finding);
	pd_q_text(&q, c->date);
	pd_q_text(&q, c->outcome);
	if (c->sanction)
		pd_q_int(&q, c->sanction);
	else
		pd_q_null(&q);
	pd_q_text(&q, c->source);
	pd_q_text(&q, c->cite);
	pd_q_int(&q, s->version);
	ret = pd_q_insert(&q, id ? id : &dummy, diag);
	if (ret < 0 && q.broke == PD_BROKE_FOREIGN_KEY)
		return pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no athlete %ld "
				   "or sanction %ld in the store", c->athlete,
				   c->sanction);
	return ret;
}

struct walk {
	pd_doping_fn fn;
	void *arg;
};

#define L(f) PD_Q_LONG(struct pd_doping_case, f)
#define T(f) PD_Q_TEXT(struct pd_doping_case, f)
/* the columns of its SELECT, in their order */
static const struct pd_q_col case_cols[] = {
	L(id), T(games), L(athlete), T(finding), T(date), T(outcome),
	L(sanction), T(source), T(cite),
};

static int case_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_doping_case c;

	PD_Q_READ(q, case_cols, &c);
	return w->fn(&c, w->arg);
}

int pd_db_doping_cases(struct pd_store *s, const char *games, pd_doping_fn fn,
		       void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, athlete_id, finding, date, "
		"outcome, coalesce(sanction_id, 0), source, cite FROM "
		"doping_cases WHERE games = $1 ORDER BY id";
	struct walk w = { fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the cases");
	pd_q_text(&q, games);
	return pd_q_each(&q, case_row, &w, diag);
}
