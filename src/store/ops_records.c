/* ops_records.c -- records in the store (record.h): each one kept, the
 * one in force replaced by a better one. */
#include <stdio.h>
#include <string.h>

#include "ops.h"
#include "query.h"

/* $1..$5: the record's kind, sport, event, gender and sport class */
static void key(struct pd_q *q, const struct pd_record *r)
{
	pd_q_text(q, r->kind);
	pd_q_text(q, r->sport);
	pd_q_text(q, r->event);
	pd_q_text(q, r->gender ? r->gender : "");
	pd_q_text(q, r->sport_class ? r->sport_class : "");
}

int pd_db_record_add(struct pd_store *s, const struct pd_record *r,
		     long *id, struct pd_diag *diag)
{
#define ADD "INSERT INTO records (kind, sport, event, gender, sport_class, " \
	"mark, value, lower_better, holder, npc, date, games) VALUES ($1, " \
	"$2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
	static const struct pd_sql add = { ADD, ADD " RETURNING id" };
#undef ADD
	static const char replace[] =
		"UPDATE records SET replaced_by = $6 WHERE kind = $1 AND "
		"sport = $2 AND event = $3 AND gender = $4 AND sport_class = "
		"$5 AND replaced_by IS NULL AND id <> $6";
	struct pd_q q;
	int ret;

	pd_q_start_sql(&q, s, &add, "add the record");
	key(&q, r);
	pd_q_text(&q, r->mark);
	pd_q_double(&q, r->value);
	pd_q_int(&q, r->lower_better != 0);
	pd_q_text(&q, r->holder);
	pd_q_text(&q, r->npc);
	pd_q_text(&q, r->date ? r->date : "");
	pd_q_text(&q, r->games ? r->games : "");
	if ((ret = pd_q_insert(&q, id, diag)) < 0)
		return ret;
	pd_q_start(&q, s, replace, "replace the record in force");
	key(&q, r);
	pd_q_int(&q, *id);
	return pd_q_run(&q, NULL, diag);
}

struct walk {
	pd_record_fn fn;
	void *arg;
};

static int record_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_record r;

	memset(&r, 0, sizeof(r));
	r.id = pd_q_long(q, 0);
	r.kind = pd_q_str(q, 1);
	r.sport = pd_q_str(q, 2);
	r.event = pd_q_str(q, 3);
	r.gender = pd_q_str(q, 4);
	r.sport_class = pd_q_str(q, 5);
	r.mark = pd_q_str(q, 6);
	r.value = pd_q_real(q, 7);
	r.lower_better = (int)pd_q_long(q, 8);
	r.holder = pd_q_str(q, 9);
	pd_q_copy(r.npc, sizeof(r.npc), q, 10);
	r.date = pd_q_str(q, 11);
	r.games = pd_q_str(q, 12);
	r.replaced_by = pd_q_long(q, 13);
	return w->fn(&r, w->arg);
}

int pd_db_records(struct pd_store *s, const char *sport, pd_record_fn fn,
		  void *arg, struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT id, kind, sport, event, gender, sport_class, mark, "
		"value, lower_better, holder, npc, date, games, "
		"coalesce(replaced_by, 0) FROM records WHERE CAST($1 AS TEXT) "
		"IS NULL OR sport = $1 ORDER BY sport, event, gender, "
		"sport_class, kind, id";
	struct walk w = { fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "list the records");
	pd_q_text(&q, sport);
	return pd_q_each(&q, record_row, &w, diag);
}
