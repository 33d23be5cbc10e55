/* fuzz_writes.c -- whole write sequences through the app's operations,
 * checked after each against a recount from the stored results.
 *
 * An input is a script, one operation a line, on a fresh SQLite store in
 * a temporary folder:
 *
 *   E{json}    add an event: the body of POST .../events
 *   R<d>{json} results of event d (0-9, of those added): the body of
 *              POST .../events/ID/results, one result or {"results":[..]}
 *   S<d>text   event d's status
 *   A text     the actor of what follows (a token name, a user)
 *   W text     the reason of what follows
 *   T text     add an operator token of that name
 *
 * JSON is parsed as write.c parses it (jansson, duplicate keys refused, the
 * same field names and types) and handed to the same pd_op_* calls; labels
 * reach the store as the CLI's arguments do.  Every event is given the
 * standard policy, whose rule the recount below restates in SQL.
 *
 * After every operation, whatever it returned, the computed table
 * (pd_store_tally: the medals the core derives) must equal an SQL count
 * over the stored results -- official events, results in force, effective
 * ranks 1 to 3 -- and the Games' version must equal its number of audit
 * entries (each change is one).  Any difference aborts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

#include "podium/ops.h"
#include "podium/store.h"
#include "podium/token.h"
#include "fuzz.h"

#define EVENTS_MAX 10
#define RESULTS_MAX 64
#define LINE_MAX_ 4096

/* The results that decide PG2004's medals, event by event: official
 * events, results in force, ranked or with an IRM. */
static const char recount_sql[] =
	"SELECT r.event_id, r.npc, r.rank, r.irm <> '' FROM results r"
	" JOIN events e ON e.id = r.event_id"
	" WHERE r.until IS NULL AND (r.rank > 0 OR r.irm <> '')"
	"  AND e.games = 'PG2004' AND COALESCE((SELECT s.status FROM"
	"  event_status s WHERE s.event_id = e.id AND s.until IS NULL),"
	"  e.status) = 'official'"
	" ORDER BY r.event_id, r.rank";

/* One event's rows, as the rules of src/core/medals.c give the medals,
 * restated: a result in the running (rank > 0, no IRM) moves up one place
 * for each result with an IRM ranked ahead of it; then each IRM without a
 * rank closes one gap in those places that no tie explains (1, 2, DSQ, 4:
 * the 4 takes bronze).  Rows come by rank. */
struct row {
	char npc[8];
	long rank;
	int irm;
};

static void recount_event(const struct row *v, size_t n, struct pd_tally *t)
{
	long er[4096], expected = 1, shift = 0, budget = 0;
	size_t i, j, k;

	for (i = 0; i < n; i++) {
		budget += v[i].irm && v[i].rank == 0;
		er[i] = 0;
		if (v[i].irm || v[i].rank <= 0)
			continue;
		er[i] = v[i].rank;
		for (k = 0; k < n; k++)
			er[i] -= v[k].irm && v[k].rank > 0 &&
				 v[k].rank < v[i].rank;
	}
	/* by rank, so by er too: walk the places in order */
	for (i = 0; i < n; i = j) {
		long place, size = 0;

		if (!er[i]) {
			j = i + 1;
			continue;
		}
		for (j = i; j < n && (!er[j] || er[j] == er[i]); j++)
			size += er[j] != 0;
		place = er[i] - shift;
		if (place > expected && budget) {
			long take = place - expected < budget ?
				    place - expected : budget;

			budget -= take;
			shift += take;
			place -= take;
		}
		for (k = i; k < j && place >= 1 && place <= 3; k++)
			if (er[k] && pd_tally_add(t, v[k].npc,
						  (enum pd_medal)(place - 1),
						  1) < 0)
				abort();
		expected = place + size;
	}
}

struct run {
	char dir[64], path[96];
	struct pd_store *s;
	long events[EVENTS_MAX];
	size_t nevents;
	char actor[LINE_MAX_], reason[LINE_MAX_];
	struct pd_who who;
};

static long medals_of(const struct pd_tally *t, const char *npc, int m)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->rows[i].npc, npc))
			return t->rows[i].medals[m];
	return 0;
}

