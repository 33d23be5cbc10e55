/* commit.c -- the committer: one commit, and one sync to disk, for the
 * writes that arrive together (commit.h).
 *
 * Each write was its own transaction, so its own fdatasync (SQLite,
 * synchronous=FULL) or WAL flush (PostgreSQL), made one after the other
 * under side_mu: the sync was 36% of a write's CPU and most of its wall
 * time.  The 8 clients of bench/writes.sh each wait for their answer, so
 * while one group commits the next one gathers.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/ops.h"
#include "builder.h"
#include "commit.h"
#include "respond.h"
#include "srv.h"
#include "stream.h"

#define GROUP_MAX 64	/* jobs in one transaction, at most */
/* A handler waits for its job (commit.h) when the server holds this
 * many streams or more (the walk of ~500 a thread: 0.1-0.15 ms), for at
 * most WAIT_MS (a commit takes 1.5-3 ms) */
#define WAIT_STREAMS 1000
#define WAIT_MS 10

int commit_queue(struct srv *s, struct cjob *j)
{
	int wait_ms = hub_streams(&s->hub) >= WAIT_STREAMS ? WAIT_MS : 0;
	struct timespec ts;
	int done;

	j->next = NULL;
	j->ret = 0;
	j->group_failed = 0;
	j->done = 0;
	/* suspended first: the committer may resume it at once */
	if ((j->suspended = wait_ms <= 0))
		MHD_suspend_connection(j->c);
	pthread_mutex_lock(&s->commit_mu);
	*s->cjobs_tail = j;
	s->cjobs_tail = &j->next;
	pthread_cond_signal(&s->commit_cv);
	if (wait_ms > 0) {
		deadline(&ts, wait_ms);
		while (!j->done && pthread_cond_timedwait(&s->commit_done_cv,
							  &s->commit_mu,
							  &ts) == 0)
			;
		/* waited long enough (the store slow or away): the
		 * connection waits suspended, and the committer resumes it
		 * (it looks at suspended under this lock) */
		if (!j->done) {
			MHD_suspend_connection(j->c);
			j->suspended = 1;
		}
	}
	done = j->done;
	pthread_mutex_unlock(&s->commit_mu);
	return done;
}

/* Up to GROUP_MAX jobs off the queue (NULL once stopped and empty). */
static struct cjob *take(struct srv *s)
{
	struct cjob *list, **p;
	int n;

	pthread_mutex_lock(&s->commit_mu);
	while (!s->cjobs && !s->commit_stop)
		pthread_cond_wait(&s->commit_cv, &s->commit_mu);
	list = s->cjobs;
	for (p = &s->cjobs, n = 0; *p && n < GROUP_MAX; n++)
		p = &(*p)->next;
	s->cjobs = *p;
	*p = NULL;
	if (!s->cjobs)
		s->cjobs_tail = &s->cjobs;
	pthread_mutex_unlock(&s->commit_mu);
	return list;
}

/* A dry run: j's write in a group of its own, undone whatever it did
 * (its version, its audit entry, its NOTIFY: none is kept).  A group
 * that cannot begin fails it as the store said. */
static int dry_run(struct srv *s, struct cjob *j)
{
	int ret;

	if ((ret = pd_op_group_begin(s->side, &j->d)) < 0) {
		j->group_failed = 1;
		return ret;
	}
	ret = j->perform(j);
	pd_op_group_rollback(s->side, &s->keep);
	return ret;
}

/* list in the order of the Games its jobs write, stable (a job that
 * names none first): each write locks its Games until the group commits,
 * so two nodes' groups that took two Games in opposite orders would each
 * wait for the other (PostgreSQL ends one with a deadlock error); in
 * one order, one waits and the other goes on */
static struct cjob *by_games(struct cjob *list)
{
	struct cjob *sorted = NULL, **p, *j;

	while ((j = list)) {
		list = j->next;
		for (p = &sorted; *p && strcmp((*p)->games, j->games) <= 0;
		     p = &(*p)->next)
			;
		j->next = *p;
		*p = j;
	}
	return sorted;
}

/* Run the jobs of list in one group, the dry runs after it, each alone.
 * A group that cannot begin (the store away) runs them one by one, each
 * failing as it would alone; a commit that fails fails every job it
 * held, and forgets the results the side kept (they may be the undone
 * writes'). */
static void run(struct srv *s, struct cjob *list)
{
	struct pd_diag d = { "", 0, "" };
	struct cjob *j;
	int grouped, ret;
	size_t n = 0;

	pthread_mutex_lock(&s->side_mu);
	for (j = list; j; j = j->next)
		n += !j->dry;
	grouped = n > 1 && pd_op_group_begin(s->side, &d) == 0;
	for (j = list; j; j = j->next)
		if (!j->dry)
			j->ret = j->perform(j);
	if (grouped && (ret = pd_op_group_commit(s->side, &s->keep, &d)) < 0) {
		for (j = list; j; j = j->next)
			if (j->ret == 0 && !j->dry) {
				j->ret = ret;
				j->group_failed = 1;
				j->d = d;
			}
	}
	for (j = list; j; j = j->next)
		if (j->dry)
			j->ret = dry_run(s, j);
	pthread_mutex_unlock(&s->side_mu);
}

static void *committer_main(void *arg)
{
	struct srv *s = arg;
	struct MHD_Connection *resume[GROUP_MAX];
	struct cjob *list, *j;
	size_t i, n;

	while ((list = take(s))) {
		list = by_games(list);
		run(s, list);
		/* the builder starts on the new version now, not once an
		 * MHD thread has taken a write back to answer it (1.3 to
		 * 8 ms later in a trace of bench/fanout.sh's write, with
		 * 10,000 streams suspended in MHD: bench/README.md, bar 2
		 * round four) */
		builder_poke(s);
		/* done: a handler that waits answers it (j is its own once
		 * commit_mu is let go), the others are resumed */
		n = 0;
		pthread_mutex_lock(&s->commit_mu);
		for (j = list; j; j = j->next) {
			if (j->suspended)
				resume[n++] = j->c;
			j->done = 1;
		}
		pthread_cond_broadcast(&s->commit_done_cv);
		pthread_mutex_unlock(&s->commit_mu);
		for (i = 0; i < n; i++)
			MHD_resume_connection(resume[i]);
	}
	return NULL;
}

int commit_start(struct srv *s, struct pd_diag *d)
{
	s->cjobs = NULL;
	s->cjobs_tail = &s->cjobs;
	if (pthread_create(&s->committer, NULL, committer_main, s) != 0)
		return pd_diag_set(d, PD_ENOMEM, NULL, 0, "cannot start the "
				   "committer thread");
	s->have_committer = 1;
	return 0;
}

void commit_stop(struct srv *s)
{
	if (!s->have_committer)
		return;
	pthread_mutex_lock(&s->commit_mu);
	s->commit_stop = 1;
	pthread_cond_signal(&s->commit_cv);
	pthread_mutex_unlock(&s->commit_mu);
	pthread_join(s->committer, NULL);	/* after the queue is run */
	s->have_committer = 0;
}
