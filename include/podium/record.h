/* record.h -- what the store keeps of a Games beyond its results: the
 * facts its sources state (facts.h), each with its source.
 *
 * The functions are store operations like those of store.h: checked in
 * src/store/store.c (every fact with pd_fact_check()), kept by each
 * backend, and in the contract suite.  Writes go inside
 * pd_store_change(), whose version each row carries; a fact replaced is
 * closed at that version, never deleted, so the facts as they stood at
 * any version can be read back.
 */
#ifndef PODIUM_RECORD_H
#define PODIUM_RECORD_H

#include "facts.h"
#include "store.h"

/* Add f (its games, key and source checked; f->id ignored) as a fact of
 * f->games; *id (if not NULL) receives its id. */
int pd_store_fact_add(struct pd_store *s, const struct pd_fact *f, long *id,
		      struct pd_diag *diag);
/* Replace every fact of games from source with l's (each of which must
 * be of games and source: PD_EINVAL otherwise, before anything is
 * written). */
int pd_store_facts_replace(struct pd_store *s, const char *games,
			   const char *source, const struct pd_facts *l,
			   struct pd_diag *diag);

typedef int (*pd_fact_fn)(const struct pd_fact *f, void *arg);
/* Call fn for each fact in force of games (NULL: of every Games), by
 * Games, key and id; fn's non-zero return stops and is returned. */
int pd_store_facts(struct pd_store *s, const char *games, pd_fact_fn fn,
		   void *arg, struct pd_diag *diag);

#endif
