/* odf_import.c -- 'podium import odf' (ops.h): a captured feed of ODF
 * messages rebuilt into the store, in one transaction.
 *
 * Messages are read from files and folders (a folder's *.xml by name),
 * then ordered by Games and Version; for each key (Games, DocumentType,
 * DocumentCode) only the latest version counts, since ODF messages are
 * cumulative: a later one replaces an earlier one whole.  A DT_MEDALS
 * becomes the published table GAMES@SOURCE; a DT_MEDALLISTS gives every
 * event it names its medallists as results, and a DT_RESULT then gives
 * its event the full results, replacing them. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "podium/event.h"
#include "podium/odf.h"
#include "app_int.h"
#include "odf_int.h"

struct msg {
	struct pd_odf_msg m;
	char *file;
	char games[PD_GAMES_CODE];
	size_t order;		/* in reading order */
	int latest;		/* no later version of its key */
};

struct feed {
	struct msg *v;
	size_t n, alloc;
};

static void feed_release(struct feed *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		pd_odf_msg_release(&f->v[i].m);
		free(f->v[i].file);
	}
	free(f->v);
}

static int read_one(struct feed *f, const char *path, const char *games,
		    struct pd_diag *d)
{
	struct msg *m;
	char *data = NULL;
	size_t len;
	int ret;

	if (f->n == f->alloc) {
		size_t a = f->alloc ? f->alloc * 2 : 16;

		if (!(m = realloc(f->v, a * sizeof(*m))))
			return PD_ENOMEM;
		f->v = m;
		f->alloc = a;
	}
	m = &f->v[f->n];
	memset(m, 0, sizeof(*m));
	if ((ret = pd_file_read(path, &data, &len, d)) < 0)
		return ret;
	ret = pd_odf_parse(&m->m, data, len, path, d);
	free(data);
	if (ret < 0)
		return ret;
	m->order = f->n++;
	if (!(m->file = strdup(path)))
		return PD_ENOMEM;
	if (pd_games_code(m->games, sizeof(m->games),
			  games ? games : m->m.competition) < 0)
		return pd_diag_set(d, PD_EPARSE, path, 0, "'%s' is not a "
				   "Games code", games ? games :
				   m->m.competition);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.xml of a folder, by name. */
static int read_dir(struct feed *f, const char *dir, const char *games,
		    struct pd_diag *d)
{
	struct pd_strings l;
	struct dirent *e;
	char *path;
	size_t i, n;
	DIR *dp;
	int ret = 0;

