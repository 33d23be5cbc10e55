/* cache.c -- the server's rendered views and the builder that makes them.
 *
 * The builder thread owns a store connection of its own.  Every
 * POLL_MS it reads the Games' versions (one small query; SQLite in WAL
 * mode, so it never waits for a writer, in this process or another), and
 * when one moved it loads that Games once, renders every hot view to
 * bytes -- with a gzip copy and an ETag equal to the version -- and swaps
 * a new immutable snapshot in.  Request handlers take a reference to the
 * snapshot (a lock held for two instructions) and queue bytes: no reader
 * ever waits for a build, and no table is computed per request.  Views
 * that are asked for rarely (a sport's table, an NPC, an event) are
 * rendered on first request and kept with the version they belong to.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zlib.h>

#include "podium/audit.h"
#include "http_int.h"

#define POLL_MS 150
#define BEAT_S 15

void view_release(struct view *v)
{
	if (v->plain)
		MHD_destroy_response(v->plain);
	if (v->gz)
		MHD_destroy_response(v->gz);
	if (v->nm)
		MHD_destroy_response(v->nm);
	memset(v, 0, sizeof(*v));
}

static int gzip(const char *in, size_t len, char **out, size_t *outlen)
{
	z_stream z;
	size_t cap = len + len / 100 + 64;
	int rc;

	memset(&z, 0, sizeof(z));
	if (!(*out = malloc(cap)))
		return PD_ENOMEM;
	/* 15 + 16: a gzip wrapper rather than zlib's own */
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK) {
		free(*out);
		return PD_ENOMEM;
	}
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)len;
	z.next_out = (unsigned char *)*out;
	z.avail_out = (uInt)cap;
	rc = deflate(&z, Z_FINISH);
	*outlen = z.total_out;
	deflateEnd(&z);
	if (rc != Z_STREAM_END) {
		free(*out);
		return PD_ENOMEM;
	}
	return 0;
}

static void view_headers(struct MHD_Response *r, const char *etag,
			 const char *type, int cors)
{
	add_common_headers(r, cors);
	MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, etag);
	MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, "Accept-Encoding");
	/* clients may keep a copy but must ask again: the ETag makes that
	 * a 304 of a few bytes */
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL,
				"public, no-cache");
	if (type)
		MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
					type);
}

int view_make(struct view *v, char *data, size_t len, const char *etag,
	      const char *type, int cors)
{
	char *z = NULL;
	size_t zlen = 0;

	memset(v, 0, sizeof(*v));
	snprintf(v->etag, sizeof(v->etag), "%s", etag);
	if (gzip(data, len, &z, &zlen) < 0) {
		free(data);
		return PD_ENOMEM;
	}
	v->plain = MHD_create_response_from_buffer(len, data,
						   MHD_RESPMEM_MUST_FREE);
	v->gz = MHD_create_response_from_buffer(zlen, z,
						MHD_RESPMEM_MUST_FREE);
	v->nm = MHD_create_response_from_buffer(0, NULL,
						MHD_RESPMEM_PERSISTENT);
	v->len = len;
	v->zlen = zlen;
	if (!v->plain || !v->gz || !v->nm) {
		if (!v->plain)
			free(data);
		if (!v->gz)
			free(z);
		view_release(v);
		return PD_ENOMEM;
	}
	view_headers(v->plain, etag, type, cors);
	view_headers(v->gz, etag, type, cors);
	MHD_add_response_header(v->gz, MHD_HTTP_HEADER_CONTENT_ENCODING,
				"gzip");
	view_headers(v->nm, etag, NULL, cors);
	return 0;
}

static void medals_free(struct medal *m, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(m[i].sport);
		free(m[i].event);
		free(m[i].gender);
		free(m[i].date);
		free(m[i].name);
	}
	free(m);
}

void gview_put(struct gview *g)
{
	size_t i;

	if (!g || atomic_fetch_sub(&g->refs, 1) != 1)
		return;
	for (i = 0; i < g->ntables; i++) {
		pd_tally_release(&g->tables[i].tally);
		free(g->tables[i].error);
		free(g->tables[i].source);
		if (g->tables[i].have_pub)
			pd_published_release(&g->tables[i].pub);
		for (int k = 0; k < 4; k++)
			view_release(&g->tables[i].v[k / 2][k % 2]);
	}
	free(g->tables);
	free(g->error);
	medals_free(g->medals, g->nmedals);
	pd_standings_release(&g->gold);
	for (i = 0; i < g->nlazy; i++) {
		free(g->lazy[i].key);
		view_release(&g->lazy[i].v);
	}
	pthread_mutex_destroy(&g->lazy_mu);
	pd_games_release(&g->info);
	free(g);
}

