/* ops.c -- an operator's writes, each one whole change (see ops.h), and
 * the begin/change/commit bracket every write of src/app goes through.
 * Backend-agnostic: only the store interface is used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/bundled.h"
#include "podium/io.h"
#include "podium/results.h"
#include "app_int.h"

int app_begin(struct pd_store *s, struct pd_diag *d)
{
	return pd_store_begin(s, d);
}

int app_change(struct pd_store *s, const char *games, int flags,
	       const struct pd_who *who, const struct pd_op_notify *nt,
	       long *version, struct pd_diag *d)
{
	long v = 0;
	int ret;

	if ((flags & APP_ENSURE_GAMES) &&
	    (ret = pd_op_games_ensure(s, games, nt, d)) < 0)
		return ret;
	if ((ret = pd_store_change(s, games, who->actor, who->command,
				   who->reason, &v, d)) < 0)
		return ret;
	/* inside the writers' lock, so the version checked is the one the
	 * change follows: a stale writer can never slip in between */
	if (who->expect > 0 && v - 1 != who->expect) {
		if (version)
			*version = v - 1;
		return pd_diag_set(d, PD_EMOVED, NULL, 0, "%s is at version "
				   "%ld, not %ld: nothing was written; read it "
				   "again and retry", games, v - 1,
				   who->expect);
	}
	if (version)
		*version = v;
	return 0;
}

int app_end(struct pd_store *s, int ret, struct pd_diag *d)
{
	if (ret < 0) {
		pd_store_rollback(s);
		return ret;
	}
	return pd_store_commit(s, d);
}

int app_open(struct pd_store *s, const char *games, int flags,
	     const struct pd_who *who, const struct pd_op_notify *nt,
	     long *version, struct pd_diag *d)
{
	int ret;

	if ((ret = app_begin(s, d)) < 0)
		return ret;
	if ((ret = app_change(s, games, flags, who, nt, version, d)) < 0)
		pd_store_rollback(s);
	return ret;
}

static int check_input(const struct pd_result_input *in, struct pd_diag *d)
{
	if (in->rank < 0 || in->rank > 100000)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "rank %ld is not "
				   "from 0 (none) to 100000", in->rank);
	if (in->irm && *in->irm && pd_irm_parse(in->irm) <= 0)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "'%s' is not an IRM "
				   "code (DNS, DNF, DSQ, DQB, DNQ, NM, RET, "
				   "WDR, ABS, LAP)", in->irm);
	if (!in->athlete && (!in->npc || !*in->npc ||
			     ((!in->name || !*in->name) &&
			      (!in->team || !*in->team))))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "name the "
				   "competitor: an athlete id, or an NPC with "
				   "a name or a team");
	return 0;
}

/* An athlete named by id and by other fields too: they must all name the
 * stored athlete, or the row is refused rather than stored as someone it
 * does not describe. */
static int same_athlete(const struct pd_registry *reg,
			const struct pd_result_input *in,
			const struct pd_result_rec *r, struct pd_diag *d)
{
	const struct pd_npc *npc;
	char *a, *b;
	int same;

	if (in->team && *in->team)
		return pd_diag_set(d, PD_ECONSIST, NULL, 0, "athlete %ld and "
				   "team '%s': name one competitor, not both",
				   in->athlete, in->team);
	if (in->npc && *in->npc) {
		if (!(npc = pd_registry_find(reg, in->npc)))
			return pd_unknown_npc(reg, in->npc, NULL, 0, d);
		if (strcmp(npc->code, r->npc))
			return pd_diag_set(d, PD_ECONSIST, NULL, 0, "athlete %ld "
					   "is %s of %s, not of %s", in->athlete,
					   r->name, r->npc, npc->code);
	}
	if (!in->name || !*in->name)
		return 0;
	a = pd_name_normalise(in->name);
	b = pd_name_normalise(r->name);
	same = a && b ? !strcmp(a, b) : !strcmp(in->name, r->name);
	free(a);
	free(b);
	if (!same)
		return pd_diag_set(d, PD_ECONSIST, NULL, 0, "athlete %ld is %s, "
				   "not %s", in->athlete, r->name, in->name);
	return 0;
}

/* Fill r's competitor from in: find or add the athlete or team.  *owned
 * holds a name read from the store, for the caller to free. */
static int competitor(struct pd_store *s, const struct pd_registry *reg,
		      const struct pd_event_info *e,
		      const struct pd_result_input *in,
		      struct pd_result_rec *r, char **owned,
		      struct pd_diag *d)
{
	const struct pd_npc *npc;
	struct pd_athlete ath;
	int ret;

