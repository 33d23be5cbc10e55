/* ops_units.c -- a Games' units in the store (store_units.h): written
 * whole, many rows a statement (Paris 2024's 21,316 results were a
 * statement each, ten seconds on PostgreSQL), read by two queries. */
#include <string.h>

#include "podium/store_units.h"
#include "ops.h"
#include "query.h"

static const char *opt(const char *v)
{
	return v ? v : "";
}

static int clear(struct pd_store *s, const char *games, struct pd_diag *d)
{
	static const char results[] = "DELETE FROM unit_results WHERE games "
				      "= $1";
	static const char units[] = "DELETE FROM units WHERE games = $1";
	static const char teams[] = "DELETE FROM unit_teams WHERE games = $1";
	const char *const sql[] = { results, units, teams };
	struct pd_q q;
	size_t i;
	int ret = 0;

	for (i = 0; i < 3 && ret == 0; i++) {
		pd_q_start(&q, s, sql[i], "clear the units");
		pd_q_text(&q, games);
		ret = pd_q_run(&q, NULL, d);
	}
	return ret;
}

/* what a bind of a unit's row reads: the Games and the rows */
struct rows {
	const char *games;
	const struct pd_units_put *u;
};

static void bind_unit(struct pd_q *q, size_t i, const void *arg)
{
	const struct rows *r = arg;
	const struct pd_unit_rec *u = &r->u->units[i];
	const char *v[] = { r->games, u->rsc, u->kind, u->discipline,
			    u->event, u->event_code, u->phase, u->start,
			    u->end, u->day, u->venue, u->location, u->status,
			    u->medal, u->rules };
	size_t k;

	for (k = 0; k < sizeof(v) / sizeof(v[0]); k++)
		pd_q_text(q, opt(v[k]));
}

static void bind_result(struct pd_q *q, size_t i, const void *arg)
{
	const struct rows *r = arg;
	const struct pd_unit_result_rec *x = &r->u->results[i];

	pd_q_text(q, r->games);
	pd_q_text(q, opt(x->rsc));
	pd_q_text(q, opt(x->participant));
	pd_q_text(q, opt(x->name));
	pd_q_int(q, x->team);
	pd_q_text(q, x->npc);
	pd_q_int(q, x->rank);
	pd_q_text(q, opt(x->result));
	pd_q_text(q, opt(x->result_type));
	pd_q_text(q, opt(x->irm));
	pd_q_text(q, opt(x->diff));
	pd_q_text(q, opt(x->wlt));
	pd_q_text(q, opt(x->qualification));
	pd_q_int(q, x->start_order);
	pd_q_text(q, opt(x->bib));
}

static void bind_team(struct pd_q *q, size_t i, const void *arg)
{
	const struct rows *r = arg;
	const struct pd_unit_team_rec *t = &r->u->teams[i];

	pd_q_text(q, r->games);
	pd_q_text(q, opt(t->code));
	pd_q_text(q, opt(t->name));
	pd_q_text(q, t->npc);
	pd_q_text(q, opt(t->discipline));
	pd_q_text(q, opt(t->members));
}

int pd_db_units_replace(struct pd_store *s, const char *games,
			const struct pd_units_put *u, struct pd_diag *diag)
{
	static struct pd_q_rows units = {
		"INSERT INTO units (games, rsc, kind, discipline, event, "
		"event_code, phase, start_utc, end_utc, day, venue, location, "
		"status, medal, rules) VALUES ", 15, NULL, { NULL },
	};
	static struct pd_q_rows results = {
		"INSERT INTO unit_results (games, rsc, participant, name, "
		"team, npc, rank, result, result_type, irm, diff, wlt, "
		"qualification, start_order, bib) VALUES ", 15, NULL, { NULL },
	};
	static struct pd_q_rows teams = {
		"INSERT INTO unit_teams (games, code, name, npc, discipline, "
		"members) VALUES ", 6, NULL, { NULL },
	};
	struct rows r = { games, u };
	int ret;

	if ((ret = clear(s, games, diag)) < 0 ||
	    (ret = pd_q_insert_rows(s, &units, u->nunits, bind_unit, &r,
				    "write a unit", diag)) < 0 ||
	    (ret = pd_q_insert_rows(s, &results, u->nresults, bind_result, &r,
				    "write a unit's result", diag)) < 0)
		return ret;
	return pd_q_insert_rows(s, &teams, u->nteams, bind_team, &r,
				"write a team", diag);
}

struct walk {
	void *fn;
	void *arg;
};