void snap_put(struct snap *sn)
{
	size_t i;

	if (!sn || atomic_fetch_sub(&sn->refs, 1) != 1)
		return;
	for (i = 0; i < sn->n; i++)
		gview_put(sn->g[i]);
	free(sn->g);
	view_release(&sn->games);
	free(sn);
}

struct snap *snap_get(struct srv *s)
{
	struct snap *sn;

	pthread_mutex_lock(&s->snap_mu);
	if ((sn = s->snap))
		atomic_fetch_add(&sn->refs, 1);
	pthread_mutex_unlock(&s->snap_mu);
	return sn;
}

struct gview *snap_find(struct snap *sn, const char *code)
{
	size_t i;

	for (i = 0; sn && i < sn->n; i++)
		if (!strcmp(sn->g[i]->info.code, code))
			return sn->g[i];
	return NULL;
}

/* t cannot be served: say so in the log, and to whoever asks for it. */
static int table_broken(struct gview *g, struct table *t, const char *why)
{
	fprintf(stderr, "podium serve: %s@%s is not served: %s\n",
		g->info.code, t->source, why);
	pd_tally_release(&t->tally);
	pd_tally_init(&t->tally);
	if (t->have_pub)
		pd_published_release(&t->pub);
	t->have_pub = 0;
	return (t->error = strdup(why)) ? 0 : PD_ENOMEM;
}

static int keep_medal(const struct pd_medal_out *m, void *arg)
{
	struct gview *g = arg;
	struct medal *v, *x;
	int ret;

	if ((ret = pd_tally_add(&g->tables[0].tally, m->npc, m->medal, 1)) < 0)
		return ret;
	if (g->nmedals % 256 == 0) {
		v = realloc(g->medals, (g->nmedals + 256) * sizeof(*v));
		if (!v)
			return PD_ENOMEM;
		g->medals = v;
	}
	x = &g->medals[g->nmedals++];
	memset(x, 0, sizeof(*x));
	x->event_id = m->event_id;
	x->athlete_id = m->athlete_id;
	x->medal = m->medal;
	snprintf(x->npc, sizeof(x->npc), "%s", m->npc);
	x->sport = strdup(m->sport ? m->sport : "");
	x->event = strdup(m->event ? m->event : "");
	x->gender = strdup(m->gender ? m->gender : "");
	x->date = strdup(m->date ? m->date : "");
	x->name = strdup(m->name ? m->name : "");
	return x->sport && x->event && x->gender && x->date && x->name ?
	       0 : PD_ENOMEM;
}

/* The computed table (from the medals, walked once) and every published
 * one.  A published table that cannot be loaded is kept with its error,
 * answered for that table alone, and logged: one bad row never stops the
 * rest of the Games from being served. */
static int load_tables(struct pd_store *st, struct gview *g,
		       struct pd_diag *d)
{
	struct pd_query q = { g->info.code, NULL, 0, 0 };
	struct pd_strings sources;
	size_t i;
	int ret;

	if ((ret = pd_store_published_sources(st, g->info.code, &sources,
					      d)) < 0)
		return ret;
	if (!(g->tables = calloc(sources.n + 1, sizeof(*g->tables)))) {
		pd_strings_release(&sources);
		return PD_ENOMEM;
	}
	g->ntables = 1;
	pd_tally_init(&g->tables[0].tally);
	if (!(g->tables[0].source = strdup(""))) {
		pd_strings_release(&sources);
		return PD_ENOMEM;
	}
	ret = pd_store_medals(st, &q, keep_medal, g, d);
	for (i = 0; ret == 0 && i < sources.n; i++) {
		struct table *t = &g->tables[g->ntables++];
		struct pd_diag td = { "", 0, "" };
		int tr;

		/* taken whole: a label is never cut to fit (a cut one was
		 * then not found, and the builder failed on every poll) */
		t->source = sources.v[i];
		sources.v[i] = NULL;
		pd_tally_init(&t->tally);
		pd_published_init(&t->pub);
		if ((tr = pd_store_published_get(st, g->info.code, t->source,
						 &t->pub, &td)) == 0) {
			t->have_pub = 1;
			tr = pd_published_tally(&t->pub, &t->tally);
		}
		if (tr == PD_ENOMEM)
			ret = tr;
		else if (tr < 0)
			ret = table_broken(g, t, td.msg[0] ? td.msg :
					   pd_strerror(tr));
	}
	pd_strings_release(&sources);
	return ret;
}

