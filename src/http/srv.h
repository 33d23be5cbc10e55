/* srv.h -- the state every file of the HTTP server shares: the server
 * (struct srv) and one request (struct req).  Only server.c makes and
 * frees them; the other files read and fill the fields named for them.
 *
 * Locks, and the order they are taken in.  No code holds two of these
 * but in the order below (an arrow: the left one may be held while the
 * right one is taken, never the other way), and none is held while a
 * store query runs except side_mu and reader.mu, which exist for that:
 *
 *   build_mu -> snap_mu       unpark() reads each parked write's version
 *                             (snap_get) while it walks the waiters
 *   build_mu -> MHD's locks   builder_park() and builder_hold() suspend,
 *                             unpark() resumes a connection under it
 *   hub.mu   -> MHD's locks   see hub.h
 *   commit_mu -> MHD's locks  commit_queue() suspends, under it, the
 *                             connection of a write that waited for its
 *                             commit too long
 *   hub.mu   -> sender.mu     sender_adopt() (sender.c)
 *   (a sender takes build_mu alone, at the end of a round, to wake a
 *   builder waiting for the round to end: builder.c render_pending)
 *   snap_mu, side_mu, reader.mu, gview.lazy_mu, task_mu, token_mu:
 *                             nothing is taken while one is held
 *
 * No two of build_mu, hub.mu and side_mu are ever held together, so
 * their relative order never arises.
 *
 * Readers take snap_mu for a pointer copy and never wait for a build,
 * a write or a store query.
 */
#ifndef PODIUM_HTTP_SRV_H
#define PODIUM_HTTP_SRV_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include <microhttpd.h>

#include "podium/buf.h"
#include "podium/model.h"	/* PD_GAMES_CODE */
#include "podium/ops.h"
#include "podium/http.h"
#include "podium/store.h"
#include "route.h"
#include "stream.h"

#define BODY_MAX (64 * 1024)	/* a write's JSON body */

struct snap;
struct cjob;
struct pend;
struct job;
struct task;
struct wjob;

#define READERS_MAX 8
/* Each of the server's store connections keeps at most this much of the
 * store's pages (pd_store_cache_limit), not the import's 16 MiB.  A
 * reader's cache is emptied at every other connection's commit anyway
 * (SQLite WAL), but the writes' own connection keeps its pages, and in a
 * soak with the data held constant the RSS rose ~110 KiB a minute with
 * the store; capped at 128 KiB it stayed flat (bench/README.md).  64
 * pages hold a write's dirty pages and the B-trees' inner pages. */
#define SERVE_CACHE_KIB 256
#define RENDER_MAX 4

/* A connection for the lazy views' reads (lazy.c), its own lock held
 * while it is used: one per MHD thread, so readers wait for each other
 * only when more render at once than there are threads. */
struct reader {
	pthread_mutex_t mu;
	struct pd_store *st;
};

struct srv {
	struct pd_http_config cfg;
	char db_path[4096];
	char def_ref[160];		/* --games as given */
	struct MHD_Daemon *d;
	unsigned port;

	/* snap_mu guards the pointer snap, nothing behind it: held only to
	 * swap it (the builder) or to take a reference (snap_get) */
	pthread_mutex_t snap_mu;
	struct snap *snap;

	/* build_mu guards poke, stop, waiters and pend, and is the mutex of both
	 * conditions: build_cv wakes the builder (a write, or the stop),
	 * built_cv says a new snapshot is in */
	pthread_t builder;
	int have_builder;
	pthread_mutex_t build_mu;
	pthread_cond_t build_cv;
	pthread_cond_t built_cv;
	int poke, stop;
	struct req *waiters;		/* parked writes and reads */
	struct pend *pend;		/* this node's commits the views do
					 * not show yet, oldest first */
	atomic_size_t npend;		/* read unlocked as a hint */
	size_t pend_cap;
	unsigned long pend_seq;		/* the last commit's pend.seq */
	struct pd_store *bstore;	/* the builder's connection: its own
					 * thread's, no lock */
	/* the builder's own, no lock: the views not rendered yet are those
	 * of what changed from rbase to snap (rpending), published when
	 * the senders' count of pokes was rgen, at rsince (ms) */
	struct snap *rbase;
	int rpending;
	unsigned long rgen;
	double rsince;
	pthread_t listener;		/* waits for other connections'
					 * commits and pokes the builder */
	int have_listener;
	struct pd_store *lstore;	/* the listener's connection: its
					 * own thread's, no lock */

