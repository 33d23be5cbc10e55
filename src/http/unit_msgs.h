/* unit_msgs.h -- the stream's `unit` messages of a change: which units
 * the Games' audit entries since a version name (the unit writes'
 * changes say "unit RSC..."), and each one's document (pd_doc_unit) at
 * the version the builder reads, as messages for the streams that ask
 * for that unit (?unit=), its event (?event=) or everything. */
#ifndef PODIUM_HTTP_UNIT_MSGS_H
#define PODIUM_HTTP_UNIT_MSGS_H

#include <stddef.h>

#include "podium/buf.h"
#include "podium/model.h"
#include "podium/store.h"

struct msg;

#define UNIT_MSGS_MAX 32	/* units a build sends, at most */

struct unit_msgs {
	struct msg **v;		/* MSG_UNIT each unit, MSG_EVENT each event */
	size_t n;
	struct pd_buf all;	/* every unit's event, for the MSG_ALL one */
};

/* The messages of games's units changed after version since, read on
 * st (inside the read that loaded version); a unit whose document cannot
 * be made is left out.  0, or a PD_E* code (u then empty). */
int unit_msgs_read(struct pd_store *st, const char *games, long since,
		   long version, struct unit_msgs *u, struct pd_diag *d);
void unit_msgs_free(struct unit_msgs *u);

#endif
