/* unit_status.c -- a unit's status moved by its operator (unit_ops.h):
 * one audited change; the last heat of a phase made official brings the
 * next phase's start list with it (unit_qualify.c), in the same change. */
#include <stdio.h>
#include <string.h>

#include "podium/store_units.h"
#include "podium/unit_ops.h"
#include "app_int.h"

int pd_op_unit_status(struct pd_store *s, const struct pd_registry *reg,
		      const char *games, const char *rsc,
		      const char *status, const struct pd_who *who,
		      struct pd_op_done *done, struct pd_diag *diag)
{
	json_t *list = json_array();
	char what[64], was[32] = "";
	long version = 0;
	int ret;

	app_done_reset(done);
	if (!list)
		return PD_ENOMEM;
	if (!pd_unit_status_valid(status)) {
		ret = pd_unit_status_move(rsc, "", status, diag);
		goto cleanup;
	}
	if ((ret = app_open(s, games, 0, who, NULL, &version, diag)) < 0)
		goto cleanup;
	if ((ret = app_unit_status_of(s, games, rsc, was, sizeof(was),
				      diag)) == 0 && strcmp(was, status) &&
	    (ret = pd_unit_status_move(rsc, was, status, diag)) == 0 &&
	    (!strcmp(was, "official") || !strcmp(was, "finished")) &&
	    (!who->reason || !*who->reason))
		ret = pd_diag_set(diag, PD_EINVAL, NULL, 0, "unit %s is "
				  "official: moving it to %s makes its "
				  "results provisional again and needs a "
				  "reason", rsc, status);
	snprintf(what, sizeof(what), "unit %s", rsc);
	if (ret == 0)
		ret = app_field_change(list, what, "status", was, status);
	if (ret == 0 && json_array_size(list))
		ret = pd_store_unit_status(s, games, rsc, status, diag);
	/* the last heat of a phase official: the next phase's start list
	 * follows, in the same change */
	if (ret == 0 && json_array_size(list) && !strcmp(status, "official"))
		ret = app_unit_follow(s, reg, games, rsc, list, diag);
	ret = app_fields_settle(s, games, list, version, ret, done, diag);
cleanup:
	json_decref(list);
	return ret;
}