static int make_view(struct view *v, struct pd_buf *b, long version)
{
	char etag[48];
	size_t len;
	char *data;

	snprintf(etag, sizeof(etag), "\"%ld\"", version);
	data = pd_buf_detach(b, &len);
	return data ? view_make(v, data, len, etag,
				"application/json; charset=utf-8", 1) :
		      PD_ENOMEM;
}

static int render_tables(struct srv *s, struct gview *g)
{
	static const char *const langs[2] = { "en", "zh" };
	struct pd_standings_opts o;
	struct pd_buf b;
	size_t i;
	int k, ret = 0;

	memset(&o, 0, sizeof(o));
	o.host = g->info.host[0] ? g->info.host : NULL;
	pd_buf_init(&b, 0);
	for (i = 0; i < g->ntables && ret == 0; i++)
		for (k = 0; k < 4 && ret == 0; k++) {
			struct table *t = &g->tables[i];

			if (t->error)
				break;
			o.scheme.kind = k / 2 ? PD_SCHEME_TOTAL :
					PD_SCHEME_GOLD;
			pd_buf_reset(&b);
			if ((ret = render_standings(&b, g, t, &t->tally, &o,
						    langs[k % 2], NULL,
						    s->cfg.reg)) == 0)
				ret = make_view(&t->v[k / 2][k % 2], &b,
						g->version);
		}
	if (ret == 0)
		ret = pd_standings_build(&g->gold, &g->tables[0].tally, &o,
					 NULL);
	pd_buf_release(&b);
	return ret;
}

/* Only the tables are hot: events, statistics and the timeline are
 * rendered on first request (lazy.c), so a change reaches the streams as
 * soon as the standings are ready. */
static int build_views(struct srv *s, struct gview *g)
{
	return render_tables(s, g);
}

/* Load and render one Games; its info is taken from *info.  The caller
 * holds a read transaction, so what is loaded is exactly the version in
 * info, however many writes land meanwhile (rebuilding when the version
 * moved under the load kept the builder busy with lost work under a
 * steady stream of writes). */
static int build_gview(struct srv *s, struct pd_games *info,
		       struct gview **out, struct pd_diag *d)
{
	struct gview *g;
	int ret;

	if (!(g = calloc(1, sizeof(*g))))
		return PD_ENOMEM;
	atomic_init(&g->refs, 1);
	pthread_mutex_init(&g->lazy_mu, NULL);
	g->info = *info;
	memset(info, 0, sizeof(*info));
	g->version = g->info.version;
	if ((ret = load_tables(s->bstore, g, d)) == 0)
		ret = build_views(s, g);
	if (ret < 0) {
		gview_put(g);
		return ret;
	}
	*out = g;
	return 0;
}

/* A Games that cannot be built is kept as one that says why: every
 * request for it is answered with the reason (503) and the log has it,
 * while every other Games goes on being served and updated. */
static int broken_gview(struct pd_games *info, struct pd_diag *d,
			struct gview **out)
{
	struct gview *g;

	if (!(g = calloc(1, sizeof(*g))) ||
	    !(g->tables = calloc(1, sizeof(*g->tables)))) {
		free(g);
		return PD_ENOMEM;
	}
	atomic_init(&g->refs, 1);
	pthread_mutex_init(&g->lazy_mu, NULL);
	g->ntables = 1;
	pd_tally_init(&g->tables[0].tally);
	if (!(g->tables[0].source = strdup(""))) {
		free(g->tables);
		free(g);
		return PD_ENOMEM;
	}
	g->info = *info;
	memset(info, 0, sizeof(*info));
	g->version = g->info.version;
	fprintf(stderr, "podium serve: %s is not served: %s\n",
		g->info.code, d->msg[0] ? d->msg : "it could not be read");
	if (!(g->error = strdup(d->msg[0] ? d->msg : "it could not be "
				"read"))) {
		gview_put(g);
		return PD_ENOMEM;
	}
	d->msg[0] = '\0';
	*out = g;
	return 0;
}

