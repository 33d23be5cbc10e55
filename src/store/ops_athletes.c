/* ops_athletes.c -- athletes and teams in the store (event.h): found by
 * their outside id or their name's matching key, made when new (a bulk
 * import's many a statement), and read back. */
#include <string.h>

#include "ops.h"
#include "query.h"

static const char *opt(const char *v)
{
	return v ? v : "";
}

/* by the name's matching key ($1, pd_name_normalise()): one athlete
 * however their name is spelt in case, width, spaces or normal form.
 * SQLite is told the index of names: with no statistics it took the
 * unique index of ext for 'ext IS NULL' and walked every athlete without
 * one, at each result written (17% of a write's samples). */
#define FIND_NAME(indexed) "SELECT id FROM athletes " indexed "WHERE ext IS " \
	"NULL AND name_key = $1 AND npc = $2 ORDER BY id LIMIT 1"
static const struct pd_sql find_name = {
	FIND_NAME("INDEXED BY athletes_by_key "), FIND_NAME(""),
};

/* the athlete's id into *id: 1 found, 0 not, or the error */
static int athlete_find(struct pd_store *s, const struct pd_athlete *a,
			long *id, struct pd_diag *diag)
{
	static const char find_ext[] = "SELECT id FROM athletes WHERE ext = $1";
	struct pd_q q;

	if (a->ext) {
		pd_q_start(&q, s, find_ext, "find an athlete");
		pd_q_text(&q, a->ext);
	} else {
		pd_q_start_sql(&q, s, &find_name, "find an athlete");
		pd_q_text(&q, a->key);
		pd_q_text(&q, a->npc);
	}
	return pd_q_one_long(&q, id, diag);
}

/* an athlete found without a gender takes the one now given (a start
 * list's, after a result that named none): never overwrites one */
static const char fill_gender[] = "UPDATE athletes SET gender = $2 WHERE "
	"id = $1 AND gender = ''";

/* PostgreSQL: found, else made, in one statement (two round trips were
 * two of a new athlete's result write's thirteen: bench/pgbench.sh); the
 * second column says which.  An outside id is unique: two writers of two
 * Games making one athlete at once (their locks are their Games') meet
 * at ON CONFLICT, and the one that did not make it finds it. */
#define FIND_OR_ADD(where) "WITH f AS (SELECT id FROM athletes WHERE " \
	where " ORDER BY id LIMIT 1), i AS (INSERT INTO athletes (ext, name, " \
	"gender, npc, sport_class, guide, name_key) SELECT $1, $2, $3, $4, " \
	"$5, $6, $7 WHERE NOT EXISTS (SELECT 1 FROM f) ON CONFLICT DO " \
	"NOTHING RETURNING id) SELECT id, 1 FROM f UNION ALL SELECT id, 0 " \
	"FROM i"
/* (one text each, so that each keeps its index in a generic plan) */
static const char find_or_add_ext[] = FIND_OR_ADD("ext = $1");
static const char find_or_add_key[] = FIND_OR_ADD("$1::text IS NULL AND "
	"ext IS NULL AND name_key = $7 AND npc = $4");

/* a's columns as $1..$6 (ext, name, gender, npc, sport_class, guide) */
static void bind_columns(struct pd_q *q, const struct pd_athlete *a)
{
	pd_q_text(q, a->ext);
	pd_q_text(q, a->name);
	pd_q_text(q, opt(a->gender));
	pd_q_text(q, a->npc);
	pd_q_text(q, opt(a->sport_class));
	pd_q_text(q, opt(a->guide));
}

/* ... and its name's key as $7, which one with an outside id has not */
static void bind_one(struct pd_q *q, const struct pd_athlete *a)
{
	bind_columns(q, a);
	pd_q_text(q, a->ext ? NULL : a->key);
}

static int found_row(const struct pd_q *q, void *arg)
{
	long *v = arg;

	v[0] = pd_q_long(q, 0);
	v[1] = pd_q_long(q, 1) + 1;	/* 2 found, 1 made */
	return 1;
}

/* 1 found, 0 made, into *id; or the error */
static int pg_find_or_add(struct pd_store *s, const struct pd_athlete *a,
			  long *id, struct pd_diag *diag)
{
	struct pd_q q;
	long v[2] = { 0, 0 };
	int ret;

	pd_q_start(&q, s, a->ext ? find_or_add_ext : find_or_add_key,
		   "write an athlete");
	bind_one(&q, a);
	if ((ret = pd_q_each(&q, found_row, v, diag)) < 0)
		return ret;
	if (!v[1])	/* made by another writer meanwhile: theirs */
		return athlete_find(s, a, id, diag) == 1 ? 1 :
		       pd_diag_set(diag, PD_ESTORE, NULL, 0, "the athlete "
				   "'%s' could be neither found nor made",
				   a->name);
	*id = v[0];
	return v[1] == 2;
}

