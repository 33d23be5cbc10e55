/* msg_made.h -- a message made below the front ends (a diag's text,
 * formatted already) in the reader's language, for the CLI under
 * PODIUM_LANG and for a writer who asks the server for another language
 * than English (src/core/msg_made.c). */
#ifndef PODIUM_MSG_MADE_H
#define PODIUM_MSG_MADE_H

#include <stddef.h>

/* text in lang, made into out (size bytes) when one of the patterns
 * matches it and the catalogue translates that pattern; else text
 * itself, English. */
const char *pd_msg_made(const char *lang, const char *text, char *out,
			size_t size);

#endif
