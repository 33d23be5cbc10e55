/* ops_unit_writes.c -- a unit changed as it runs, one write at a time
 * (store_units.h): its start list, a participant's result, its status.
 * Written once, above the drivers; the import's whole replacement is
 * the backends' (units_replace). */
#include <stdlib.h>
#include <string.h>

#include "ops.h"
#include "query.h"

/* Every statement here names the unit first: games $1, rsc $2. */
static void unit_q(struct pd_q *q, struct pd_store *s, const char *sql,
		   const char *what, const char *games, const char *rsc)
{
	pd_q_start(q, s, sql, what);
	pd_q_text(q, games);
	pd_q_text(q, rsc);
}

static int unit_known(struct pd_store *s, const char *games, const char *rsc,
		      struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT count(*) FROM units WHERE games = $1 AND rsc = $2";
	struct pd_q q;
	long n = 0;
	int ret;

	unit_q(&q, s, sql, "find the unit", games, rsc);
	if ((ret = pd_q_one_long(&q, &n, diag)) < 0)
		return ret;
	return n ? 0 : pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "%s has no "
				   "unit %s", games, rsc);
}

/* The participants listed in the unit now, by code. */
static int listed(struct pd_store *s, const char *games, const char *rsc,
		  struct pd_strings *out, struct pd_diag *diag)
{
	static const char sql[] =
		"SELECT participant FROM unit_results WHERE games = $1 AND "
		"rsc = $2 ORDER BY id";
	struct pd_q q;

	unit_q(&q, s, sql, "read the start list", games, rsc);
	return pd_q_strings(&q, out, diag);
}

static int drop_one(struct pd_store *s, const char *games, const char *rsc,
		    const char *who, struct pd_diag *diag)
{
	static const char sql[] =
		"DELETE FROM unit_results WHERE games = $1 AND rsc = $2 AND "
		"participant = $3";
	struct pd_q q;

	unit_q(&q, s, sql, "take a participant off the start list", games,
	       rsc);
	pd_q_text(&q, who);
	return pd_q_run(&q, NULL, diag);
}

static int place_one(struct pd_store *s, const char *games, const char *rsc,
		     const struct pd_unit_result_rec *r, struct pd_diag *diag)
{
	static const char update[] =
		"UPDATE unit_results SET name = $4, team = $5, npc = $6, "
		"start_order = $7, bib = $8 WHERE games = $1 AND rsc = $2 AND "
		"participant = $3";
	static const char insert[] =
		"INSERT INTO unit_results (games, rsc, participant, name, team, "
		"npc, start_order, bib) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
	struct pd_q q;
	long changed = 0;
	int ret, pass;

	for (pass = 0; pass < 2; pass++) {
		unit_q(&q, s, pass ? insert : update, "place a participant "
		       "on the start list", games, rsc);
		pd_q_text(&q, r->participant);
		pd_q_text(&q, r->name ? r->name : "");
		pd_q_int(&q, r->team);
		pd_q_text(&q, r->npc);
		pd_q_int(&q, r->start_order);
		pd_q_text(&q, r->bib ? r->bib : "");
		if ((ret = pd_q_run(&q, &changed, diag)) < 0 || changed)
			return ret;
	}
	return 0;
}

static int in_list(const struct pd_unit_result_rec *v, size_t n,
		   const char *who)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i].participant, who))
			return 1;
	return 0;
}

int pd_db_unit_start_list(struct pd_store *s, const char *games,
			  const char *rsc, const struct pd_unit_result_rec *v,
			  size_t n, struct pd_diag *diag)
{
	struct pd_strings now;
	size_t i;
	int ret;

	memset(&now, 0, sizeof(now));
	if ((ret = unit_known(s, games, rsc, diag)) < 0 ||
	    (ret = listed(s, games, rsc, &now, diag)) < 0)
		return ret;
	for (i = 0; ret == 0 && i < now.n; i++)
		if (!in_list(v, n, now.v[i]))
			ret = drop_one(s, games, rsc, now.v[i], diag);
	for (i = 0; ret == 0 && i < n; i++)
		ret = place_one(s, games, rsc, &v[i], diag);
	pd_strings_release(&now);
	return ret;
}

int pd_db_unit_result_set(struct pd_store *s, const char *games,
			  const struct pd_unit_result_rec *r,
			  struct pd_diag *diag)
{
	static const char sql[] =
		"UPDATE unit_results SET rank = $4, result = $5, "
		"result_type = $6, irm = $7, diff = $8, wlt = $9, "
		"qualification = $10 WHERE games = $1 AND rsc = $2 AND "
		"participant = $3";
	struct pd_q q;
	int ret;

	if ((ret = unit_known(s, games, r->rsc, diag)) < 0)
		return ret;
	unit_q(&q, s, sql, "write a unit's result", games, r->rsc);
	pd_q_text(&q, r->participant);
	pd_q_int(&q, r->rank);
	pd_q_text(&q, r->result ? r->result : "");
	pd_q_text(&q, r->result_type ? r->result_type : "");
	pd_q_text(&q, r->irm ? r->irm : "");
	pd_q_text(&q, r->diff ? r->diff : "");
	pd_q_text(&q, r->wlt ? r->wlt : "");
	pd_q_text(&q, r->qualification ? r->qualification : "");
	return pd_q_change(&q, diag, "participant %s is not on the start "
			   "list of %s", r->participant, r->rsc);
}

int pd_db_unit_mark(struct pd_store *s, const char *games, const char *rsc,
		    const char *participant, const char *mark,
		    struct pd_diag *diag)
{
	static const char sql[] =
		"UPDATE unit_results SET qualification = $4 WHERE games = $1 "
		"AND rsc = $2 AND participant = $3";
	struct pd_q q;

	unit_q(&q, s, sql, "mark a qualifier", games, rsc);
	pd_q_text(&q, participant);
	pd_q_text(&q, mark);
	return pd_q_change(&q, diag, "participant %s is not on the start "
			   "list of %s", participant, rsc);
}

int pd_db_unit_status(struct pd_store *s, const char *games, const char *rsc,
		      const char *status, struct pd_diag *diag)
{
	static const char sql[] =
		"UPDATE units SET status = $3 WHERE games = $1 AND rsc = $2";
	struct pd_q q;

	unit_q(&q, s, sql, "move the unit's status", games, rsc);
	pd_q_text(&q, status);
	return pd_q_change(&q, diag, "%s has no unit %s", games, rsc);
}
