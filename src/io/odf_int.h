/* odf_int.h -- internal to src/io: what the ODF reader's two files share
 * (odf.c reads the envelope and the event messages, odf_units.c the
 * messages of a Games' units), so that each check is written once. */
#ifndef PODIUM_ODF_INT_H
#define PODIUM_ODF_INT_H

#include <libxml/tree.h>

#include "podium/odf.h"

struct rd {
	struct pd_odf_msg *m;
	const char *file;
	struct pd_diag *d;
	size_t aev, av;
};

/* PD_EPARSE at n's line: "WHAT NAME in <n>" */
int or_bad(struct rd *r, xmlNodePtr n, const char *what, const char *name);
/* PD_EPARSE at n's line: name="v" (shown safely) and why */
int or_bad_value(struct rd *r, xmlNodePtr n, const char *name,
		 const char *v, const char *why);
/* An element of ours (no namespace) called name */
int or_is(xmlNodePtr n, const char *name);
/* The attribute in the message's pool, NULL if absent (*err on memory) */
const char *or_get(struct rd *r, xmlNodePtr n, const char *name, int *err);
int or_need(struct rd *r, xmlNodePtr n, const char *name, const char **out);
/* "" when absent */
int or_opt(struct rd *r, xmlNodePtr n, const char *name, const char **out);
/* A count of digits (0 when optional and absent) */
int or_number(struct rd *r, xmlNodePtr n, const char *name, long *out,
	      int required);
int or_date_ok(const char *s);

/* The messages of units (odf_units.c): 1 if type is none of them (the
 * caller reads on), else 0 or an error. */
int or_units(struct rd *r, xmlNodePtr root, xmlNodePtr comp,
	     const char *type);

#endif
