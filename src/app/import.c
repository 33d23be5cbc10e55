/* import.c -- the imports (see ops.h): reading every format 'podium
 * import' takes (parse and validate), and the writes: a medal set, a
 * published table, or a set of athletes, events and results, each one
 * transaction; the last one change per Games, telling its caller of its
 * progress. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/bundled.h"
#include "podium/event.h"
#include "podium/facts_ops.h"
#include "app_int.h"

struct writer {
	struct pd_store *s;
	const struct pd_entry_set *set;
	const char *source;
	const struct pd_who *who;
	const struct pd_op_notify *nt;
	long *athlete_ids;	/* store id of athletes[i], 0 until written */
	long *member_ids;
	size_t amember_ids;
	struct pd_op_import_counts *counts;
	size_t done, total;	/* input rows, for nt->progress */
	enum pd_source_mode mode;
	/* results not yet written, all of one Games (one change's version):
	 * written PENDING_MAX at a time (pd_store_results_add) */
	struct pd_result_rec pending[256];
	size_t npending;
	/* what else a Games' change writes, after its results (or NULL) */
	app_more_fn more;
	void *more_arg;
};

#define PENDING_MAX (sizeof(((struct writer *)0)->pending) / \
		     sizeof(struct pd_result_rec))

static int flush(struct writer *w, struct pd_diag *d)
{
	int ret = pd_store_results_add(w->s, w->pending, w->npending, d);

	w->npending = 0;
	return ret;
}

static void progress(struct writer *w, size_t rows)
{
	w->done += rows;
	if (w->nt && w->nt->progress)
		w->nt->progress(w->nt->arg, w->done, w->total);
}

static void athlete_of(const struct pd_entry_athlete *e, struct pd_athlete *a)
{
	memset(a, 0, sizeof(*a));
	a->ext = e->ext;
	a->name = e->name;
	a->gender = e->gender;
	memcpy(a->npc, e->npc, PD_CODE_MAX);
	a->sport_class = "";
	a->guide = e->guide ? e->guide : "";
}

static int athlete_id(struct writer *w, size_t i, long *id,
		      struct pd_diag *d)
{
	struct pd_athlete a;
	int ret;

	if (w->athlete_ids[i]) {
		*id = w->athlete_ids[i];
		return 0;
	}
	athlete_of(&w->set->athletes[i], &a);
	if ((ret = pd_store_athlete_ensure(w->s, &a, id, d)) < 0)
		return ret;
	w->athlete_ids[i] = *id;
	w->counts->athletes++;
	return 0;
}

/* Every athlete of the set, in its order, ATHLETES_AT a call: the same
 * ids as athlete_id() on each, several a statement. */
#define ATHLETES_AT 256
static int write_athletes(struct writer *w, struct pd_diag *d)
{
	const struct pd_entry_set *set = w->set;
	struct pd_athlete a[ATHLETES_AT];
	size_t i, k, n;
	int ret;

	for (i = 0; i < set->nathletes; i += n) {
		n = set->nathletes - i < ATHLETES_AT ? set->nathletes - i :
		    ATHLETES_AT;
		for (k = 0; k < n; k++)
			athlete_of(&set->athletes[i + k], &a[k]);
		if ((ret = pd_store_athletes_ensure(w->s, a, n,
						    &w->athlete_ids[i],
						    d)) < 0)
			return ret;
		w->counts->athletes += n;
	}
	return 0;
}

static int team_id(struct writer *w, long event,
		   const struct pd_entry_result *r, long *id,
		   struct pd_diag *d)
{
	size_t i;
	long *v;
	int ret;

	if (r->nmembers > w->amember_ids) {
		if (!(v = realloc(w->member_ids, r->nmembers * sizeof(*v))))
			return PD_ENOMEM;
		w->member_ids = v;
		w->amember_ids = r->nmembers;
	}
	for (i = 0; i < r->nmembers; i++)
		if ((ret = athlete_id(w, w->set->members[r->member + i],
				      &w->member_ids[i], d)) < 0)
			return ret;
	return pd_store_team_ensure(w->s, event, r->npc, r->name,
				    w->member_ids, r->nmembers, id, d);
}