int pd_db_athlete_ensure(struct pd_store *s, const struct pd_athlete *a,
			 long *id, struct pd_diag *diag)
{
	static const struct pd_sql add = PD_SQL_RETURNING_ID(
		"INSERT INTO athletes (ext, name, gender, npc, sport_class, "
		"guide, name_key) VALUES ($1, $2, $3, $4, $5, $6, $7)");
	struct pd_q q;
	int ret;

	if (pd_q_dialect(s) == PD_DIALECT_PG) {
		if ((ret = pg_find_or_add(s, a, id, diag)) != 1 ||
		    !a->gender || !*a->gender)
			return ret < 0 ? ret : 0;
		pd_q_start(&q, s, fill_gender, "fill in an athlete's gender");
		pd_q_int(&q, *id);
		pd_q_text(&q, a->gender);
		return pd_q_run(&q, NULL, diag);
	}
	if ((ret = athlete_find(s, a, id, diag)) == 1 && a->gender &&
	    *a->gender) {
		pd_q_start(&q, s, fill_gender, "fill in an athlete's gender");
		pd_q_int(&q, *id);
		pd_q_text(&q, a->gender);
		return pd_q_run(&q, NULL, diag);
	}
	if (ret != 0)
		return ret < 0 ? ret : 0;
	pd_q_start_sql(&q, s, &add, "write an athlete");
	bind_one(&q, a);
	return pd_q_insert(&q, id, diag);
}

static void bind_athlete(struct pd_q *q, size_t i, const void *arg)
{
	bind_columns(q, &((const struct pd_athlete *)arg)[i]);
}

/* PD_Q_ROWS athletes with an outside id a statement, for a bulk import's
 * tens of thousands: two statements each (the look-up, then the insert)
 * were a fifth of it.  SQLite's batch is tried only as a whole: an
 * athlete the store already has (or two of one ext in it) breaks a unique
 * key, which backs out that statement alone, and from there each goes
 * through pd_db_athlete_ensure() (which also says which row is bad).  Its
 * new rows' ids are consecutive: without a rowid given, SQLite gives each
 * row the largest rowid + 1 (https://sqlite.org/autoinc.html), so the
 * last one names them all.  PostgreSQL's batch skips the athletes it has
 * (a failed statement would end its transaction) and names the new rows
 * with their ext; the others go through pd_db_athlete_ensure(). */
static struct pd_q_rows add_athletes[2] = {
	{ "INSERT INTO athletes (ext, name, gender, npc, sport_class, guide) "
	  "VALUES ", 6, NULL, { NULL } },
	{ "INSERT INTO athletes (ext, name, gender, npc, sport_class, guide) "
	  "VALUES ", 6, " ON CONFLICT DO NOTHING RETURNING id, ext",
	  { NULL } },
};

/* ids[k] of the new row of v[k] named by q's row (ext, its id), looked
 * for from k = from (the rows come back in the order given): the next
 * row's from */
static int athlete_named(const struct pd_q *q, const struct pd_athlete *v,
			 long *ids, int from)
{
	const char *ext = pd_q_str(q, 1);
	int j, k;

	for (j = 0; j < PD_Q_ROWS; j++) {
		k = (from + j) % PD_Q_ROWS;
		if (!strcmp(v[k].ext, ext)) {
			ids[k] = pd_q_long(q, 0);
			return k + 1;
		}
	}
	return from;
}

/* 1 when v[0..PD_Q_ROWS) are written and ids[] theirs, 0 when some are
 * left to write one by one (ids[] of those 0), < 0 on an error. */
static int athletes_batch(struct pd_store *s, const struct pd_athlete *v,
			  long *ids, struct pd_diag *diag)
{
	int pg = pd_q_dialect(s) == PD_DIALECT_PG, ret, k, from = 0;
	struct pd_q q;

	pd_q_start(&q, s, pd_q_rows_sql(&add_athletes[pg], PD_Q_ROWS),
		   "write an athlete");
	if (!q.sql || pd_q_room(&q, 6 * PD_Q_ROWS) < 0)
		return pd_diag_set(diag, PD_ENOMEM, NULL, 0, "write an "
				   "athlete: out of memory");
	for (k = 0; k < PD_Q_ROWS; k++) {
		ids[k] = 0;
		bind_athlete(&q, (size_t)k, v);
	}
	while ((ret = pd_q_step(&q, diag)) == 1)
		from = athlete_named(&q, v, ids, from);
	if (ret == 0 && !pg && q.changes == PD_Q_ROWS)
		for (k = 0; k < PD_Q_ROWS; k++)
			ids[k] = (long)q.id - PD_Q_ROWS + 1 + k;
	if (ret < 0 && q.broke != PD_BROKE_NONE)
		ret = 0;	/* SQLite's batch, backed out */
	pd_q_end(&q);
	for (k = 0; k < PD_Q_ROWS && ret == 0; k++)
		if (!ids[k])
			break;
	return ret < 0 ? ret : k == PD_Q_ROWS;
}

