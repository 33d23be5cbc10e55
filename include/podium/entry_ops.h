/* entry_ops.h -- start lists as the front ends use them (src/app/entries.c):
 * the athletes entered in an event, with or before a result, set whole or
 * one at a time, read, and as the API's documents; and who took part in a
 * Games (stats.h) as the API's document.
 *
 * An entry names an athlete by id, or by NPC and name (the athlete is
 * added if the store has none of that name and NPC, with the gender
 * given).  A start list replaced is one change of the event's Games. */
#ifndef PODIUM_ENTRY_OPS_H
#define PODIUM_ENTRY_OPS_H

#include "buf.h"
#include "event.h"
#include "npc.h"
#include "ops.h"
#include "stats.h"

struct pd_entry_input {
	long athlete;		/* an id, or 0 */
	const char *npc;	/* any name the registry resolves */
	const char *name;
	const char *gender;	/* "M", "W" or "" (NULL: ""): a new
				 * athlete's */
	/* for messages: a file and its line, or (file NULL) the request's
	 * list, whose rows are named entries[i] */
	const char *file;
	long line;
};

/* Replace event's start list with in[0..n) from source (NULL: "desk").
 * *version (if not NULL) receives the new version. */
int pd_op_entries_replace(struct pd_store *s, const struct pd_registry *reg,
			  long event, const char *source,
			  const struct pd_entry_input *in, size_t n,
			  const struct pd_who *who, long *version,
			  struct pd_diag *diag);
/* Add one athlete to event's start list, keeping the others; an athlete
 * already entered is PD_EEXISTS and nothing is written. */
int pd_op_entry_add(struct pd_store *s, const struct pd_registry *reg,
		    long event, const char *source,
		    const struct pd_entry_input *in, const struct pd_who *who,
		    long *version, struct pd_diag *diag);
/* Replace event's start list with the CSV in file (npc, name, gender:
 * pd_results_csv_parse(), whose other columns it leaves); *n (if not
 * NULL) receives the rows. */
int pd_op_entries_from_csv(struct pd_store *s, const struct pd_registry *reg,
			   long event, const char *source, const char *file,
			   const struct pd_who *who, size_t *n,
			   struct pd_diag *diag);

/* The start lists of games (event's alone when event is not 0) as the
 * API's document (GET .../entries, .../events/{id}/entries). */
int pd_doc_entries(struct pd_buf *out, struct pd_store *s, const char *games,
		   long version, long event, unsigned flags,
		   struct pd_diag *diag);
/* Who took part in games (GET .../participation), read from s. */
int pd_doc_participation(struct pd_buf *out, struct pd_store *s,
			 const char *games, long version, unsigned flags,
			 struct pd_diag *diag);

#endif