/* A result joins the pending ones; its athlete or team is written now, so
 * that every id is the one it had when each result was written alone. */
static int write_result(struct writer *w, long event,
			const struct pd_entry_result *r, struct pd_diag *d)
{
	struct pd_result_rec *rec;
	int ret;

	if (w->npending == PENDING_MAX && (ret = flush(w, d)) < 0)
		return ret;
	rec = &w->pending[w->npending];
	memset(rec, 0, sizeof(*rec));
	rec->event_id = event;
	memcpy(rec->npc, r->npc, PD_CODE_MAX);
	rec->name = r->name;
	/* read first by the label check at the flush, up to PENDING_MAX
	 * results on: the names lie in the order of the file, the results
	 * in the order of events, so each one was a miss there */
	__builtin_prefetch(r->name);
	rec->rank = r->rank;
	rec->mark = rec->irm = rec->records = "";
	rec->date = r->date ? r->date : "";
	rec->source = w->source;
	if (r->athlete &&
	    (ret = athlete_id(w, r->athlete - 1, &rec->athlete_id, d)) < 0)
		return ret;
	if (r->team && (ret = team_id(w, event, r, &rec->team_id, d)) < 0)
		return ret;
	w->npending++;
	w->counts->results++;
	w->counts->medals += r->rank > 0;
	progress(w, r->rows);
	return 0;
}

/* results[i], just written, against the event's results[first..i): a
 * competitor appears once in an event's results.  Two lines that the
 * file spells differently ("SILVA Antonio", "SILVA  ANTONIO ") are one
 * athlete once the store has found them (pd_store_athlete_ensure), and
 * refused.  One athlete the file itself names twice in an event is as
 * the file says (athlete_events.csv: a rider of 1900 on two horses). */
static int once(const struct writer *w, size_t first, size_t i,
		struct pd_diag *d)
{
	const struct pd_entry_result *v = w->set->results, *r = &v[i];
	size_t j;
	long id;

	if (!r->athlete)
		return 0;
	id = w->athlete_ids[r->athlete - 1];
	for (j = first; j < i; j++)
		if (v[j].athlete && v[j].athlete != r->athlete &&
		    w->athlete_ids[v[j].athlete - 1] == id)
			return pd_diag_set(d, PD_ECONSIST, NULL, r->line,
					   "%s (%s) is already ranked at line "
					   "%ld: a competitor appears once in "
					   "an event's results", r->name,
					   r->npc, v[j].line);
	return 0;
}

/* One event and its results, which start at results[*at]. */
static int write_event(struct writer *w, size_t e, size_t *at,
		       struct pd_diag *d)
{
	const struct pd_entry_event *ev = &w->set->events[e];
	const struct pd_entry_set *set = w->set;
	size_t first;
	long id;
	int ret;

	if ((ret = pd_store_event_ensure(w->s, set->games[ev->games],
					 ev->sport, ev->name, ev->gender,
					 ev->date, ev->team, &id, d)) < 0)
		return ret;
	/* an event made earlier by a medals import did not know it */
	if (ev->team &&
	    (ret = pd_store_event_update(w->s, id, NULL, NULL, 1, d)) < 0)
		return ret;
	w->counts->events++;
	for (first = *at; *at < set->nresults && set->results[*at].event == e;
	     (*at)++)
		if ((ret = write_result(w, id, &set->results[*at], d)) < 0 ||
		    (ret = once(w, first, *at, d)) < 0)
			return ret;
	return 0;
}

static int write_all(struct writer *w, struct pd_diag *d)
{
	const struct pd_entry_set *set = w->set;
	size_t g, e = 0, r = 0;
	int ret;

	/* every athlete, in the file's order, whether or not a result
	 * names them: Paris's athletes.csv lists everyone entered */
	if ((ret = write_athletes(w, d)) < 0)
		return ret;
	for (g = 0; g < set->ngames; g++) {
		const char *games = set->games[g];

		if ((ret = app_change(w->s, games, APP_ENSURE_GAMES, w->who,
				      w->nt, NULL, d)) < 0 ||
		    (ret = app_source_rule(w->s, games, w->source, w->mode,
					   d)) < 0 ||
		    (ret = pd_store_medals_replace(w->s, games, w->source,
						   NULL, 0, d)) < 0)
			return ret;
		w->counts->games++;
		for (; e < set->nevents && set->events[e].games == g; e++)
			if ((ret = write_event(w, e, &r, d)) < 0)
				return ret;
		/* before the next Games' change moves the version */
		if ((ret = flush(w, d)) < 0 ||
		    (w->more && (ret = w->more(w->s, games, w->more_arg,
					       d)) < 0))
			return ret;
	}
	return 0;
}

