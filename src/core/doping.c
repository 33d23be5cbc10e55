/* doping.c -- the checks an anti-doping case passes before it is kept
 * (doping.h). */
#include <string.h>

#include "podium/doping.h"

static int is_date(const char *s)
{
	static const char shape[] = "dddd-dd-dd";
	size_t i;

	if (strlen(s) != sizeof(shape) - 1)
		return 0;
	for (i = 0; shape[i]; i++)
		if (shape[i] == 'd' ? s[i] < '0' || s[i] > '9' : s[i] != '-')
			return 0;
	return 1;
}

int pd_doping_check(const struct pd_doping_case *c, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_ident_check("Games code", c->games, diag)) < 0 ||
	    (ret = pd_name_check("finding", c->finding, PD_NAME_MAX, 0,
				 diag)) < 0 ||
	    (ret = pd_name_check("cite", c->cite, PD_FACT_CITE - 1, 1,
				 diag)) < 0)
		return ret;
	if (c->athlete < 1)
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "a case names an "
				   "athlete by id");
	if (c->date[0] && !is_date(c->date))
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "date '%s' is not "
				   "YYYY-MM-DD", c->date);
	if (c->outcome[0] && strcmp(c->outcome, "disqualified") &&
	    strcmp(c->outcome, "continued"))
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "outcome '%s' is "
				   "not disqualified or continued", c->outcome);
	if (c->source[0] && (ret = pd_ident_check("source", c->source,
						   diag)) < 0)
		return ret;
	return 0;
}
