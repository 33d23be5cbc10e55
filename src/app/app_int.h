/* app_int.h -- what the files of src/app share: the one bracket every
 * write goes through (ops.c).  Not part of the public API.
 *
 * A write is app_begin(), then app_change() once per Games it touches
 * (the Games made if absent when asked, its version bumped, the audit
 * entry written), then its writes, then app_end(), which commits when the
 * writes succeeded and rolls back otherwise.  After a failed app_begin()
 * there is nothing to end; after a failed app_change() app_end() still
 * must be called, as with any failed write.
 *
 * The document builders share app_json_dump() (json.c). */
#ifndef PODIUM_APP_INT_H
#define PODIUM_APP_INT_H

#include <jansson.h>

#include "podium/doc.h"
#include "podium/event.h"
#include "podium/ops.h"

/* app_change() flags. */
#define APP_ENSURE_GAMES 1	/* make the Games if absent */

int app_begin(struct pd_store *s, struct pd_diag *d);
/* who->reason NULL is written as given; the callers that always wrote ""
 * pass "" themselves. */
int app_change(struct pd_store *s, const char *games, int flags,
	       const struct pd_who *who, const struct pd_op_notify *nt,
	       long *version, struct pd_diag *d);
/* The writes to one Games: app_begin() and app_change(), rolled back if
 * the change fails; on success end with app_end(). */
int app_open(struct pd_store *s, const char *games, int flags,
	     const struct pd_who *who, const struct pd_op_notify *nt,
	     long *version, struct pd_diag *d);
/* Commit when ret is 0, else roll back; returns ret or the commit's
 * error. */
int app_end(struct pd_store *s, int ret, struct pd_diag *d);

/* Fill im->notes with the medals im read that the rules of their events
 * drop or change (import_rules.c).  0 or PD_ENOMEM. */
int app_import_rules(struct pd_op_import *im);

/* A sport's Chinese name ("Para Swimming" -> 游泳), or sport itself when
 * the table of them (ref.c) has none. */
const char *app_sport_zh(const char *sport);

/* Meet the records in force of e's event and sport class with r's mark
 * (records.c): each it beats is replaced by a record of r (inside the
 * change), and r->records becomes the flags worked out (WR, =PR ...)
 * with the other typed ones kept, written into flags, which must outlive
 * r.  With no record in force r is left as it is. */
int app_records_flag(struct pd_store *s, const struct pd_event_info *e,
		     struct pd_result_rec *r, struct pd_buf *flags,
		     struct pd_diag *d);

/* Keep the bundled published election result (election.c) unless an
 * earlier init kept it; inside pd_op_init()'s change. */
int app_election_bundled_keep(struct pd_store *s, struct pd_diag *d);

/* Dump doc (consumed, may be NULL: PD_ENOMEM) onto out as doc.h says. */
int app_json_dump(struct pd_buf *out, json_t *doc, unsigned flags);
/* A JSON string of s ("" for NULL); null if jansson refuses it. */
json_t *app_json_str(const char *s);

#endif
