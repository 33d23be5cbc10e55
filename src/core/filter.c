/* filter.c -- which medals a filter keeps (filter.h): a gender of event,
 * a day or the days through one, an NPC.  Pure: the day each medal was
 * decided comes from the caller. */
#include <stdio.h>	/* snprintf, sscanf only: formatting, no I/O */
#include <string.h>

#include "podium/filter.h"

int pd_filter_gender(struct pd_filter *f, const char *text,
		     const char *name, struct pd_diag *diag)
{
	char g = text && strlen(text) == 1 ? text[0] : '\0';

	g = (char)(g >= 'a' && g <= 'z' ? g - 32 : g);
	if (!g || !strchr("MWXO", g))
		return pd_diag_set(diag, PD_ERANGE, NULL, 0, "%s is M, W, X "
				   "(mixed) or O (open)", name);
	f->gender[0] = g;
	f->gender[1] = '\0';
	return 0;
}

static int leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int pd_filter_date(char *out, const char *text, const char *name,
		   struct pd_diag *diag)
{
	static const int mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30,
				       31, 30, 31 };
	int y, m, d, n = 0;

	if (text && strlen(text) == 10 && text[4] == '-' && text[7] == '-' &&
	    strspn(text, "0123456789-") == 10 &&
	    sscanf(text, "%4d-%2d-%2d%n", &y, &m, &d, &n) == 3 && n == 10 &&
	    m >= 1 && m <= 12 && d >= 1 &&
	    d <= mdays[m - 1] + (m == 2 && leap(y))) {
		memcpy(out, text, 11);
		return 0;
	}
	return pd_diag_set(diag, PD_ERANGE, NULL, 0, "%s is a date such as "
			   "2024-08-04", name);
}

int pd_filter_npc(struct pd_filter *f, const char *text, const char *name,
		  struct pd_diag *diag)
{
	size_t i, n = text ? strlen(text) : 0;

	if (n < 2 || n > 3 || n >= sizeof(f->npc))
		goto bad;
	for (i = 0; i < n; i++) {
		char c = text[i];

		c = (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
		if (c < 'A' || c > 'Z')
			goto bad;
		f->npc[i] = c;
	}
	f->npc[n] = '\0';
	return 0;
bad:
	f->npc[0] = '\0';
	return pd_diag_set(diag, PD_ERANGE, NULL, 0, "%s is an NPC code "
			   "such as FRA", name);
}

int pd_filter_any(const struct pd_filter *f)
{
	return f->gender[0] || f->through[0] || f->day[0] || f->npc[0];
}

int pd_filter_keeps(const struct pd_filter *f, const struct pd_medal_out *m,
		    const char *decided)
{
	decided = decided ? decided : "";
	if (f->gender[0] && strcmp(m->gender ? m->gender : "", f->gender))
		return 0;
	if (f->npc[0] && strcmp(m->npc, f->npc))
		return 0;
	if (f->day[0] && strcmp(decided, f->day))
		return 0;
	/* ISO dates compare as text */
	return !f->through[0] || (*decided && strcmp(decided, f->through) <= 0);
}
