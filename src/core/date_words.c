/* date_words.c -- a date as prose says it (date_words.h): 2004-09-17 is
 * 2004年9月17日 in Chinese and 17 septembre 2004 in French; in English and
 * anything that is not such a date, as it is.  (Dates are not words of
 * the catalogue: a language's order of day, month and year is code.)  The pages and the report both say dates this way. */
#include <stdio.h>	/* snprintf, sscanf only: formatting, no I/O */
#include <string.h>

#include "podium/date_words.h"

static const char *const mois[12] = {
	"janvier", "février", "mars", "avril", "mai", "juin", "juillet",
	"août", "septembre", "octobre", "novembre", "décembre",
};

static const char *const month[12] = {
	"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December",
};

int pd_day_words(char *out, size_t size, const char *mm_dd,
		 const char *lang)
{
	int m, d, n = 0;

	if (strlen(mm_dd) != 5 || sscanf(mm_dd, "%2d-%2d%n", &m, &d, &n) != 2 ||
	    n != 5 || m < 1 || m > 12 || d < 1 || d > 31)
		return 0;
	if (lang && !strcmp(lang, "zh"))
		snprintf(out, size, "%d月%d日", m, d);
	else if (lang && !strcmp(lang, "fr"))
		snprintf(out, size, d == 1 ? "%der %s" : "%d %s", d,
			 mois[m - 1]);
	else
		snprintf(out, size, "%d %s", d, month[m - 1]);
	return 1;
}

void pd_date_words(char *out, size_t size, const char *iso,
		   const char *lang)
{
	int y, m, d, n = 0;

	int whole = lang && strlen(iso) == 10 &&
		    sscanf(iso, "%4d-%2d-%2d%n", &y, &m, &d, &n) == 3 &&
		    n == 10 && m >= 1 && m <= 12 && d >= 1 && d <= 31;

	if (whole && !strcmp(lang, "zh"))
		snprintf(out, size, "%d年%d月%d日", y, m, d);
	else if (whole && !strcmp(lang, "fr"))	/* le 1er du mois */
		snprintf(out, size, d == 1 ? "%der %s %d" : "%d %s %d", d,
			 mois[m - 1], y);
	else
		snprintf(out, size, "%s", iso);
}
