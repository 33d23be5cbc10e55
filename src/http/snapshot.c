/* snapshot.c -- load and render one Games at one version, and the
 * reference-counted snapshots that hold them (snapshot.h).
 *
 * A version moved by a write touches a few events: its medals are the
 * last gview's with those events derived again (merge_medals), not every
 * event's (6-7 ms for the bench's 1,570 events, when a write touches
 * one).  Only the tables are hot: each is rendered under gold and total
 * in en and zh once the snapshot is in place and the streams are told
 * (snap_render; by the builder once the senders' round that sends the
 * change is over), so a change reaches the streams as soon as the
 * computed table is ranked.  Events, statistics and the timeline are rendered on
 * first request (lazy.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/label.h"

#include "respond.h"
#include "snapshot.h"
#include "srv.h"
#include "views.h"

static void medals_free(struct medal *m, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (atomic_fetch_sub(&m[i].text->refs, 1) == 1)
			free(m[i].text);
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
	gview_put(g->last);
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
	char src[4 * SOURCE_MAX], text[1024];

	/* the label is what broke: shown escaped, never as it is */
	pd_text_escape(src, sizeof(src), t->source);
	pd_text_escape(text, sizeof(text), why);
	log_line("%s@%s is not served: %s", g->info.code, src, text);
	pd_tally_release(&t->tally);
	pd_tally_init(&t->tally);
	if (t->have_pub)
		pd_published_release(&t->pub);
	t->have_pub = 0;
	return (t->error = strdup(why)) ? 0 : PD_ENOMEM;
}

/* Keep one medal of the computed table: in the list, and in its tally
 * (unless it is there already: tally 0); one of another gview (m->text
 * set) shares its names. */
static int add_medal(struct gview *g, const struct medal *m, int tally)
{
	const char *const from[5] = { m->sport, m->event, m->gender, m->date,
				      m->name };
	char **to[5];
	struct medal *v, *x;
	size_t len[5], all = 0;
	char *p;
	int ret, k;

	if (tally && (ret = pd_tally_add(&g->tables[0].tally, m->npc, m->medal,
					 1)) < 0)
		return ret;
	if (g->nmedals % 256 == 0) {
		v = realloc(g->medals, (g->nmedals + 256) * sizeof(*v));
		if (!v)
			return PD_ENOMEM;
		g->medals = v;
	}
	x = &g->medals[g->nmedals];
	*x = *m;
	if (m->text) {
		atomic_fetch_add(&m->text->refs, 1);
		g->nmedals++;
		return 0;
	}
	for (k = 0; k < 5; k++)
		all += (len[k] = strlen(from[k] ? from[k] : "") + 1);
	if (!(x->text = malloc(sizeof(*x->text) + all)))
		return PD_ENOMEM;
	atomic_init(&x->text->refs, 1);
	to[0] = &x->sport;
	to[1] = &x->event;
	to[2] = &x->gender;
	to[3] = &x->date;
	to[4] = &x->name;
	for (k = 0, p = x->text->s; k < 5; p += len[k++]) {
		memcpy(p, from[k] ? from[k] : "", len[k]);
		*to[k] = p;
	}
	g->nmedals++;
	return 0;
}

static int keep_medal(const struct pd_medal_out *m, void *arg)
{
	struct medal x;

	memset(&x, 0, sizeof(x));
	x.event_id = m->event_id;
	x.athlete_id = m->athlete_id;
	x.medal = m->medal;
	snprintf(x.npc, sizeof(x.npc), "%s", m->npc);
	/* add_medal copies them */
	x.sport = (char *)m->sport;
	x.event = (char *)m->event;
	x.gender = (char *)m->gender;
	x.date = (char *)m->date;
	x.name = (char *)m->name;
	return add_medal(arg, &x, 1);
}

/* The last gview's medals, merged in event order with those of the
 * events derived again: was's medals of an event in ids are dropped. */
struct merge {
	struct gview *g;
	const struct gview *was;
	size_t next;		/* was's first medal not yet taken */
	const long *ids;
	size_t n;
};

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/* Take was's medals of events before event, but those derived again,
 * which leave the tally (it starts as was's: tally_from). */
