/* sqlite_election.c -- elections in the SQLite store (store_report.h): the
 * elections, their candidates, the electorate and the ballots, kept
 * apart so that no row joins a voter to a ballot. */
#include <stdio.h>
#include <string.h>

#include "podium/store_report.h"
#include "sqlite_int.h"

static int step_done(struct pd_sqlite *s, sqlite3_stmt *st, const char *what,
		     struct pd_diag *diag)
{
	int rc = sqlite3_step(st), ret = 0;

	if (rc == SQLITE_CONSTRAINT)
		ret = pd_diag_set(diag, PD_EEXISTS, NULL, 0, "%s: %s", what,
				  sqlite3_errmsg(s->db));
	else if (rc != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, what);
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_election_add(struct pd_store *store, const struct pd_election *e,
			   long *id, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO elections (games, "
			"name, seats, max_choices, sport_cap, status, votes, "
			"turnout, source, cite, since, seal) VALUES (?1, ?2, ?3, "
			"?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)", diag)) < 0)
		return ret;
	sqlite3_bind_text(st, 1, e->games, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, e->name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, e->seats);
	sqlite3_bind_int64(st, 4, e->max_choices);
	sqlite3_bind_int64(st, 5, e->sport_cap);
	sqlite3_bind_text(st, 6, e->status, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 7, e->votes);
	sqlite3_bind_text(st, 8, e->turnout, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 9, e->source, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 10, e->cite, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 11, s->base.version);
	sqlite3_bind_text(st, 12, e->seal, -1, SQLITE_STATIC);
	if ((ret = step_done(s, st, "add the election", diag)) == PD_EEXISTS)
		return pd_diag_set(diag, ret, NULL, 0, "%s has an election "
				   "called '%s'", e->games, e->name);
	if (ret == 0 && id)
		*id = (long)sqlite3_last_insert_rowid(s->db);
	return ret;
}

int pd_sqlite_elections(struct pd_store *store, const char *games,
			pd_election_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_election e;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT id, games, name, seats, "
			"max_choices, sport_cap, status, votes, turnout, source, "
			"cite, seal FROM elections WHERE ?1 IS NULL OR games = ?1 "
			"ORDER BY games, id", diag)) < 0)
		return ret;
	if (games)
		sqlite3_bind_text(st, 1, games, -1, SQLITE_STATIC);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&e, 0, sizeof(e));
		e.id = (long)sqlite3_column_int64(st, 0);
		pd_sqlite_copy(e.games, sizeof(e.games), st, 1);
		pd_sqlite_copy(e.name, sizeof(e.name), st, 2);
		e.seats = (long)sqlite3_column_int64(st, 3);
		e.max_choices = (long)sqlite3_column_int64(st, 4);
		e.sport_cap = (long)sqlite3_column_int64(st, 5);
		pd_sqlite_copy(e.status, sizeof(e.status), st, 6);
		e.votes = (long)sqlite3_column_int64(st, 7);
		pd_sqlite_copy(e.turnout, sizeof(e.turnout), st, 8);
		pd_sqlite_copy(e.source, sizeof(e.source), st, 9);
		pd_sqlite_copy(e.cite, sizeof(e.cite), st, 10);
		pd_sqlite_copy(e.seal, sizeof(e.seal), st, 11);
		ret = fn(&e, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the elections", diag);
}

int pd_sqlite_election_status(struct pd_store *store, long election,
			      const char *status, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "UPDATE elections SET status = ?2 "
			"WHERE id = ?1", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	sqlite3_bind_text(st, 2, status, -1, SQLITE_STATIC);
	if ((ret = step_done(s, st, "set the election's status", diag)) == 0 &&
	    sqlite3_changes(s->db) == 0)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no election "
				  "%ld", election);
	return ret;
}

int pd_sqlite_candidate_add(struct pd_store *store,
			    const struct pd_candidate *c, long *id,
			    struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "INSERT INTO candidates ("
			"election_id, athlete_id, name, name_zh, npc, sport, "
			"elected) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
			diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, c->election);
	if (c->athlete)
		sqlite3_bind_int64(st, 2, c->athlete);
	sqlite3_bind_text(st, 3, c->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, c->name_zh, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, c->npc, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, c->sport, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 7, c->elected != 0);
	if ((ret = step_done(s, st, "add the candidate", diag)) == 0 && id)
		*id = (long)sqlite3_last_insert_rowid(s->db);
	return ret == PD_EEXISTS ? pd_diag_set(diag, PD_ENOTFOUND, NULL, 0,
			"no election %ld, athlete %ld or NPC '%s'",
			c->election, c->athlete, c->npc) : ret;
}

int pd_sqlite_candidates(struct pd_store *store, long election,
			 pd_candidate_fn fn, void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	struct pd_candidate c;
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT id, election_id, "
			"coalesce(athlete_id, 0), name, name_zh, npc, sport, "
			"elected FROM candidates WHERE election_id = ?1 ORDER BY "
			"id", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&c, 0, sizeof(c));
		c.id = (long)sqlite3_column_int64(st, 0);
		c.election = (long)sqlite3_column_int64(st, 1);
		c.athlete = (long)sqlite3_column_int64(st, 2);
		pd_sqlite_copy(c.name, sizeof(c.name), st, 3);
		pd_sqlite_copy(c.name_zh, sizeof(c.name_zh), st, 4);
		pd_sqlite_copy(c.npc, sizeof(c.npc), st, 5);
		pd_sqlite_copy(c.sport, sizeof(c.sport), st, 6);
		c.elected = sqlite3_column_int(st, 7);
		ret = fn(&c, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the candidates", diag);
}