	/* side_mu serialises every use of the side connection: the writes
	 * (the committer's) and a refused write's version, and nothing else
	 * -- no read waits on it, and it waits on no read */
	pthread_mutex_t side_mu;
	struct pd_store *side;
	struct pd_op_keep keep;		/* the side's last results written
					 * (ops.h), under side_mu */
	/* the committer (commit.c): it alone runs the writes, in groups;
	 * commit_mu guards cjobs and commit_stop, commit_cv wakes it */
	pthread_t committer;
	int have_committer;
	pthread_mutex_t commit_mu;
	pthread_cond_t commit_cv;
	pthread_cond_t commit_done_cv;	/* a group is done (commit.h) */
	struct cjob *cjobs, **cjobs_tail;
	int commit_stop;
	/* the writes' token checks (write.c), on a connection of their own
	 * so that none waits out a group's commit; token_mu held while it
	 * is used */
	pthread_mutex_t token_mu;
	struct pd_store *tokens;
	struct reader readers[READERS_MAX];	/* readers[0..nreaders) */
	size_t nreaders;

	/* the render threads and their queue of tasks (render.h);
	 * task_mu guards tasks and task_stop, nothing is taken under it */
	pthread_t render[RENDER_MAX];
	size_t nrender;
	int have_tasks;
	pthread_mutex_t task_mu;
	pthread_cond_t task_cv;
	struct task *tasks, **tasks_tail;
	int task_stop;

	struct hub hub;			/* its own lock: hub.h */
	size_t stream_max;		/* streams past it are 503: the
					 * descriptors left for the rest */
	/* the connections whose request head has not all come (server.c:
	 * the header deadline); head_mu guards the list, nothing is taken
	 * under it */
	pthread_mutex_t head_mu;
	pthread_cond_t head_cv;
	struct head *heads;
	pthread_t head_thread;
	int head_started, head_stop;
	atomic_int inflight;
	atomic_int closing;
	char def[200];
};

/* Per request. */
struct req {
	double start;
	int status;
	size_t bytes;
	int is_post, is_head, is_stream, answered, too_big;
	int http11;			/* an HTTP/1.1 request (chunks) */
	int is_patch;			/* a PATCH of results (write.c) */
	int is_delete;			/* a DELETE of a Games (write.c) */
	int close;			/* the answer closes the connection */
	size_t dropped;			/* body bytes after a refusal */
	int role;			/* enum pd_role of the token */
	char actor[64];
	char line[300];			/* method and URL, for the log */
	struct route rt;		/* the URL, read once (route.h) */
	const char *allow;		/* the Allow header of a 405 */
	struct pd_buf body;
	/* a write waiting, suspended, for the views to show it (builder.c;
	 * wnext under build_mu) */
	int waiting;
	char wgames[PD_GAMES_CODE];
	long wversion;
	double wuntil;			/* give up waiting then (ms) */
	int whttp;
	char *wreply;			/* the JSON to send once resumed */
	int held;			/* a read parked until the views show
					 * this node's commits before it: 1
					 * parked, 2 resumed (builder_hold) */
	unsigned long hseq;		/* ... those up to this pend.seq */
	struct job *lazy;		/* a view being rendered (lazy.c) */
	struct wjob *wjob;		/* a write queued for the committer,
					 * or done and not yet answered */
	struct MHD_Connection *wconn;
	struct req *wnext;
};

#endif
