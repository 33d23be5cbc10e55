/* msg_zh.h -- the Chinese of a message made below the front ends (a
 * diag's text), for the CLI under PODIUM_LANG=zh and for a writer who
 * asks the server for Chinese (src/core/msg_zh.c). */
#ifndef PODIUM_MSG_ZH_H
#define PODIUM_MSG_ZH_H

#include <stddef.h>

/* text in Chinese, made into out (size bytes) when one of the patterns
 * matches it; else text itself, English. */
const char *pd_msg_zh(const char *text, char *out, size_t size);

#endif
