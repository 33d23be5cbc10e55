/* query.c -- the parameter of a GET's query its address does not take
 * (query.h). */
#include <stdio.h>

#include "query.h"

struct look {
	const struct route *rt;
	const char *unknown;
};

static enum MHD_Result one(void *cls, enum MHD_ValueKind kind,
			   const char *key, const char *value)
{
	struct look *l = cls;

	(void)kind;
	(void)value;
	if (route_takes(l->rt, key))
		return MHD_YES;
	l->unknown = key;
	return MHD_NO;
}

const char *query_unknown(struct MHD_Connection *c, const struct route *rt)
{
	struct look l = { rt, NULL };

	if (rt->kind == RT_NONE || (rt->kind != RT_GAMES &&
				    rt->view < RV_STREAM))
		return NULL;
	MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, one, &l);
	return l.unknown;
}

int query_why(const char *name, char *why, size_t size)
{
	return snprintf(why, size, "%.60s is not a parameter of this "
			"address", name);
}