	if (in->athlete) {
		r->athlete_id = in->athlete;
		ret = pd_store_athlete_get(s, in->athlete, owned, r->npc, d);
		r->name = *owned;
		return ret < 0 ? ret : same_athlete(reg, in, r, d);
	}
	if (!(npc = pd_registry_find(reg, in->npc)))
		return pd_unknown_npc(reg, in->npc, NULL, 0, d);
	memcpy(r->npc, npc->code, sizeof(r->npc));
	if ((in->team && *in->team) || e->team) {
		r->name = in->team && *in->team ? in->team : in->name;
		return pd_store_team_ensure(s, e->id, r->npc, r->name, NULL, 0,
					    &r->team_id, d);
	}
	memset(&ath, 0, sizeof(ath));
	ath.name = in->name;
	memcpy(ath.npc, r->npc, sizeof(ath.npc));
	r->name = in->name;
	return pd_store_athlete_ensure(s, &ath, &r->athlete_id, d);
}

/* Who a result is for, once resolved: one athlete or one team. */
struct who_key {
	long athlete, team;
};

/* Write one result; with replace_one, end the competitor's earlier one.
 * *key (if not NULL) receives the competitor. */
static int write_one(struct pd_store *s, const struct pd_registry *reg,
		     const struct pd_event_info *e,
		     const struct pd_result_input *in, int replace_one,
		     struct who_key *key, struct pd_diag *d)
{
	struct pd_result_rec r;
	struct pd_buf flags;
	char *owned = NULL;
	int ret;

	if ((ret = check_input(in, d)) < 0)
		return ret;
	pd_buf_init(&flags, 4096);
	memset(&r, 0, sizeof(r));
	r.event_id = e->id;
	r.rank = in->rank;
	r.mark = in->mark;
	r.irm = in->irm;
	r.records = in->records;
	r.mark_value = in->value;
	r.has_value = in->has_value;
	r.source = "operator";
	if ((ret = competitor(s, reg, e, in, &r, &owned, d)) == 0 &&
	    (!replace_one || (ret = pd_store_results_close(s, e->id,
				r.athlete_id, r.team_id, NULL, d)) == 0) &&
	    (ret = app_records_flag(s, e, &r, &flags, d)) == 0)
		ret = pd_store_result_add(s, &r, d);
	pd_buf_release(&flags);
	if (ret == 0 && key) {
		key->athlete = r.athlete_id;
		key->team = r.team_id;
	}
	free(owned);
	return ret;
}

/* A message about in[i] names its row: the file's line, or results[i]. */
static int row_fail(const struct pd_result_input *in, size_t i, int err,
		    struct pd_diag *d)
{
	char msg[PD_DIAG_MSG];

	if (!d || !d->msg[0] || d->line)
		return err;
	snprintf(msg, sizeof(msg), "%s", d->msg);
	if (in[i].file)
		return pd_diag_set(d, err, in[i].file, in[i].line, "%s", msg);
	return pd_diag_set(d, err, NULL, 0, "results[%zu]: %s", i, msg);
}

/* in[i] is for the same competitor as an earlier row: refused, naming
 * both, since one athlete or team holds one place in an event. */
static int repeated(const struct pd_result_input *in, size_t first,
		    size_t i, const struct pd_event_info *e,
		    const struct who_key *k, struct pd_diag *d)
{
	char who[64];

	if (k->team)
		snprintf(who, sizeof(who), "team %ld", k->team);
	else
		snprintf(who, sizeof(who), "athlete %ld", k->athlete);
	if (in[i].file)
		return pd_diag_set(d, PD_ECONSIST, in[i].file, in[i].line,
				   "%s is already ranked at line %ld: a "
				   "competitor appears once in an event's "
				   "results (event %ld)", who, in[first].line,
				   e->id);
	return pd_diag_set(d, PD_ECONSIST, NULL, 0, "results[%zu] is %s, as is "
			   "results[%zu]: a competitor appears once in an "
			   "event's results (event %ld)", i, who, first,
			   e->id);
}

int pd_op_result_set(struct pd_store *s, const struct pd_registry *reg,
		     long event, const struct pd_result_input *in,
		     const struct pd_who *who, long *version,
		     struct pd_diag *diag)
{
	struct pd_event_info e;
	int ret;

	if ((ret = check_input(in, diag)) < 0 ||
	    (ret = pd_store_event_get(s, event, &e, diag)) < 0)
		return ret;
	if ((ret = app_open(s, e.games, 0, who, NULL, version, diag)) == 0)
		ret = app_end(s, write_one(s, reg, &e, in, 1, NULL, diag),
			      diag);
	pd_event_info_release(&e);
	return ret;
}

int pd_op_results_replace(struct pd_store *s, const struct pd_registry *reg,
			  long event, const struct pd_result_input *in,
			  size_t n, const struct pd_who *who, long *version,
			  struct pd_diag *diag)
{
	struct pd_event_info e;
	struct who_key *keys;
	size_t i, j;
	int ret;