	if (!(dp = opendir(dir)))
		return pd_diag_set(d, PD_EIO, dir, 0, "cannot read the "
				   "folder");
	pd_strings_init(&l);
	while ((e = readdir(dp)) && ret == 0)
		if ((n = strlen(e->d_name)) > 4 &&
		    !strcmp(e->d_name + n - 4, ".xml"))
			ret = pd_strings_add(&l, e->d_name);
	closedir(dp);
	if (l.n > 1)
		qsort(l.v, l.n, sizeof(*l.v), by_name);
	for (i = 0; i < l.n && ret == 0; i++) {
		n = strlen(dir) + strlen(l.v[i]) + 2;
		if (!(path = malloc(n))) {
			ret = PD_ENOMEM;
			break;
		}
		snprintf(path, n, "%s/%s", dir, l.v[i]);
		ret = read_one(f, path, games, d);
		free(path);
	}
	pd_strings_release(&l);
	return ret;
}

static int by_version(const void *a, const void *b)
{
	const struct msg *x = a, *y = b;
	int c;

	if ((c = strcmp(x->games, y->games)))
		return c;
	if (x->m.version != y->m.version)
		return x->m.version < y->m.version ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int same_key(const struct msg *x, const struct msg *y)
{
	return !strcmp(x->games, y->games) && x->m.type == y->m.type &&
	       !strcmp(x->m.document_code, y->m.document_code);
}

/* Order the feed and mark the latest message of each key. */
static void order(struct feed *f)
{
	size_t i, j;

	if (f->n > 1)
		qsort(f->v, f->n, sizeof(*f->v), by_version);
	for (i = 0; i < f->n; i++) {
		f->v[i].latest = 1;
		for (j = i + 1; j < f->n && f->v[i].latest; j++)
			if (same_key(&f->v[i], &f->v[j]))
				f->v[i].latest = 0;
	}
}

/* Every NPC a message names must be one the store knows.  A table sent
 * without printed names (one computed from results) is kept with the
 * registry's English names, as the store keeps a table in a language. */
static int check_npcs(struct msg *m, const struct pd_registry *reg,
		      struct pd_diag *d)
{
	struct pd_published *p = &m->m.pub;
	const struct pd_npc *npc;
	int named = p->lang[0] != '\0';
	char *name;
	size_t i;

	if (m->m.one_sport)
		return pd_diag_set(d, PD_EPARSE, m->file, m->m.one_sport, "a "
				   "one-sport table (MedalStandings Discipline) "
				   "is not the Games' table: not imported");
	for (i = 0; i < p->n; i++) {
		if (!(npc = pd_registry_code(reg, p->rows[i].npc)))
			return pd_diag_set(d, PD_ENOTFOUND, m->file,
					   p->rows[i].line, "unknown NPC "
					   "'%s'", p->rows[i].npc);
		if (named)
			continue;
		if (!(name = strdup(pd_npc_name(npc, "en"))))
			return PD_ENOMEM;
		free(p->rows[i].name);
		p->rows[i].name = name;
	}
	if (!named)
		strcpy(p->lang, "en");
	for (i = 0; i < m->m.n; i++)
		if (!pd_registry_code(reg, m->m.v[i].npc))
			return pd_diag_set(d, PD_ENOTFOUND, m->file,
					   m->m.v[i].line, "unknown NPC '%s'",
					   m->m.v[i].npc);
	return 0;
}

/* An athlete by code (the store's outside id) when the feed gives one,
 * else by name and NPC. */
static int athlete(struct pd_store *s, const char *code, const char *name,
		   const char *npc, long *id, struct pd_diag *d)
{
	struct pd_athlete a;

	memset(&a, 0, sizeof(a));
	a.ext = code && *code ? code : NULL;
	a.name = name;
	a.gender = a.sport_class = a.guide = "";
	snprintf(a.npc, sizeof(a.npc), "%s", npc);
	return pd_store_athlete_ensure(s, &a, id, d);
}

/* One Games' write: the events written (each once, for the counts),
 * and the competitors of the event being written, each result's (and
 * each team member's) with its result, for the duplicate rule. */
struct gw {
	struct pd_store *s;
	const char *games, *source;
	enum pd_source_mode mode;
	long *events;
	size_t nevents, aevents;
	struct app_who *who;
	const struct pd_odf_competitor **of;	/* whose who[i] is */
	size_t nwho, awho, aof;
	struct pd_strings names;	/* the members' names of who[] */
};

static void gw_release(struct gw *w)
{
	free(w->events);
	free(w->who);
	free(w->of);
	pd_strings_release(&w->names);
}

/* Competitor c is (or has as a member) athlete or team; an athlete by
 * c's NPC and name (NULL: c's own). */
static int add_who(struct gw *w, const struct pd_odf_competitor *c,
		   long athlete, long team, const char *name)
{
	void *p;
	int ret;

	if ((ret = pd_grow(&w->who, w->nwho, &w->awho, sizeof(*w->who),
			   64)) < 0)
		return ret;
	if (w->aof < w->awho) {
		if (!(p = realloc(w->of, w->awho * sizeof(*w->of))))
			return PD_ENOMEM;
		w->of = p;
		w->aof = w->awho;
	}
	w->who[w->nwho].athlete = athlete;
	w->who[w->nwho].team = team;
	w->who[w->nwho].npc = team ? NULL : c->npc;
	w->who[w->nwho].name = team ? NULL : name ? name : c->name;
	w->of[w->nwho++] = c;
	return 0;
}

/* The competitor's athletes ("CODE\tNAME" lines) into ids[0..*n), their
 * names (kept in w->names) into names[]. */
static int members(struct gw *w, const struct pd_odf_competitor *c,
		   long *ids, const char **names, size_t max, size_t *n,
		   struct pd_diag *d)
{
	char line[512], *tab;
	const char *p, *nl;
	int ret;

	*n = 0;
	for (p = c->members; *p && *n < max; p = *nl ? nl + 1 : nl) {
		if (!(nl = strchr(p, '\n')))
			nl = p + strlen(p);
		snprintf(line, sizeof(line), "%.*s", (int)(nl - p), p);
		if (!(tab = strchr(line, '\t')))
			continue;
		*tab = '\0';
		if ((ret = pd_strings_add(&w->names, tab + 1)) < 0)
			return ret;
		names[*n] = w->names.v[w->names.n - 1];
		if ((ret = athlete(w->s, line, tab + 1, c->npc, &ids[(*n)++],
				   d)) < 0)
			return ret;
	}
	return 0;
}

static int competitor(struct gw *w, long event,
		      const struct pd_odf_competitor *c, struct pd_diag *d)
{
	struct pd_result_rec r;
	const char *names[256];
	long ids[256];
	size_t n, i;
	int ret;

	app_result_rec(&r, event, c->npc, c->name, c->rank, c->mark, c->irm,
		       c->records, w->source);
	r.date = "";
	if ((ret = members(w, c, ids, names, 256, &n, d)) < 0)
		return ret;
	if (c->team)
		ret = pd_store_team_ensure(w->s, event, c->npc, c->name, ids, n,
					   &r.team_id, d);
	else if (n)
		r.athlete_id = ids[0];
	else
		ret = athlete(w->s, NULL, c->name, c->npc, &r.athlete_id, d);
	if (ret == 0)
		ret = add_who(w, c, r.athlete_id, r.team_id, NULL);
	/* a team's members are each one competitor too: none is in two
	 * teams, or in a team and alone, in one event */
	for (i = 0; i < n && c->team && ret == 0; i++)
		ret = add_who(w, c, ids[i], 0, names[i]);
	return ret < 0 ? ret : pd_store_result_add(w->s, &r, d);
}

/* The duplicate rule (app_competitor_repeat) over the event's results
 * as written: one competitor, one place. */
static int once_each(struct gw *w, const struct msg *m,
		     const struct pd_odf_event *ev, long id,
		     struct pd_diag *d)
{
	const struct pd_odf_competitor *a, *b;
	size_t first, again;
	char as[300] = "";
	int ret;

	if ((ret = app_competitor_repeat(w->who, w->nwho, &first,
					 &again)) <= 0)
		return ret;
	a = w->of[first];
	b = w->of[again];
	if (a == b)
		snprintf(as, sizeof(as), ", in the same team");
	else if (strcmp(a->name, b->name) || strcmp(a->npc, b->npc))
		snprintf(as, sizeof(as), ", %s '%s' (%s)", a->team ? "in team" :
			 "as", a->name, a->npc);
	return pd_diag_set(d, PD_ECONSIST, m->file, b->line, "%s%s '%s' (%s) "
			   "is already in event %ld (%s) at line %ld%s: a "
			   "competitor appears once in an event's results",
			   w->who[again].team || !b->team ? "" : "a member "
			   "of ", b->team ? "team" : "athlete", b->name,
			   b->npc, id, ev->name, a->line, as);
}

/* Another source's results in the event (an operator's, an earlier
 * feed's under another label) are replaced only under --replace, as
 * 'import medals' replaces another source's medals. */
struct others_in {
	const char *source;
	char first[64];
	size_t n;
};

static int other_in(const char *source, size_t results, void *arg)
{
	struct others_in *o = arg;

	if (strcmp(source, o->source)) {
		if (!o->n)
			snprintf(o->first, sizeof(o->first), "%s", source);
		o->n += results;
	}
	return 0;
}

static int may_replace(struct gw *w, const struct msg *m,
		       const struct pd_odf_event *ev, long id,
		       struct pd_diag *d)
{
	struct others_in o = { w->source, "", 0 };
	int ret;

	if (w->mode == PD_SOURCE_REPLACE ||
	    (ret = pd_store_event_sources(w->s, id, other_in, &o, d)) < 0)
		return w->mode == PD_SOURCE_REPLACE ? 0 : ret;
	if (!o.n)
		return 0;
	return pd_diag_set(d, PD_EEXISTS, m->file, ev->line, "event %ld (%s) "
			   "holds %zu results from source '%s': a feed "
			   "replaces another source's results only with "
			   "--replace", id, ev->name, o.n, o.first);
}

static int keep_event(struct gw *w, long id)
{
	int ret;

	if ((ret = pd_grow(&w->events, w->nevents, &w->aevents,
			   sizeof(*w->events), 64)) < 0)
		return ret;
	w->events[w->nevents++] = id;
	return 0;
}

/* A refusal from below (the store's label rules: a name too long, a
 * format character) names the Result it came from. */
static int at_line(int ret, const struct msg *m, long line,
		   struct pd_diag *d)
{
	char msg[PD_DIAG_MSG];

	if (!d || d->file[0] || !d->msg[0])
		return ret;
	snprintf(msg, sizeof(msg), "%s", d->msg);
	return pd_diag_set(d, ret, m->file, line, "%s", msg);
}

/* An event of m and its competitors, replacing its results. */
static int write_event(struct gw *w, const struct msg *m, size_t e,
		       struct pd_diag *d)
{
	const struct pd_odf_event *ev = &m->m.events[e];
	struct pd_event_info info;
	size_t i;
	long id;
	int ret;

	if ((ret = pd_store_event_ensure(w->s, w->games, ev->sport, ev->name,
					 ev->gender, ev->date, ev->team, &id,
					 d)) < 0 ||
	    (ret = may_replace(w, m, ev, id, d)) < 0 ||
	    (ret = pd_store_event_update(w->s, id, NULL, *ev->sport_class ?
					 ev->sport_class : NULL, ev->team,
					 d)) < 0 ||
	    (ret = pd_store_event_get(w->s, id, &info, d)) < 0)
		return at_line(ret, m, ev->line, d);
	if (*ev->status && strcmp(info.status, ev->status))
		ret = pd_store_event_status(w->s, id, ev->status, d);
	pd_event_info_release(&info);
	if (ret == 0)
		ret = pd_store_results_close(w->s, id, 0, 0, NULL, d);
	w->nwho = 0;
	pd_strings_release(&w->names);
	pd_strings_init(&w->names);
	for (i = 0; i < m->m.n && ret == 0; i++)
		if (m->m.v[i].event == (long)e &&
		    (ret = competitor(w, id, &m->m.v[i], d)) < 0)
			ret = at_line(ret, m, m->m.v[i].line, d);
	if (ret == 0)
		ret = once_each(w, m, ev, id, d);
	return ret < 0 ? ret : keep_event(w, id);
}

static int write_msg(struct gw *w, const struct msg *m,
		     struct pd_op_odf_counts *n, struct pd_diag *d)
{
	size_t e;
	int ret = 0;

	if (m->m.type == PD_ODF_MEDALS) {
		n->tables++;
		return pd_store_published_put(w->s, m->games, w->source,
					      &m->m.pub, m->file, d);
	}
	for (e = 0; e < m->m.nevents && ret == 0; e++)
		ret = write_event(w, m, e, d);
	return ret;
}

/* -- what the store gained: each event written once (one in both the
 * medallists and the results is one event), its results and medals as
 * they now stand */

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

static int count_result(const struct pd_result_row *r, void *arg)
{
	(void)r;
	++*(size_t *)arg;
	return 0;
}

struct medal_count {
	const long *events;
	size_t nevents, n;
};

static int count_medal(const struct pd_medal_out *m, void *arg)
{
	struct medal_count *c = arg;

	c->n += bsearch(&m->event_id, c->events, c->nevents, sizeof(long),
			cmp_long) != NULL;
	return 0;
}

static int count_gained(struct gw *w, struct pd_op_odf_counts *n,
			struct pd_diag *d)
{
	struct medal_count mc;
	struct pd_query q;
	size_t i, k = 0;
	int ret = 0;

	if (!w->nevents)
		return 0;
	if (w->nevents > 1)	/* qsort takes no NULL */
		qsort(w->events, w->nevents, sizeof(long), cmp_long);
	for (i = 0; i < w->nevents; i++)
		if (!k || w->events[k - 1] != w->events[i])
			w->events[k++] = w->events[i];
	n->events += k;
	for (i = 0; i < k && ret == 0; i++)
		ret = pd_store_event_results(w->s, w->events[i], 0,
					     count_result, &n->results, d);
	memset(&q, 0, sizeof(q));
	q.games = w->games;
	mc.events = w->events;
	mc.nevents = k;
	mc.n = 0;
	if (ret == 0)
		ret = pd_store_medals(w->s, &q, count_medal, &mc, d);
	n->medals += mc.n;
	return ret;
}

/* app_source_rule(), whose advice ends before --alternative: a feed's
 * results are the Games' own, never kept apart. */
static int source_rule(struct gw *w, struct pd_diag *d)
{
	int ret = app_source_rule(w->s, w->games, w->source, w->mode, d);
	char *alt;

	if (ret == PD_EEXISTS && d && (alt = strstr(d->msg, ", or "
						    "--alternative")))
		*alt = '\0';
	return ret;
}

/* Does the feed give the Games of f->v[g] any results? */
static int has_results(const struct feed *f, size_t g)
{
	size_t i;

	for (i = g; i < f->n && !strcmp(f->v[i].games, f->v[g].games); i++)
		if (f->v[i].latest && f->v[i].m.type != PD_ODF_MEDALS)
			return 1;
	return 0;
}

/* The messages of each Games, one change per Games: the table, the
 * medallists, then the results (which know more). */
static int write_all(struct gw *w, const struct feed *f,
		     const struct pd_who *who, const struct pd_op_notify *nt,
		     struct pd_op_odf_counts *n, struct pd_diag *d)
{
	static const enum pd_odf_type pass[] = { PD_ODF_MEDALS,
						 PD_ODF_MEDALLISTS,
						 PD_ODF_RESULT };
	size_t g, i, p;
	int ret = 0;

	for (g = 0; g < f->n && ret == 0; g = i) {
		w->games = f->v[g].games;
		w->nevents = 0;
		ret = app_change(w->s, w->games, APP_ENSURE_GAMES, who, nt,
				 NULL, d);
		/* the one-source rule of 'import medals' */
		if (ret == 0 && has_results(f, g))
			ret = source_rule(w, d);
		for (p = 0; p < 3 && ret == 0; p++)
			for (i = g; i < f->n && ret == 0 &&
			     !strcmp(f->v[i].games, w->games); i++)
				if (f->v[i].latest && f->v[i].m.type == pass[p]) {
					ret = write_msg(w, &f->v[i], n, d);
					n->used++;
				}
		if (ret == 0)
			ret = count_gained(w, n, d);
		for (i = g; i < f->n && !strcmp(f->v[i].games, w->games); i++)
			;
		n->games++;
	}
	return ret;
}

static int of_units(const struct msg *m)
{
	return m->m.type == PD_ODF_SCHEDULE ||
	       m->m.type == PD_ODF_UNIT_RESULT || m->m.type == PD_ODF_PARTIC ||
	       m->m.type == PD_ODF_PARTIC_TEAMS;
}

/* A feed of units (odf_import_units.c): the latest of its messages of
 * units, all of one Games; its other messages are not read, since the
 * medals follow from the units. */
static int units_feed(struct pd_store *s, const struct pd_registry *reg,
		      const struct feed *f, const char *source,
		      enum pd_source_mode mode, const struct pd_who *who,
		      const struct pd_op_notify *nt,
		      struct pd_op_odf_counts *counts, struct pd_diag *d)
{
	struct app_odf_in *v;
	const char *games = NULL;
	size_t i, n = 0;
	int ret = 0;

	if (!(v = malloc(f->n * sizeof(*v))))
		return PD_ENOMEM;
	for (i = 0; i < f->n && ret == 0; i++) {
		if (!f->v[i].latest || !of_units(&f->v[i]))
			continue;
		if (games && strcmp(games, f->v[i].games))
			ret = pd_diag_set(d, PD_EINVAL, f->v[i].file, 0, "units "
					  "of %s and of %s: a feed of units is "
					  "one Games'", games, f->v[i].games);
		games = f->v[i].games;
		v[n].msg = &f->v[i].m;
		v[n++].file = f->v[i].file;
	}
	counts->used = n;
	if (ret == 0)
		ret = app_odf_units_import(s, reg, games, v, n, source, mode,
					   who, nt, counts, d);
	free(v);
	return ret;
}

int pd_op_odf_import(struct pd_store *s, const struct pd_registry *reg,
		     const char *const *paths, size_t npaths,
		     const char *games, const char *source,
		     enum pd_source_mode mode, const struct pd_who *who,
		     const struct pd_op_notify *nt,
		     struct pd_op_odf_counts *counts, struct pd_diag *diag)
{
	struct pd_who w = *who;
	struct feed f;
	struct gw gw;
	struct stat st;
	size_t i;
	int ret = 0;

	memset(&f, 0, sizeof(f));
	memset(counts, 0, sizeof(*counts));
	memset(&gw, 0, sizeof(gw));
	pd_strings_init(&gw.names);
	if (mode == PD_SOURCE_ALTERNATIVE)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--alternative "
				   "does not apply to odf: a DT_MEDALS is kept "
				   "apart as GAMES@SOURCE already, and results "
				   "are the Games' own (give --replace)");
	if (!w.reason)
		w.reason = "";
	for (i = 0; i < npaths && ret == 0; i++)
		ret = stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode) ?
		      read_dir(&f, paths[i], games, diag) :
		      read_one(&f, paths[i], games, diag);
	for (i = 0; i < f.n && ret == 0; i++)
		ret = check_npcs(&f.v[i], reg, diag);
	if (ret == 0 && f.n == 0)
		ret = pd_diag_set(diag, PD_EPARSE, paths[0], 0, "no ODF "
				  "message (*.xml) here");
	if (ret < 0)
		goto cleanup;
	order(&f);
	counts->messages = f.n;
	for (i = 0; i < f.n && !of_units(&f.v[i]); i++)
		;
	if (i < f.n) {
		ret = units_feed(s, reg, &f, source ? source : "odf", mode, &w,
				 nt, counts, diag);
		goto cleanup;
	}
	gw.s = s;
	gw.source = source ? source : "odf";
	gw.mode = mode;
	if ((ret = app_begin(s, diag)) == 0)
		ret = app_end(s, write_all(&gw, &f, &w, nt, counts, diag),
			      diag);
cleanup:
	gw_release(&gw);
	feed_release(&f);
	return ret;
}
