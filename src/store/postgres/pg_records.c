/* pg_records.c -- records in the PostgreSQL store (record.h): each one
 * kept, the one in force replaced by a better one. */
#include <stdio.h>
#include <string.h>

#include "podium/record.h"
#include "pg_int.h"

int pg_record_add(struct pd_store *s, const struct pd_record *r, long *id,
		  struct pd_diag *diag)
{
	static const char add[] =
		"INSERT INTO records (kind, sport, event, gender, sport_class, "
		"mark, value, lower_better, holder, npc, date, games) VALUES "
		"($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
		"RETURNING id";
	static const char replace[] =
		"UPDATE records SET replaced_by = $6 WHERE kind = $1 AND "
		"sport = $2 AND event = $3 AND gender = $4 AND sport_class = "
		"$5 AND replaced_by IS NULL AND id <> $6";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, r->kind);
	pd_pg_text(&p, r->sport);
	pd_pg_text(&p, r->event);
	pd_pg_text(&p, r->gender ? r->gender : "");
	pd_pg_text(&p, r->sport_class ? r->sport_class : "");
	pd_pg_text(&p, r->mark);
	pd_pg_double(&p, r->value);
	pd_pg_long(&p, r->lower_better != 0);
	pd_pg_text(&p, r->holder);
	pd_pg_text(&p, r->npc);
	pd_pg_text(&p, r->date ? r->date : "");
	pd_pg_text(&p, r->games ? r->games : "");
	if ((ret = pd_pg_query(PG(s), add, &p, &res, "add the record",
			       diag)) < 0)
		return ret;
	*id = pd_pg_getlong(res, 0, 0);
	PQclear(res);
	p.n = 5;
	pd_pg_long(&p, *id);
	return pd_pg_query(PG(s), replace, &p, NULL, "replace the record in "
			   "force", diag);
}

struct walk {
	pd_record_fn fn;
	void *arg;
};

static int record_row(const PGresult *res, int i, void *arg)
{
	struct walk *w = arg;
	struct pd_record r;

	memset(&r, 0, sizeof(r));
	r.id = pd_pg_getlong(res, i, 0);
	r.kind = PQgetvalue(res, i, 1);
	r.sport = PQgetvalue(res, i, 2);
	r.event = PQgetvalue(res, i, 3);
	r.gender = PQgetvalue(res, i, 4);
	r.sport_class = PQgetvalue(res, i, 5);
	r.mark = PQgetvalue(res, i, 6);
	sscanf(PQgetvalue(res, i, 7), "%lf", &r.value);
	r.lower_better = (int)pd_pg_getlong(res, i, 8);
	r.holder = PQgetvalue(res, i, 9);
	snprintf(r.npc, sizeof(r.npc), "%s", PQgetvalue(res, i, 10));
	r.date = PQgetvalue(res, i, 11);
	r.games = PQgetvalue(res, i, 12);
	r.replaced_by = pd_pg_getlong(res, i, 13);
	return w->fn(&r, w->arg);
}

int pg_records(struct pd_store *s, const char *sport, pd_record_fn fn,
	       void *arg, struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT id, kind, sport, event, gender, sport_class, mark, "
		"value, lower_better, holder, npc, date, games, "
		"coalesce(replaced_by, 0) FROM records WHERE $1::text IS NULL "
		"OR sport = $1 ORDER BY sport, event, gender, sport_class, "
		"kind, id";
	struct walk w = { fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, sport);
	return pd_pg_each(PG(s), sql, &p, record_row, &w, "list the records",
			  diag);
}