/* The imports have always written a missing reason as "". */
static struct pd_who with_reason(const struct pd_who *who)
{
	struct pd_who w = *who;

	if (!w.reason)
		w.reason = "";
	return w;
}

int pd_op_entries_import(struct pd_store *s, const struct pd_entry_set *set,
			 const char *source, enum pd_source_mode mode,
			 const struct pd_who *who,
			 const struct pd_op_notify *nt,
			 struct pd_op_import_counts *counts,
			 struct pd_diag *diag)
{
	return app_entries_import(s, set, source, mode, who, nt, counts, NULL,
				  NULL, diag);
}

int app_entries_import(struct pd_store *s, const struct pd_entry_set *set,
		       const char *source, enum pd_source_mode mode,
		       const struct pd_who *who, const struct pd_op_notify *nt,
		       struct pd_op_import_counts *counts, app_more_fn more,
		       void *more_arg, struct pd_diag *diag)
{
	struct pd_who wh = with_reason(who);
	struct writer w;
	size_t i;
	int ret;

	memset(&w, 0, sizeof(w));
	memset(counts, 0, sizeof(*counts));
	if (mode == PD_SOURCE_ALTERNATIVE)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--alternative "
				   "keeps a medals file apart; results are "
				   "the Games' own (give --replace)");
	w.mode = mode;
	w.s = s;
	w.set = set;
	w.source = source;
	w.who = &wh;
	w.nt = nt;
	w.counts = counts;
	w.more = more;
	w.more_arg = more_arg;
	for (i = 0; i < set->nresults; i++)
		w.total += set->results[i].rows;
	if (!(w.athlete_ids = calloc(set->nathletes ? set->nathletes : 1,
				     sizeof(*w.athlete_ids))))
		return PD_ENOMEM;
	/* one transaction, its foreign keys checked once at the end */
	if ((ret = pd_store_begin_bulk(s, diag)) == 0)
		ret = app_end(s, write_all(&w, diag), diag);
	free(w.athlete_ids);
	free(w.member_ids);
	return ret;
}

/* What a one-Games import keeps: medals v[0..n), or (p not NULL) a
 * published table read from file. */
struct one {
	const struct pd_medal_rec *v;
	size_t n;
	enum pd_source_mode mode;
	const struct pd_registry *reg;	/* names an alternative's rows */
	const struct pd_published *p;
	const char *file;
};

static int import_one(struct pd_store *s, const char *games,
		      const char *source, const struct one *o,
		      const struct pd_who *who, const struct pd_op_notify *nt,
		      struct pd_diag *d)
{
	struct pd_who wh = with_reason(who);
	int ret;

	if ((ret = app_open(s, games, APP_ENSURE_GAMES, &wh, nt, NULL,
			    d)) < 0)
		return ret;
	if (o->p) {
		ret = pd_store_published_put(s, games, source, o->p, o->file,
					     d);
	} else if (o->mode == PD_SOURCE_ALTERNATIVE) {
		/* apart from the Games' own medals: the table they make */
		struct pd_published alt;

		if ((ret = app_medals_table(o->v, o->n, o->reg, &alt)) == 0)
			ret = pd_store_published_put(s, games, source, &alt,
						     o->file, d);
		pd_published_release(&alt);
	} else if ((ret = app_source_rule(s, games, source, o->mode,
					  d)) == 0) {
		ret = pd_store_medals_replace(s, games, source, o->v, o->n, d);
	}
	return app_end(s, ret, d);
}

int pd_op_medals_import(struct pd_store *s, const char *games,
			const char *source, const struct pd_medal_rec *v,
			size_t n, enum pd_source_mode mode,
			const struct pd_who *who,
			const struct pd_op_notify *nt, struct pd_diag *diag)
{
	struct one o = { v, n, mode, NULL, NULL, NULL };

	return import_one(s, games, source, &o, who, nt, diag);
}