static void choose_default(struct srv *s, struct snap *sn)
{
	const char *at = strchr(s->def_ref, '@');
	struct gview *g = NULL;

	sn->def_auto = 1;
	if (s->def_ref[0]) {
		snprintf(sn->def_games, sizeof(sn->def_games), "%.*s",
			 (int)(at ? at - s->def_ref : (long)strlen(s->def_ref)),
			 s->def_ref);
		g = snap_find(sn, sn->def_games);
		if (at) {
			snprintf(sn->def_source, sizeof(sn->def_source), "%s",
				 at + 1);
			sn->def_auto = 0;
			return;
		}
	}
	if (!g)
		g = snap_find(sn, "PG2004");
	if (!g && sn->n)
		g = sn->g[0];
	if (!g)
		return;
	snprintf(sn->def_games, sizeof(sn->def_games), "%s", g->info.code);
	if (g->tables[0].tally.n == 0 && g->ntables > 1)
		snprintf(sn->def_source, sizeof(sn->def_source), "%s",
			 g->tables[1].source);
}

static struct gview *reuse(struct snap *old, const struct pd_games *info)
{
	struct gview *g = snap_find(old, info->code);

	if (!g || g->version != info->version)
		return NULL;
	atomic_fetch_add(&g->refs, 1);
	return g;
}

static int build_snap(struct srv *s, struct snap *old, struct pd_games *v,
		      size_t n, struct snap **out, struct pd_diag *d)
{
	struct snap *sn;
	struct pd_buf b;
	size_t i;
	int ret = 0;
	char etag[48];

	if (!(sn = calloc(1, sizeof(*sn))) ||
	    !(sn->g = calloc(n ? n : 1, sizeof(*sn->g)))) {
		free(sn);
		return PD_ENOMEM;
	}
	atomic_init(&sn->refs, 1);
	for (i = 0; i < n && ret == 0; i++) {
		if (!(sn->g[i] = reuse(old, &v[i])) &&
		    (ret = build_gview(s, &v[i], &sn->g[i], d)) < 0 &&
		    ret != PD_ENOMEM)
			ret = broken_gview(&v[i], d, &sn->g[i]);
		if (ret == 0) {
			sn->stamp += sn->g[i]->version;
			sn->n++;
		}
	}
	choose_default(s, sn);
	pd_buf_init(&b, 0);
	if (ret == 0 && (ret = render_games(&b, sn, s->cfg.reg)) == 0) {
		snprintf(etag, sizeof(etag), "\"%ld.%zu\"", sn->stamp, sn->n);
		char *data = pd_buf_detach(&b, &i);

		ret = data ? view_make(&sn->games, data, i, etag,
				       "application/json; charset=utf-8", 1) :
			     PD_ENOMEM;
	}
	pd_buf_release(&b);
	if (ret < 0) {
		snap_put(sn);
		return ret;
	}
	*out = sn;
	return 0;
}

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
		diff = was ? msg_standings(g, was, s->cfg.reg) : NULL;
		hub_publish(s, g->info.code, full, diff);
	}
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

/* One poll: read the versions, and build and swap if any moved. */
static int tick(struct srv *s, struct pd_diag *d)
{
	struct pd_games *v = NULL;
	struct snap *old, *sn = NULL;
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
	pd_store_rollback(s->bstore);	/* ends the read */
	if (ret == 0 && sn) {
		pthread_mutex_lock(&s->snap_mu);
		s->snap = sn;
		pthread_mutex_unlock(&s->snap_mu);
		publish(s, old, sn);
		snap_put(old);
		pthread_mutex_lock(&s->build_mu);
		pthread_cond_broadcast(&s->built_cv);
		pthread_mutex_unlock(&s->build_mu);
	}
	pd_games_list_free(v, n);
	return ret;
}

static void deadline(struct timespec *ts, int ms)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_sec += ms / 1000;
	ts->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