static int take_before(struct merge *w, long event)
{
	const struct medal *m;
	int ret;

	for (; w->next < w->was->nmedals; w->next++) {
		m = &w->was->medals[w->next];
		if (m->event_id >= event)
			break;
		if (w->n && bsearch(&m->event_id, w->ids, w->n,
				    sizeof(*w->ids), cmp_long))
			ret = pd_tally_add(&w->g->tables[0].tally, m->npc,
					   m->medal, -1);
		else
			ret = add_medal(w->g, m, 0);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* The computed tally starts as was's: the medals taken stay in it, and
 * those of the events derived again leave and come back (a tally's
 * rows are found by a linear search: 17,000 look-ups for the bench's
 * medals, a third of a version's build, to get back what was had). */
static int tally_from(struct pd_tally *t, const struct pd_tally *was)
{
	if (!was->n)
		return 0;
	if (!(t->rows = malloc(was->n * sizeof(*t->rows))))
		return PD_ENOMEM;
	memcpy(t->rows, was->rows, was->n * sizeof(*t->rows));
	t->n = t->alloc = was->n;
	for (size_t i = 0; i < t->n; i++)
		t->rows[i].printed = NULL;	/* a computed tally has none */
	return 0;
}

/* Drop the rows the merge left empty: an NPC without a medal is not in
 * a tally walked from the medals (the table skips it, but an empty
 * tally says the Games has no results: choose_default). */
static void tally_compact(struct pd_tally *t)
{
	size_t i, k = 0;

	for (i = 0; i < t->n; i++)
		if (t->rows[i].medals[0] || t->rows[i].medals[1] ||
		    t->rows[i].medals[2])
			t->rows[k++] = t->rows[i];
	t->n = k;
}

static int merge_medal(const struct pd_medal_out *m, void *arg)
{
	struct merge *w = arg;
	int ret;

	if ((ret = take_before(w, m->event_id)) < 0)
		return ret;
	return keep_medal(m, w->g);
}

/* The computed table's medals: was's, but for the events touched since
 * (derived again), when was is this Games at an earlier version and
 * nothing says every event moved; else every event's.  The walk gives
 * medals in event order, and was's are in the same order, so the merge
 * is the walk's order: the table is the full walk's, byte for byte. */
static int load_medals(struct pd_store *st, struct gview *g,
		       const struct gview *was, struct pd_diag *d)
{
	struct pd_query q = { g->info.code, NULL, 0, 0 };
	struct merge w = { g, was, 0, NULL, 0 };
	long *ids = NULL;
	size_t n = 0;
	int ret;

	if ((ret = pd_store_events_changed(st, g->info.code, was ?
					   was->version : g->version, &ids, &n,
					   &g->removed, d)) < 0)
		return ret;
	if (was && !was->error && was->removed == g->removed &&
	    was->version < g->version && (n == 0 || ids[0] != 0)) {
		w.ids = ids;
		w.n = n;
		if ((ret = tally_from(&g->tables[0].tally,
				      &was->tables[0].tally)) == 0 &&
		    (ret = pd_store_medals_of(st, &q, ids, n, merge_medal, &w,
					      d)) == 0)
			ret = take_before(&w, LONG_MAX);
		tally_compact(&g->tables[0].tally);
	} else {
		ret = pd_store_medals(st, &q, keep_medal, g, d);
	}
	free(ids);
	return ret;
}

/* The computed table (from the medals, walked once) and every published
 * one.  A published table that cannot be loaded is kept with its error,
 * answered for that table alone, and logged: one bad row never stops the
 * rest of the Games from being served. */
static int load_tables(struct pd_store *st, struct gview *g,
		       const struct gview *was, struct pd_diag *d)
{
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
	ret = load_medals(st, g, was, d);
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
		if (tr == PD_ENOMEM || tr == PD_EAWAY) {
			/* the database away is no fault of the table's:
			 * the build fails, and the next poll tries again */
			ret = tr;
			if (tr == PD_EAWAY)
				*d = td;
		} else if (tr < 0)
			ret = table_broken(g, t, td.msg[0] ? td.msg :
					   pd_strerror(tr));
	}
	pd_strings_release(&sources);
	return ret;
}

static void host_opts(struct pd_standings_opts *o, const struct gview *g)
{
	memset(o, 0, sizeof(*o));
	o->host = g->info.host[0] ? g->info.host : NULL;
}

/* Each table's four views, marked hot once whole: the computed table's
 * alone unless all. */
static void render_tables(struct srv *s, struct gview *g, int all)
{
	static const char *const langs[2] = { "en", "zh" };
	struct pd_standings_opts o;
	struct pd_buf b;
	size_t i;
	int k, ret;

	host_opts(&o, g);
	pd_buf_init(&b, 0);
	for (i = 0; i < (all ? g->ntables : 1); i++) {
		struct table *t = &g->tables[i];

		for (k = 0, ret = 0; k < 4 && ret == 0 && !t->error; k++) {
			o.scheme.kind = k / 2 ? PD_SCHEME_TOTAL :
					PD_SCHEME_GOLD;
			pd_buf_reset(&b);
			if ((ret = render_standings(&b, g, g->version, t,
						    &t->tally, &o,
						    langs[k % 2], NULL,
						    s->cfg.reg)) == 0)
				ret = view_make_json(&t->v[k / 2][k % 2],
						     &b, g->version);
		}
		if (ret == 0 && !t->error)
			atomic_store_explicit(&t->hot, 1,
					      memory_order_release);
	}
	pd_buf_release(&b);
}

/* A Games seen for the first time has every table rendered; after, a
 * version is a change of results (a published table is replaced now and
 * then, and read far less than the computed one): the computed table's
 * views are rendered at once, a published table's on its first request
 * (the lazy standings view, the same bytes).  Half the rendering a
 * version did (4 of 8 views, JSON and gzip). */
void snap_render(struct srv *s, struct snap *old, struct snap *sn)
{
	struct gview *was;
	size_t i;

	for (i = 0; i < sn->n; i++) {
		if (sn->g[i]->error ||
		    (was = snap_find(old, sn->g[i]->info.code)) == sn->g[i])
			continue;
		render_tables(s, sn->g[i], !was);
	}
}

/* g->cover from what is loaded: its official events that award a medal
 * (g->medals come in event order) against its first published table's
 * golds (pd_games_cover() reads the same from the store). */
static void gview_cover(struct gview *g)
{
	struct pd_cover *c = &g->cover;
	long last = 0;
	size_t i;

	memset(c, 0, sizeof(*c));
	if (g->ntables < 2 || g->tables[1].error || !g->tables[1].have_pub)
		return;
	for (i = 0; i < g->nmedals; i++)
		if (g->medals[i].event_id != last) {
			c->done++;
			last = g->medals[i].event_id;
		}
	snprintf(c->published, sizeof(c->published), "%s",
		 g->tables[1].source);
	c->known = pd_published_golds(&g->tables[1].pub);
	pd_cover_decide(c);
}

/* Load one Games and rank its computed table; its info is taken from
 * *info, was is the last gview of the same Games (or NULL).  The caller
 * holds a read transaction, so what is loaded is exactly the version in
 * info, however many writes land meanwhile (rebuilding when the version
 * moved under the load kept the builder busy with lost work under a
 * steady stream of writes). */
static int build_gview(struct srv *s, struct pd_games *info,
		       const struct gview *was, struct gview **out,
		       struct pd_diag *d)
{
	struct pd_standings_opts o;
	struct gview *g;
	int ret;

	if (!(g = calloc(1, sizeof(*g))))
		return PD_ENOMEM;
	atomic_init(&g->refs, 1);
	pthread_mutex_init(&g->lazy_mu, NULL);
	g->info = *info;
	memset(info, 0, sizeof(*info));
	g->version = g->info.version;
	host_opts(&o, g);
	if ((ret = load_tables(s->bstore, g, was, d)) == 0)
		ret = pd_standings_build(&g->gold, &g->tables[0].tally, &o,
					 NULL);
	if (ret == 0)
		gview_cover(g);
	if (ret < 0) {
		/* the caller keeps the info: a Games that cannot be built
		 * is still named (broken_gview) by what it was given */
		*info = g->info;
		memset(&g->info, 0, sizeof(g->info));
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
	char text[1024];

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
	pd_text_escape(text, sizeof(text), d->msg[0] ? d->msg :
		       "it could not be read");
	log_line("%s is not served: %s", g->info.code, text);
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
	snprintf(sn->def_source, sizeof(sn->def_source), "%s",
		 g->cover.source);
}

struct gview *gview_last(struct gview *g)
{
	struct gview *last;

	pthread_mutex_lock(&g->lazy_mu);
	if ((last = g->last))
		atomic_fetch_add(&last->refs, 1);
	pthread_mutex_unlock(&g->lazy_mu);
	return last;
}

/* g replaces was: keep was as g's last, and was's own last no more (one
 * version back is the last snapshot; more would pile up). */
static void keep_last(struct gview *g, struct gview *was)
{
	struct gview *older;

	if (!was || was->error)
		return;
	atomic_fetch_add(&was->refs, 1);
	g->last = was;
	pthread_mutex_lock(&was->lazy_mu);
	older = was->last;
	was->last = NULL;
	pthread_mutex_unlock(&was->lazy_mu);
	gview_put(older);
}

static struct gview *reuse(struct snap *old, const struct pd_games *info)
{
	struct gview *g = snap_find(old, info->code);

	if (!g || g->version != info->version)
		return NULL;
	atomic_fetch_add(&g->refs, 1);
	return g;
}

int build_snap(struct srv *s, struct snap *old, struct pd_games *v,
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
		/* a database that went away mid-read (a PostgreSQL restart)
		 * says nothing of the Games: the whole build fails, the last
		 * snapshot is kept and the next poll tries again; anything
		 * else is this Games' own fault, and only it is not served */
		if (!(sn->g[i] = reuse(old, &v[i]))) {
			struct gview *was = snap_find(old, v[i].code);

			if ((ret = build_gview(s, &v[i], was, &sn->g[i],
					       d)) == 0)
				keep_last(sn->g[i], was);
			else if (ret != PD_ENOMEM && ret != PD_EAWAY)
				ret = broken_gview(&v[i], d, &sn->g[i]);
		}
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