int pd_op_published_import(struct pd_store *s, const char *games,
			   const char *source, const struct pd_published *p,
			   const char *file, const struct pd_who *who,
			   const struct pd_op_notify *nt,
			   struct pd_diag *diag)
{
	struct one o = { NULL, 0, PD_SOURCE_ONLY, NULL, p, file };

	return import_one(s, games, source, &o, who, nt, diag);
}

/* Reading an import: every format 'podium import' takes, parsed and
 * validated here so that any front end can import (the CLI until now
 * parsed them itself). */

/* What each format takes: the results formats (athletes, events and
 * results, see podium/entries.h) are written by pd_op_entries_import(). */
enum { F_MAP = 1, F_WHERE = 2, F_GAMES_OPTIONAL = 4, F_ENTRIES = 8 };

static const struct format {
	const char *name, *source;
	int flags;
} formats[] = {
	{ "table", "published", 0 },
	{ "medals", "medals", F_MAP | F_WHERE },
	{ "standings", "published", F_MAP | F_WHERE },
	{ "athlete-events", "athlete-events",
	  F_WHERE | F_GAMES_OPTIONAL | F_ENTRIES },
	{ "paris2024", "paris2024", F_ENTRIES },
	{ "medallists", "medallists", F_MAP | F_WHERE | F_ENTRIES },
	{ "records", "records", 0 },
	{ NULL, NULL, 0 },
};

static const struct format *format_of(const char *name)
{
	const struct format *f;

	for (f = formats; f->name && name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

int pd_op_import_map(struct pd_op_import_args *a, char *arg,
		     struct pd_diag *diag)
{
	char *eq;
	int f;

	if (!(eq = strchr(arg, '=')) || !eq[1])
		return pd_diag_set(diag, PD_EINVAL, NULL, 0,
				   "--map takes FIELD=COLUMN");
	*eq = '\0';
	/* the event's gender, whatever the column holds (medals.csv) */
	if (!strcmp(arg, "event_gender")) {
		a->opts.map[PD_F_GENDER] = eq + 1;
		a->opts.event_gender = 1;
		return 0;
	}
	if ((f = pd_field_lookup(arg)) < 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "unknown field "
				   "'%s' in --map", arg);
	a->opts.map[f] = eq + 1;
	return 0;
}

int pd_op_import_where(struct pd_op_import_args *a, char *arg,
		       struct pd_diag *diag)
{
	if (a->opts.nwhere == PD_WHERE_MAX)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0,
				   "too many --where");
	return pd_where_parse(&a->opts.where[a->opts.nwhere++], arg, diag);
}

int pd_op_import_fix(struct pd_op_import_args *a, char *arg,
		     struct pd_diag *diag)
{
	if (a->opts.nfix == PD_FIX_MAX)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "too many --fix");
	return pd_fix_parse(&a->opts.fix[a->opts.nfix++], arg, diag);
}

int pd_op_import_teams(struct pd_op_import_args *a, const char *arg,
		       struct pd_diag *diag)
{
	if (!strcmp(arg, "infer"))
		a->opts.teams = PD_TEAMS_INFER;
	else if (!strcmp(arg, "file"))
		a->opts.teams = PD_TEAMS_FILE;
	else
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--teams is "
				   "infer or file");
	return 0;
}

int pd_op_import_same(struct pd_op_import_args *a, char *arg,
		      struct pd_diag *diag)
{
	char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1] || a->nsame == PD_SAME_MAX)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--same takes "
				   "A=B (at most %d)", PD_SAME_MAX);
	*eq = '\0';
	a->same[a->nsame][0] = arg;
	a->same[a->nsame++][1] = eq + 1;
	return 0;
}

/* a's --same names, codes or names, as the registry's codes in o. */
static int same_codes(const struct pd_op_import_args *a,
		      const struct pd_registry *reg, struct pd_csv_opts *o,
		      struct pd_diag *d)
{
	const struct pd_npc *x;
	size_t i;
	int k;

