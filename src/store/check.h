/* check.h -- what every store backend refuses before it writes: the label
 * rules of label.h applied to each kind of record, in one place, so no
 * front end (CLI, server, importer) can store a label that breaks a log, a
 * line protocol or a terminal.  Each returns 0 or PD_EPARSE with diag
 * naming the field. */
#ifndef PODIUM_STORE_CHECK_H
#define PODIUM_STORE_CHECK_H

#include "podium/label.h"
#include "podium/model.h"
#include "podium/published.h"

int pd_check_games(const struct pd_games *g, struct pd_diag *diag);
int pd_check_change(const char *games, const char *actor, const char *reason,
		    struct pd_diag *diag);
int pd_check_published(const char *source, const struct pd_published *p,
		       struct pd_diag *diag);
int pd_check_medal(const struct pd_medal_rec *m, struct pd_diag *diag);
int pd_check_event(const char *sport, const char *name, const char *gender,
		   const char *date, struct pd_diag *diag);
int pd_check_athlete(const struct pd_athlete *a, struct pd_diag *diag);
int pd_check_result(const struct pd_result_rec *r, struct pd_diag *diag);

#endif
