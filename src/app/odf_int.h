/* odf_int.h -- what the ODF message builders of src/app share (odf.c,
 * odf_results.c): the envelope's date and time, the strings a message
 * keeps, and the Notes.  Not part of the public API. */
#ifndef PODIUM_APP_ODF_INT_H
#define PODIUM_APP_ODF_INT_H

#include "podium/buf.h"
#include "podium/ops.h"
#include "podium/units.h"
#include "podium/odf.h"
#include "podium/store.h"

/* What every message shares: the envelope's strings, the notes. */
struct common {
	struct pd_strings pool;
	char date[11], time[10];
	struct pd_odf_note *notes;
	size_t nnotes, anotes;
	long version;
	long event;		/* notes of this event only; 0: all */
};

/* Read games' change at version (its date and time) and its sanctions
 * up to it (of event only, when not 0) into c; with s NULL, c is empty
 * (a table read from a file).  odf_common_release() after, whatever the
 * result. */
int odf_common_load(struct common *c, struct pd_store *s, const char *games,
		    long version, long event, struct pd_diag *d);
void odf_common_release(struct common *c);
/* A copy of s owned by c; NULL on no memory. */
const char *odf_keep(struct common *c, const char *s);
/* Is event id one of the list "12,15"? */
int odf_lists(const char *events, long id);
/* The ResultStatus of games' events (of sport, when not NULL). */
int odf_games_status(struct pd_store *s, const char *games,
		     const char *sport, const char **status,
		     struct pd_diag *d);

/* One message of a feed and the file it came from. */
struct app_odf_in {
	const struct pd_odf_msg *msg;
	const char *file;
};

/* 'podium import odf' of the messages of one Games' units (DT_SCHEDULE,
 * a unit's DT_RESULT, DT_PARTIC_TEAMS; the others in v are not read):
 * their medals derived from the units and all written as 'podium import
 * units' writes, one transaction (odf_import_units.c). */
int app_odf_units_import(struct pd_store *s, const struct pd_registry *reg,
			 const char *games, const struct app_odf_in *v,
			 size_t n, const char *source,
			 enum pd_source_mode mode, const struct pd_who *who,
			 const struct pd_op_notify *nt,
			 struct pd_op_odf_counts *counts, struct pd_diag *d);

#endif
