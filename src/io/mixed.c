/* mixed.c -- which events of a file whose gender column may be the
 * athletes' (Men, Women) are one mixed or open event (import.h).
 *
 * A mixed pair's rows are a man's and a woman's; read as the event's
 * gender they would make two events, a medal in each.  The events
 * catalogue knows which events are mixed or open, and when; the rows only
 * guard against its word where they show two events of one name: the
 * men's rows and the women's rows each a whole podium, and some medal of
 * one held by an NPC that holds it not in the other (a mixed team's
 * members are in both alike; an open event's medals, spread over the two,
 * make no whole podium of each). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/catalogue.h"
#include "import.h"

int pd_import_event_only(const char *v)
{
	return !strcasecmp(v, "X") || !strcasecmp(v, "O") ||
	       !strcasecmp(v, "Mixed") || !strcasecmp(v, "Open");
}

int pd_import_part(const char *v)
{
	if (!strcasecmp(v, "Men") || !strcasecmp(v, "M"))
		return 1;
	if (!strcasecmp(v, "Women") || !strcasecmp(v, "W"))
		return 2;
	return 0;
}

static int cmp_rows(const void *a, const void *b)
{
	const struct pd_mixed_row *x = *(const struct pd_mixed_row *const *)a;
	const struct pd_mixed_row *y = *(const struct pd_mixed_row *const *)b;
	int c = strcmp(x->sport, y->sport);

	if (!c)
		c = strcmp(x->event, y->event);
	return c ? c : (x > y) - (x < y);
}

/* Whether the rows p[0..n) of one event name are two events. */
static int two_events(const struct pd_mixed_row *const *p, size_t n)
{
	int has[3][3] = { { 0 } }, differ = 0, m, part;
	size_t a, b;

	for (a = 0; a < n; a++) {
		part = pd_import_part(p[a]->gender);
		has[part][p[a]->medal] = 1;
		for (b = 0; b < n && !differ; b++)
			if (pd_import_part(p[b]->gender) != part &&
			    p[b]->medal == p[a]->medal &&
			    !strcmp(p[b]->npc, p[a]->npc))
				break;
		differ |= b == n;
	}
	for (m = 0; m < 3; m++)
		if (!has[1][m] || !has[2][m])
			return 0;
	return differ;
}

/* The gender of the one event the rows p[0..n) of one name are, or
 * NULL. */
static const char *one_event(const struct pd_mixed_row *const *p, size_t n,
			     const struct pd_catalogue *c, int year)
{
	const struct pd_event_rule *rule;
	const char *g = pd_import_name_gender(p[0]->event);

	if (!strcmp(g, "M") || !strcmp(g, "W"))
		return NULL;	/* the name says */
	rule = pd_catalogue_gender(c, p[0]->sport, p[0]->event, year);
	if (!rule || (strcmp(rule->gender, "X") && strcmp(rule->gender, "O")))
		return NULL;
	return two_events(p, n) ? NULL : rule->gender[0] == 'X' ? "X" : "O";
}

int pd_import_mixed(const struct pd_mixed_row *v, size_t n,
		    const struct pd_catalogue *c, int year, const char **out)
{
	const struct pd_mixed_row **p;
	const char *g;
	size_t i, j, k, np = 0;

	for (i = 0; i < n; i++)
		out[i] = NULL;
	if (!(p = malloc((n ? n : 1) * sizeof(*p))))
		return PD_ENOMEM;
	for (i = 0; i < n; i++)
		if (pd_import_part(v[i].gender) && v[i].medal >= 0 &&
		    v[i].medal < 3)
			p[np++] = &v[i];
	qsort(p, np, sizeof(*p), cmp_rows);
	for (i = 0; i < np; i = j) {
		for (j = i + 1; j < np && !strcmp(p[i]->sport, p[j]->sport) &&
		     !strcmp(p[i]->event, p[j]->event); j++)
			;
		if ((g = one_event(p + i, j - i, c, year)))
			for (k = i; k < j; k++)
				out[p[k] - v] = g;
	}
	free(p);
	return 0;
}
