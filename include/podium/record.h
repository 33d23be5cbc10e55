/* record.h -- world, Paralympic and Olympic records in the store (the
 * interface of store.h).
 *
 * A record belongs to an event and sport class -- the key (sport, event,
 * gender, sport class), as the events of every Games name them -- and a
 * kind ("WR", "PR", "OR" ...).  Records are not a Games': a world record
 * stands across Games.  A record is never changed: a better mark adds a
 * new one, which replaces the one in force (replaced_by), so each key and
 * kind has one record in force and its history behind it.
 *
 * The record itself (struct pd_record) is model.h's, shared with the CSV
 * reader.  Ownership: strings passed in are borrowed; a struct pd_record
 * handed to a callback is valid during the call only.
 */
#ifndef PODIUM_RECORD_H
#define PODIUM_RECORD_H

#include "error.h"
#include "model.h"
#include "npc.h"
#include "store.h"


/* Add r (inside pd_store_change()): the record in force of r's key and
 * kind, if any, is replaced by it.  *id (if not NULL) receives its id.
 * PD_EPARSE when a label or name breaks the label rules. */
int pd_store_record_add(struct pd_store *s, const struct pd_record *r,
			long *id, struct pd_diag *diag);

typedef int (*pd_record_fn)(const struct pd_record *r, void *arg);

/* Call fn for every record (of sport only, when not NULL), by sport,
 * event, gender, sport class and kind, and within each by id: the
 * history first, the record in force last. */
int pd_store_records(struct pd_store *s, const char *sport, pd_record_fn fn,
		     void *arg, struct pd_diag *diag);

#endif