	if (!(keys = calloc(n ? n : 1, sizeof(*keys))))
		return PD_ENOMEM;
	if ((ret = pd_store_event_get(s, event, &e, diag)) < 0) {
		free(keys);
		return ret;
	}
	if ((ret = app_open(s, e.games, 0, who, NULL, version, diag)) == 0) {
		ret = pd_store_results_close(s, event, 0, 0, NULL, diag);
		for (i = 0; i < n && ret == 0; i++) {
			if ((ret = write_one(s, reg, &e, &in[i], 0, &keys[i],
					     diag)) < 0) {
				ret = row_fail(in, i, ret, diag);
				break;
			}
			/* quadratic, but a ranking is at most a few hundred
			 * rows (the server takes 1,000): 0.5M compares */
			for (j = 0; j < i; j++)
				if (keys[j].athlete == keys[i].athlete &&
				    keys[j].team == keys[i].team) {
					ret = repeated(in, j, i, &e, &keys[i],
						       diag);
					break;
				}
		}
		ret = app_end(s, ret, diag);
	}
	pd_event_info_release(&e);
	free(keys);
	return ret;
}

int pd_op_event_status(struct pd_store *s, long event, const char *status,
		       const struct pd_who *who, long *version,
		       struct pd_diag *diag)
{
	struct pd_event_info e;
	int ret;

	if (!pd_event_status_valid(status))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "status '%s': use "
				   "one of " PD_EVENT_STATUSES, status);
	if ((ret = pd_store_event_get(s, event, &e, diag)) < 0)
		return ret;
	if ((ret = app_open(s, e.games, 0, who, NULL, version, diag)) == 0)
		ret = app_end(s, pd_store_event_status(s, event, status, diag),
			  diag);
	pd_event_info_release(&e);
	return ret;
}

int pd_op_sanction_add(struct pd_store *s, long athlete,
		       enum pd_sanction_mode mode, const long *events,
		       size_t n, const struct pd_who *who, long *id,
		       long *version, struct pd_diag *diag)
{
	struct pd_event_info e;
	int ret;

	if (n == 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a sanction needs "
				   "at least one event");
	if (!who->reason || !*who->reason)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a sanction needs "
				   "a reason");
	if ((ret = pd_store_event_get(s, events[0], &e, diag)) < 0)
		return ret;
	if ((ret = app_open(s, e.games, 0, who, NULL, version, diag)) == 0)
		ret = app_end(s, pd_store_sanction_add(s, e.games, athlete,
						       mode, who->reason,
						       events, n, id, diag),
			      diag);
	pd_event_info_release(&e);
	return ret;
}

int pd_op_sanction_lift(struct pd_store *s, long id, const struct pd_who *who,
			long *version, struct pd_diag *diag)
{
	char games[16];
	int ret;

	if (!who->reason || !*who->reason)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "lifting a "
				   "sanction needs a reason");
	if ((ret = pd_store_sanction_games(s, id, games, sizeof(games),
					   diag)) < 0)
		return ret;
	if ((ret = app_open(s, games, 0, who, NULL, version, diag)) == 0)
		ret = app_end(s, pd_store_sanction_lift(s, games, id, diag),
			      diag);
	return ret;
}

int pd_op_games_ensure(struct pd_store *s, const char *code,
		       const struct pd_op_notify *nt, struct pd_diag *diag)
{
	struct pd_games have, *list = NULL, bare;
	size_t n = 0, i;
	int ret;

	ret = pd_store_games_get(s, code, &have, diag);
	if (ret == 0) {
		pd_games_release(&have);
		return 0;
	}
	if (ret != PD_ENOTFOUND)
		return ret;
	if (diag)
		memset(diag, 0, sizeof(*diag));
	if (strlen(code) >= sizeof(bare.code) || !*code)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "bad Games code "
				   "'%s': use a code such as PG2004", code);
	if ((ret = pd_games_tsv_parse(&list, &n, (const char *)pd_embed_games,
				      pd_embed_games_len, "data/games.tsv",
				      diag)) < 0)
		return ret;
	for (i = 0; i < n && strcasecmp(list[i].code, code); i++)
		;
	if (i < n) {
		ret = pd_store_games_put(s, &list[i], diag);
	} else {
		memset(&bare, 0, sizeof(bare));
		snprintf(bare.code, sizeof(bare.code), "%s", code);
		if (nt && nt->games_new)
			nt->games_new(nt->arg, code);
		ret = pd_store_games_put(s, &bare, diag);
	}
	pd_games_list_free(list, n);
	return ret;
}

struct find_event {
	const char *name, *gender;
	long id;
};

static int same_event(const struct pd_event_info *e, size_t results,
		      void *arg)
{
	struct find_event *f = arg;

	if (!strcmp(e->name, f->name) && !strcmp(e->gender, f->gender))
		f->id = e->id;
	return 0;
}