int pd_sqlite_elector_add(struct pd_store *store, long election, long athlete,
			  struct pd_diag *diag)
{
	static const char sql[] = "INSERT OR IGNORE INTO electorate "
		"(election_id, athlete_id) VALUES (?1, ?2)";
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, sql, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	sqlite3_bind_int64(st, 2, athlete);
	if (sqlite3_step(st) != SQLITE_DONE)
		ret = pd_sqlite_fail(s, diag, "put an athlete on the register");
	else
		ret = sqlite3_changes(s->db) > 0;
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

int pd_sqlite_electorate(struct pd_store *store, long election,
			 long *electors, long *voted, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT count(*), "
			"coalesce(sum(voted), 0) FROM electorate WHERE "
			"election_id = ?1", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	if (sqlite3_step(st) == SQLITE_ROW) {
		*electors = (long)sqlite3_column_int64(st, 0);
		*voted = (long)sqlite3_column_int64(st, 1);
	} else {
		ret = pd_sqlite_fail(s, diag, "count the register");
	}
	sqlite3_finalize(st);
	return ret;
}

int pd_sqlite_vote(struct pd_store *store, long election, long athlete,
		   const char *box, struct pd_diag *diag)
{
	static const char mark[] = "UPDATE electorate SET voted = 1 WHERE "
		"election_id = ?1 AND athlete_id = ?2 AND voted = 0";
	static const char seal[] = "INSERT INTO sealed_ballots (election_id, "
		"box) VALUES (?1, ?2)";
	struct pd_sqlite *s = pd_sqlite_of(store);
	long voted;
	sqlite3_stmt *st;
	int ret, n;

	if ((ret = pd_sqlite_cached(s, &st, mark, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	sqlite3_bind_int64(st, 2, athlete);
	ret = sqlite3_step(st) == SQLITE_DONE ? 0 :
	      pd_sqlite_fail(s, diag, "mark the voter");
	n = sqlite3_changes(s->db);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	if (ret == 0 && n == 0) {
		/* not on the register, or voted: which one, for the message */
		if ((ret = pd_sqlite_prepare(s, &st, "SELECT voted FROM "
				"electorate WHERE election_id = ?1 AND "
				"athlete_id = ?2", diag)) < 0)
			return ret;
		sqlite3_bind_int64(st, 1, election);
		sqlite3_bind_int64(st, 2, athlete);
		voted = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_finalize(st);
		return pd_backend_vote_refused(election, athlete, voted,
					       diag);
	}
	if (ret < 0 || (ret = pd_sqlite_cached(s, &st, seal, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	sqlite3_bind_text(st, 2, box, -1, SQLITE_STATIC);
	return pd_sqlite_run(s, st, "put the sealed ballot in the box", diag);
}

int pd_sqlite_sealed(struct pd_store *store, long election, pd_row_fn fn,
		     void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	const char *col[1];
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT box FROM sealed_ballots "
			"WHERE election_id = ?1 ORDER BY box", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		col[0] = (const char *)sqlite3_column_text(st, 0);
		ret = fn(col, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the sealed ballots",
				  diag);
}

int pd_sqlite_sealed_clear(struct pd_store *store, long election,
			   struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	/* the boxes' bytes go with their pages' free space: a box is
	 * opened only with a key the store never held, but nothing of one
	 * need stay behind */
	if (sqlite3_exec(s->db, "PRAGMA secure_delete = ON", NULL, NULL,
			 NULL) != SQLITE_OK)
		return pd_sqlite_fail(s, diag, "wipe what is deleted");
	if ((ret = pd_sqlite_prepare(s, &st, "DELETE FROM sealed_ballots "
			"WHERE election_id = ?1", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	ret = step_done(s, st, "throw away the sealed ballots", diag);
	sqlite3_exec(s->db, "PRAGMA secure_delete = OFF", NULL, NULL, NULL);
	return ret;
}

int pd_sqlite_ballot_add(struct pd_store *store, long election,
			 const char *ballot_id, const char *choices,
			 struct pd_diag *diag)
{
	static const char box[] = "INSERT INTO ballots (election_id, id, "
		"choices) VALUES (?1, ?2, ?3)";
	struct pd_sqlite *s = pd_sqlite_of(store);
	sqlite3_stmt *st;
	int ret;

	if ((ret = pd_sqlite_cached(s, &st, box, diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	sqlite3_bind_text(st, 2, ballot_id, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, choices, -1, SQLITE_STATIC);
	return pd_sqlite_run(s, st, "put the ballot in the box", diag);
}

int pd_sqlite_ballots(struct pd_store *store, long election, pd_row_fn fn,
		      void *arg, struct pd_diag *diag)
{
	struct pd_sqlite *s = pd_sqlite_of(store);
	const char *col[2];
	sqlite3_stmt *st;
	int ret, rc;

	if ((ret = pd_sqlite_prepare(s, &st, "SELECT id, choices FROM ballots "
			"WHERE election_id = ?1 ORDER BY id", diag)) < 0)
		return ret;
	sqlite3_bind_int64(st, 1, election);
	while (ret == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		col[0] = (const char *)sqlite3_column_text(st, 0);
		col[1] = (const char *)sqlite3_column_text(st, 1);
		ret = fn(col, arg);
	}
	return pd_sqlite_read_end(s, st, ret, rc, "read the ballots", diag);
}
