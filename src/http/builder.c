/* builder.c -- the thread that keeps the server's snapshot current.
 *
 * The builder owns a store connection of its own.  Every POLL_MS it
 * reads the Games' versions (one small query; SQLite in WAL mode, so it
 * never waits for a writer, in this process or another), and when one
 * moved it builds a new snapshot in which only the Games whose version
 * moved are loaded and rendered again (snapshot.c), swaps it in, and
 * publishes the changed tables to the streams.  Request handlers take a
 * reference to the snapshot and queue bytes: no reader ever waits for a
 * build, and no table is computed per request.
 *
 * A listener thread, with a connection of its own, waits for another
 * connection's commit (pd_store_wait_change: PostgreSQL's NOTIFY, SQLite's
 * data_version) and pokes the builder at once, so a write made through
 * another node or the CLI reaches this node's streams without waiting for
 * the next poll; the poll stays, as the net under a lost notification.
 *
 * A write is answered once its commit is durable, and says so here
 * (builder_commit): until the views show that version, a read of its
 * Games on this node waits for them, parked (builder_hold), so a client
 * that reads after its write's answer sees it -- read your writes, on
 * the node written to.  The builder is poked at once, and resumes the
 * parked reads after the swap that shows what they wait for.  A write
 * parks its own answer (builder_park) only when too many commits wait.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "podium/label.h"
#include "builder.h"
#include "respond.h"
#include "sender.h"
#include "snapshot.h"
#include "srv.h"
#include "stream.h"
#include "unit_msgs.h"
#include "views.h"

#define POLL_MS 150
#define BEAT_S 15
#define HOLD_MS 2000	/* the longest a read waits for the views */
#define PEND_MAX 65536	/* commits waiting to be shown, at most */
#define RENDER_WAIT_MS 100	/* the longest the views wait for the senders */

/* A commit of this node the views may not show yet. */
struct pend {
	char games[PD_GAMES_CODE];
	long version;
	unsigned long seq;	/* 1, 2, ... in the order they came */
	double until;		/* shown or not, forgotten then (ms) */
};

/* Tell the streams of every Games that moved. */
static void publish(struct srv *s, struct snap *old, struct snap *now)
{
	struct gview *was;
	struct msg *full, *diff;
	size_t i;

	for (i = 0; i < now->n; i++) {
		struct gview *g = now->g[i];

		was = snap_find(old, g->info.code);
		if (was == g || g->error)
			continue;
		full = msg_standings(g, NULL, s->cfg.reg);
		if (full)
			full->seq = MSG_SEQ_FULL;
		diff = was ? msg_standings(g, was, s->cfg.reg) : NULL;
		hub_publish(s, g->info.code, full, diff, NULL, 0);
	}
}

/* Then their unit and results messages (um[i]: now's Games i), after
 * the table's change of the same version: one message of every unit's
 * and event's for the unfiltered streams, and each for the filtered
 * ones (hub.h).  The hub takes the references. */
static void publish_units(struct srv *s, struct snap *now,
			  struct unit_msgs *um)
{
	size_t i;

	for (i = 0; i < now->n; i++) {
		struct unit_msgs *u = &um[i];
		struct msg *all;

		if (!u->n)
			continue;
		all = msg_make(u->v[0]->id, u->v[0]->from, u->all.data,
			       u->all.len);
		if (all)
			all->seq = 1;
		hub_publish(s, now->g[i]->info.code, NULL, all, u->v, u->n);
		u->n = 0;	/* the hub holds them now */
		unit_msgs_free(u);
	}
}

/* The unit messages of each Games of now that moved since old, read in
 * the build's read; NULL when none (a unit that cannot be read is left
 * out: the table's change goes all the same). */
static struct unit_msgs *units_read(struct srv *s, struct snap *old,
				    struct snap *now)
{
	struct unit_msgs *um = calloc(now->n ? now->n : 1, sizeof(*um));
	struct pd_diag d = { "", 0, "" };
	size_t i;

	for (i = 0; um && i < now->n; i++) {
		struct gview *g = now->g[i];
		struct gview *was = snap_find(old, g->info.code);

		pd_buf_init(&um[i].all, 0);
		if (!was || was == g || g->error || was->version >= g->version)
			continue;
		if (unit_msgs_read(s->bstore, g->info.code, was->version,
				   g->version, &um[i], &d) < 0)
			memset(&d, 0, sizeof(d));
	}
	return um;
}

