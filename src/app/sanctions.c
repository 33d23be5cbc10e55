/* sanctions.c -- a sanction added or lifted (see ops.h), each one change
 * that says what it did: the medals of each event it touches, before and
 * after.  Backend-agnostic: only the store interface is used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "app_int.h"

/* A sanction's events, each as it stands. */
struct sanction_snaps {
	struct pd_event_info *e;
	struct app_snap *before, *after;
	size_t n;
};

static void snaps_release(struct sanction_snaps *sn)
{
	size_t i;

	for (i = 0; i < sn->n; i++) {
		app_snap_release(&sn->before[i]);
		app_snap_release(&sn->after[i]);
		pd_event_info_release(&sn->e[i]);
	}
	free(sn->e);
	free(sn->before);
	free(sn->after);
}

static int snaps_read(struct pd_store *s, struct sanction_snaps *sn,
		      const long *events, size_t n, struct pd_diag *d)
{
	size_t i;
	int ret = 0;

	memset(sn, 0, sizeof(*sn));
	if (!(sn->e = calloc(n, sizeof(*sn->e))) ||
	    !(sn->before = calloc(n, sizeof(*sn->before))) ||
	    !(sn->after = calloc(n, sizeof(*sn->after))))
		return PD_ENOMEM;
	for (i = 0; i < n && ret == 0; i++) {
		if ((ret = pd_store_event_get(s, events[i], &sn->e[i], d)) < 0)
			break;
		sn->n++;
		app_snap_init(&sn->before[i], &sn->e[i]);
		app_snap_init(&sn->after[i], &sn->e[i]);
	}
	return ret;
}

static int snaps_take(struct pd_store *s, struct app_snap *v, size_t n,
		      struct pd_diag *d)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < n && ret == 0; i++)
		ret = app_snap_take(s, &v[i], d);
	return ret;
}

int pd_op_sanction_add(struct pd_store *s, long athlete,
		       enum pd_sanction_mode mode, const long *events,
		       size_t n, const struct pd_who *who, long *id,
		       struct pd_op_done *done, struct pd_diag *diag)
{
	struct sanction_snaps sn;
	char what[64], after[96];
	json_t *extra = NULL;
	long version = 0;
	int ret;

	app_done_reset(done);
	memset(&sn, 0, sizeof(sn));
	if (n == 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a sanction needs "
				   "at least one event");
	if (!who->reason || !*who->reason)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a sanction needs "
				   "a reason");
	if ((ret = snaps_read(s, &sn, events, n, diag)) < 0)
		goto cleanup;
	if ((ret = app_open(s, sn.e[0].games, 0, who, NULL, &version,
			    diag)) < 0)
		goto cleanup;
	if ((ret = snaps_take(s, sn.before, n, diag)) == 0 &&
	    (ret = pd_store_sanction_add(s, sn.e[0].games, athlete, mode,
					 who->reason, events, n, id,
					 diag)) == 0)
		ret = snaps_take(s, sn.after, n, diag);
	/* a sanction is a decision: kept even where no medal moves */
	snprintf(what, sizeof(what), "athlete %ld", athlete);
	snprintf(after, sizeof(after), "%s in %zu event%s (sanction %ld)",
		 mode == PD_SANCTION_VACATE ? "vacate" : "reallocate", n,
		 n == 1 ? "" : "s", id ? *id : 0L);
	if (ret == 0 && !(extra = json_pack("[{s:s, s:s, s:s, s:s}]", "what",
					    what, "field", "sanction",
					    "before", "", "after", after)))
		ret = PD_ENOMEM;
	ret = app_settle(s, sn.before, sn.after, n, extra, version, ret, done,
			 diag);
cleanup:
	json_decref(extra);
	snaps_release(&sn);
	return ret;
}

struct sanction_find {
	long id;
	struct pd_strings events;
};

static int find_sanction(const struct pd_sanction_info *si, void *arg)
{
	struct sanction_find *f = arg;
	const char *p = si->events;
	char num[32];
	size_t k;

	if (si->id != f->id)
		return 0;
	while (*p) {
		k = strcspn(p, ",");
		snprintf(num, sizeof(num), "%.*s", (int)k, p);
		if (pd_strings_add(&f->events, num) < 0)
			return PD_ENOMEM;
		p += k + (p[k] == ',');
	}
	return 0;
}

int pd_op_sanction_lift(struct pd_store *s, long id, const struct pd_who *who,
			struct pd_op_done *done, struct pd_diag *diag)
{
	struct sanction_find f;
	struct sanction_snaps sn;
	json_t *extra = NULL;
	char games[16], what[64];
	long version = 0, *events = NULL;
	size_t i;
	int ret;

	app_done_reset(done);
	memset(&sn, 0, sizeof(sn));
	f.id = id;
	pd_strings_init(&f.events);
	if (!who->reason || !*who->reason)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "lifting a "
				   "sanction needs a reason");
	if ((ret = pd_store_sanction_games(s, id, games, sizeof(games),
					   diag)) < 0 ||
	    (ret = pd_store_sanctions(s, games, find_sanction, &f, diag)) < 0)
		goto cleanup;
	if (!(events = calloc(f.events.n ? f.events.n : 1, sizeof(*events)))) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < f.events.n; i++)
		events[i] = atol(f.events.v[i]);
	if ((ret = snaps_read(s, &sn, events, f.events.n, diag)) < 0 ||
	    (ret = app_open(s, games, 0, who, NULL, &version, diag)) < 0)
		goto cleanup;
	if ((ret = snaps_take(s, sn.before, sn.n, diag)) == 0 &&
	    (ret = pd_store_sanction_lift(s, games, id, diag)) == 0)
		ret = snaps_take(s, sn.after, sn.n, diag);
	snprintf(what, sizeof(what), "sanction %ld", id);
	if (ret == 0 && !(extra = json_pack("[{s:s, s:s, s:s, s:s}]", "what",
					    what, "field", "sanction",
					    "before", "in force", "after",
					    "lifted")))
		ret = PD_ENOMEM;
	ret = app_settle(s, sn.before, sn.after, sn.n, extra, version, ret,
			 done, diag);
cleanup:
	json_decref(extra);
	snaps_release(&sn);
	free(events);
	pd_strings_release(&f.events);
	return ret;
}
