/* ops.c -- an operator's writes, each one whole change (see ops.h), and
 * Backend-agnostic: only the store interface is used.  The bracket every
 * write goes through is txn.c's. */
#include <stdio.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/bundled.h"
#include "podium/io.h"
#include "podium/label.h"
#include "podium/match_ops.h"
#include "podium/results.h"
#include "app_int.h"

static int check_input(const struct pd_result_input *in, struct pd_diag *d)
{
	int ret;

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
	/* refused at the door, by the field's name; the store holds every
	 * other way in to the same rule (label.h) */
	if (in->name && *in->name &&
	    (ret = pd_person_check("name", in->name, d)) < 0)
		return ret;
	if (in->team && *in->team &&
	    (ret = pd_person_check("team", in->team, d)) < 0)
		return ret;
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

/* The value that sorts in's mark: the one given, else (in an event that
 * ranks from marks) the one read from the mark. */
static void value_of(const struct pd_event_info *e,
		     const struct pd_result_input *in, const char *mark,
		     struct pd_result_rec *r)
{
	r->has_value = in->has_value;
	r->mark_value = in->value;
	if (!in->has_value && *e->order && mark && *mark)
		r->has_value = pd_mark_value(mark, &r->mark_value) == 0;
}

/* r's fields from in, and from the stored old (may be NULL) for each
 * field in does not give (merge). */
static void merge(const struct pd_event_info *e,
		  const struct pd_result_input *in, const struct app_row *old,
		  struct pd_result_rec *r)
{
	r->rank = in->has_rank || !old ? in->rank : old->rank;
	r->mark = in->mark ? in->mark : old ? old->mark : "";
	r->irm = in->irm ? in->irm : old ? old->irm : "";
	r->records = in->records ? in->records : old ? old->records : "";
	value_of(e, in, in->mark, r);
	if (!in->has_value && !in->mark && old) {
		r->has_value = old->has_value;
		r->mark_value = old->value;
	}
}

void app_result_rec(struct pd_result_rec *r, long event, const char *npc,
		    const char *name, long rank, const char *mark,
		    const char *irm, const char *records, const char *source)
{
	memset(r, 0, sizeof(*r));
	r->event_id = event;
	snprintf(r->npc, sizeof(r->npc), "%s", npc);
	r->name = name;
	r->rank = rank;
	r->mark = mark;
	r->irm = irm;
	r->records = records;
	r->source = source;
}

/* The row the store now lists for r (app_snap_with). */
static int row_of(const struct pd_result_rec *r, struct app_row *row)
{
	memset(row, 0, sizeof(*row));
	row->athlete = r->athlete_id;
	row->team = r->team_id;
	row->rank = r->rank;
	row->has_value = r->has_value;
	row->value = r->has_value ? r->mark_value : 0;
	snprintf(row->npc, sizeof(row->npc), "%s", r->npc);
	row->name = strdup(r->name ? r->name : "");
	row->mark = strdup(r->mark ? r->mark : "");
	row->irm = strdup(r->irm ? r->irm : "");
	row->records = strdup(r->records ? r->records : "");
	if (row->name && row->mark && row->irm && row->records)
		return 0;
	free(row->name);
	free(row->mark);
	free(row->irm);
	free(row->records);
	return PD_ENOMEM;
}

/* Is the stored row old what r would write again? */
static int same_row(const struct app_row *old, const struct pd_result_rec *r)
{
	return old->rank == r->rank && old->has_value == r->has_value &&
	       (!r->has_value || old->value == r->mark_value) &&
	       !strcmp(old->npc, r->npc) && !strcmp(old->name, r->name) &&
	       !strcmp(old->mark, r->mark) && !strcmp(old->irm, r->irm) &&
	       !strcmp(old->records, r->records);
}

/* Write one result.  With before (the event's results when the change
 * began), the competitor's earlier result is ended and every field in
 * does not give is kept from it; without, the result is added as given
 * (the ranking was cleared).  *key (if not NULL) receives the
 * competitor, and *row (if not NULL) the row as written, its strings
 * the caller's. */
static int write_one(struct pd_store *s, const struct pd_registry *reg,
		     const struct pd_event_info *e,
		     const struct pd_result_input *in,
		     const struct app_rows *before, struct app_who *key,
		     struct app_row *row, struct pd_diag *d)
{
	const struct app_row *old = NULL;
	struct pd_result_rec r;
	struct pd_buf flags;
	char *owned = NULL;
	int ret;

	if ((ret = check_input(in, d)) < 0)
		return ret;
	if (*e->order && in->rank > 0)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "event %ld ranks "
				   "from its marks (%s): give the mark, not a "
				   "rank", e->id, !strcmp(e->order, "asc") ?
				   "lower is better" : "higher is better");
	pd_buf_init(&flags, 4096);
	memset(&r, 0, sizeof(r));
	r.event_id = e->id;
	r.source = "operator";
	if ((ret = competitor(s, reg, e, in, &r, &owned, d)) < 0)
		goto cleanup;
	if (before) {
		old = app_rows_find(before, r.athlete_id, r.team_id);
		merge(e, in, old, &r);
	} else {
		r.rank = in->rank;
		r.mark = in->mark ? in->mark : "";
		r.irm = in->irm ? in->irm : "";
		r.records = in->records ? in->records : "";
		value_of(e, in, r.mark, &r);
	}
	if (ret == 0)
		ret = app_records_flag(s, e, &r, &flags, d);
	/* Only a competitor with a result now has one to end (before is
	 * every live row of the event, read inside this change), and one
	 * whose row would be written again as it is changes nothing: the
	 * change is then found unchanged and undone, so its rows need not
	 * be written first.  A client's retry of a write that landed is
	 * such a write; they were 4 of bench/pgbench.sh's 5 rounds, at 11
	 * statements each where 6 are left. */
	if (ret == 0 && old && !same_row(old, &r))
		ret = pd_store_results_close(s, e->id, r.athlete_id, r.team_id,
					     NULL, d);
	if (ret == 0 && (!old || !same_row(old, &r)))
		ret = pd_store_result_add(s, &r, d);
	if (ret == 0 && key) {
		key->athlete = r.athlete_id;
		key->team = r.team_id;
	}
	if (ret == 0 && row)
		ret = row_of(&r, row);
cleanup:
	pd_buf_release(&flags);
	free(owned);
	return ret;
}

