/* import.h -- internal to src/io: the entity plumbing every importer
 * shares, so that each rule is written once.
 *
 * NPCs.  A file names a team by code or name ("GBR", "Great Britain",
 * "Hong Kong, China"); the registry matches names with NFKC and case
 * folding, far too slow to do once per row of a 271,116-row file, so
 * pd_import_npc() looks each distinct name up once and keeps the answer.
 * A name the registry does not know is the one "unknown NPC" message
 * (pd_unknown_npc(), with its suggestions) at the file and line of the row.
 *
 * Events.  An importer that fills a struct pd_entry_set finds or adds each
 * event with pd_import_event(), through one index keyed by what makes an
 * event itself: its Games, sport, name and gender.  The key is built with a
 * checked snprintf, and a key that does not fit is an error: truncated, two
 * events that differ only past the limit would silently become one.
 *
 * An event's key is made of its names as the set keeps them: the set
 * folds white space holding a tab or line break to one space (entries.c),
 * so "Judo\nMen" and "Judo Men" are one event here as they would be one
 * name in the store.
 *
 * Ownership: the struct borrows reg and set (both outlive it) and owns a
 * copy of every key it indexes, freed by pd_import_release().
 */
#ifndef PODIUM_IMPORT_H
#define PODIUM_IMPORT_H

#include <stddef.h>

#include "podium/csv.h"
#include "array.h"
#include "podium/entries.h"
#include "podium/io.h"
#include "podium/npc.h"
#include "strmap.h"

#define PD_IMPORT_KEY_MAX 1024

struct pd_import {
	const struct pd_registry *reg;
	struct pd_entry_set *set;	/* NULL for an importer without one */
	const char *file;	/* for messages; an importer of several
				 * files points it at the one it reads */
	const char *npc_column;	/* "no %s in this row" */
	struct pd_strmap npcs;	/* name as written -> registry index */
	struct pd_strmap events;	/* event key -> index into
					 * set->events */
	char key[PD_IMPORT_KEY_MAX];
	char fold[2][PD_IMPORT_KEY_MAX];	/* sport and name, folded */
	unsigned char fixed[PD_FIX_MAX];	/* each --fix, once used */
	const struct pd_csv_opts *opts;	/* --same, or NULL */
};

/* Start with empty indexes; set may be NULL when only NPCs are resolved.
 * npc_column is what a row without an NPC lacks ("NOC", "country_code"),
 * or NULL for "NPC". */
void pd_import_init(struct pd_import *im, const struct pd_registry *reg,
		    struct pd_entry_set *set, const char *file,
		    const char *npc_column);
void pd_import_release(struct pd_import *im);
/* What a results importer does first: pd_import_init() and
 * pd_import_same(), an empty set, the CSV reader c on src's bytes, and
 * their UTF-8 checked (pd_file_utf8_check()).  Whatever this returns,
 * pd_import_end() follows. */
int pd_import_start(struct pd_import *im, struct pd_csv *c,
		    struct pd_file *src, const char *file,
		    const struct pd_registry *reg, struct pd_entry_set *set,
		    const char *npc_column, const struct pd_csv_opts *opts,
		    struct pd_diag *diag);
/* The same without the check of the UTF-8, for an importer that checks
 * it in parts (athlete_events.c); pd_import_end() follows. */
void pd_import_begin(struct pd_import *im, struct pd_csv *c,
		     struct pd_file *src, const char *file,
		     const struct pd_registry *reg, struct pd_entry_set *set,
		     const char *npc_column, const struct pd_csv_opts *opts);
/* Release c and im, and im's set too when ret (the import's result, which
 * this returns) is an error. */
int pd_import_end(struct pd_import *im, struct pd_csv *c, int ret);
/* Take opts' --same pairs (borrowed; may be NULL): pd_import_npc() then
 * gives A for a name that resolves to B. */
void pd_import_same(struct pd_import *im, const struct pd_csv_opts *opts);

/* The --fix of opts (may be NULL) for the row at line, marked used: 1
 * with *out its NPC (NULL for "-": leave the row out), or 0 if none. */
int pd_import_fix(struct pd_import *im, const struct pd_csv_opts *opts,
		  long line, const char **out);
/* The NPC value of the row at line: the --fix for that line if opts has
 * one (*out = NULL for "-": leave the row out), else value.  A row with
 * no value and no fix is PD_EPARSE, saying how to fix it. */
int pd_import_npc_value(struct pd_import *im, const struct pd_csv_opts *opts,
			long line, const char *value, const char **out,
			struct pd_diag *diag);
/* A person's gender as a file of athletes gives it: "Male" -> "M",
 * "Female" or "F" -> "W"; NULL for anything else (an event's "Men"). */
const char *pd_import_person_gender(const char *v);
/* The gender an event's name gives ("Men's 100m", "PR3 Mixed Coxed Four",
 * "Women K44 -47kg"): the first word that is one; "" if none is. */
const char *pd_import_name_gender(const char *name);
/* Mixed and open events (mixed.c).  A gender column is the event's when
 * it is named so or holds a gender only an event has; a column of Men and
 * Women alone may be the athletes', and then, under --teams infer, the
 * events catalogue makes one event of the men's and the women's rows of
 * an event it knows to be mixed or open at that Games. */
/* Whether v is a gender only an event has: X, O, Mixed, Open. */
int pd_import_event_only(const char *v);
/* "Men" or "M" -> 1, "Women" or "W" -> 2: a part an athlete's gender may
 * split an event into; else 0. */
int pd_import_part(const char *v);

/* A medal row as pd_import_mixed() reads it (strings borrowed). */
struct pd_mixed_row {
	const char *sport, *event, *gender, *npc;
	int medal;		/* 0 gold, 1 silver, 2 bronze */
};

/* For each row of v[0..n) whose gender is Men or Women, out[i] = "X" or
 * "O" when its event name is one mixed or open event at the Games of year
 * (the catalogue c says so, the name says neither men's nor women's, and
 * the rows of that name are not two whole podiums that differ), else
 * NULL.  PD_ENOMEM. */
int pd_import_mixed(const struct pd_mixed_row *v, size_t n,
		    const struct pd_catalogue *c, int year, const char **out);

/* PD_EPARSE if a --fix of opts named a line that was no row taken. */
int pd_import_fixes_check(const struct pd_import *im,
			  const struct pd_csv_opts *opts,
			  struct pd_diag *diag);

/* The registry's NPC for name as the file writes it, in *out.  An empty
 * name is PD_EPARSE "no NPC in this row" (im->npc_column names the
 * column), an unknown one PD_ENOTFOUND with pd_unknown_npc()'s message,
 * both at im->file and line. */
int pd_import_npc(struct pd_import *im, const char *name, long line,
		  const struct pd_npc **out, struct pd_diag *diag);

/* The index in im->set->events of the event e names (its games, sport,
 * name and gender), added if new.  e's strings are borrowed: a new event
 * gets the set's copies of them, with e's date (NULL for none) and team.
 * PD_ETOOBIG at im->file and line when the key does not fit, PD_ENOMEM. */
int pd_import_event(struct pd_import *im, const struct pd_entry_event *e,
		    long line, size_t *at, struct pd_diag *diag);

#endif