static int unit_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	const char *f[14];
	struct pd_unit_rec u;
	int i;

	for (i = 0; i < 14; i++)
		f[i] = pd_q_str(q, i);
	u = (struct pd_unit_rec){ f[0], f[1], f[2], f[3], f[4], f[5], f[6],
				  f[7], f[8], f[9], f[10], f[11], f[12],
				  f[13] };
	return ((pd_unit_fn)w->fn)(&u, w->arg);
}

int pd_db_units(struct pd_store *s, const struct pd_unit_query *uq,
		pd_unit_fn fn, void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT rsc, kind, discipline, event, "
		"event_code, phase, start_utc, end_utc, day, venue, location, "
		"status, medal, rules FROM units WHERE games = $1 AND ($2 = '' "
		"OR rsc = $2) AND ($3 = '' OR day = $3) AND ($4 = '' OR venue "
		"= $4) AND ($5 = '' OR discipline = $5) ORDER BY start_utc, rsc";
	/* one unit, by its key: PostgreSQL's generic plan of the one above
	 * cannot use the key for "$2 = '' OR rsc = $2", and read the
	 * Games' 3,000 units for it (15-18 ms each in the rehearsal) */
	static const char one[] = "SELECT rsc, kind, discipline, event, "
		"event_code, phase, start_utc, end_utc, day, venue, location, "
		"status, medal, rules FROM units WHERE games = $1 AND rsc = $2 "
		"AND ($3 = '' OR day = $3) AND ($4 = '' OR venue = $4) AND "
		"($5 = '' OR discipline = $5)";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, *opt(uq->rsc) ? one : sql, "read the units");
	pd_q_text(&q, opt(uq->games));
	pd_q_text(&q, opt(uq->rsc));
	pd_q_text(&q, opt(uq->day));
	pd_q_text(&q, opt(uq->venue));
	pd_q_text(&q, opt(uq->discipline));
	return pd_q_each(&q, unit_row, &w, diag);
}

static int result_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_unit_result_rec r;

	memset(&r, 0, sizeof(r));
	r.rsc = pd_q_str(q, 0);
	r.participant = pd_q_str(q, 1);
	r.name = pd_q_str(q, 2);
	r.team = (int)pd_q_long(q, 3);
	pd_q_copy(r.npc, sizeof(r.npc), q, 4);
	r.rank = pd_q_long(q, 5);
	r.result = pd_q_str(q, 6);
	r.result_type = pd_q_str(q, 7);
	r.irm = pd_q_str(q, 8);
	r.diff = pd_q_str(q, 9);
	r.wlt = pd_q_str(q, 10);
	r.qualification = pd_q_str(q, 11);
	r.start_order = pd_q_long(q, 12);
	r.bib = pd_q_str(q, 13);
	return ((pd_unit_result_fn)w->fn)(&r, w->arg);
}

int pd_db_unit_results(struct pd_store *s, const char *games,
		       const char *prefix, pd_unit_result_fn fn, void *arg,
		       struct pd_diag *diag)
{
	/* the prefix as a range of the index (games, rsc): rsc is COLLATE
	 * "C" on PostgreSQL and BINARY on SQLite, so bytes order it.
	 * substr(rsc, 1, length($2)) = $2 read every result of the Games:
	 * 10 % of the two cores, in PostgreSQL, in the 3,000-reader
	 * rehearsal, where each unit write reads its unit's rows */
	static const char range[] = "SELECT rsc, participant, name, team, "
		"npc, rank, result, result_type, irm, diff, wlt, "
		"qualification, start_order, bib FROM unit_results WHERE "
		"games = $1 AND rsc >= $2 AND rsc < $3 ORDER BY rsc, id";
	static const char all[] = "SELECT rsc, participant, name, team, "
		"npc, rank, result, result_type, irm, diff, wlt, "
		"qualification, start_order, bib FROM unit_results WHERE "
		"games = $1 ORDER BY rsc, id";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;
	char upto[128];
	size_t n = strlen(opt(prefix));

	/* the first string past every one that starts with the prefix: its
	 * last byte one up (UTF-8 has no byte 0xff to carry from) */
	if (n >= sizeof(upto) || (n && (unsigned char)prefix[n - 1] == 0xff))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "'%s' is not a "
				   "unit code (at most %zu bytes of UTF-8)",
				   prefix, sizeof(upto) - 1);
	if (n) {
		memcpy(upto, prefix, n + 1);
		upto[n - 1] = (char)((unsigned char)upto[n - 1] + 1);
	}
	pd_q_start(&q, s, n ? range : all, "read the units' results");
	pd_q_text(&q, games);
	if (n) {
		pd_q_text(&q, prefix);
		pd_q_text(&q, upto);
	}
	return pd_q_each(&q, result_row, &w, diag);
}
