/* desk_words.h -- the desk's words in every language (desk_words.c). */
#ifndef PODIUM_HTTP_DESK_WORDS_H
#define PODIUM_HTTP_DESK_WORDS_H

#include <stddef.h>

/* {"en": {KEY: WORD, ...}, "zh": {...}, "fr": {...}} as JSON text, which
 * the caller frees, its length in len; NULL when out of memory. */
char *desk_words_json(size_t *len);

#endif