static int changed(struct snap *old, const struct pd_games *v, size_t n)
{
	size_t i;

	if (!old || old->n != n)
		return 1;
	for (i = 0; i < n; i++)
		if (strcmp(old->g[i]->info.code, v[i].code) ||
		    old->g[i]->version != v[i].version)
			return 1;
	return 0;
}

static long version_of(struct srv *s, const char *games)
{
	struct snap *sn = snap_get(s);
	struct gview *g = snap_find(sn, games);
	long v = g ? g->version : -1;

	snap_put(sn);
	return v;
}

static void unpark(struct srv *s, int all);

/* One poll: read the versions, and build and swap if any moved. */
static int tick(struct srv *s, struct pd_diag *d)
{
	struct pd_games *v = NULL;
	struct snap *old, *sn = NULL;
	struct unit_msgs *um = NULL;
	size_t n = 0;
	int ret;

	if ((ret = pd_store_begin_read(s->bstore, d)) < 0)
		return ret;
	if ((ret = pd_store_games_list(s->bstore, &v, &n, d)) < 0) {
		pd_store_rollback(s->bstore);
		return ret;
	}
	old = s->snap;		/* only this thread ever replaces it */
	if (changed(old, v, n))
		ret = build_snap(s, old, v, n, &sn, d);
	if (ret == 0 && sn) {
		/* the snapshot first, so that a stream's reader who asks
		 * for the table at once gets the version it was told of;
		 * then the streams; then the views (until each is
		 * rendered, a request renders it as a lazy view) */
		pthread_mutex_lock(&s->snap_mu);
		s->snap = sn;
		pthread_mutex_unlock(&s->snap_mu);
		publish(s, old, sn);
		pthread_mutex_lock(&s->build_mu);
		pthread_cond_broadcast(&s->built_cv);
		pthread_mutex_unlock(&s->build_mu);
		unpark(s, 0);
		/* then, still in the read of that version, the units and
		 * events it wrote, sent after the table's change (which
		 * waits for none of it); no stream open, nobody to tell */
		if (hub_streams(&s->hub))
			um = units_read(s, old, sn);
	}
	pd_store_rollback(s->bstore);	/* ends the read */
	if (ret == 0 && sn) {
		if (um)
			publish_units(s, sn, um);
		/* the views are rendered once the senders' round is over
		 * (render_pending), from the last snapshot rendered */
		if (s->rpending) {
			snap_put(old);
		} else {
			s->rbase = old;
			s->rpending = 1;
			s->rsince = now_ms();
		}
		s->rgen = senders_gen(&s->hub);
	}
	if (um && sn)
		for (size_t i = 0; i < sn->n; i++)
			unit_msgs_free(&um[i]);
	free(um);
	pd_games_list_free(v, n);
	return ret;
}

/* Suspend c, r among the waiters until ms pass at most, and poke the
 * builder; build_mu held. */
static void add_waiter(struct srv *s, struct MHD_Connection *c,
		       struct req *r, int ms)
{
	r->wuntil = now_ms() + ms;
	r->wconn = c;
	MHD_suspend_connection(c);
	r->wnext = s->waiters;
	s->waiters = r;
	s->poke = 1;
	pthread_cond_signal(&s->build_cv);
}

void builder_park(struct srv *s, struct MHD_Connection *c, struct req *r,
		  const char *games, long version, int ms)
{
	snprintf(r->wgames, sizeof(r->wgames), "%s", games);
	r->wversion = version;
	r->waiting = 1;
	pthread_mutex_lock(&s->build_mu);
	add_waiter(s, c, r, ms);
	pthread_mutex_unlock(&s->build_mu);
}

int builder_commit(struct srv *s, const char *games, long version)
{
	struct pend *e;
	size_t cap;
	int ret = 0;

	pthread_mutex_lock(&s->build_mu);
	if (s->npend == s->pend_cap) {
		cap = s->pend_cap ? 2 * s->pend_cap : 64;
		e = cap <= PEND_MAX ? realloc(s->pend, cap * sizeof(*e)) : NULL;
		if (!e) {
			ret = -1;
			goto cleanup;
		}
		s->pend = e;
		s->pend_cap = cap;
	}
	e = &s->pend[s->npend++];
	snprintf(e->games, sizeof(e->games), "%s", games);
	e->version = version;
	e->seq = ++s->pend_seq;
	e->until = now_ms() + HOLD_MS;
	s->poke = 1;
	pthread_cond_signal(&s->build_cv);
cleanup:
	pthread_mutex_unlock(&s->build_mu);
	return ret;
}