	for (i = 0, o->nsame = 0; i < a->nsame; i++, o->nsame++)
		for (k = 0; k < 2; k++) {
			if (!(x = pd_registry_find(reg, a->same[i][k])))
				return pd_unknown_npc(reg, a->same[i][k],
						      NULL, 0, d);
			memcpy(o->same[i][k], x->code, PD_CODE_MAX);
		}
	return 0;
}

int pd_op_import_check(const struct pd_op_import_args *a,
		       struct pd_diag *diag)
{
	const struct format *fmt = format_of(a->format);
	size_t f;

	if (!fmt)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "FORMAT is "
				   "table, medals, standings, athlete-events, "
				   "paris2024, medallists, records or odf");
	if (!a->games[0] && !(fmt->flags & F_GAMES_OPTIONAL))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0,
				   "--games CODE is required");
	for (f = 0; f < PD_F_COUNT && !(fmt->flags & F_MAP); f++)
		if (a->opts.map[f])
			return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--map "
					   "does not apply to format %s",
					   a->format);
	if (a->opts.nwhere && !(fmt->flags & F_WHERE))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--where does "
				   "not apply to format %s", a->format);
	if (a->opts.teams == PD_TEAMS_INFER &&
	    strcmp(a->format, "athlete-events") &&
	    strcmp(a->format, "medallists") && strcmp(a->format, "medals"))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--teams infer "
				   "applies to formats medals, medallists and "
				   "athlete-events, not %s", a->format);
	if (a->opts.nfix && strcmp(a->format, "medals") &&
	    strcmp(a->format, "standings") && strcmp(a->format, "medallists"))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "--fix applies "
				   "to formats medals, standings and "
				   "medallists, not %s", a->format);
	return 0;
}

/* The bytes of a: given, or read from its file; streamed (pd_file_stream)
 * for a reader that lets go of them as it goes. */
static int input(const struct pd_op_import_args *a, int stream,
		 struct pd_file *f, struct pd_diag *d)
{
	int ret;

	memset(f, 0, sizeof(*f));
	if (a->data) {
		f->data = a->data;
		f->len = a->len;
		return 0;
	}
	if (stream)
		return pd_file_stream(f, a->file, d);
	if ((ret = pd_file_read(a->file, &f->heap, &f->len, d)) == 0)
		f->data = f->heap;
	return ret;
}

/* A published table, and its consistency: a text table that disagrees
 * with itself is refused, a standings CSV kept with warnings (ops.h). */
static int read_published(struct pd_op_import *im,
			  const struct pd_op_import_args *a,
			  const struct pd_csv_opts *opts,
			  const char *data, size_t len,
			  const struct pd_registry *reg, struct pd_diag *d)
{
	int standings = !strcmp(a->format, "standings"), ret;

	if (standings)
		ret = pd_standings_csv_parse(&im->pub, data, len, a->file,
					     reg, opts, d);
	else
		ret = pd_table_text_parse(&im->pub, data, len, a->file, reg,
					  d);
	if (ret < 0)
		return ret;
	im->n = im->pub.n;
	if (pd_published_check(&im->pub, NULL, &im->problems) < 0)
		return PD_ENOMEM;
	if (im->problems.n && !standings) {
		im->refused = 1;
		return PD_ECONSIST;
	}
	return 0;
}

/* The Paris 2024 set is a folder holding three of its CSV files. */
static int read_paris(struct pd_op_import *im,
		      const struct pd_op_import_args *a,
		      const struct pd_registry *reg, struct pd_diag *d)
{
	static const char *const names[3] = { "athletes.csv", "medals.csv",
					       "medallists.csv" };
	char *paths[3] = { NULL, NULL, NULL }, *texts[3] = { NULL, NULL, NULL };
	const char *cpaths[3], *ctexts[3];
	size_t lens[3], i, n;
	int ret = 0;

	if (a->data)
		return pd_diag_set(d, PD_EINVAL, NULL, 0, "paris2024 reads "
				   "a folder, not bytes");
	for (i = 0; i < 3 && ret == 0; i++) {
		n = strlen(a->file) + strlen(names[i]) + 2;
		if (!(paths[i] = malloc(n))) {
			ret = PD_ENOMEM;
			break;
		}
		snprintf(paths[i], n, "%s/%s", a->file, names[i]);
		ret = pd_file_read(paths[i], &texts[i], &lens[i], d);
		cpaths[i] = paths[i];
		ctexts[i] = texts[i];
	}
	if (ret == 0)
		ret = pd_paris2024_parse(&im->entries, ctexts, lens, cpaths,
					 a->games, reg, d);
	for (i = 0; i < 3; i++) {
		free(paths[i]);
		free(texts[i]);
	}
	return ret;
}

