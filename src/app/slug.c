/* slug.c -- a sport's name as a slug (match_ops.h): its letters and
 * digits in lower case, each run of anything else one '-', none at
 * either end ("Wheelchair Basketball" is "wheelchair-basketball"). */
#include <ctype.h>
#include <stddef.h>

#include "podium/match_ops.h"

void pd_sport_slug(char *out, size_t size, const char *sport)
{
	size_t n = 0;

	for (; *sport && n + 1 < size; sport++) {
		unsigned char c = (unsigned char)*sport;

		if (isalnum(c))
			out[n++] = (char)tolower(c);
		else if (n && out[n - 1] != '-')
			out[n++] = '-';
	}
	while (n && out[n - 1] == '-')
		n--;
	out[n] = '\0';
}
