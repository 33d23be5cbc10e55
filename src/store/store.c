/* store.c -- the store interface: pd_store_open() picks a backend by the
 * address it is given, and every other pd_store_* function checks what it
 * is asked to write and hands it to the backend's table (backend.h).
 * What needs no backend of its own -- the label rules, the tallies and
 * medallists derived from the medals -- lives here once; the operations
 * themselves are written once above the drivers (ops.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "check.h"
#include "ops.h"

/* Which backend an address selects: a postgresql:// or postgres:// URI
 * is a PostgreSQL database (src/store/postgres/); anything else is a
 * SQLite file. */
int pd_store_is_postgres(const char *path)
{
	return !strncmp(path, "postgresql://", 13) ||
	       !strncmp(path, "postgres://", 11);
}

int pd_store_address_check(const char *path, struct pd_diag *diag)
{
	if (*path && strcmp(path, ":memory:"))
		return 0;
	return pd_diag_set(diag, PD_EPARSE, NULL, 0, "'%s' names a database "
			   "that SQLite throws away when podium exits, and "
			   "what is written there with it: give a file (or a "
			   "postgresql:// URI)", path);
}

static int open_as(struct pd_store **out, const char *path,
		   const struct pd_registry *reg, int read,
		   struct pd_diag *diag)
{
	int ret;

	*out = NULL;
	if ((ret = pd_store_address_check(path, diag)) < 0)
		return ret;
	if (pd_store_is_postgres(path))
		return pd_pg_open(out, path, reg, read, diag);
	return pd_sqlite_open(out, path, reg, read, diag);
}

int pd_store_open(struct pd_store **out, const char *path,
		  const struct pd_registry *reg, struct pd_diag *diag)
{
	return open_as(out, path, reg, 0, diag);
}

int pd_store_open_read(struct pd_store **out, const char *path,
		       const struct pd_registry *reg, struct pd_diag *diag)
{
	return open_as(out, path, reg, 1, diag);
}

/* -- transactions, Games, published tables, medals (store.h) */

void pd_store_close(struct pd_store *s)
{
	if (s)
		s->ops->close(s);
}

/* -- what each change touched (pd_store_events_changed) */

/* Past this many events a change is recorded as touching every event:
 * an import writes one row, not one an event. */
#define TOUCH_MAX 64

static void touch_end(struct pd_store *s)
{
	s->touch.version = 0;
}

/* Record that the change under way writes event (0: every event), once
 * an event in a row; outside a change there is nothing to record. */
static int touch(struct pd_store *s, long event, struct pd_diag *diag)
{
	struct pd_touch *t = &s->touch;

	if (!t->version || event == t->last || t->n > TOUCH_MAX)
		return 0;
	if (++t->n > TOUCH_MAX || event == 0) {
		event = 0;
		t->n = TOUCH_MAX + 1;
	}
	t->last = event;
	return pd_db_touch(s, t->games, t->version, event, diag);
}

/* touch(), when the write it follows succeeded */
static int touched(struct pd_store *s, int ret, long event,
		   struct pd_diag *diag)
{
	return ret < 0 ? ret : touch(s, event, diag);
}

int pd_store_events_changed(struct pd_store *s, const char *games,
			    long since, long **ids, size_t *n, long *removed,
			    struct pd_diag *diag)
{
	*ids = NULL;
	*n = 0;
	*removed = 0;
	return pd_db_events_changed(s, games, since, ids, n, removed, diag);
}

int pd_store_medals_of(struct pd_store *s, const struct pd_query *q,
		       const long *ids, size_t n, pd_medal_fn fn, void *arg,
		       struct pd_diag *diag)
{
	return n ? pd_db_medals_of(s, q, ids, n, fn, arg, diag) : 0;
}

int pd_store_begin(struct pd_store *s, struct pd_diag *diag)
{
	int ret;

	touch_end(s);
	/* every write, from every front end, starts here */
	if ((ret = s->ops->here(s, diag)) < 0)
		return ret;
	if (!s->group)
		return s->ops->begin(s, diag);
	if (s->in_savepoint)
		return pd_diag_set(diag, PD_ESTORE, NULL, 0, "a write of the "
				   "group is already open");
	if ((ret = s->ops->savepoint(s, PD_SAVEPOINT_BEGIN, diag)) == 0)
		s->in_savepoint = 1;
	return ret;
}

/* The group's hold on a Games' row (backend.h) forgotten: its writes
 * may no longer know its version, or its sanctions, without asking. */
static void let_go(struct pd_store *s)
{
	s->held[0] = '\0';
	s->held_unsanctioned = 0;
}

int pd_store_group_begin(struct pd_store *s, struct pd_diag *diag)
{
	int ret;

	if ((ret = s->ops->here(s, diag)) < 0 ||
	    (ret = s->ops->begin(s, diag)) < 0)
		return ret;
	s->group = 1;
	s->in_savepoint = 0;
	let_go(s);
	return 0;
}

int pd_store_group_commit(struct pd_store *s, struct pd_diag *diag)
{
	s->group = 0;
	s->in_savepoint = 0;
	let_go(s);
	return s->ops->commit(s, diag);	/* rolls back if it fails */
}

void pd_store_group_rollback(struct pd_store *s)
{
	s->group = 0;
	s->in_savepoint = 0;
	let_go(s);
	s->ops->rollback(s);
}

int pd_store_begin_bulk(struct pd_store *s, struct pd_diag *diag)
{
	int ret;

	if ((ret = s->ops->here(s, diag)) < 0)
		return ret;
	return s->ops->begin_bulk(s, diag);
}

int pd_store_here(struct pd_store *s, struct pd_diag *diag)
{
	return s->ops->here(s, diag);
}

int pd_store_begin_read(struct pd_store *s, struct pd_diag *diag)
{
	/* in a group, reads are the group transaction's */
	return s->group ? 0 : s->ops->begin_read(s, diag);
}