static long query_long(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	long v = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		abort();
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* The table against the recount, both ways; the version against the log. */
static void check(struct run *u)
{
	struct row rows[4096];
	size_t nrows = 0;
	long event = -1;
	struct pd_tally t, sql;
	struct pd_games g;
	sqlite3 *db;
	sqlite3_stmt *st;
	size_t i;
	int m;

	pd_tally_init(&t);
	pd_tally_init(&sql);
	if (pd_store_tally(u->s, "PG2004", NULL, &t, NULL, NULL) < 0) {
		pd_tally_release(&t);
		return;		/* no Games yet */
	}
	if (sqlite3_open_v2(u->path, &db, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK ||
	    sqlite3_prepare_v2(db, recount_sql, -1, &st, NULL) != SQLITE_OK)
		abort();
	/* event by event */
	for (;;) {
		int more = sqlite3_step(st) == SQLITE_ROW;
		long ev = more ? sqlite3_column_int64(st, 0) : -1;

		if (nrows && (!more || ev != event)) {
			recount_event(rows, nrows, &sql);
			nrows = 0;
		}
		if (!more)
			break;
		event = ev;
		if (nrows == sizeof(rows) / sizeof(*rows))
			abort();
		snprintf(rows[nrows].npc, sizeof(rows[nrows].npc), "%s",
			 (const char *)sqlite3_column_text(st, 1));
		rows[nrows].rank = sqlite3_column_int64(st, 2);
		rows[nrows++].irm = sqlite3_column_int(st, 3);
	}
	sqlite3_finalize(st);
	for (i = 0; i < t.n; i++)
		for (m = 0; m < 3; m++)
			if (t.rows[i].medals[m] !=
			    medals_of(&sql, t.rows[i].npc, m)) {
				fprintf(stderr, "fuzz_writes: %s medal %d: "
					"table %ld, results %ld\n",
					t.rows[i].npc, m, t.rows[i].medals[m],
					medals_of(&sql, t.rows[i].npc, m));
				abort();
			}
	for (i = 0; i < sql.n; i++)
		for (m = 0; m < 3; m++)
			if (sql.rows[i].medals[m] !=
			    medals_of(&t, sql.rows[i].npc, m)) {
				fprintf(stderr, "fuzz_writes: %s medal %d: "
					"results %ld, table %ld\n",
					sql.rows[i].npc, m,
					sql.rows[i].medals[m],
					medals_of(&t, sql.rows[i].npc, m));
				abort();
			}
	if (pd_store_games_get(u->s, "PG2004", &g, NULL) == 0) {
		long n = query_long(db, "SELECT count(*) FROM audit "
				    "WHERE games = 'PG2004'");

		if (n != g.version) {
			fprintf(stderr, "fuzz_writes: version %ld, %ld audit "
				"entries\n", g.version, n);
			abort();
		}
		pd_games_release(&g);
	}
	sqlite3_close(db);
	pd_tally_release(&t);
	pd_tally_release(&sql);
}

/* write.c's reading of a string field: absent or null is def. */
static int str_field(json_t *o, const char *name, const char **out,
		     const char *def)
{
	json_t *v = json_object_get(o, name);

	*out = def;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return -1;
	*out = json_string_value(v);
	return 0;
}

static int int_field(json_t *o, const char *name, long *out, long min,
		     long max)
{
	json_t *v = json_object_get(o, name);

	if (!v || json_is_null(v))
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < min ||
	    json_integer_value(v) > max)
		return -1;
	*out = (long)json_integer_value(v);
	return 0;
}

static void event_add(struct run *u, json_t *b)
{
	struct pd_event_input in;
	json_t *team = json_object_get(b, "team");
	const char *status;
	long id = 0;
	int same;

	memset(&in, 0, sizeof(in));
	if (str_field(b, "sport", &in.sport, NULL) < 0 ||
	    str_field(b, "name", &in.name, NULL) < 0 ||
	    str_field(b, "gender", &in.gender, "") < 0 ||
	    str_field(b, "class", &in.sport_class, NULL) < 0 ||
	    str_field(b, "date", &in.date, NULL) < 0 ||
	    str_field(b, "status", &status, NULL) < 0 ||
	    (team && !json_is_boolean(team)))
		return;
	in.status = status;
	in.team = json_is_true(team);
	in.policy = "standard";		/* the rule the recount restates */
	if (pd_op_event_add(u->s, "PG2004", &in, &same, &u->who, NULL, &id,
			    NULL, NULL) == 0 && !same &&
	    u->nevents < EVENTS_MAX)
		u->events[u->nevents++] = id;
}

static int result_input(json_t *o, struct pd_result_input *in)
{
	json_t *v;

	memset(in, 0, sizeof(*in));
	if (!json_is_object(o) ||
	    int_field(o, "athlete", &in->athlete, 1, 1L << 40) < 0 ||
	    str_field(o, "npc", &in->npc, NULL) < 0 ||
	    str_field(o, "name", &in->name, NULL) < 0 ||
	    str_field(o, "team", &in->team, NULL) < 0 ||
	    int_field(o, "rank", &in->rank, 0, 100000) < 0 ||
	    str_field(o, "mark", &in->mark, "") < 0 ||
	    str_field(o, "irm", &in->irm, "") < 0 ||
	    str_field(o, "records", &in->records, "") < 0)
		return -1;
	if ((v = json_object_get(o, "value")) && json_is_number(v)) {
		in->value = json_number_value(v);
		in->has_value = 1;
	}
	if (!in->athlete && !in->npc)
		return -1;
	if (!in->athlete && !in->name && !in->team)
		return -1;
	return 0;
}

static void results(struct run *u, long event, json_t *b)
{
	struct pd_result_input in[RESULTS_MAX];
	json_t *list = json_object_get(b, "results");
	size_t i, n;

	if (!list) {
		if (result_input(b, &in[0]) == 0)
			pd_op_result_set(u->s, fuzz_registry(), event, &in[0],
					 &u->who, NULL, NULL);
		return;
	}
	if (!json_is_array(list) || (n = json_array_size(list)) > RESULTS_MAX)
		return;
	for (i = 0; i < n; i++)
		if (result_input(json_array_get(list, i), &in[i]) < 0)
			return;
	pd_op_results_replace(u->s, fuzz_registry(), event, in, n, &u->who,
			      NULL, NULL);
}

static void token(struct run *u, const char *name)
{
	unsigned char hash[PD_TOKEN_HASH];
	char text[PD_TOKEN_TEXT];

	if (pd_token_new(text, hash) == 0 &&
	    pd_store_begin(u->s, NULL) == 0) {
		if (pd_store_token_add(u->s, name, PD_ROLE_OPERATOR, hash,
				       NULL) == 0)
			pd_store_commit(u->s, NULL);
		else
			pd_store_rollback(u->s);
	}
}

static void one(struct run *u, const char *line)
{
	json_error_t je;
	json_t *b;
	long ev;

	switch (line[0]) {
	case 'A':
		snprintf(u->actor, sizeof(u->actor), "%s", line + 1);
		return;
	case 'W':
		snprintf(u->reason, sizeof(u->reason), "%s", line + 1);
		return;
	case 'T':
		token(u, line + 1);
		return;
	case 'S':
		if (line[1] >= '0' && line[1] <= '9' &&
		    (size_t)(line[1] - '0') < u->nevents)
			pd_op_event_status(u->s, u->events[line[1] - '0'],
					   line + 2, &u->who, NULL, NULL);
		return;
	case 'E':
	case 'R':
		break;
	default:
		return;
	}
	if (line[0] == 'R' && !(line[1] >= '0' && line[1] <= '9' &&
				(size_t)(line[1] - '0') < u->nevents))
		return;
	ev = line[0] == 'R' ? u->events[line[1] - '0'] : 0;
	b = json_loads(line + (line[0] == 'R' ? 2 : 1),
		       JSON_REJECT_DUPLICATES, &je);
	if (b && json_is_object(b)) {
		json_t *r = json_object_get(b, "reason");

		u->who.reason = r && json_is_string(r) ? json_string_value(r) :
				u->reason;
		if (line[0] == 'E')
			event_add(u, b);
		else
			results(u, ev, b);
		u->who.reason = u->reason;
	}
	json_decref(b);
}

static void cleanup(struct run *u)
{
	static const char *const sides[] = { "", "-wal", "-shm", "-journal" };
	char file[128];
	size_t i;

	pd_store_close(u->s);
	for (i = 0; i < 4; i++) {
		snprintf(file, sizeof(file), "%s%s", u->path, sides[i]);
		unlink(file);
	}
	rmdir(u->dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run u;
	char line[LINE_MAX_];
	size_t i = 0, n;

	memset(&u, 0, sizeof(u));
	snprintf(u.dir, sizeof(u.dir), "/tmp/podium-fuzz-writes-XXXXXX");
	if (!mkdtemp(u.dir))
		abort();
	snprintf(u.path, sizeof(u.path), "%s/podium.db", u.dir);
	if (pd_store_open(&u.s, u.path, fuzz_registry(), NULL) < 0)
		abort();
	snprintf(u.actor, sizeof(u.actor), "fuzz");
	u.who.actor = u.actor;
	u.who.command = "fuzz_writes";
	u.who.reason = u.reason;
	while (i < size) {
		for (n = 0; i + n < size && data[i + n] != '\n'; n++)
			;
		/* a line longer than the buffer is cut: a label too long
		 * is the store's to refuse, and a cut one is another */
		snprintf(line, sizeof(line), "%.*s", (int)n,
			 (const char *)data + i);
		i += n + 1;
		one(&u, line);
		check(&u);
	}
	cleanup(&u);
	return 0;
}
