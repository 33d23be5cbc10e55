/* catalogue.h -- the events catalogue: what an event is (team or
 * individual, the size of its teams, its gender) told by its sport and a
 * phrase of its name, so that an importer need not guess from the rows
 * (data/events.tsv; its header gives the format).  Pure: no I/O.
 *
 * Rules are tried in the file's order and the first that matches decides:
 * its sport equal to the event's (case-insensitive, "Para " ignored on
 * both sides) or "*", and its phrase found in the event's name as whole
 * words (case-insensitive) or "*".
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
	char gender[2];		/* "M", "W", "X" or "" (not fixed) */
	int team;		/* 1 team, 0 individual */
	int size;		/* members of a team, 0 when not fixed */
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
/* The rule for the event name of sport, or NULL when none says. */
const struct pd_event_rule *pd_catalogue_find(const struct pd_catalogue *c,
					      const char *sport,
					      const char *name);

#endif
