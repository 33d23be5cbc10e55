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
 * srv.commit_mu, under which nothing is taken (srv.h).
 */
#ifndef PODIUM_HTTP_COMMIT_H
#define PODIUM_HTTP_COMMIT_H

#include <microhttpd.h>

#include "podium/error.h"

struct srv;

struct cjob {
	struct cjob *next;		/* the queue's, under commit_mu */
	struct MHD_Connection *c;	/* suspended while queued */
	/* the write, with side_mu held: 0 or its error (its diag its own) */
	int (*perform)(struct cjob *j);
	int ret;			/* perform's, or the group's below */
	int group_failed;		/* the commit that held it failed */
	struct pd_diag d;		/* ... saying why */
};

/* Start the thread; on failure d says why. */
int commit_start(struct srv *s, struct pd_diag *d);
/* Run what is queued, then stop the thread (resuming every connection). */
void commit_stop(struct srv *s);
/* Queue j (the caller's until it is resumed) and suspend its connection;
 * once it is done, the connection is resumed and handle() runs again. */
void commit_queue(struct srv *s, struct cjob *j);

#endif