int pd_store_commit(struct pd_store *s, struct pd_diag *diag)
{
	int ret;

	touch_end(s);
	if (!s->group)
		return s->ops->commit(s, diag);
	if (!s->in_savepoint)
		return 0;
	s->in_savepoint = 0;
	if ((ret = s->ops->savepoint(s, PD_SAVEPOINT_RELEASE, diag)) < 0) {
		let_go(s);
		s->ops->savepoint(s, PD_SAVEPOINT_ROLLBACK, NULL);
	}
	return ret;
}

void pd_store_rollback(struct pd_store *s)
{
	touch_end(s);
	if (!s->group) {
		s->ops->rollback(s);
	} else if (s->in_savepoint) {
		/* that write alone; a read's end rolls back nothing;
		 * its version (and the Games' lock, if it took it) is
		 * let go with it */
		s->in_savepoint = 0;
		let_go(s);
		s->ops->savepoint(s, PD_SAVEPOINT_ROLLBACK, NULL);
	}
}

int pd_store_games_put(struct pd_store *s, const struct pd_games *g,
		       struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_check_games(g, diag)) < 0)
		return ret;
	let_go(s);
	return pd_db_games_put(s, g, diag);
}

int pd_store_games_get(struct pd_store *s, const char *code,
		       struct pd_games *out, struct pd_diag *diag)
{
	return pd_db_games_get(s, code, out, diag);
}

int pd_store_games_list(struct pd_store *s, struct pd_games **out, size_t *n,
			struct pd_diag *diag)
{
	return pd_db_games_list(s, out, n, diag);
}

int pd_store_published_put(struct pd_store *s, const char *games,
			   const char *source, const struct pd_published *p,
			   const char *file, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_check_published(source, p, diag)) < 0)
		return ret;
	return pd_db_published_put(s, games, source, p, file, diag);
}

int pd_store_published_get(struct pd_store *s, const char *games,
			   const char *source, struct pd_published *out,
			   struct pd_diag *diag)
{
	return pd_db_published_get(s, games, source, out, diag);
}

int pd_store_published_sources(struct pd_store *s, const char *games,
			       struct pd_strings *out, struct pd_diag *diag)
{
	return pd_db_published_sources(s, games, out, diag);
}

int pd_store_change(struct pd_store *s, const char *games, const char *actor,
		    const char *command, const char *reason, long *version,
		    struct pd_diag *diag)
{
	char shown[2048];
	long v = 0;
	int ret;

	if ((ret = pd_check_change(games, actor, reason, diag)) < 0)
		return ret;
	/* the command line is kept as typed, but never with a byte that
	 * could forge a line of 'podium log' or move a terminal's cursor */
	pd_text_escape(shown, sizeof(shown), command ? command : "");
	touch_end(s);
	if ((ret = pd_db_change(s, games, actor, shown, reason, &v,
				  diag)) < 0)
		return ret;
	if (version)
		*version = v;
	snprintf(s->touch.games, sizeof(s->touch.games), "%s", games);
	s->touch.version = v;
	s->touch.last = -1;
	s->touch.n = 0;
	return 0;
}

int pd_store_event_ensure(struct pd_store *s, const char *games,
			  const char *sport, const char *name,
			  const char *gender, const char *date, int team,
			  long *id, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_check_event(sport, name, gender, date, diag)) < 0)
		return ret;
	ret = pd_db_event_ensure(s, games, sport, name, gender, date, team, id,
				 diag);
	return touched(s, ret, *id, diag);
}

int pd_store_medals_replace(struct pd_store *s, const char *games,
			    const char *source, const struct pd_medal_rec *v,
			    size_t n, struct pd_diag *diag)
{
	size_t i;
	int ret;

	if ((ret = pd_source_check(source, diag)) < 0)
		return ret;
	for (i = 0; i < n; i++)
		if ((ret = pd_check_medal(&v[i], diag)) < 0)
			return ret;
	ret = pd_db_medals_replace(s, games, source, v, n, diag);
	return touched(s, ret, 0, diag);
}

int pd_store_medals(struct pd_store *s, const struct pd_query *q,
		    pd_medal_fn fn, void *arg, struct pd_diag *diag)
{
	return pd_db_medals(s, q, fn, arg, diag);
}

int pd_store_sports(struct pd_store *s, const char *games,
		    struct pd_strings *out, struct pd_diag *diag)
{
	return pd_db_sports(s, games, out, diag);
}

/* -- athletes, teams, events and results (event.h) */

int pd_store_athlete_ensure(struct pd_store *s, const struct pd_athlete *a,
			    long *id, struct pd_diag *diag)
{
	struct pd_athlete k = *a;
	char *key = NULL;
	int ret;

	if ((ret = pd_check_athlete(a, diag)) < 0)
		return ret;
	/* one competitor, one athlete: found by the matching key of the
	 * name (pd_name_normalise: NFKC, case folded, white space folded),
	 * so that no second spelling of one person adds a second athlete */
	if (!a->ext && !(k.key = key = pd_name_normalise(a->name)))
		return PD_ENOMEM;
	ret = pd_db_athlete_ensure(s, &k, id, diag);
	free(key);
	return ret;
}

int pd_store_athletes_ensure(struct pd_store *s, const struct pd_athlete *v,
			     size_t n, long *ids, struct pd_diag *diag)
{
	struct pd_athlete *k;
	size_t i;
	int ret = 0;

	for (i = 0; i < n; i++)
		if ((ret = pd_check_athlete(&v[i], diag)) < 0)
			return ret;
	if (!n)
		return 0;
	if (!(k = calloc(n, sizeof(*k))))
		return PD_ENOMEM;
	for (i = 0; i < n && ret == 0; i++) {
		k[i] = v[i];
		k[i].key = NULL;
		if (!v[i].ext && !(k[i].key = pd_name_normalise(v[i].name)))
			ret = PD_ENOMEM;
	}
	if (ret == 0)
		ret = pd_db_athletes_ensure(s, k, n, ids, diag);
	for (i = 0; i < n; i++)
		free((char *)k[i].key);
	free(k);
	return ret;
}

