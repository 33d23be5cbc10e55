/* date_words.h -- a date in the words of a language (core: pure). */
#ifndef PODIUM_DATE_WORDS_H
#define PODIUM_DATE_WORDS_H

#include <stddef.h>

/* iso ("2004-09-17") as prose in lang says it into out: "2004年9月17日"
 * in "zh", "17 septembre 2004" in "fr"; as it is in "en", and for
 * anything not a whole ISO date. */
void pd_date_words(char *out, size_t size, const char *iso,
		   const char *lang);
/* A day of the year without it ("09-19") into out: "9月19日" (zh), "19
 * septembre" (fr), "19 September" (en, and any other); 0 when mm_dd is
 * not one. */
int pd_day_words(char *out, size_t size, const char *mm_dd,
		 const char *lang);

#endif