void builder_park(struct srv *s, struct MHD_Connection *c, struct req *r,
		  const char *games, long version, int ms)
{
	snprintf(r->wgames, sizeof(r->wgames), "%s", games);
	r->wversion = version;
	r->wuntil = now_ms() + ms;
	r->wconn = c;
	r->waiting = 1;
	pthread_mutex_lock(&s->build_mu);
	MHD_suspend_connection(c);
	r->wnext = s->waiters;
	s->waiters = r;
	s->poke = 1;
	pthread_cond_signal(&s->build_cv);
	pthread_mutex_unlock(&s->build_mu);
}

/* Resume the parked writes the views now show (or that waited long
 * enough, or all of them when stopping). */
static void unpark(struct srv *s, int all)
{
	struct req **p, *r;
	double now = now_ms();

	pthread_mutex_lock(&s->build_mu);
	for (p = &s->waiters; (r = *p);) {
		if (all || now >= r->wuntil ||
		    version_of(s, r->wgames) >= r->wversion) {
			*p = r->wnext;
			MHD_resume_connection(r->wconn);
		} else {
			p = &r->wnext;
		}
	}
	pthread_mutex_unlock(&s->build_mu);
}

const struct view *lazy_get(struct srv *s, struct gview *g, const char *key,
			    int (*render)(struct srv *, struct gview *,
					  const char *, struct pd_buf *,
					  int *),
			    int *status, struct view *once, char *why,
			    size_t whysize)
{
	const struct view *found = NULL;
	struct view v;
	struct pd_buf b;
	size_t i;

	memset(once, 0, sizeof(*once));
	*status = MHD_HTTP_OK;
	pthread_mutex_lock(&g->lazy_mu);
	for (i = 0; i < g->nlazy && !found; i++)
		if (!strcmp(g->lazy[i].key, key))
			found = &g->lazy[i].v;
	pthread_mutex_unlock(&g->lazy_mu);
	if (found)
		return found;
	pd_buf_init(&b, 0);
	if (render(s, g, key, &b, status) < 0 || *status != MHD_HTTP_OK ||
	    make_view(&v, &b, g->version) < 0) {
		/* a render that answers other than 200 says why in b */
		snprintf(why, whysize, "%s", *status != MHD_HTTP_OK ? b.data :
			 "cannot render the view");
		pd_buf_release(&b);
		if (*status == MHD_HTTP_OK)
			*status = MHD_HTTP_INTERNAL_SERVER_ERROR;
		return NULL;
	}
	pd_buf_release(&b);
	pthread_mutex_lock(&g->lazy_mu);
	for (i = 0; i < g->nlazy && !found; i++)
		if (!strcmp(g->lazy[i].key, key))
			found = &g->lazy[i].v;
	/* past LAZY_MAX (a crawler walking every query) a view is sent once
	 * and dropped, so the cache's memory stays bounded */
	if (!found && g->nlazy < LAZY_MAX &&
	    (g->lazy[g->nlazy].key = strdup(key))) {
		g->lazy[g->nlazy].v = v;
		found = &g->lazy[g->nlazy++].v;
		memset(&v, 0, sizeof(v));
	}
	pthread_mutex_unlock(&g->lazy_mu);
	if (found) {
		view_release(&v);
		return found;
	}
	*once = v;
	return once;
}

static void *builder_main(void *arg)
{
	struct srv *s = arg;
	struct pd_diag d = { "", 0, "" };
	struct timespec ts;
	time_t beat = time(NULL);

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
			break;
		}
		pthread_mutex_unlock(&s->build_mu);
		/* a failed build keeps the last good snapshot, says why
		 * once, and tries again at the next poll */
		if (tick(s, &d) < 0 && d.msg[0]) {
			fprintf(stderr, "podium serve: %s\n", d.msg);
			memset(&d, 0, sizeof(d));
		}
		unpark(s, 0);
		if (time(NULL) - beat >= BEAT_S) {
			beat = time(NULL);
			hub_beat(s);
		}
	}
	return NULL;
}

int builder_start(struct srv *s, struct pd_diag *d)
{
	int ret;

	if ((ret = pd_store_open(&s->bstore, s->db_path, NULL, d)) < 0 ||
	    (ret = tick(s, d)) < 0)
		return ret;
	if (pthread_create(&s->builder, NULL, builder_main, s) != 0)
		return pd_diag_set(d, PD_ENOMEM, NULL, 0, "cannot start the "
				   "builder thread");
	s->have_builder = 1;
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
	pd_store_close(s->bstore);
	s->bstore = NULL;
}