int pd_store_athlete_get(struct pd_store *s, long id, char **name, char *npc,
			 struct pd_diag *diag)
{
	return pd_db_athlete_get(s, id, name, npc, diag);
}

int pd_store_team_ensure(struct pd_store *s, long event, const char *npc,
			 const char *name, const long *members, size_t n,
			 long *id, struct pd_diag *diag)
{
	int ret;

	char *key;

	if ((ret = pd_person_check("team name", name, diag)) < 0)
		return ret;
	if (!(key = pd_name_normalise(name)))
		return PD_ENOMEM;
	ret = pd_db_team_ensure(s, event, npc, name, key, members, n, id,
				diag);
	free(key);
	return touched(s, ret, event, diag);
}

int pd_store_result_add(struct pd_store *s, const struct pd_result_rec *r,
			struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_check_result(r, diag)) < 0)
		return ret;
	ret = pd_db_result_add(s, r, diag);
	return touched(s, ret, r->event_id, diag);
}

int pd_store_results_add(struct pd_store *s, const struct pd_result_rec *v,
			 size_t n, struct pd_diag *diag)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++)
		if ((ret = pd_check_result(&v[i], diag)) < 0)
			return ret;
	ret = n ? pd_db_results_add(s, v, n, diag) : 0;
	for (i = 0; i < n && ret == 0; i++)
		ret = touch(s, v[i].event_id, diag);
	return ret;
}

int pd_store_results_close(struct pd_store *s, long event, long athlete,
			   long team, size_t *closed, struct pd_diag *diag)
{
	int ret = pd_db_results_close(s, event, athlete, team, closed, diag);

	return touched(s, ret, event, diag);
}

int pd_store_event_get(struct pd_store *s, long id, struct pd_event_info *out,
		       struct pd_diag *diag)
{
	return pd_db_event_get(s, id, out, diag);
}

int pd_store_event_status(struct pd_store *s, long id, const char *status,
			  struct pd_diag *diag)
{
	return touched(s, pd_db_event_status(s, id, status, diag), id, diag);
}

int pd_store_event_update(struct pd_store *s, long id, const char *policy,
			  const char *sport_class, int team,
			  struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_name_check("sport class", sport_class, PD_NAME_MAX, 1,
				 diag)) < 0)
		return ret;
	ret = pd_db_event_update(s, id, policy, sport_class, team, diag);
	return touched(s, ret, id, diag);
}

int pd_store_events(struct pd_store *s, const char *games, const char *sport,
		    pd_event_fn fn, void *arg, struct pd_diag *diag)
{
	return pd_db_events(s, games, sport, fn, arg, diag);
}

int pd_store_event_results(struct pd_store *s, long event, long as_of,
			   pd_result_fn fn, void *arg, struct pd_diag *diag)
{
	return pd_db_event_results(s, event, as_of, fn, arg, diag);
}

/* -- the audit log and sanctions (audit.h) */

int pd_store_log(struct pd_store *s, const char *games, long since,
		 pd_audit_fn fn, void *arg, struct pd_diag *diag)
{
	return pd_db_log(s, games, since, fn, arg, diag);
}

int pd_store_version_at(struct pd_store *s, const char *games,
			const char *when, long *version, struct pd_diag *diag)
{
	return pd_db_version_at(s, games, when, version, diag);
}

int pd_store_sanction_add(struct pd_store *s, const char *games, long athlete,
			  enum pd_sanction_mode mode, const char *reason,
			  const long *events, size_t n, long *id,
			  struct pd_diag *diag)
{
	int ret;

	if (n == 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a sanction needs "
				   "at least one event");
	if ((ret = pd_name_check("reason", reason, PD_TEXT_MAX, 0, diag)) < 0)
		return ret;
	s->held_unsanctioned = 0;
	ret = pd_db_sanction_add(s, games, athlete, mode, reason, events, n,
				   id, diag);
	for (size_t i = 0; i < n && ret == 0; i++)
		ret = touch(s, events[i], diag);
	return ret;
}

int pd_store_sanction_lift(struct pd_store *s, const char *games, long id,
			   struct pd_diag *diag)
{
	/* its events are the sanction's: every event, for a rare write */
	s->held_unsanctioned = 0;
	return touched(s, pd_db_sanction_lift(s, games, id, diag), 0, diag);
}

struct counted {
	pd_sanction_fn fn;
	void *arg;
	size_t n;
};

static int count_sanction(const struct pd_sanction_info *si, void *arg)
{
	struct counted *c = arg;

	c->n++;
	return c->fn(si, c->arg);
}

/* Each result write reads its Games' sanctions, mostly none.  In a group
 * that holds the Games' row (a write of it done), none found once is none
 * until the group's own sanction writes: any other write of the Games
 * waits for the group's commit.  On PostgreSQL a round trip less a
 * write after the group's first. */
int pd_store_sanctions(struct pd_store *s, const char *games,
		       pd_sanction_fn fn, void *arg, struct pd_diag *diag)
{
	struct counted c = { fn, arg, 0 };
	int held = s->group && !strcmp(s->held, games), ret;

	if (held && s->held_unsanctioned)
		return 0;
	ret = pd_db_sanctions(s, games, count_sanction, &c, diag);
	s->held_unsanctioned = held && ret == 0 && c.n == 0;
	return ret;
}

int pd_store_sanction_games(struct pd_store *s, long id, char *games,
			    size_t size, struct pd_diag *diag)
{
	return pd_db_sanction_games(s, id, games, size, diag);
}

/* -- tokens (token.h) */

