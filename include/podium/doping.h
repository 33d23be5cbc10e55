/* doping.h -- anti-doping cases: an adverse finding against an athlete
 * at a Games, what became of the athlete (disqualified, or went on
 * competing), the sanction it led to (the existing sanctions, which say
 * what happened to the athlete's results), and where it is stated.
 *
 * Where only counts are known (the Athens 2004 report: 680 tests, 10
 * violations, 2 disqualified, 8 who went on), they are facts
 * (doping.tests, doping.violations ...); where cases are kept, the store
 * computes those counts from them, and 'podium facts check' compares.
 * Pure: no I/O.
 */
#ifndef PODIUM_DOPING_H
#define PODIUM_DOPING_H

#include "error.h"
#include "facts.h"
#include "label.h"
#include "model.h"

struct pd_doping_case {
	long id;
	char games[PD_GAMES_CODE];
	long athlete;			/* the store's athlete */
	char finding[PD_NAME_MAX + 1];	/* the substance or the violation */
	char date[16];			/* YYYY-MM-DD or "" */
	char outcome[16];		/* "", disqualified, continued */
	long sanction;			/* the sanction it led to; 0 none */
	char source[PD_IDENT_MAX + 1];
	char cite[PD_FACT_CITE];
};

/* 0 if c may be kept: an athlete, a finding (a name), a date of the form
 * YYYY-MM-DD or none, a known outcome, an identifier source; PD_EPARSE
 * naming the field otherwise. */
int pd_doping_check(const struct pd_doping_case *c, struct pd_diag *diag);

#endif
