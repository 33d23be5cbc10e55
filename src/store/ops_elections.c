/* ops_elections.c -- elections in the store (store_report.h): the
 * elections, their candidates, the electorate and the ballots, kept
 * apart so that no row joins a voter to a ballot. */
#include <string.h>

#include "ops.h"
#include "query.h"

int pd_db_election_add(struct pd_store *s, const struct pd_election *e,
		       long *id, struct pd_diag *diag)
{
#define ADD "INSERT INTO elections (games, name, seats, max_choices, " \
	"sport_cap, status, votes, turnout, source, cite, since, seal) " \
	"VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
	static const struct pd_sql add = { ADD, ADD " RETURNING id" };
#undef ADD
	struct pd_q q;
	long dummy;
	int ret;

	pd_q_start_sql(&q, s, &add, "add the election");
	pd_q_text(&q, e->games);
	pd_q_text(&q, e->name);
	pd_q_int(&q, e->seats);
	pd_q_int(&q, e->max_choices);
	pd_q_int(&q, e->sport_cap);
	pd_q_text(&q, e->status);
	pd_q_int(&q, e->votes);
	pd_q_text(&q, e->turnout);
	pd_q_text(&q, e->source);
	pd_q_text(&q, e->cite);
	pd_q_int(&q, s->version);
	pd_q_text(&q, e->seal);
	if ((ret = pd_q_insert(&q, id ? id : &dummy, diag)) == PD_EEXISTS)
		return pd_diag_set(diag, ret, NULL, 0, "%s has an election "
				   "called '%s'", e->games, e->name);
	return ret;
}

struct walk {
	void *fn;
	void *arg;
};

#define L(f) PD_Q_LONG(struct pd_election, f)
#define T(f) PD_Q_TEXT(struct pd_election, f)
/* the columns of its SELECT, in their order */
static const struct pd_q_col election_cols[] = {
	L(id), T(games), T(name), L(seats), L(max_choices), L(sport_cap),
	T(status), L(votes), T(turnout), T(source), T(cite), T(seal),
};

static int election_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_election e;

	PD_Q_READ(q, election_cols, &e);
	return ((pd_election_fn)w->fn)(&e, w->arg);
}

int pd_db_elections(struct pd_store *s, const char *games, pd_election_fn fn,
		    void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, games, name, seats, max_choices, "
		"sport_cap, status, votes, turnout, source, cite, seal FROM "
		"elections WHERE CAST($1 AS TEXT) IS NULL OR games = $1 ORDER "
		"BY games, id";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the elections");
	pd_q_text(&q, games);
	return pd_q_each(&q, election_row, &w, diag);
}

int pd_db_election_status(struct pd_store *s, long election,
			  const char *status, struct pd_diag *diag)
{
	static const char sql[] = "UPDATE elections SET status = $2 WHERE "
		"id = $1";
	struct pd_q q;

	pd_q_start(&q, s, sql, "set the election's status");
	pd_q_int(&q, election);
	pd_q_text(&q, status);
	return pd_q_change(&q, diag, "no election %ld", election);
}

int pd_db_candidate_add(struct pd_store *s, const struct pd_candidate *c,
			long *id, struct pd_diag *diag)
{
#define ADD "INSERT INTO candidates (election_id, athlete_id, name, " \
	"name_zh, npc, sport, elected) VALUES ($1, $2, $3, $4, $5, $6, $7)"
	static const struct pd_sql add = { ADD, ADD " RETURNING id" };
#undef ADD
	struct pd_q q;
	long dummy;
	int ret;

	pd_q_start_sql(&q, s, &add, "add the candidate");
	pd_q_int(&q, c->election);
	if (c->athlete)
		pd_q_int(&q, c->athlete);
	else
		pd_q_null(&q);
	pd_q_text(&q, c->name);
	pd_q_text(&q, c->name_zh);
	pd_q_text(&q, c->npc);
	pd_q_text(&q, c->sport);
	pd_q_int(&q, c->elected != 0);
	ret = pd_q_insert(&q, id ? id : &dummy, diag);
	if (ret < 0 && q.broke == PD_BROKE_FOREIGN_KEY)
		return pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no election "
				   "%ld, athlete %ld or NPC '%s'", c->election,
				   c->athlete, c->npc);
	return ret;
}

#undef L
#undef T
#define L(f) PD_Q_LONG(struct pd_candidate, f)
#define T(f) PD_Q_TEXT(struct pd_candidate, f)
/* the columns pd_db_candidates() reads, in its SELECT's order */
static const struct pd_q_col candidate_cols[] = {
	L(id), L(election), L(athlete), T(name), T(name_zh), T(npc),
	T(sport), PD_Q_INT(struct pd_candidate, elected),
};

static int candidate_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	struct pd_candidate c;

	PD_Q_READ(q, candidate_cols, &c);
	return ((pd_candidate_fn)w->fn)(&c, w->arg);
}

