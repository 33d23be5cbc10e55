/* app.h -- the application layer, src/app: what the two front ends, the
 * CLI (src/cli) and the HTTP server (src/http), both do, written once, so
 * that each front end is an adapter: argv or JSON in, one call here,
 * bytes out.  It uses core, io and the store interface, and never prints.
 *
 *   ops.h     every write an operator makes, and the imports, each one
 *             audited change (ops.c, import.c)
 *   doc.h     the JSON documents both send, and the table caption
 *             (json_stats.c, caption.c, json.c)
 *   report.h  the Games report's text, one string table per language
 *             (report.c)
 *   token.h   making, issuing, checking and revoking the write API's
 *             tokens (tokens.c; the token table itself is the store's)
 *
 * and, below, what the front ends read: the bundled NPC registry, and the
 * standings references a table or a diff is built from (ref.c).
 *
 * A front end may include this header or the one it needs.
 */
#ifndef PODIUM_APP_H
#define PODIUM_APP_H

#include "doc.h"
#include "ops.h"
#include "report.h"
#include "token.h"

#include "label.h"
#include "model.h"
#include "npc.h"
#include "published.h"
#include "standings.h"
#include "stats.h"

/* The NPC registry bundled with podium (data/npcs.tsv) into r, which the
 * caller releases.  It fails only on memory or a broken bundled file (the
 * tests check that one). */
int pd_registry_bundled(struct pd_registry *r, struct pd_diag *diag);

/* Which table stands for a Games when none is named (a Games' page and
 * the API's standings, 'podium table --games GAMES', /about, the stats
 * and the report): the one ranked from its results, unless the Games has
 * a published table and its results do not yet cover the events that
 * table awards -- one gold an event, so its golds are the events it
 * knows -- and then that table (the first of its sources).  A Games with
 * one result of 519 events keeps the table as published until its
 * results are complete, and says "results for 1 of 519 events". */
struct pd_cover {
	char source[PD_IDENT_MAX + 1];	/* the default: "" ranked from its
					 * results, else a published source */
	char published[PD_IDENT_MAX + 1];	/* its first published
						 * table's source, or "" */
	long done;			/* official events awarding a medal
					 * (counted only when it has a
					 * published table) */
	long known;			/* the golds of that published table,
					 * 0 without one */
};

/* Fill c->source from the other three fields: the rule above, written
 * once for the store's readers and the server's snapshot. */
void pd_cover_decide(struct pd_cover *c);
/* The golds a published table awards: the events it knows of. */
long pd_published_golds(const struct pd_published *p);
/* The cover of games as the store holds it now (PD_ENOTFOUND for no
 * such Games). */
int pd_games_cover(struct pd_store *s, const char *games,
		   struct pd_cover *c, struct pd_diag *diag);
/* The figures of games (pd_store_games_stats()) with its medal figures
 * -- medals, npcs_medal, npcs_gold -- from the table that stands for it,
 * and that table's cover in c.  Release st whatever the result. */
int pd_games_stats_read(struct pd_store *s, const char *games,
			struct pd_games_stats *st, struct pd_cover *c,
			struct pd_diag *diag);
/* "results for 1 of 519 events" (en) or "已录入519个小项中1个小项的成绩"
 * (zh) into out; "" when c has no published table. */
void pd_cover_text(char *out, size_t size, const struct pd_cover *c,
		   const char *lang);
/* A sport's name in lang: in "zh" its Chinese name when podium knows one
 * ("Para Athletics" and "Athletics" are both 田径), else sport itself. */
const char *pd_sport_name(const char *sport, const char *lang);

/* A standings reference ('podium table', 'podium diff'): GAMES (ranked
 * from its medals), GAMES@SOURCE (a published table kept in the store),
 * or a file (a published table, as text or standings CSV).  Caller
 * allocated; pd_ref_release() frees what a load filled. */
struct pd_ref {
	char label[300];	/* the file, or GAMES[@SOURCE] as stored */
	char games[PD_GAMES_CODE];	/* "" for a file */
	char source[128];	/* "" when computed from medals */
	const char *path;	/* a file's (borrowed), else NULL */
	struct pd_tally tally;
	struct pd_games info;	/* zeroed when read from a file */
	int have_info;
	struct pd_published pub;
	int have_pub;
	long as_of;		/* the version read, 0 for now */
	/* the sport a --sport named, as the store names it ("Para
	 * Swimming" for swimming or 游泳); "" if it named none */
	char sport[128];
	/* with pd_ref_opts.default_table: how far the Games' results go,
	 * and whether the published table was taken for GAMES */
	struct pd_cover cover;
	int have_cover, by_default;
	int results_named;	/* GAMES@results */
};

/* How to read a computed reference: one sport (or NULL: matched in any
 * case, with or without "Para ", or by its Chinese name), unofficial
 * events too, and as of a version number or an ISO date (or NULL). */
struct pd_ref_opts {
	const char *sport;
	int include_unofficial;
	const char *as_of;
	/* GAMES is the table that stands for it (struct pd_cover): its
	 * published table while its results are incomplete; without it,
	 * and always with the three above, GAMES is ranked from results */
	int default_table;
	/* --gender, --through, --npc (filter.h; NULL: any): each needs
	 * results, as --sport does */
	const char *gender, *through, *npc;
};

/* Say what text names: a regular file (r->path set: no store needed) or
 * GAMES[@SOURCE] (upper-cased; GAMES@results is the table ranked from
 * its results, whatever the default).  PD_EINVAL if it is neither. */
int pd_ref_init(struct pd_ref *r, const char *text, struct pd_diag *diag);
/* Load the reference pd_ref_init() named: a file with reg resolving its
 * names (s may be NULL), else from s.  opts may be NULL.  PD_EINVAL for
 * options a published table cannot honour or a bad --as-of; the store's
 * and the parsers' errors otherwise, with diag; PD_ERANGE for a
 * --gender, --through or --npc that is none, or that a published table
 * cannot honour. */
int pd_ref_load(struct pd_ref *r, struct pd_store *s,
		const struct pd_registry *reg, const struct pd_ref_opts *opts,
		struct pd_diag *diag);
void pd_ref_release(struct pd_ref *r);

/* The tables a Kaggle athlete_events.csv (or .gz) at path gives, without
 * the store ('podium table --from'): one reference per Games in it, or
 * with only (not NULL) that one alone (none if absent), each with the
 * bundled Games' names when they know it.  *out is freed with
 * pd_refs_free(). */
int pd_refs_athlete_events(const char *path, const struct pd_registry *reg,
			   const char *only, struct pd_ref **out, size_t *n,
			   struct pd_diag *diag);
void pd_refs_free(struct pd_ref *v, size_t n);

/* 'podium check FILE': read the published table in file, as text, without
 * resolving its names (a check is about the numbers, and must work on a
 * table whose names the registry does not know), and list every
 * inconsistency under scheme into probs.  pub and probs are initialised
 * here and the caller's to release, whatever the result. */
int pd_check_file(const char *file, const struct pd_scheme *scheme,
		  struct pd_published *pub, struct pd_problems *probs,
		  struct pd_diag *diag);

#endif