int pd_store_token_add(struct pd_store *s, const char *name, enum pd_role role,
		       const unsigned char hash[PD_TOKEN_HASH],
		       struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_ident_check("token name", name, diag)) < 0)
		return ret;
	if (strlen(name) >= PD_TOKEN_NAME)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a token's name "
				   "is 1 to %d bytes", PD_TOKEN_NAME - 1);
	if (role == PD_ROLE_NONE)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a token's role "
				   "is operator or admin");
	return pd_db_token_add(s, name, role, hash, diag);
}

int pd_store_token_revoke(struct pd_store *s, const char *name,
			  struct pd_diag *diag)
{
	return pd_db_token_revoke(s, name, diag);
}

int pd_store_tokens(struct pd_store *s, int all, pd_token_fn fn, void *arg,
		    struct pd_diag *diag)
{
	return pd_db_tokens(s, all, fn, arg, diag);
}

/* -- figures (stats.h) */

static long num(const char *s)
{
	return s ? strtol(s, NULL, 10) : 0;
}

static int read_results(const char *const *c, void *arg)
{
	struct pd_games_stats *g = arg;

	g->results = num(c[0]);
	g->participation_known = num(c[1]) > 0;
	g->entries = num(c[2]);
	g->events_entered = num(c[3]);
	return 0;
}

static int read_athletes(const char *const *c, void *arg)
{
	struct pd_games_stats *g = arg;

	g->athletes = num(c[0]);
	g->women = num(c[1]);
	g->men = num(c[2]);
	g->gender_unknown = g->athletes - g->women - g->men;
	g->npcs = num(c[3]);
	return 0;
}

static int read_sport(const char *const *c, void *arg)
{
	struct pd_games_stats *g = arg;

	g->events += num(c[1]);
	return pd_counts_add(&g->sports, c[0] ? c[0] : "", 0, num(c[1]));
}

static int read_records(const char *const *c, void *arg)
{
	struct pd_games_stats *g = arg;
	int ret;

	ret = pd_counts_add_records(&g->record_types, c[0] ? c[0] : "");
	g->records += ret > 0;
	return ret < 0 ? ret : 0;
}

static int read_sanctions(const char *const *c, void *arg)
{
	struct pd_games_stats *g = arg;
	long n = num(c[1]);

	g->sanctions += n;
	if (c[0] && !strcmp(c[0], "vacate"))
		g->sanctions_vacate += n;
	else
		g->sanctions_reallocate += n;
	return 0;
}

/* A Games' figures: who took part (from the backend's counts), and every
 * medal figure from the medals derived, never from ranks in SQL. */
int pd_store_games_stats(struct pd_store *s, const char *games,
			 struct pd_games_stats *st, struct pd_diag *diag)
{
	static const pd_row_fn readers[] = {
		[PD_FIGURE_RESULTS] = read_results,
		[PD_FIGURE_ATHLETES] = read_athletes,
		[PD_FIGURE_SPORTS] = read_sport,
		[PD_FIGURE_RECORDS] = read_records,
		[PD_FIGURE_SANCTIONS] = read_sanctions,
	};
	struct pd_games info;
	struct pd_tally t;
	int ret = 0, k;

	memset(st, 0, sizeof(*st));
	pd_tally_init(&t);
	if ((ret = pd_db_games_get(s, games, &info, diag)) < 0)
		return ret;
	pd_games_release(&info);
	for (k = 0; k <= PD_FIGURE_SANCTIONS && ret == 0; k++)
		ret = pd_db_figures(s, games, (enum pd_figure)k, readers[k],
				      st, diag);
	/* a start list for every event tells who took part, medal or not */
	if (st->events && st->events_entered == st->events)
		st->participation_known = 1;
	if (ret == 0 && (ret = pd_store_tally(s, games, NULL, &t, NULL,
					      diag)) == 0) {
		pd_counts_sort(&st->record_types);
		pd_games_stats_tally(st, &t);
	}
	pd_tally_release(&t);
	if (ret < 0)
		pd_games_stats_release(st);
	return ret;
}

struct credit_walk {
	struct pd_member *members;
	size_t nmembers, alloc;
	const struct pd_registry *reg;
	pd_credit_fn fn;
	void *arg;
};

/* Medal lists print a relay or a team sport's winner as its country;
 * such a name is the event's team, not a person. */
static int named_for_npc(const struct pd_registry *reg,
			 const struct pd_medal_out *m)
{
	const struct pd_npc *npc;

	if (!reg || m->athlete_id || m->team_id || !*m->name)
		return 0;
	npc = pd_registry_find(reg, m->name);
	return npc && !strcmp(npc->code, m->npc);
}

static int read_member(const char *const *c, void *arg)
{
	struct credit_walk *w = arg;
	struct pd_member *p;

	if (w->nmembers == w->alloc) {
		size_t na = w->alloc ? w->alloc * 2 : 32;

		if (!(p = realloc(w->members, na * sizeof(*p))))
			return PD_ENOMEM;
		w->members = p;
		w->alloc = na;
	}
	p = &w->members[w->nmembers];
	memset(p, 0, sizeof(*p));
	p->team_id = num(c[0]);
	p->athlete_id = num(c[1]);
	snprintf(p->npc, sizeof(p->npc), "%s", c[3] ? c[3] : "");
	if (!(p->name = strdup(c[2] ? c[2] : "")))
		return PD_ENOMEM;
	w->nmembers++;
	return 0;
}

static int credit_one(const struct pd_medal_out *m, void *arg)
{
	struct credit_walk *w = arg;

	return pd_credit_medal(m, w->members, w->nmembers,
			       named_for_npc(w->reg, m), w->fn, w->arg);
}

/* Who each medal is credited to: the backend's medals and team members,
 * the rule of src/core (pd_credit_medal). */