int pd_db_candidates(struct pd_store *s, long election, pd_candidate_fn fn,
		     void *arg, struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, election_id, coalesce(athlete_id, "
		"0), name, name_zh, npc, sport, elected FROM candidates WHERE "
		"election_id = $1 ORDER BY id";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the candidates");
	pd_q_int(&q, election);
	return pd_q_each(&q, candidate_row, &w, diag);
}

/* $1, $2: election and athlete */
static void voter(struct pd_q *q, struct pd_store *s, const char *sql,
		  const char *what, long election, long athlete)
{
	pd_q_start(q, s, sql, what);
	pd_q_int(q, election);
	pd_q_int(q, athlete);
}

int pd_db_elector_add(struct pd_store *s, long election, long athlete,
		      struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO electorate (election_id, "
		"athlete_id) VALUES ($1, $2) ON CONFLICT DO NOTHING";
	struct pd_q q;
	long changed = 0;
	int ret;

	voter(&q, s, sql, "put an athlete on the register", election, athlete);
	ret = pd_q_run(&q, &changed, diag);
	return ret < 0 ? ret : changed > 0;
}

int pd_db_electorate(struct pd_store *s, long election, long *electors,
		     long *voted, struct pd_diag *diag)
{
	static const char sql[] = "SELECT count(*), coalesce(sum(voted), 0) "
		"FROM electorate WHERE election_id = $1";
	struct pd_q q;
	int ret;

	pd_q_start(&q, s, sql, "count the register");
	pd_q_int(&q, election);
	if ((ret = pd_q_step(&q, diag)) == 1) {
		*electors = pd_q_long(&q, 0);
		*voted = pd_q_long(&q, 1);
	}
	pd_q_end(&q);
	return ret < 0 ? ret : 0;
}

int pd_db_vote(struct pd_store *s, long election, long athlete,
	       const char *box, struct pd_diag *diag)
{
	static const char mark[] = "UPDATE electorate SET voted = 1 WHERE "
		"election_id = $1 AND athlete_id = $2 AND voted = 0";
	static const char known[] = "SELECT voted FROM electorate WHERE "
		"election_id = $1 AND athlete_id = $2";
	static const char seal[] = "INSERT INTO sealed_ballots (election_id, "
		"box) VALUES ($1, $2)";
	struct pd_q q;
	long changed = 0, voted;
	int ret;

	voter(&q, s, mark, "mark the voter", election, athlete);
	if ((ret = pd_q_run(&q, &changed, diag)) < 0)
		return ret;
	if (changed == 0) {
		/* not on the register, or voted: which one, for the message */
		voter(&q, s, known, "find the voter", election, athlete);
		if ((ret = pd_q_one_long(&q, &voted, diag)) < 0)
			return ret;
		return ret ? pd_diag_set(diag, PD_EEXISTS, NULL, 0, "athlete "
					 "%ld has voted: one ballot each",
					 athlete) :
		       pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "athlete %ld "
				   "is not on the register of election %ld",
				   athlete, election);
	}
	pd_q_start(&q, s, seal, "put the sealed ballot in the box");
	pd_q_int(&q, election);
	pd_q_text(&q, box);
	return pd_q_run(&q, NULL, diag);
}

static int box_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	const char *col[2] = { pd_q_str(q, 0), NULL };

	return ((pd_row_fn)w->fn)(col, w->arg);
}

int pd_db_sealed(struct pd_store *s, long election, pd_row_fn fn, void *arg,
		 struct pd_diag *diag)
{
	static const char sql[] = "SELECT box FROM sealed_ballots WHERE "
		"election_id = $1 ORDER BY box";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the sealed ballots");
	pd_q_int(&q, election);
	return pd_q_each(&q, box_row, &w, diag);
}

int pd_db_sealed_clear(struct pd_store *s, long election,
		       struct pd_diag *diag)
{
	/* SQLite: the boxes' bytes go with their pages' free space: a box
	 * is opened only with a key the store never held, but nothing of
	 * one need stay behind (PostgreSQL's free space is the server's) */
	static const struct pd_sql wipe = { "PRAGMA secure_delete = ON", NULL };
	static const struct pd_sql unwipe = { "PRAGMA secure_delete = OFF",
					      NULL };
	static const char sql[] = "DELETE FROM sealed_ballots WHERE "
		"election_id = $1";
	struct pd_q q;
	int ret;

	if ((ret = pd_q_exec(s, &wipe, "wipe what is deleted", diag)) < 0)
		return ret;
	pd_q_start(&q, s, sql, "throw away the sealed ballots");
	pd_q_int(&q, election);
	ret = pd_q_run(&q, NULL, diag);
	pd_q_exec(s, &unwipe, "wipe what is deleted", NULL);
	return ret;
}

int pd_db_ballot_add(struct pd_store *s, long election, const char *ballot_id,
		     const char *choices, struct pd_diag *diag)
{
	static const char sql[] = "INSERT INTO ballots (election_id, id, "
		"choices) VALUES ($1, $2, $3)";
	struct pd_q q;

	pd_q_start(&q, s, sql, "put the ballot in the box");
	pd_q_int(&q, election);
	pd_q_text(&q, ballot_id);
	pd_q_text(&q, choices);
	return pd_q_run(&q, NULL, diag);
}

static int ballot_row(const struct pd_q *q, void *arg)
{
	struct walk *w = arg;
	const char *col[2] = { pd_q_str(q, 0), pd_q_str(q, 1) };

	return ((pd_row_fn)w->fn)(col, w->arg);
}

int pd_db_ballots(struct pd_store *s, long election, pd_row_fn fn, void *arg,
		  struct pd_diag *diag)
{
	static const char sql[] = "SELECT id, choices FROM ballots WHERE "
		"election_id = $1 ORDER BY id";
	struct walk w = { (void *)fn, arg };
	struct pd_q q;

	pd_q_start(&q, s, sql, "read the ballots");
	pd_q_int(&q, election);
	return pd_q_each(&q, ballot_row, &w, diag);
}