/* Under --teams infer the importers consult the bundled catalogue. */
static int load_catalogue(struct pd_op_import *im, struct pd_csv_opts *o,
			  struct pd_diag *d)
{
	int ret;

	if (o->teams != PD_TEAMS_INFER)
		return 0;
	if ((ret = pd_catalogue_parse(&im->events,
				      (const char *)pd_embed_events,
				      pd_embed_events_len, "data/events.tsv",
				      d)) < 0)
		return ret;
	o->events = &im->events;
	return 0;
}

static int read_entries(struct pd_op_import *im,
			const struct pd_op_import_args *a,
			const struct pd_csv_opts *opts, struct pd_file *f,
			const struct pd_registry *reg, struct pd_diag *d)
{
	struct pd_csv_opts o = *opts;
	int ret;

	if ((ret = load_catalogue(im, &o, d)) < 0)
		return ret;
	if (!strcmp(a->format, "athlete-events"))
		return pd_athlete_events_read(&im->entries, f, a->file, reg,
					      a->games[0] ? a->games : NULL,
					      &o, d);
	/* every row it cannot place, refused together */
	o.unplaced = &im->problems;
	if ((ret = pd_medallists_csv_parse(&im->entries, f->data, f->len,
					   a->file, a->games, reg, &o,
					   d)) < 0 && im->problems.n)
		im->refused = 1;
	return ret;
}

int pd_op_import_read(struct pd_op_import *im,
		      const struct pd_op_import_args *a,
		      const struct pd_registry *reg, struct pd_diag *diag)
{
	const struct format *fmt = format_of(a->format);
	struct pd_csv_opts opts = a->opts;
	struct pd_file f;
	const char *data;
	size_t len;
	int ret;

	memset(&f, 0, sizeof(f));
	memset(im, 0, sizeof(*im));
	pd_problems_init(&im->problems);
	pd_problems_init(&im->notes);
	if (!fmt)
		return pd_op_import_check(a, diag);
	memcpy(im->games, a->games, sizeof(im->games));
	/* the catalogue's YEARS: OG2012 -> 2012 */
	opts.year = (int)strtol(a->games + strcspn(a->games, "0123456789"),
				NULL, 10);
	im->source = a->source ? a->source : fmt->source;
	im->mode = a->mode;
	im->reg = reg;
	im->file = a->file;
	if ((ret = same_codes(a, reg, &opts, diag)) < 0)
		return ret;
	if (!strcmp(a->format, "paris2024")) {
		im->kind = PD_OP_IMPORT_ENTRIES;
		if ((ret = read_paris(im, a, reg, diag)) == 0 &&
		    (ret = app_import_rules(im)) == 0 && a->strict &&
		    im->notes.n) {
			im->refused = 1;
			ret = PD_ECONSIST;
		}
		goto cleanup;
	}
	/* athlete_events.csv is 41 MB: held whole, it was a third of the
	 * import's peak memory */
	if ((ret = input(a, !strcmp(a->format, "athlete-events"), &f,
			 diag)) < 0)
		goto cleanup;
	data = f.data;
	len = f.len;
	if (fmt->flags & F_ENTRIES) {
		im->kind = PD_OP_IMPORT_ENTRIES;
		ret = read_entries(im, a, &opts, &f, reg, diag);
	} else if (!strcmp(a->format, "records")) {
		im->kind = PD_OP_IMPORT_RECORDS;
		ret = pd_records_csv_parse(&im->records, data, len, a->file,
					   reg, diag);
		im->n = im->records.n;
	} else if (!strcmp(a->format, "medals")) {
		im->kind = PD_OP_IMPORT_MEDALS;
		if ((ret = load_catalogue(im, &opts, diag)) == 0)
			ret = pd_medals_csv_parse(&im->medals, data, len,
						  a->file, reg, &opts, diag);
		im->n = im->medals.n;
		im->rows = im->medals.rows;
		im->merged = im->medals.merged;
	} else {
		im->kind = PD_OP_IMPORT_PUBLISHED;
		ret = read_published(im, a, &opts, data, len, reg, diag);
	}
	if (ret == 0 && (ret = app_import_rules(im)) == 0 && a->strict &&
	    im->notes.n) {
		im->refused = 1;
		ret = PD_ECONSIST;
	}
cleanup:
	if (im->kind == PD_OP_IMPORT_ENTRIES)
		im->rows = im->entries.rows;
	pd_file_unmap(&f);
	return ret;
}