int pd_store_credits(struct pd_store *s, const struct pd_query *q,
		     const struct pd_registry *reg, pd_credit_fn fn,
		     void *arg, struct pd_diag *diag)
{
	struct credit_walk w = { .reg = reg, .fn = fn, .arg = arg };
	int ret;

	if ((ret = pd_db_figures(s, q->games, PD_FIGURE_MEMBERS, read_member,
				   &w, diag)) == 0)
		ret = pd_db_medals(s, q, credit_one, &w, diag);
	for (size_t i = 0; i < w.nmembers; i++)
		free(w.members[i].name);
	free(w.members);
	return ret;
}

int pd_store_athletes(struct pd_store *s, const char *games, pd_athlete_fn fn,
		      void *arg, struct pd_diag *diag)
{
	return pd_db_athletes(s, games, fn, arg, diag);
}

int pd_store_athlete_kin(struct pd_store *s, long id, pd_athlete_fn fn,
			 void *arg, struct pd_diag *diag)
{
	return pd_db_athlete_kin(s, id, fn, arg, diag);
}

int pd_store_athlete_games(struct pd_store *s, long id, pd_games_code_fn fn,
			   void *arg, struct pd_diag *diag)
{
	return pd_db_athlete_games(s, id, fn, arg, diag);
}

/* In the order of the foreign keys of migration 1 and on: a new table
 * goes here too (the contract suite checks that every table of a new
 * store is in this list). */
const char *const pd_store_tables[] = {
	"meta", "games", "npcs", "sports", "events", "event_status",
	"athletes", "teams", "team_members", "results", "sanctions",
	"sanction_events", "audit", "published", "published_rows", "tokens",
	"records",
	"facts", "elections", "candidates", "electorate", "ballots",
	"matches", "doping_cases",
	"games_removed", "entries", "audit_events", "sealed_ballots",
	"units", "unit_results", "unit_teams", NULL,
};

static int known_table(const char *table, struct pd_diag *diag)
{
	size_t i;

	for (i = 0; pd_store_tables[i]; i++)
		if (!strcmp(pd_store_tables[i], table))
			return 0;
	return pd_diag_set(diag, PD_EINVAL, NULL, 0, "no table '%s' in the "
			   "store", table);
}

int pd_store_table_rows(struct pd_store *s, const char *table, char **cols,
			pd_store_row_fn fn, void *arg, struct pd_diag *diag)
{
	int ret;

	if (cols)
		*cols = NULL;
	if ((ret = known_table(table, diag)) < 0)
		return ret;
	return s->ops->table_rows(s, table, cols, fn, arg, diag);
}

int pd_store_table_insert(struct pd_store *s, const char *table,
			  const char *cols, const char *const *col, int n,
			  struct pd_diag *diag)
{
	int ret;

	if ((ret = known_table(table, diag)) < 0)
		return ret;
	return s->ops->table_insert(s, table, cols, col, n, diag);
}

int pd_store_table_done(struct pd_store *s, struct pd_diag *diag)
{
	return s->ops->table_done(s, diag);
}

int pd_store_wait_change(struct pd_store *s, int timeout_ms,
			 struct pd_diag *diag)
{
	return s->ops->wait_change(s, timeout_ms < 0 ? 0 : timeout_ms, diag);
}

/* -- derived from the backend's medals and credits */

struct tally_arg {
	struct pd_tally *t;
	size_t n;
};

static int count_medal(const struct pd_medal_out *m, void *arg)
{
	struct tally_arg *a = arg;

	a->n++;
	return pd_tally_add(a->t, m->npc, m->medal, 1);
}

int pd_store_tally_q(struct pd_store *s, const struct pd_query *q,
		     struct pd_tally *t, size_t *nmedals,
		     struct pd_diag *diag)
{
	struct tally_arg a = { t, 0 };
	int ret = pd_store_medals(s, q, count_medal, &a, diag);

	if (nmedals)
		*nmedals = a.n;
	return ret;
}

int pd_store_tally(struct pd_store *s, const char *games, const char *sport,
		   struct pd_tally *t, size_t *nmedals, struct pd_diag *diag)
{
	struct pd_query q = { games, sport, 0, 0 };

	return pd_store_tally_q(s, &q, t, nmedals, diag);
}

static int add_credit(const struct pd_credit *c, const struct pd_medal_out *m,
		      void *arg)
{
	(void)m;
	return pd_medallists_credit(arg, c);
}

int pd_store_medallists(struct pd_store *s, const struct pd_query *q,
			const struct pd_registry *reg,
			struct pd_medallists *out, struct pd_diag *diag)
{
	int ret;

	pd_medallists_init(out);
	if ((ret = pd_store_credits(s, q, reg, add_credit, out, diag)) < 0) {
		pd_medallists_release(out);
		return ret;
	}
	pd_medallists_rank(out);
	return 0;
}

/* -- records (record.h) */

int pd_store_record_add(struct pd_store *s, const struct pd_record *r,
			long *id, struct pd_diag *diag)
{
	long dummy;
	int ret;

	if ((ret = pd_ident_check("record kind", r->kind, diag)) < 0 ||
	    (ret = pd_name_check("sport", r->sport, 200, 0, diag)) < 0 ||
	    (ret = pd_name_check("event", r->event, 200, 0, diag)) < 0 ||
	    (ret = pd_name_check("gender", r->gender, 8, 1, diag)) < 0 ||
	    (ret = pd_name_check("sport class", r->sport_class, 32, 1,
				 diag)) < 0 ||
	    (ret = pd_name_check("mark", r->mark, 64, 0, diag)) < 0 ||
	    (ret = pd_name_check("holder", r->holder, 200, 0, diag)) < 0 ||
	    (ret = pd_name_check("date", r->date, 32, 1, diag)) < 0 ||
	    (ret = pd_name_check("games", r->games, PD_GAMES_CODE - 1, 1,
				 diag)) < 0 ||
	    (ret = pd_ident_check("NPC", r->npc, diag)) < 0)
		return ret;
	if (r->value != r->value)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a record's value "
				   "is a number");
	return pd_db_record_add(s, r, id ? id : &dummy, diag);
}

