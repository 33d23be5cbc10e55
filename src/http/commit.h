/* commit.h -- the committer (commit.c): the writes that arrive together
 * share one transaction and one sync to disk (group commit).
 *
 * A write's handler queues a job and its connection is suspended; the
 * committer thread takes every job queued, and under side_mu runs each
 * one's perform() inside one group (pd_store_group_begin: each write its
 * own savepoint, so its own version and audit entry, and one that fails
 * undone alone), commits the group once, and resumes the connections:
 * no write is answered before the commit that holds it is durable.  A
 * lone job is its own transaction, as before.  Its lock is
 * srv.commit_mu, under which only MHD's own is taken (a handler that
 * waited suspends its connection under it: srv.h).
 *
 * A dry run (?dry_run=1, write.c) is the same perform() in a group of
 * its own that is rolled back: its answer says what the write would
 * have done (the medals, the version), and nothing of it is kept.
 *
 * Or the handler waits for its job, 10 ms at most, and answers it
 * itself, its connection never suspended: when the server holds 1,000
 * streams or more.  MHD resumes a connection by walking every
 * connection its thread holds suspended (resume_suspended_connections(),
 * 0.9.75) -- with 10,000 streams, 5,000 a thread, 1.0-1.5 ms of CPU --
 * and that walk ran on one of the two cores the senders were sending the
 * write's change from (bench/README.md, bar 2 round six).  A thread that waits
 * uses no CPU, but serves none of its other connections meanwhile: so
 * not when there are few streams (bench/writes.sh's 8 clients share 2
 * MHD threads, and their writes gather while a group commits).
 */
#ifndef PODIUM_HTTP_COMMIT_H
#define PODIUM_HTTP_COMMIT_H

#include <microhttpd.h>

#include "podium/error.h"
#include "podium/model.h"	/* PD_GAMES_CODE */

struct srv;

struct cjob {
	struct cjob *next;		/* the queue's, under commit_mu */
	struct MHD_Connection *c;	/* suspended while queued */
	/* the write, with side_mu held: 0 or its error (its diag its own) */
	int (*perform)(struct cjob *j);
	int dry;			/* a dry run: made in a group of its
					 * own, then undone (run() in commit.c) */
	char games[PD_GAMES_CODE];	/* the Games it writes ("" none) */
	int ret;			/* perform's, or the group's below */
	int group_failed;		/* the commit that held it failed */
	struct pd_diag d;		/* ... saying why */
	int done, suspended;		/* under commit_mu */
};

/* Start the thread; on failure d says why. */
int commit_start(struct srv *s, struct pd_diag *d);
/* Run what is queued, then stop the thread (resuming every connection). */
void commit_stop(struct srv *s);
/* Queue j (the caller's again once it is done): 1 when it is done
 * already (the handler waited for it, and answers it now; its connection
 * was never suspended).  0: its connection is suspended; once j is done,
 * the connection is resumed and handle() runs again. */
int commit_queue(struct srv *s, struct cjob *j);

#endif