int pd_op_import_write(struct pd_store *s, struct pd_op_import *im,
		       const struct pd_who *who, const struct pd_op_notify *nt,
		       struct pd_diag *diag)
{
	int ret;

	switch (im->kind) {
	case PD_OP_IMPORT_ENTRIES:
		ret = pd_op_entries_import(s, &im->entries, im->source,
					   im->mode, who, nt, &im->counts,
					   diag);
		/* a line of the file the set came from */
		if (ret < 0 && diag && diag->line && !diag->file[0] && im->file)
			snprintf(diag->file, sizeof(diag->file), "%s",
				 im->file);
		return ret;
	case PD_OP_IMPORT_RECORDS:
		return pd_op_records_import(s, im->games, im->records.v,
					    im->records.n, im->file, who, nt,
					    &im->n, diag);
	case PD_OP_IMPORT_MEDALS: {
		struct one o = { im->medals.v, im->medals.n, im->mode, im->reg,
				 NULL, im->file };

		return import_one(s, im->games, im->source, &o, who, nt, diag);
	}
	default:
		return pd_op_published_import(s, im->games, im->source,
					      &im->pub, im->file, who, nt,
					      diag);
	}
}

int pd_op_import_run(struct pd_store *s, const struct pd_op_import_args *a,
		     const struct pd_registry *reg, const struct pd_who *who,
		     const struct pd_op_notify *nt, struct pd_op_import *im,
		     struct pd_diag *diag)
{
	int ret;

	memset(im, 0, sizeof(*im));
	pd_problems_init(&im->problems);
	pd_problems_init(&im->notes);
	if ((ret = pd_op_import_check(a, diag)) < 0 ||
	    (ret = pd_op_import_read(im, a, reg, diag)) < 0)
		return ret;
	return pd_op_import_write(s, im, who, nt, diag);
}

void pd_op_import_release(struct pd_op_import *im)
{
	pd_problems_release(&im->problems);
	pd_problems_release(&im->notes);
	pd_catalogue_release(&im->events);
	pd_published_release(&im->pub);
	pd_medal_set_release(&im->medals);
	pd_entries_release(&im->entries);
	pd_record_set_release(&im->records);
}

int pd_op_init(struct pd_store *s, const struct pd_registry *reg,
	       const struct pd_who *who, const struct pd_op_notify *nt,
	       size_t *rows, struct pd_diag *diag)
{
	static const char file[] = "data/PG2004.seed.txt";
	struct pd_who wh = with_reason(who);
	struct pd_published pub;
	struct pd_facts facts;
	int ret;

	pd_published_init(&pub);
	pd_facts_init(&facts);
	if ((ret = pd_table_text_parse(&pub, (const char *)pd_embed_pg2004,
				       pd_embed_pg2004_len, file, reg,
				       diag)) < 0 ||
	    (ret = pd_facts_bundled(&facts, diag)) < 0)
		goto cleanup;
	if (rows)
		*rows = pub.n;
	/* the table and the report's figures, one change */
	if ((ret = app_open(s, "PG2004", APP_ENSURE_GAMES, &wh, nt, NULL,
			    diag)) < 0)
		goto cleanup;
	ret = pd_store_published_put(s, "PG2004", "seed", &pub, file, diag);
	if (ret == 0)
		ret = pd_store_facts_replace(s, "PG2004", "seed", &facts, diag);
	if (ret == 0)
		ret = app_election_bundled_keep(s, diag);
	ret = app_end(s, ret, diag);
cleanup:
	pd_facts_release(&facts);
	pd_published_release(&pub);
	return ret;
}