int pd_store_records(struct pd_store *s, const char *sport, pd_record_fn fn,
		     void *arg, struct pd_diag *diag)
{
	return pd_db_records(s, sport, fn, arg, diag);
}

/* -- facts (store_report.h) */

int pd_store_fact_add(struct pd_store *s, const struct pd_fact *f, long *id,
		      struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_fact_check(f, NULL, 0, diag)) < 0)
		return ret;
	return pd_db_fact_add(s, f, id, diag);
}

int pd_store_facts_replace(struct pd_store *s, const char *games,
			   const char *source, const struct pd_facts *l,
			   struct pd_diag *diag)
{
	size_t i;
	int ret;

	if ((ret = pd_ident_check("Games code", games, diag)) < 0 ||
	    (ret = pd_ident_check("fact source", source, diag)) < 0)
		return ret;
	for (i = 0; i < l->n; i++) {
		if ((ret = pd_fact_check(&l->v[i], NULL, 0, diag)) < 0)
			return ret;
		if (strcmp(l->v[i].games, games) ||
		    strcmp(l->v[i].source, source))
			return pd_diag_set(diag, PD_EINVAL, NULL, 0, "fact "
					   "%zu is %s@%s, not %s@%s", i + 1,
					   l->v[i].games, l->v[i].source,
					   games, source);
	}
	return pd_db_facts_replace(s, games, source, l, diag);
}

int pd_store_facts(struct pd_store *s, const char *games, pd_fact_fn fn,
		   void *arg, struct pd_diag *diag)
{
	return pd_db_facts(s, games, fn, arg, diag);
}

/* -- elections (store_report.h) */

int pd_store_election_add(struct pd_store *s, const struct pd_election *e,
			  long *id, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_election_check(e, diag)) < 0)
		return ret;
	return pd_db_election_add(s, e, id, diag);
}

int pd_store_elections(struct pd_store *s, const char *games,
		       pd_election_fn fn, void *arg, struct pd_diag *diag)
{
	return pd_db_elections(s, games, fn, arg, diag);
}

int pd_store_election_status(struct pd_store *s, long election,
			     const char *status, struct pd_diag *diag)
{
	if (strcmp(status, "open") && strcmp(status, "closed") &&
	    strcmp(status, "published"))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "election status "
				   "'%s' is not open, closed or published",
				   status);
	return pd_db_election_status(s, election, status, diag);
}

int pd_store_candidate_add(struct pd_store *s, const struct pd_candidate *c,
			   long *id, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_person_check("candidate name", c->name, diag)) < 0 ||
	    (ret = pd_name_check("candidate's Chinese name", c->name_zh,
				 PD_NAME_MAX, 1, diag)) < 0 ||
	    (ret = pd_name_check("candidate's sport", c->sport, PD_NAME_MAX, 1,
				 diag)) < 0 ||
	    (ret = pd_ident_check("candidate's NPC", c->npc, diag)) < 0)
		return ret;
	return pd_db_candidate_add(s, c, id, diag);
}

int pd_store_candidates(struct pd_store *s, long election, pd_candidate_fn fn,
			void *arg, struct pd_diag *diag)
{
	return pd_db_candidates(s, election, fn, arg, diag);
}

int pd_store_elector_add(struct pd_store *s, long election, long athlete,
			 struct pd_diag *diag)
{
	return pd_db_elector_add(s, election, athlete, diag);
}

int pd_store_electorate(struct pd_store *s, long election, long *electors,
			long *voted, struct pd_diag *diag)
{
	return pd_db_electorate(s, election, electors, voted, diag);
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

int pd_store_vote(struct pd_store *s, long election, long athlete,
		  const char *box, struct pd_diag *diag)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
				  "qrstuvwxyz0123456789+/=";
	size_t n = box ? strlen(box) : 0;

	if (n == 0 || n >= PD_BALLOT_BOX || strspn(box, b64) != n)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a sealed ballot "
				   "is 1 to %d bytes of base64",
				   PD_BALLOT_BOX - 1);
	return pd_db_vote(s, election, athlete, box, diag);
}

struct sealed_walk {
	pd_sealed_fn fn;
	void *arg;
};

static int sealed_row(const char *const *col, void *arg)
{
	struct sealed_walk *w = arg;

	return w->fn(col[0], w->arg);
}

int pd_store_sealed(struct pd_store *s, long election, pd_sealed_fn fn,
		    void *arg, struct pd_diag *diag)
{
	struct sealed_walk w = { fn, arg };

	return pd_db_sealed(s, election, sealed_row, &w, diag);
}

int pd_store_sealed_clear(struct pd_store *s, long election,
			  struct pd_diag *diag)
{
	return pd_db_sealed_clear(s, election, diag);
}

int pd_store_ballot_add(struct pd_store *s, long election,
			const char *ballot_id, const long *choices, size_t n,
			struct pd_diag *diag)
{
	long v[PD_ELECTION_CHOICES];
	char text[PD_BALLOT_TEXT];
	size_t i, len = 0;

	if (strlen(ballot_id) != PD_BALLOT_ID - 1 ||
	    strspn(ballot_id, "0123456789abcdef") != PD_BALLOT_ID - 1)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a ballot id is "
				   "%d hexadecimal digits", PD_BALLOT_ID - 1);
	if (n < 1 || n > PD_ELECTION_CHOICES)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a ballot marks 1 "
				   "to %d candidates", PD_ELECTION_CHOICES);
	memcpy(v, choices, n * sizeof(*v));
	qsort(v, n, sizeof(*v), cmp_long);
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					i ? ",%ld" : "%ld", v[i]);
	return pd_db_ballot_add(s, election, ballot_id, text, diag);
}

struct ballot_walk {
	pd_ballot_fn fn;
	void *arg;
};