static int check_event(const struct pd_event_input *in, struct pd_diag *d)
{
	const char *g = in->gender ? in->gender : "";

	if (!in->sport || !*in->sport || !in->name || !*in->name)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "an event needs a "
				   "sport and a name");
	if (*g && strcmp(g, "M") && strcmp(g, "W") && strcmp(g, "X"))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "gender '%s': use "
				   "M, W or X", g);
	if (in->policy && pd_policy_parse(in->policy) < 0)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "policy '%s': use "
				   "standard, two-bronzes or capped",
				   in->policy);
	if (in->status && !pd_event_status_valid(in->status))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "status '%s': use "
				   "one of " PD_EVENT_STATUSES, in->status);
	return 0;
}

/* The field of in that says otherwise than the stored event e, in what
 * and the two values; NULL when in agrees with e on every field it gives.
 * Status is not compared: only 'event status' changes it.  Team is a
 * flag: its absence says nothing, so only a team event asked for where
 * an individual one stands differs. */
static const char *differs(const struct pd_event_input *in,
			   const struct pd_event_info *e, const char **was,
			   const char **asked)
{
#define STORED(x) ((x) ? (x) : "")
	if (in->sport_class && strcmp(in->sport_class, STORED(e->sport_class))) {
		*was = STORED(e->sport_class);
		*asked = in->sport_class;
		return "class";
	}
	if (in->date && strcmp(in->date, STORED(e->date))) {
		*was = STORED(e->date);
		*asked = in->date;
		return "date";
	}
	if (in->policy && strcmp(in->policy, STORED(e->policy))) {
		*was = STORED(e->policy);
		*asked = in->policy;
		return "policy";
	}
	if (in->team && !e->team) {
		*was = "individual";
		*asked = "team";
		return "team";
	}
#undef STORED
	return NULL;
}

/* An event of the same sport, name and gender: *id set to it (0 when
 * there is none), and PD_EEXISTS naming the field when in says otherwise
 * than it.  Looked for inside the transaction, so two adds cannot both
 * make it. */
static int existing(struct pd_store *s, const char *games,
		    const struct pd_event_input *in, long *id,
		    struct pd_diag *d)
{
	struct find_event f;
	struct pd_event_info e;
	const char *field, *was = "", *asked = "";
	int ret;

	f.name = in->name;
	f.gender = in->gender ? in->gender : "";
	f.id = 0;
	*id = 0;
	if ((ret = pd_store_events(s, games, in->sport, same_event, &f,
				   d)) < 0 || !f.id)
		return ret;
	*id = f.id;
	if ((ret = pd_store_event_get(s, f.id, &e, d)) < 0)
		return ret;
	if ((field = differs(in, &e, &was, &asked)))
		ret = pd_diag_set(d, PD_EEXISTS, NULL, 0, "the event exists "
				  "(id %ld) with %s '%s', not '%s': an event "
				  "is not changed by adding it again", f.id,
				  field, was, asked);
	pd_event_info_release(&e);
	return ret;
}

int pd_op_event_add(struct pd_store *s, const char *games,
		    const struct pd_event_input *in, int *unchanged,
		    const struct pd_who *who, const struct pd_op_notify *nt,
		    long *id, long *version, struct pd_diag *diag)
{
	struct pd_who w = *who;
	const char *gender = in->gender ? in->gender : "";
	struct pd_games g;
	int ret;

	if (unchanged)
		*unchanged = 0;
	if ((ret = check_event(in, diag)) < 0)
		return ret;
	/* the audit log has always shown an event's missing reason as "" */
	if (!w.reason)
		w.reason = "";
	if ((ret = app_begin(s, diag)) < 0)
		return ret;
	if ((ret = pd_op_games_ensure(s, games, nt, diag)) < 0 ||
	    (ret = existing(s, games, in, id, diag)) < 0)
		return app_end(s, ret, diag);
	if (*id) {
		/* there already, as asked: nothing to write, no version */
		if (unchanged)
			*unchanged = 1;
		if (version &&
		    (ret = pd_store_games_get(s, games, &g, diag)) == 0) {
			*version = g.version;
			pd_games_release(&g);
		}
		return app_end(s, ret, diag);
	}
	if ((ret = app_change(s, games, 0, &w, nt, version, diag)) == 0 &&
	    (ret = pd_store_event_ensure(s, games, in->sport, in->name,
					 gender, in->date, in->team, id,
					 diag)) == 0 &&
	    (ret = pd_store_event_update(s, *id, in->policy, in->sport_class,
					 in->team, diag)) == 0)
		ret = pd_store_event_status(s, *id, in->status ? in->status :
					    "scheduled", diag);
	return app_end(s, ret, diag);
}