void builder_poke(struct srv *s)
{
	pthread_mutex_lock(&s->build_mu);
	s->poke = 1;
	pthread_cond_signal(&s->build_cv);
	pthread_mutex_unlock(&s->build_mu);
}

/* Forget the commits the views show (or that waited long enough: a
 * build that keeps failing holds no read for longer). */
static void prune(struct srv *s, double now)
{
	size_t i, n = 0;

	for (i = 0; i < s->npend; i++)
		if (now < s->pend[i].until &&
		    version_of(s, s->pend[i].games) < s->pend[i].version)
			s->pend[n++] = s->pend[i];
	s->npend = n;
}

/* Does a commit up to seq of games ("": any) still wait?  build_mu held,
 * pend pruned. */
static int pending(const struct srv *s, const char *games, unsigned long seq)
{
	size_t i;

	for (i = 0; i < s->npend && s->pend[i].seq <= seq; i++)
		if (!*games || !strcmp(games, s->pend[i].games))
			return 1;
	return 0;
}

int builder_hold(struct srv *s, struct MHD_Connection *c, struct req *r)
{
	/* the Games the read shows: "" for every Games (the lists, the
	 * site's root); none for what shows no Games (the assets) */
	const char *games = r->rt.games;
	int held = 0;

	/* npend read unlocked, a hint: a commit whose answer came before
	 * this read is counted in it */
	if (r->held || !atomic_load_explicit(&s->npend, memory_order_acquire) ||
	    r->rt.kind == RT_NONE || r->rt.long_code)
		return 0;
	pthread_mutex_lock(&s->build_mu);
	prune(s, now_ms());
	if (!s->stop && pending(s, games, s->pend_seq)) {
		snprintf(r->wgames, sizeof(r->wgames), "%s", games);
		r->hseq = s->pend_seq;
		r->held = held = 1;
		add_waiter(s, c, r, HOLD_MS);
	}
	pthread_mutex_unlock(&s->build_mu);
	return held;
}

/* Resume the parked writes and reads the views now show (or that waited
 * long enough, or all of them when stopping). */
static void unpark(struct srv *s, int all)
{
	struct req **p, *r;
	double now = now_ms();

	pthread_mutex_lock(&s->build_mu);
	prune(s, now);
	for (p = &s->waiters; (r = *p);) {
		if (all || now >= r->wuntil ||
		    (r->held ? !pending(s, r->wgames, r->hseq) :
		     version_of(s, r->wgames) >= r->wversion)) {
			r->held = r->held ? 2 : 0;
			*p = r->wnext;
			MHD_resume_connection(r->wconn);
		} else {
			p = &r->wnext;
		}
	}
	pthread_mutex_unlock(&s->build_mu);
}

/* Render the computed tables' views of what was published, once every
 * sender has ended the round that sends it: 1.6-1.8 ms of CPU that ran,
 * right after the publish, on one of the two cores the two senders
 * were writing 10,000 sockets from (bench/README.md, bar 2 round five).
 * Until then a request renders its view lazily (lazy.c), and no read
 * waits for this: the parked reads were resumed at the swap.  A poke (a
 * commit to build) goes first, unless the render has waited
 * RENDER_WAIT_MS already; so does the stop. */
static void render_pending(struct srv *s)
{
	struct timespec ts;
	int go;

	if (!s->rpending)
		return;
	pthread_mutex_lock(&s->build_mu);
	deadline(&ts, RENDER_WAIT_MS);
	while (!s->poke && !s->stop && !senders_idle(&s->hub, s->rgen) &&
	       pthread_cond_timedwait(&s->build_cv, &s->build_mu, &ts) == 0)
		;
	go = !s->stop &&
	     (!s->poke || now_ms() - s->rsince >= RENDER_WAIT_MS);
	pthread_mutex_unlock(&s->build_mu);
	if (!go)
		return;
	snap_render(s, s->rbase, s->snap);
	snap_put(s->rbase);
	s->rbase = NULL;
	s->rpending = 0;
}

