/* said.h -- a write's answer lines in the language of whoever wrote.
 * The operations say what they did in English (pd_op_done.said); a
 * client that asks for Chinese (?lang=zh, or Accept-Language zh...) gets
 * the same news said again from the write's changes and medals lists,
 * which name every field and value. */
#ifndef PODIUM_HTTP_SAID_H
#define PODIUM_HTTP_SAID_H

#include <jansson.h>

#include "podium/ops.h"

struct MHD_Connection;

/* The language the request asks for (?lang=, else Accept-Language):
 * "zh", "fr" or "en". */
const char *said_lang(struct MHD_Connection *c);
/* The lines for done in lang, as a new JSON array of strings; NULL when
 * out of memory. */
json_t *said_lines(const struct pd_op_done *done, const char *lang);

#endif