/* In an event that ranks from its marks, every result's rank again:
 * competition ranks by value, IRMs and results without a value
 * unranked.  Only the results whose rank moves are written again. */
static int rerank(struct pd_store *s, const struct pd_event_info *e,
		  struct pd_diag *d)
{
	struct app_rows rows = { NULL, 0, 0, 0, 0, 0, NULL };
	double *v = NULL;
	int *has = NULL;
	long *rank = NULL;
	size_t i, n;
	int ret;

	if ((ret = app_rows_read(s, e->id, &rows, d)) < 0)
		goto cleanup;
	n = rows.n ? rows.n : 1;
	if (!(v = calloc(n, sizeof(*v))) || !(has = calloc(n, sizeof(*has))) ||
	    !(rank = calloc(n, sizeof(*rank)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < rows.n; i++) {
		v[i] = rows.v[i].value;
		has[i] = rows.v[i].has_value && !*rows.v[i].irm;
	}
	if ((ret = pd_rank_marks(v, has, rows.n, !strcmp(e->order, "desc"),
				 rank)) < 0)
		goto cleanup;
	for (i = 0; i < rows.n && ret == 0; i++) {
		const struct app_row *o = &rows.v[i];
		struct pd_result_rec r;

		if (o->rank == rank[i])
			continue;
		app_result_rec(&r, e->id, o->npc, o->name, rank[i], o->mark,
			       o->irm, o->records, "operator");
		r.athlete_id = o->athlete;
		r.team_id = o->team;
		r.mark_value = o->value;
		r.has_value = o->has_value;
		if ((ret = pd_store_results_close(s, e->id, o->athlete,
						  o->team, NULL, d)) == 0)
			ret = pd_store_result_add(s, &r, d);
	}
cleanup:
	free(v);
	free(has);
	free(rank);
	app_rows_release(&rows);
	return ret;
}

int app_rerank(struct pd_store *s, const struct pd_event_info *e,
	       struct pd_diag *d)
{
	return rerank(s, e, d);
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
		    const struct app_who *k, struct pd_diag *d)
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

/* What struct pd_op_keep holds: the results of one event, and their
 * medals, and the event itself, as they stood at version of games. */
struct kept {
	long event, version;
	char games[PD_GAMES_CODE];
	struct app_rows rows;
	struct pd_result_out *out;
	struct pd_event_info info;
};

/* *to a copy of e: 0, or PD_ENOMEM (*to released). */
static int event_copy(struct pd_event_info *to, const struct pd_event_info *e)
{
	char **dst[] = { &to->sport, &to->name, &to->gender, &to->sport_class,
			 &to->date, &to->status, &to->policy, &to->order };
	char *const src[] = { e->sport, e->name, e->gender, e->sport_class,
			      e->date, e->status, e->policy, e->order };
	size_t i;

	*to = *e;
	for (i = 0; i < sizeof(src) / sizeof(src[0]); i++)
		*dst[i] = NULL;
	for (i = 0; i < sizeof(src) / sizeof(src[0]); i++)
		if (src[i] && !(*dst[i] = strdup(src[i]))) {
			pd_event_info_release(to);
			return PD_ENOMEM;
		}
	return 0;
}

/* *e gets keep's event when it is event of games at version (no change
 * since: each bumps the version): 1, else 0 (*e untouched).  keep stays
 * as it is. */
static int kept_event(const struct pd_op_keep *keep, long event,
		      const char *games, long version, struct pd_event_info *e)
{
	const struct kept *kp = keep ? keep->kept : NULL;

	return kp && kp->event == event && kp->version == version &&
	       !strcmp(kp->games, games) && event_copy(e, &kp->info) == 0;
}

void pd_op_keep_release(struct pd_op_keep *k)
{
	struct kept *kp = k ? k->kept : NULL;

	if (!kp)
		return;
	app_rows_release(&kp->rows);
	free(kp->out);
	pd_event_info_release(&kp->info);
	free(kp);
	k->kept = NULL;
}

/* before gets what keep holds when it is e's results at version (no
 * change since, then: each bumps the version); 0 when it does not.
 * keep is empty after either way. */
static int kept_take(struct pd_op_keep *keep, const struct pd_event_info *e,
		     long version, struct app_snap *before)
{
	struct kept *kp = keep ? keep->kept : NULL;
	int hit = kp && kp->event == e->id && kp->version == version &&
		  !strcmp(kp->games, e->games);

	if (hit) {
		app_snap_release(before);
		before->rows = kp->rows;
		before->out = kp->out;
		memset(&kp->rows, 0, sizeof(kp->rows));
		kp->out = NULL;
	}
	pd_op_keep_release(keep);
	return hit;
}

/* keep gets sn (left empty), e's results at version. */
static void kept_put(struct pd_op_keep *keep, const struct pd_event_info *e,
		     long version, struct app_snap *sn)
{
	struct kept *kp;

	pd_op_keep_release(keep);
	if (!(kp = calloc(1, sizeof(*kp))))
		return;		/* nothing kept: the next write reads */
	if (event_copy(&kp->info, e) < 0) {
		free(kp);
		return;
	}
	kp->event = e->id;
	kp->version = version;
	snprintf(kp->games, sizeof(kp->games), "%s", e->games);
	kp->rows = sn->rows;
	kp->out = sn->out;
	memset(&sn->rows, 0, sizeof(sn->rows));
	sn->out = NULL;
	keep->kept = kp;
}

/* Write in[0..n) to event e as one change (open: app_open() made it,
 * at version): merged into the results as they stand, or (!merged) as
 * the whole new ranking; then ranked from the marks where e says so,
 * compared with what stood before, and committed with what changed in
 * the audit entry -- or rolled back as unchanged. */
static int results_write(struct pd_store *s, const struct pd_registry *reg,
			 const struct pd_event_info *e,
			 const struct pd_result_input *in, ssize_t count,
			 int merged, long version, struct pd_op_keep *keep,
			 struct pd_op_done *done, struct pd_diag *d)
{
	/* count -1: one result, whose messages name no row */
	size_t n = count < 0 ? 1 : (size_t)count;
	/* one result merged where no rerank moves the others: the results
	 * after are those before with its row, not read again (in a heat
	 * of 10,000 the read was most of a write) */
	int one = count < 0 && merged && !*e->order;
	struct app_snap before, after;
	struct app_row row;
	struct app_who *keys;
	size_t i, j;
	int ret = 0;

	app_done_reset(done);
	app_snap_init(&before, e);
	app_snap_init(&after, e);
	if (!(keys = calloc(n ? n : 1, sizeof(*keys)))) {
		pd_op_keep_release(keep);
		return app_end(s, PD_ENOMEM, d);
	}
	if (!one || !kept_take(keep, e, version - 1, &before))
		ret = app_snap_take(s, &before, d);
	if (ret == 0 && !merged)
		ret = pd_store_results_close(s, e->id, 0, 0, NULL, d);
	for (i = 0; i < n && ret == 0; i++) {
		if ((ret = write_one(s, reg, e, &in[i], merged ?
				     &before.rows : NULL, &keys[i],
				     one ? &row : NULL, d)) < 0) {
			if (count >= 0)
				ret = row_fail(in, i, ret, d);
			break;
		}
	}
	if (ret == 0 && (ret = app_competitor_repeat(keys, n, &j, &i)) > 0)
		ret = repeated(in, j, i, e, &keys[i], d);
	if (ret == 0 && *e->order)
		ret = rerank(s, e, d);
	if (ret == 0)
		ret = one ? app_snap_with(s, &before, &row, &after, d) :
		      app_snap_take(s, &after, d);
	ret = app_settle(s, &before, &after, 1, NULL, version, ret, done, d);
	if (ret == 0 && one && keep && done) {
		/* what the store now holds: before when nothing changed */
		if (!done->unchanged)
			app_snap_adopt(&after, &before);
		kept_put(keep, e, done->version, done->unchanged ? &before :
			 &after);
	}
	if (ret < 0)
		pd_op_keep_release(keep);
	app_snap_release(&after);
	app_snap_release(&before);
	free(keys);
	return ret;
}

/* An event decided by its matches ('podium match': 5-a-side football,
 * goalball) is ranked from them: a mark -- a time, a distance -- has no
 * place in it, and one there is an entry in the wrong event. */
static int mark_refused(const struct pd_event_info *e,
			const struct pd_result_input *in, ssize_t n,
			struct pd_diag *d)
{
	size_t i, k = n < 0 ? 1 : (size_t)n;

	for (i = 0; i < k && !(in[i].mark && *in[i].mark); i++)
		;
	if (i == k || !e->has_matches)
		return 0;
	return pd_diag_set(d, PD_ECONSIST, NULL, 0, "event %ld (%s) is decided "
			   "by its matches ('podium match'): a mark such as "
			   "'%s' belongs to another event", e->id, e->name,
			   in[i].mark);
}

/* The Games' lock first (app_open: its version bumped, which on
 * PostgreSQL is the Games' own lock), then the event read inside it, so
 * that what the write reads of the event is what the writes before it
 * left.  The Games is the writer's (who->games, the URL's), else the
 * event's, read for that alone. */
static int results_op(struct pd_store *s, const struct pd_registry *reg,
		      long event, const struct pd_result_input *in, ssize_t n,
		      int merged, const struct pd_who *who,
		      struct pd_op_keep *keep, struct pd_op_done *done,
		      struct pd_diag *diag)
{
	char code[PD_GAMES_CODE];
	const char *games = who->games;
	struct pd_event_info e;
	long version = 0;
	int ret;

	if (!games) {
		if ((ret = pd_store_event_get(s, event, &e, diag)) < 0) {
			pd_op_keep_release(keep);
			return ret;
		}
		snprintf(code, sizeof(code), "%s", e.games);
		pd_event_info_release(&e);
		games = code;
	}
	if ((ret = app_open(s, games, 0, who, NULL, &version, diag)) < 0) {
		if (ret == PD_ENOTFOUND && who->games)
			memset(diag, 0, sizeof(*diag));	/* the caller says */
		pd_op_keep_release(keep);
		return ret;
	}
	/* the event as the last write here left it, when no change came
	 * since (one round trip less on PostgreSQL), else read */
	if (kept_event(keep, event, games, version - 1, &e))
		ret = 0;
	else if ((ret = pd_store_event_get(s, event, &e, diag)) == 0 &&
	    strcmp(e.games, games)) {
		pd_event_info_release(&e);
		ret = PD_ENOTFOUND;
	}
	if (ret == PD_ENOTFOUND && who->games)
		memset(diag, 0, sizeof(*diag));
	if (ret == 0 && (ret = mark_refused(&e, in, n, diag)) < 0)
		pd_event_info_release(&e);
	if (ret < 0) {
		pd_op_keep_release(keep);
		return app_end(s, ret, diag);
	}
	ret = results_write(s, reg, &e, in, n, merged, version, keep, done,
			    diag);
	pd_event_info_release(&e);
	return ret;
}

int pd_op_result_set_kept(struct pd_store *s, const struct pd_registry *reg,
			  long event, const struct pd_result_input *in,
			  const struct pd_who *who, struct pd_op_keep *keep,
			  struct pd_op_done *done, struct pd_diag *diag)
{
	int ret;

	if ((ret = check_input(in, diag)) < 0)
		return ret;
	return results_op(s, reg, event, in, -1, 1, who, keep, done, diag);
}

int pd_op_result_set(struct pd_store *s, const struct pd_registry *reg,
		     long event, const struct pd_result_input *in,
		     const struct pd_who *who, struct pd_op_done *done,
		     struct pd_diag *diag)
{
	return pd_op_result_set_kept(s, reg, event, in, who, NULL, done,
				     diag);
}

int pd_op_results_patch(struct pd_store *s, const struct pd_registry *reg,
			long event, const struct pd_result_input *in,
			size_t n, const struct pd_who *who,
			struct pd_op_done *done, struct pd_diag *diag)
{
	return results_op(s, reg, event, in, (ssize_t)n, 1, who, NULL, done,
			  diag);
}

int pd_op_results_replace(struct pd_store *s, const struct pd_registry *reg,
			  long event, const struct pd_result_input *in,
			  size_t n, const struct pd_who *who,
			  struct pd_op_done *done, struct pd_diag *diag)
{
	return results_op(s, reg, event, in, (ssize_t)n, 0, who, NULL, done,
			  diag);
}

int pd_op_status_needs_reason(const char *was, const char *status,
			      const struct pd_who *who)
{
	return !strcmp(was, "official") && strcmp(status, "official") &&
	       (!who || !who->reason || !*who->reason);
}

static int said_status(struct pd_strings *said, const char *what,
		       const char *status, const char *was)
{
	char line[400];

	snprintf(line, sizeof(line), "%s is %s (was %s)", what, status, was);
	return pd_strings_add(said, line);
}

int pd_op_event_status(struct pd_store *s, long event, const char *status,
		       const struct pd_who *who, struct pd_op_done *done,
		       struct pd_diag *diag)
{
	struct pd_event_info e, now;
	struct app_snap before, after;
	json_t *extra = NULL;
	char what[300];
	long version = 0;
	int ret;

	app_done_reset(done);
	if (!pd_event_status_valid(status))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "status '%s': use "
				   "one of " PD_EVENT_STATUSES, status);
	if ((ret = pd_store_event_get(s, event, &e, diag)) < 0)
		return ret;
	if (pd_op_status_needs_reason(e.status, status, who)) {
		ret = pd_diag_set(diag, PD_EINVAL, NULL, 0, "event %ld (%s) is "
				  "official: moving it to %s takes its medals "
				  "away and needs a reason", e.id, e.name,
				  status);
		pd_event_info_release(&e);
		return ret;
	}
	now = e;
	now.status = (char *)status;
	app_snap_init(&before, &e);
	app_snap_init(&after, &now);
	snprintf(what, sizeof(what), "event %ld (%s)", e.id, e.name);
	if ((ret = app_open(s, e.games, 0, who, NULL, &version, diag)) < 0)
		goto cleanup;
	if (!(extra = json_pack("[{s:o, s:s, s:o, s:s}]", "what",
				app_json_str(what), "field", "status",
				"before", app_json_str(e.status), "after",
				status)))
		ret = PD_ENOMEM;
	else if (!strcmp(e.status, status))
		json_array_clear(extra);
	else if (done && said_status(&done->said, what, status, e.status) < 0)
		ret = PD_ENOMEM;
	if (ret == 0)
		ret = app_snap_take(s, &before, diag);
	if (ret == 0)
		ret = pd_store_event_status(s, event, status, diag);
	if (ret == 0)
		ret = app_snap_take(s, &after, diag);
	ret = app_settle(s, &before, &after, 1, extra, version, ret, done,
			 diag);
cleanup:
	json_decref(extra);
	app_snap_release(&before);
	app_snap_release(&after);
	pd_event_info_release(&e);
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
	if (in->order && *in->order && strcmp(in->order, "asc") &&
	    strcmp(in->order, "desc"))
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "order '%s': use asc "
				   "(lower is better) or desc (higher is "
				   "better)", in->order);
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
	if (in->order && strcmp(in->order, STORED(e->order))) {
		*was = STORED(e->order);
		*asked = in->order;
		return "order";
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

/* The audit entry of an event added says what it is. */
static int note_event(struct pd_store *s, const char *games, long version,
		      long id, const struct pd_event_input *in,
		      struct pd_diag *d)
{
	char what[64];
	json_t *c;
	char *text;
	int ret;

	snprintf(what, sizeof(what), "event %ld", id);
	c = json_pack("[{s:s, s:s, s:s, s:o}]", "what", what, "field",
		      "event", "before", "", "after", json_pack("s++++", in->sport,
		      ", ", in->name, in->gender && *in->gender ? ", " : "",
		      in->gender ? in->gender : ""));
	if (!c || !(text = json_dumps(c, JSON_COMPACT | JSON_PRESERVE_ORDER))) {
		json_decref(c);
		return PD_ENOMEM;
	}
	ret = pd_store_change_note(s, games, version, text, d);
	free(text);
	json_decref(c);
	return ret;
}

int pd_op_event_add(struct pd_store *s, const char *games,
		    const struct pd_event_input *in, int *unchanged,
		    const struct pd_who *who, const struct pd_op_notify *nt,
		    long *id, long *version, struct pd_diag *diag)
{
	struct pd_who w = *who;
	long made = 0;
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
	if ((ret = app_change(s, games, 0, &w, nt, &made, diag)) == 0 &&
	    (ret = pd_store_event_ensure(s, games, in->sport, in->name,
					 gender, in->date, in->team, id,
					 diag)) == 0 &&
	    (ret = pd_store_event_update(s, *id, in->policy, in->sport_class,
					 in->team, diag)) == 0)
		ret = pd_store_event_status(s, *id, in->status ? in->status :
					    "scheduled", diag);
	if (ret == 0 && in->order && *in->order)
		ret = pd_store_event_order(s, *id, in->order, diag);
	if (ret == 0)
		ret = note_event(s, games, made, *id, in, diag);
	if (ret == 0 && version)
		*version = made;
	return app_end(s, ret, diag);
}

int pd_op_group_begin(struct pd_store *s, struct pd_diag *diag)
{
	return pd_store_group_begin(s, diag);
}

int pd_op_group_commit(struct pd_store *s, struct pd_op_keep *keep,
		       struct pd_diag *diag)
{
	int ret = pd_store_group_commit(s, diag);

	if (ret < 0)
		pd_op_keep_release(keep);
	return ret;
}

void pd_op_group_rollback(struct pd_store *s, struct pd_op_keep *keep)
{
	pd_store_group_rollback(s);
	pd_op_keep_release(keep);
}