static void *builder_main(void *arg)
{
	struct srv *s = arg;
	struct pd_diag d = { "", 0, "" };
	struct timespec ts;
	time_t beat = time(NULL);
	int ret;

	for (;;) {
		pthread_mutex_lock(&s->build_mu);
		if (!s->poke && !s->stop) {
			deadline(&ts, POLL_MS);
			pthread_cond_timedwait(&s->build_cv, &s->build_mu, &ts);
		}
		s->poke = 0;
		if (s->stop) {
			pthread_mutex_unlock(&s->build_mu);
			unpark(s, 1);
			if (s->rpending)
				snap_put(s->rbase);
			s->rpending = 0;
			break;
		}
		pthread_mutex_unlock(&s->build_mu);
		/* a failed build keeps the last good snapshot, says why,
		 * and tries again at the next poll; the database away is
		 * said once for the whole outage, and its return once */
		if ((ret = tick(s, &d)) < 0 && d.msg[0]) {
			char text[4 * PD_DIAG_MSG];

			/* a store's message may quote a label */
			pd_text_escape(text, sizeof(text), d.msg);
			if (ret == PD_EAWAY)
				log_away(text);
			else
				log_line("%s", text);
			memset(&d, 0, sizeof(d));
		} else if (ret == 0) {
			log_back();
		}
		unpark(s, 0);
		render_pending(s);
		if (time(NULL) - beat >= BEAT_S) {
			beat = time(NULL);
			hub_beat(s);
			/* what the builds free stays in the threads' malloc
			 * arenas, pages touched: in a soak the arenas' free
			 * space rose 1.8 -> 2.4 MB in two minutes (mallinfo2)
			 * and RSS with it.  Give the free pages back. */
			malloc_trim(0);
		}
	}
	return NULL;
}

static int stopping(struct srv *s)
{
	int stop;

	pthread_mutex_lock(&s->build_mu);
	stop = s->stop;
	pthread_mutex_unlock(&s->build_mu);
	return stop;
}

#define LISTEN_MS 250	/* how often the listener looks at s->stop */

static void *listener_main(void *arg)
{
	struct srv *s = arg;
	struct pd_diag d = { "", 0, "" };
	const struct timespec pause = { 1, 0 };
	int ret, said = 0;

	while (!stopping(s)) {
		ret = pd_store_wait_change(s->lstore, LISTEN_MS, &d);
		if (ret == 1) {
			pthread_mutex_lock(&s->build_mu);
			s->poke = 1;
			pthread_cond_signal(&s->build_cv);
			pthread_mutex_unlock(&s->build_mu);
			said = 0;
		} else if (ret < 0) {
			/* the store is away (a PostgreSQL restart): said
			 * once an outage (log_away), tried again each
			 * second; the poll goes on, and says its return */
			if (!said && d.msg[0])
				log_away(d.msg);
			said = 1;
			memset(&d, 0, sizeof(d));
			nanosleep(&pause, NULL);
		}
	}
	return NULL;
}

int builder_start(struct srv *s, struct pd_diag *d)
{
	int ret;

	if ((ret = pd_store_open(&s->bstore, s->db_path, NULL, d)) < 0 ||
	    (ret = pd_store_open(&s->lstore, s->db_path, NULL, d)) < 0 ||
	    (ret = pd_store_cache_limit(s->bstore, SERVE_CACHE_KIB, d)) < 0 ||
	    (ret = pd_store_cache_limit(s->lstore, SERVE_CACHE_KIB, d)) < 0 ||
	    (ret = pd_store_wait_change(s->lstore, 0, d)) < 0 ||
	    (ret = tick(s, d)) < 0)
		return ret;
	if (pthread_create(&s->builder, NULL, builder_main, s) != 0)
		return pd_diag_set(d, PD_ENOMEM, NULL, 0, "cannot start the "
				   "builder thread");
	s->have_builder = 1;
	if (pthread_create(&s->listener, NULL, listener_main, s) != 0)
		return pd_diag_set(d, PD_ENOMEM, NULL, 0, "cannot start the "
				   "listener thread");
	s->have_listener = 1;
	return 0;
}

void builder_stop(struct srv *s)
{
	if (s->have_builder) {
		pthread_mutex_lock(&s->build_mu);
		s->stop = 1;
		pthread_cond_signal(&s->build_cv);
		pthread_mutex_unlock(&s->build_mu);
		pthread_join(s->builder, NULL);
		s->have_builder = 0;
	}
	if (s->have_listener) {
		pthread_join(s->listener, NULL);	/* sees stop in 250 ms */
		s->have_listener = 0;
	}
	pd_store_close(s->bstore);
	pd_store_close(s->lstore);
	s->bstore = s->lstore = NULL;
	free(s->pend);
	s->pend = NULL;
	s->npend = 0;
	s->pend_cap = 0;
}
