/* filter.h -- which medals a table, a list of medallists or a list of
 * events keeps (core: pure): one sport, one gender of event (M, W, X
 * mixed, O open), those decided through a day or on one day, one NPC's.
 * A filter's fields are each "" for any, so a zeroed filter keeps every
 * medal, and the four genders' tables add up to the whole.
 *
 * When a medal was decided is the caller's to say (the app reads it from
 * a Games' units, else the event's date): the filter only compares days.
 */
#ifndef PODIUM_FILTER_H
#define PODIUM_FILTER_H

#include "error.h"
#include "model.h"
#include "npc.h"

struct pd_filter {
	const char *sport;		/* NULL: any (the query matches it) */
	char gender[2];			/* "M", "W", "X", "O" or "" */
	char through[11];		/* "YYYY-MM-DD": decided by its end */
	char day[11];			/* "YYYY-MM-DD": decided on that day */
	char npc[PD_CODE_MAX];		/* upper-cased, or "" */
};

/* Set f's gender from text (any case): PD_ERANGE (bad input), saying
 * what it may be, for anything but M, W, X or O.  name is the option or
 * parameter the text came in ("--gender", "gender"), for the message. */
int pd_filter_gender(struct pd_filter *f, const char *text,
		     const char *name, struct pd_diag *diag);
/* A calendar date "YYYY-MM-DD" into out (11 bytes): PD_ERANGE naming
 * name for anything else (2024-02-30 is none). */
int pd_filter_date(char *out, const char *text, const char *name,
		   struct pd_diag *diag);
/* An NPC code (2 to 3 letters, any case) upper-cased into f->npc. */
int pd_filter_npc(struct pd_filter *f, const char *text, const char *name,
		  struct pd_diag *diag);

/* Non-zero when f asks for more than a sport. */
int pd_filter_any(const struct pd_filter *f);
/* Does f keep medal m, decided on day decided ("YYYY-MM-DD", or "" when
 * unknown: kept only without a day or through)?  The sport is the
 * query's to match, not this. */
int pd_filter_keeps(const struct pd_filter *f, const struct pd_medal_out *m,
		    const char *decided);

#endif
