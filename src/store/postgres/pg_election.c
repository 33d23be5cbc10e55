/* pg_election.c -- elections in the PostgreSQL store (store_report.h): the
 * elections, their candidates, the electorate and the ballots, kept
 * apart so that no row joins a voter to a ballot. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/store_report.h"
#include "pg_int.h"

int pg_election_add(struct pd_store *s, const struct pd_election *e,
		    long *id, struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO elections (games, name, seats, "
		"max_choices, sport_cap, status, votes, turnout, source, cite, "
		"since, seal) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
		"$11, $12) RETURNING id";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_text(&p, e->games);
	pd_pg_text(&p, e->name);
	pd_pg_long(&p, e->seats);
	pd_pg_long(&p, e->max_choices);
	pd_pg_long(&p, e->sport_cap);
	pd_pg_text(&p, e->status);
	pd_pg_long(&p, e->votes);
	pd_pg_text(&p, e->turnout);
	pd_pg_text(&p, e->source);
	pd_pg_text(&p, e->cite);
	pd_pg_long(&p, PG(s)->base.version);
	pd_pg_text(&p, e->seal);
	ret = pd_pg_query(PG(s), sql, &p, &res, "add the election", diag);
	if (ret == PD_EEXISTS)
		return pd_diag_set(diag, ret, NULL, 0, "%s has an election "
				   "called '%s'", e->games, e->name);
	if (ret < 0)
		return ret;
	if (id)
		*id = PQntuples(res) > 0 ? pd_pg_getlong(res, 0, 0) : 0;
	PQclear(res);
	return 0;
}

struct walk {
	void *fn;
	void *arg;
};

static void copy(char *dst, size_t size, const PGresult *res, int r, int c)
{
	snprintf(dst, size, "%s", PQgetvalue(res, r, c));
}

static int election_row(const PGresult *res, int r, void *arg)
{
	struct walk *w = arg;
	struct pd_election e;

	memset(&e, 0, sizeof(e));
	e.id = pd_pg_getlong(res, r, 0);
	copy(e.games, sizeof(e.games), res, r, 1);
	copy(e.name, sizeof(e.name), res, r, 2);
	e.seats = pd_pg_getlong(res, r, 3);
	e.max_choices = pd_pg_getlong(res, r, 4);
	e.sport_cap = pd_pg_getlong(res, r, 5);
	copy(e.status, sizeof(e.status), res, r, 6);
	e.votes = pd_pg_getlong(res, r, 7);
	copy(e.turnout, sizeof(e.turnout), res, r, 8);
	copy(e.source, sizeof(e.source), res, r, 9);
	copy(e.cite, sizeof(e.cite), res, r, 10);
	copy(e.seal, sizeof(e.seal), res, r, 11);
	return ((pd_election_fn)w->fn)(&e, w->arg);
}

int pg_elections(struct pd_store *s, const char *games, pd_election_fn fn,
		 void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, name, seats, max_choices, "
		"sport_cap, status, votes, turnout, source, cite, seal FROM elections "
		"WHERE $1::text IS NULL OR games = $1 ORDER BY games, id";
	struct walk w = { (void *)fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_text(&p, games);
	return pd_pg_each(PG(s), sql, &p, election_row, &w,
			  "read the elections", diag);
}

int pg_election_status(struct pd_store *s, long election, const char *status,
		       struct pd_diag *diag)
{
	static const char sql[] = "UPDATE elections SET status = $2 WHERE "
		"id = $1";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	pd_pg_text(&p, status);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "set the election's "
			       "status", diag)) < 0)
		return ret;
	if (!strcmp(PQcmdTuples(res), "0"))
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no election "
				  "%ld", election);
	PQclear(res);
	return ret;
}

int pg_candidate_add(struct pd_store *s, const struct pd_candidate *c,
		     long *id, struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO candidates (election_id, "
		"athlete_id, name, name_zh, npc, sport, elected) VALUES ($1, "
		"$2, $3, $4, $5, $6, $7) RETURNING id";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, c->election);
	if (c->athlete)
		pd_pg_long(&p, c->athlete);
	else
		pd_pg_text(&p, NULL);
	pd_pg_text(&p, c->name);
	pd_pg_text(&p, c->name_zh);
	pd_pg_text(&p, c->npc);
	pd_pg_text(&p, c->sport);
	pd_pg_long(&p, c->elected != 0);
	ret = pd_pg_query(PG(s), sql, &p, &res, "add the candidate", diag);
	if (ret == PD_ESTORE && strstr(diag ? diag->msg : "", "foreign key"))
		return pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no election "
				   "%ld, athlete %ld or NPC '%s'", c->election,
				   c->athlete, c->npc);
	if (ret < 0)
		return ret;
	if (id)
		*id = PQntuples(res) > 0 ? pd_pg_getlong(res, 0, 0) : 0;
	PQclear(res);
	return 0;
}

static int candidate_row(const PGresult *res, int r, void *arg)
{
	struct walk *w = arg;
	struct pd_candidate c;

	memset(&c, 0, sizeof(c));
	c.id = pd_pg_getlong(res, r, 0);
	c.election = pd_pg_getlong(res, r, 1);
	c.athlete = pd_pg_getlong(res, r, 2);
	copy(c.name, sizeof(c.name), res, r, 3);
	copy(c.name_zh, sizeof(c.name_zh), res, r, 4);
	copy(c.npc, sizeof(c.npc), res, r, 5);
	copy(c.sport, sizeof(c.sport), res, r, 6);
	c.elected = (int)pd_pg_getlong(res, r, 7);
	return ((pd_candidate_fn)w->fn)(&c, w->arg);
}

int pg_candidates(struct pd_store *s, long election, pd_candidate_fn fn,
		  void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, election_id, coalesce(athlete_id, "
		"0), name, name_zh, npc, sport, elected FROM candidates WHERE "
		"election_id = $1 ORDER BY id";
	struct walk w = { (void *)fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	return pd_pg_each(PG(s), sql, &p, candidate_row, &w,
			  "read the candidates", diag);
}

int pg_elector_add(struct pd_store *s, long election, long athlete,
		   struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO electorate (election_id, "
		"athlete_id) VALUES ($1, $2) ON CONFLICT DO NOTHING";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	pd_pg_long(&p, athlete);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "put an athlete on the "
			       "register", diag)) < 0)
		return ret;
	ret = strcmp(PQcmdTuples(res), "0") != 0;
	PQclear(res);
	return ret;
}

int pg_electorate(struct pd_store *s, long election, long *electors,
		  long *voted, struct pd_diag *diag)
{
	static const char sql[] = "SELECT count(*), coalesce(sum(voted), 0) "
		"FROM electorate WHERE election_id = $1";
	struct pd_pg_params p;
	PGresult *res;
	int ret;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	if ((ret = pd_pg_query(PG(s), sql, &p, &res, "count the register",
			       diag)) < 0)
		return ret;
	*electors = pd_pg_getlong(res, 0, 0);
	*voted = pd_pg_getlong(res, 0, 1);
	PQclear(res);
	return 0;
}

int pg_vote(struct pd_store *s, long election, long athlete,
	    const char *box, struct pd_diag *diag)
{
	static const char mark[] = "UPDATE electorate SET voted = 1 WHERE "
		"election_id = $1 AND athlete_id = $2 AND voted = 0";
	static const char known[] = "SELECT voted FROM electorate WHERE "
		"election_id = $1 AND athlete_id = $2";
	static const char seal[] = "INSERT INTO sealed_ballots (election_id, "
		"box) VALUES ($1, $2)";
	struct pd_pg_params p;
	PGresult *res;
	int ret, on;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	pd_pg_long(&p, athlete);
	if ((ret = pd_pg_query(PG(s), mark, &p, &res, "mark the voter",
			       diag)) < 0)
		return ret;
	on = strcmp(PQcmdTuples(res), "0") != 0;
	PQclear(res);
	if (!on) {
		if ((ret = pd_pg_query(PG(s), known, &p, &res, "find the voter",
				       diag)) < 0)
			return ret;
		on = PQntuples(res) > 0;
		PQclear(res);
		return pd_backend_vote_refused(election, athlete, on, diag);
	}
	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	pd_pg_text(&p, box);
	return pd_pg_query(PG(s), seal, &p, NULL, "put the sealed ballot in "
			   "the box", diag);
}

static int box_row(const PGresult *res, int r, void *arg)
{
	struct walk *w = arg;
	const char *col[1] = { PQgetvalue(res, r, 0) };

	return ((pd_row_fn)w->fn)(col, w->arg);
}

int pg_sealed(struct pd_store *s, long election, pd_row_fn fn, void *arg,
	      struct pd_diag *diag)
{
	static const char sql[] = "SELECT box FROM sealed_ballots WHERE "
		"election_id = $1 ORDER BY box";
	struct walk w = { (void *)fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	return pd_pg_each(PG(s), sql, &p, box_row, &w, "read the sealed "
			  "ballots", diag);
}

int pg_sealed_clear(struct pd_store *s, long election, struct pd_diag *diag)
{
	static const char sql[] = "DELETE FROM sealed_ballots WHERE "
		"election_id = $1";
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	return pd_pg_query(PG(s), sql, &p, NULL, "throw away the sealed "
			   "ballots", diag);
}

int pg_ballot_add(struct pd_store *s, long election, const char *ballot_id,
		  const char *choices, struct pd_diag *diag)
{
	static const char box[] = "INSERT INTO ballots (election_id, id, "
		"choices) VALUES ($1, $2, $3)";
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	pd_pg_text(&p, ballot_id);
	pd_pg_text(&p, choices);
	return pd_pg_query(PG(s), box, &p, NULL, "put the ballot in the box",
			   diag);
}

static int ballot_row(const PGresult *res, int r, void *arg)
{
	struct walk *w = arg;
	const char *col[2] = { PQgetvalue(res, r, 0), PQgetvalue(res, r, 1) };

	return ((pd_row_fn)w->fn)(col, w->arg);
}

int pg_ballots(struct pd_store *s, long election, pd_row_fn fn, void *arg,
	       struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, choices FROM ballots WHERE "
		"election_id = $1 ORDER BY id";
	struct walk w = { (void *)fn, arg };
	struct pd_pg_params p;

	pd_pg_params_init(&p);
	pd_pg_long(&p, election);
	return pd_pg_each(PG(s), sql, &p, ballot_row, &w, "read the ballots",
			  diag);
}