static int ballot_row(const char *const *col, void *arg)
{
	struct ballot_walk *w = arg;
	long v[PD_ELECTION_CHOICES];
	const char *p = col[1];
	char *end;
	size_t n = 0;

	while (p && *p && n < PD_ELECTION_CHOICES) {
		v[n++] = strtol(p, &end, 10);
		p = *end == ',' ? end + 1 : end;
	}
	return w->fn(col[0], v, n, w->arg);
}

int pd_store_ballots(struct pd_store *s, long election, pd_ballot_fn fn,
		     void *arg, struct pd_diag *diag)
{
	struct ballot_walk w = { fn, arg };

	return pd_db_ballots(s, election, ballot_row, &w, diag);
}

/* -- matches (store_report.h) */

int pd_store_matches_replace(struct pd_store *s, long event,
			     const char *source, const struct pd_matches *l,
			     struct pd_diag *diag)
{
	size_t i;
	int ret;

	if ((ret = pd_source_check(source, diag)) < 0)
		return ret;
	for (i = 0; i < l->n; i++)
		if ((ret = pd_match_check(&l->v[i], NULL, 0, diag)) < 0)
			return ret;
	return pd_db_matches_replace(s, event, source, l, diag);
}

int pd_store_matches(struct pd_store *s, long event, pd_match_fn fn,
		     void *arg, struct pd_diag *diag)
{
	return pd_db_matches(s, event, fn, arg, diag);
}

/* -- anti-doping cases (store_report.h) */

int pd_store_doping_add(struct pd_store *s, const struct pd_doping_case *c,
			long *id, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_doping_check(c, diag)) < 0)
		return ret;
	return pd_db_doping_add(s, c, id, diag);
}

int pd_store_doping_cases(struct pd_store *s, const char *games,
			  pd_doping_fn fn, void *arg, struct pd_diag *diag)
{
	return pd_db_doping_cases(s, games, fn, arg, diag);
}

int pd_store_event_order(struct pd_store *s, long id, const char *order,
			 struct pd_diag *diag)
{
	if (!order || (*order && strcmp(order, "asc") && strcmp(order, "desc")))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "order '%s': use "
				   "asc (lower is better), desc (higher is "
				   "better) or none", order ? order : "");
	return touched(s, pd_db_event_order(s, id, order, diag), id, diag);
}

int pd_store_change_note(struct pd_store *s, const char *games, long version,
			 const char *changes, struct pd_diag *diag)
{
	return pd_db_change_note(s, games, version, changes ? changes : "",
				   diag);
}

int pd_store_games_remove(struct pd_store *s, const char *code,
			  const char *actor, const char *command,
			  const char *reason, struct pd_diag *diag)
{
	let_go(s);
	return pd_db_games_remove(s, code, actor ? actor : "",
				    command ? command : "",
				    reason ? reason : "", diag);
}

int pd_store_published_remove(struct pd_store *s, const char *games,
			      const char *source, struct pd_diag *diag)
{
	return pd_db_published_remove(s, games, source, diag);
}

int pd_store_result_sources(struct pd_store *s, const char *games,
			    pd_source_fn fn, void *arg, struct pd_diag *diag)
{
	return pd_db_result_sources(s, games, 0, fn, arg, diag);
}

int pd_store_event_sources(struct pd_store *s, long event, pd_source_fn fn,
			   void *arg, struct pd_diag *diag)
{
	return pd_db_result_sources(s, "", event, fn, arg, diag);
}

int pd_store_games_removed(struct pd_store *s, pd_audit_fn fn, void *arg,
			   struct pd_diag *diag)
{
	return pd_db_games_removed(s, fn, arg, diag);
}

/* -- start lists (event.h) and who took part (stats.h) */

int pd_store_entries_replace(struct pd_store *s, long event,
			     const char *source, const long *athletes,
			     size_t n, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_source_check(source, diag)) < 0)
		return ret;
	return pd_db_entries_replace(s, event, source, athletes, n, diag);
}

struct entry_walk {
	long event;
	pd_entry_fn fn;
	void *arg;
};

static int entry_row(const char *const *c, void *arg)
{
	struct entry_walk *w = arg;
	struct pd_entry e;

	e.event = num(c[0]);
	if (w->event && e.event != w->event)
		return 0;
	e.sport = c[1] ? c[1] : "";
	e.event_name = c[2] ? c[2] : "";
	e.event_gender = c[3] ? c[3] : "";
	e.athlete = num(c[4]);
	e.name = c[5] ? c[5] : "";
	e.npc = c[6] ? c[6] : "";
	e.gender = c[7] ? c[7] : "";
	e.has_result = num(c[8]) != 0;
	return w->fn(&e, w->arg);
}

int pd_store_entries(struct pd_store *s, const char *games, long event,
		     pd_entry_fn fn, void *arg, struct pd_diag *diag)
{
	struct entry_walk w = { event, fn, arg };

	return pd_db_figures(s, games, PD_FIGURE_ENTRIES, entry_row, &w,
			       diag);
}

void pd_participation_release(struct pd_participation *p)
{
	pd_counts_release(&p->by_npc);
	pd_counts_release(&p->by_sport);
	pd_strings_release(&p->first_npcs);
	memset(p, 0, sizeof(*p));
}

static int read_part(const char *const *c, void *arg)
{
	struct pd_participation *p = arg;
	struct pd_counts *to = c[0] && !strcmp(c[0], "npc") ? &p->by_npc :
			       &p->by_sport;
	const char *key = c[1] ? c[1] : "";
	int ret, k;

	for (k = 0; k < 3; k++)
		if ((ret = pd_counts_add(to, key, k, num(c[2 + k]))) < 0)
			return ret;
	return 0;
}

static int read_first(const char *const *c, void *arg)
{
	struct pd_participation *p = arg;

	p->prior = num(c[2]);
	if (num(c[1]) || !p->prior)
		return 0;
	p->first_time++;
	return pd_strings_add(&p->first_npcs, c[0] ? c[0] : "");
}

