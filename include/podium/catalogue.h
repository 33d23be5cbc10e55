/* catalogue.h -- the events catalogue: what an event is (team or
 * individual, the size of its teams, its gender: men's, women's, mixed or
 * open) told by its sport and a phrase of its name, so that an importer
 * need not guess from the rows (data/events.tsv; its header gives the
 * format).  Pure: no I/O.
 *
 * Rules are tried in the file's order and the first that matches decides:
 * its sport equal to the event's (case-insensitive, "Para " ignored on
 * both sides) or "*", its phrase found in the event's name as whole words
 * (case-insensitive) or "*", and, for the gender, the Games' year within
 * its years.  A rule whose kind is not fixed says only the gender (which
 * events are mixed or open, and when) and pd_catalogue_find() passes it
 * over; pd_catalogue_gender() passes over the rules that say nothing of
 * the gender.
 *
 * Ownership: a catalogue owns its strings; pd_catalogue_find() returns a
 * rule borrowed from it.
 */
#ifndef PODIUM_CATALOGUE_H
#define PODIUM_CATALOGUE_H

#include <stddef.h>
#include "error.h"

#define PD_CATALOGUE_MAX 4096

struct pd_event_rule {
	char *sport, *phrase;	/* "*" for any */
	char gender[2];		/* "M", "W", "X" (mixed), "O" (open) or ""
				 * (not fixed) */
	int team;		/* 1 team, 0 individual, -1 not fixed */
	int size;		/* members of a team, 0 when not fixed */
	int from, to;		/* the years it holds for, 0 for no bound */
};

struct pd_catalogue {
	struct pd_event_rule *v;
	size_t n;
};

/* Parse the catalogue text; a malformed rule is PD_EPARSE at its line,
 * and c is then left empty. */
int pd_catalogue_parse(struct pd_catalogue *c, const char *text, size_t len,
		       const char *file, struct pd_diag *diag);
void pd_catalogue_release(struct pd_catalogue *c);
/* The rule for the event name of sport (team or individual), or NULL
 * when none says. */
const struct pd_event_rule *pd_catalogue_find(const struct pd_catalogue *c,
					      const char *sport,
					      const char *name);
/* The rule that says the gender of the event name of sport at the Games
 * of year (0: not known, and then only rules for every year hold), or
 * NULL when none says.  A rule found whose gender is "" says the event is
 * not mixed nor open (an exception to a later rule): the name or the
 * file tells. */
const struct pd_event_rule *pd_catalogue_gender(const struct pd_catalogue *c,
						const char *sport,
						const char *name, int year);

#endif
