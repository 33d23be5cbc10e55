/* report.h -- a short Games report, in zh or en, whose every number is
 * read from the data: its stats, the derived medal table, the medallists.
 * A figure the data cannot give is said to be unknown, never printed as 0.
 *
 * The text is built here (src/app/report.c), with one string table per
 * language, so that a front end only sends it: 'podium report' prints it,
 * and a server could serve the same bytes. */
#ifndef PODIUM_REPORT_H
#define PODIUM_REPORT_H

#include "buf.h"
#include "error.h"
#include "npc.h"
#include "store.h"

/* Append games' report in lang ("zh"; anything else is en) to out.  reg
 * names the NPCs.  Its table is the one that stands for the Games
 * (pd_cover, app.h): while a published table does, the report names it,
 * says how far the results go and leaves who took part unknown.  PD_ENOTFOUND (with diag) for no such Games; on any
 * failure out holds part of the report and the caller drops it. */
int pd_report(struct pd_buf *out, struct pd_store *s,
	      const struct pd_registry *reg, const char *games,
	      const char *lang, struct pd_diag *diag);

/* A Games' official report regenerated from the store (report_games.c):
 * the dates and host, participation, the medal table's top, highlights,
 * media, the torch relay, tickets and volunteers, anti-doping and the
 * athletes' election, each figure from a fact (facts.h), the published
 * table, a match, the election or the Games' record, never typed; a
 * figure whose facts disagree shows the others beside it; a sentence
 * whose sources are missing is left out; and a closing list of every
 * contradiction pd_facts_check() finds.  With sources, each figure is
 * marked [n] and a list of where each came from follows. */
int pd_report_games(struct pd_buf *out, struct pd_store *s,
		    const struct pd_registry *reg, const char *games,
		    const char *lang, int sources, struct pd_diag *diag);
/* The same inside the caller's read transaction, without the trace (the
 * public page's Games overview). */
int pd_report_games_read(struct pd_buf *out, struct pd_store *s,
			 const struct pd_registry *reg, const char *games,
			 const char *lang, struct pd_diag *diag);

/* A Games' highlights computed from its results (highlights.c), in lang:
 * the most decorated athletes (three medals or more, the first ten
 * ranks), the NPC first on each sport's table with its medals, and the
 * results that set a record by type.  Inside a read transaction of its
 * own; PD_ENOTFOUND for no such Games. */
int pd_highlights(struct pd_buf *out, struct pd_store *s,
		  const struct pd_registry *reg, const char *games,
		  const char *lang, struct pd_diag *diag);

/* A Games' results book as one HTML document (book.c): a cover, the
 * medal table that stands for the Games, the medallists, each sport's
 * events with their results and medals, the results that set a record and
 * the sanctions, every printed page marked with the Games and the version
 * read; the same version gives the same bytes.  Inside a read
 * transaction of its own; PD_ENOTFOUND for no such Games. */
int pd_book_html(struct pd_buf *out, struct pd_store *s,
		 const struct pd_registry *reg, const char *games,
		 const char *lang, struct pd_diag *diag);

#endif