int pd_store_participation(struct pd_store *s, const char *games,
			   struct pd_participation *p, struct pd_diag *diag)
{
	struct pd_games_stats st;
	int ret;

	memset(p, 0, sizeof(*p));
	pd_strings_init(&p->first_npcs);
	if ((ret = pd_store_games_stats(s, games, &st, diag)) < 0)
		return ret;
	p->known = st.participation_known;
	p->athletes = st.athletes;
	p->women = st.women;
	p->men = st.men;
	p->npcs = st.npcs;
	p->entries = st.entries;
	p->events_entered = st.events_entered;
	p->events = st.events;
	pd_games_stats_release(&st);
	if ((ret = pd_db_figures(s, games, PD_FIGURE_PARTICIPANTS,
				   read_part, p, diag)) < 0 ||
	    (ret = pd_db_figures(s, games, PD_FIGURE_FIRST_GAMES,
				   read_first, p, diag)) < 0)
		pd_participation_release(p);
	return ret;
}

/* -- a connection's memory (store.h) */

int pd_store_cache_limit(struct pd_store *s, long kib, struct pd_diag *diag)
{
	if (kib < 1)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a cache limit "
				   "of %ld KiB: it must be at least 1", kib);
	return s->ops->cache_limit(s, kib, diag);
}

/* -- a Games' units (store_units.h) */

static int unit_check(const struct pd_unit_rec *u, struct pd_diag *diag)
{
	int ret;

	if (!u->rsc || strlen(u->rsc) != 34)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "results code "
				   "'%s' is not 34 characters", u->rsc ?
				   u->rsc : "");
	if ((ret = pd_name_check("discipline", u->discipline, 200, 0,
				 diag)) < 0 ||
	    (ret = pd_name_check("event", u->event, 200, 1, diag)) < 0 ||
	    (ret = pd_name_check("unit", u->phase, 200, 1, diag)) < 0 ||
	    (ret = pd_name_check("venue", u->venue, 200, 1, diag)) < 0)
		return ret;
	return 0;
}

static int unit_result_check(const struct pd_unit_result_rec *r,
			     struct pd_diag *diag)
{
	int ret;

	if (!r->rsc || strlen(r->rsc) != 34)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "results code "
				   "'%s' is not 34 characters", r->rsc ?
				   r->rsc : "");
	if ((ret = pd_ident_check("NPC", r->npc, diag)) < 0 ||
	    (ret = pd_name_check("participant", r->name, 200, 1, diag)) < 0)
		return ret;
	return r->rank < 0 ? pd_diag_set(diag, PD_EINVAL, NULL, 0, "a rank "
					 "is 0 or more") : 0;
}

int pd_store_units_replace(struct pd_store *s, const char *games,
			   const struct pd_units_put *u,
			   struct pd_diag *diag)
{
	size_t i;
	int ret;

	for (i = 0; i < u->nunits; i++)
		if ((ret = unit_check(&u->units[i], diag)) < 0)
			return ret;
	for (i = 0; i < u->nresults; i++)
		if ((ret = unit_result_check(&u->results[i], diag)) < 0)
			return ret;
	for (i = 0; i < u->nteams; i++)
		if ((ret = pd_ident_check("NPC", u->teams[i].npc, diag)) < 0 ||
		    (ret = pd_name_check("team", u->teams[i].name, 200, 0,
					 diag)) < 0)
			return ret;
	return pd_db_units_replace(s, games, u, diag);
}

int pd_store_units(struct pd_store *s, const struct pd_unit_query *q,
		   pd_unit_fn fn, void *arg, struct pd_diag *diag)
{
	return pd_db_units(s, q, fn, arg, diag);
}

int pd_store_unit_results(struct pd_store *s, const char *games,
			  const char *prefix, pd_unit_result_fn fn,
			  void *arg, struct pd_diag *diag)
{
	return pd_db_unit_results(s, games, prefix ? prefix : "", fn, arg,
				  diag);
}

/* -- a unit as it runs (store_units.h) */

static int start_row_check(const struct pd_unit_result_rec *v, size_t n,
			   size_t i, struct pd_diag *diag)
{
	size_t j;
	int ret;

	if (!v[i].participant || !*v[i].participant)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "start list row "
				   "%zu: no participant code", i + 1);
	if ((ret = pd_ident_check("NPC", v[i].npc, diag)) < 0 ||
	    (ret = pd_name_check("participant", v[i].name, 200, 0,
				 diag)) < 0)
		return ret;
	if (v[i].start_order < 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "start list row "
				   "%zu: an order is 0 or more", i + 1);
	for (j = 0; j < i; j++)
		if (!strcmp(v[j].participant, v[i].participant))
			return pd_diag_set(diag, PD_EINVAL, NULL, 0, "start "
					   "list rows %zu and %zu both name "
					   "%s", j + 1, i + 1,
					   v[i].participant);
	return 0;
}

int pd_store_unit_start_list(struct pd_store *s, const char *games,
			     const char *rsc,
			     const struct pd_unit_result_rec *v, size_t n,
			     struct pd_diag *diag)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++)
		if ((ret = start_row_check(v, n, i, diag)) < 0)
			return ret;
	return pd_db_unit_start_list(s, games, rsc, v, n, diag);
}

int pd_store_unit_result_set(struct pd_store *s, const char *games,
			     const struct pd_unit_result_rec *r,
			     struct pd_diag *diag)
{
	if (r->rank < 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a rank is 0 or "
				   "more");
	return pd_db_unit_result_set(s, games, r, diag);
}

int pd_store_unit_status(struct pd_store *s, const char *games,
			 const char *rsc, const char *status,
			 struct pd_diag *diag)
{
	return pd_db_unit_status(s, games, rsc, status, diag);
}

int pd_store_unit_mark(struct pd_store *s, const char *games,
		       const char *rsc, const char *participant,
		       const char *mark, struct pd_diag *diag)
{
	return pd_db_unit_mark(s, games, rsc, participant, mark, diag);
}
