/* doping_ops.h -- anti-doping cases as the front ends use them
 * (src/app/doping.c): a case added in one change, its athlete and its
 * sanction checked to be the Games' own; the cases listed with what
 * became of each athlete and of their results (the sanction's mode and
 * events). */
#ifndef PODIUM_DOPING_OPS_H
#define PODIUM_DOPING_OPS_H

#include "buf.h"
#include "doping.h"
#include "ops.h"
#include "store_report.h"

/* Add c to c->games (which must exist); PD_ENOTFOUND for an athlete not
 * in the store, PD_ECONSIST for a sanction of another Games or athlete. */
int pd_op_doping_add(struct pd_store *s, const struct pd_doping_case *c,
		     const struct pd_who *who, long *id,
		     struct pd_diag *diag);
/* games' cases as text in lang, one a line. */
int pd_doping_text(struct pd_buf *b, struct pd_store *s, const char *games,
		   const char *lang, struct pd_diag *diag);

/* games' cases as the API's document (GET .../doping): each with its
 * athlete, finding, outcome and sanction (its mode, events, whether it
 * was lifted), and the anti-doping counts its sources state (the facts
 * doping.*). */
int pd_doc_doping(struct pd_buf *out, struct pd_store *s, const char *games,
		  long version, unsigned flags, struct pd_diag *diag);

#endif
