/* txn.c -- the bracket every write of src/app goes through (app_int.h):
 * begin, one change per Games it touches (the version bumped, the audit
 * entry written, the version the writer expected checked inside the
 * Games' lock), then commit or roll back.  The lock is the Games': on
 * PostgreSQL the bump's row lock on the Games, held to the commit, so
 * writes to two Games do not wait for each other; what a write reads
 * of its Games it reads after its change.  Backend-agnostic: only the
 * store interface is used. */
#include <string.h>

#include "podium/ops.h"
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

int app_open_event(struct pd_store *s, long event, struct pd_event_info *e,
		   const struct pd_who *who, long *version,
		   struct pd_diag *d)
{
	int ret;

	memset(e, 0, sizeof(*e));
	if ((ret = app_begin(s, d)) < 0)
		return ret;
	/* the event read for its Games, and again inside the Games' lock
	 * (on PostgreSQL the change takes it: a write of the same Games may
	 * have changed the event meanwhile) */
	if ((ret = pd_store_event_get(s, event, e, d)) < 0 ||
	    (ret = app_change(s, e->games, 0, who, NULL, version, d)) < 0) {
		pd_store_rollback(s);
		pd_event_info_release(e);
		return ret;
	}
	pd_event_info_release(e);
	if ((ret = pd_store_event_get(s, event, e, d)) < 0)
		pd_store_rollback(s);
	return ret;
}
