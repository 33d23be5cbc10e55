/* date_words.c -- a date as prose says it (date_words.h): 2004-09-17 is
 * 2004年9月17日 in Chinese; in English and anything that is not such a
 * date, as it is.  The pages and the report both say dates this way. */
#include <stdio.h>	/* snprintf, sscanf only: formatting, no I/O */
#include <string.h>

#include "podium/date_words.h"

void pd_date_words(char *out, size_t size, const char *iso,
		   const char *lang)
{
	int y, m, d, n = 0;

	if (lang && !strcmp(lang, "zh") && strlen(iso) == 10 &&
	    sscanf(iso, "%4d-%2d-%2d%n", &y, &m, &d, &n) == 3 && n == 10)
		snprintf(out, size, "%d年%d月%d日", y, m, d);
	else
		snprintf(out, size, "%s", iso);
}