int pd_db_athletes_ensure(struct pd_store *s, const struct pd_athlete *v,
			  size_t n, long *ids, struct pd_diag *diag)
{
	int batch = 1, ret = 0, k;
	size_t i = 0;

	while (i < n) {
		for (k = 0; batch && n - i >= PD_Q_ROWS && k < PD_Q_ROWS; k++)
			if (!v[i + (size_t)k].ext)
				break;
		if (batch && k == PD_Q_ROWS) {
			if ((ret = athletes_batch(s, &v[i], &ids[i],
						  diag)) < 0)
				return ret;
			/* PostgreSQL's skipped rows, one by one; SQLite's
			 * batch backed out, one by one from here */
			for (k = 0; ret == 0 && k < PD_Q_ROWS; k++)
				if (!ids[i + (size_t)k] &&
				    (ret = pd_db_athlete_ensure(s,
					&v[i + (size_t)k], &ids[i + (size_t)k],
					diag)) < 0)
					return ret;
			batch = pd_q_dialect(s) == PD_DIALECT_PG || ret == 1;
			i += PD_Q_ROWS;
			continue;
		}
		if ((ret = pd_db_athlete_ensure(s, &v[i], &ids[i], diag)) < 0)
			return ret;
		i++;
	}
	return 0;
}

struct members {
	long team;
	const long *v;
};

static void bind_member(struct pd_q *q, size_t i, const void *arg)
{
	const struct members *m = arg;

	pd_q_int(q, m->team);
	pd_q_int(q, m->v[i]);
}

/* the team's members: as results are written, several a statement */
static int members_add(struct pd_store *s, long team, const long *members,
		       size_t n, struct pd_diag *diag)
{
#define ADD(or) "INSERT " or "INTO team_members (team_id, athlete_id) VALUES "
	static struct pd_q_rows add = {
		ADD(""), 2, " ON CONFLICT DO NOTHING", { NULL },
	};
	static struct pd_q_rows add_fail = {
		ADD("OR FAIL "), 2, " ON CONFLICT DO NOTHING", { NULL },
	};
#undef ADD
	struct members m = { team, members };

	return pd_q_insert_rows(s, pd_q_bulk(s, &add, &add_fail), n,
				bind_member, &m, "write a team member", diag);
}

int pd_db_team_ensure(struct pd_store *s, long event, const char *npc,
		      const char *name, const char *key, const long *members,
		      size_t n, long *id, struct pd_diag *diag)
{
	/* a team, as an athlete, by its name's matching key ($3) */
	static const char find[] = "SELECT id FROM teams WHERE event_id = $1 "
		"AND npc = $2 AND name_key = $3 ORDER BY id LIMIT 1";
	static const struct pd_sql add = PD_SQL_RETURNING_ID(
		"INSERT INTO teams (event_id, npc, name_key, name) VALUES ($1, "
		"$2, $3, $4)");
	struct pd_q q;
	int ret, k;

	for (k = 0; k < 2; k++) {
		if (k == 0)
			pd_q_start(&q, s, find, "find a team");
		else
			pd_q_start_sql(&q, s, &add, "write a team");
		pd_q_int(&q, event);
		pd_q_text(&q, npc);
		pd_q_text(&q, key);
		if (k == 0 && (ret = pd_q_one_long(&q, id, diag)) != 0)
			break;
		if (k == 1) {
			pd_q_text(&q, name);
			ret = pd_q_insert(&q, id, diag);
		}
	}
	if (ret < 0)
		return ret;
	return members_add(s, *id, members, n, diag);
}

struct athlete_got {
	char **name, *npc;
	int found;
};

static int athlete_row(const struct pd_q *q, void *arg)
{
	struct athlete_got *g = arg;

	g->found = 1;
	pd_q_copy(g->npc, PD_CODE_MAX, q, 1);
	return (*g->name = pd_q_dup(q, 0)) ? 0 : PD_ENOMEM;
}

int pd_db_athlete_get(struct pd_store *s, long id, char **name, char *npc,
		      struct pd_diag *diag)
{
	static const char sql[] = "SELECT name, npc FROM athletes WHERE "
				  "id = $1";
	struct athlete_got g = { name, npc, 0 };
	struct pd_q q;
	int ret;

	*name = NULL;
	pd_q_start(&q, s, sql, "read an athlete");
	pd_q_int(&q, id);
	if ((ret = pd_q_each(&q, athlete_row, &g, diag)) == 0 && !g.found)
		ret = pd_diag_set(diag, PD_ENOTFOUND, NULL, 0, "no athlete %ld: "
				  "see 'podium athlete NAME'", id);
	return ret;
}
