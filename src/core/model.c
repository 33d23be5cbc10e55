/* model.c -- releasing the records of model.h, and the few rules that
 * belong to the records themselves rather than to a store: a Games code's
 * stored form, the event statuses there are. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "podium/model.h"

void pd_games_release(struct pd_games *g)
{
	free(g->season);
	free(g->name_en);
	free(g->name_zh);
	free(g->start);
	free(g->end);
	free(g->kind);
	memset(g, 0, sizeof(*g));
}

void pd_games_list_free(struct pd_games *v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		pd_games_release(&v[i]);
	free(v);
}

int pd_games_code(char *out, size_t size, const char *in)
{
	size_t i, n = strlen(in);

	if (n == 0 || n >= size)
		return PD_EINVAL;
	for (i = 0; i <= n; i++)
		out[i] = (char)toupper((unsigned char)in[i]);
	return 0;
}

int pd_event_status_valid(const char *status)
{
	static const char *const ok[] = { "scheduled", "live", "unofficial",
					  "official", "protested",
					  "provisional", NULL };
	size_t i;

	for (i = 0; ok[i]; i++)
		if (!strcmp(status, ok[i]))
			return 1;
	return 0;
}

void pd_event_info_release(struct pd_event_info *e)
{
	free(e->sport);
	free(e->name);
	free(e->gender);
	free(e->sport_class);
	free(e->date);
	free(e->status);
	free(e->policy);
	free(e->order);
	memset(e, 0, sizeof(*e));
}

