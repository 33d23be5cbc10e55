/* msg.c -- the CLI's messages in the user's language, from the catalogue
 * of words (podium/words.h, po/LANG.po): PODIUM_LANG, else LC_ALL,
 * LC_MESSAGES or LANG names it (a value starting with zh or fr; any
 * other is English).  --lang is the language of the output, not of the
 * messages.
 *
 * A message is written in English where it is used, marked N_(), and
 * looked up here; the messages made below the CLI (a diag's text,
 * formatted already) are matched against the patterns of
 * src/core/msg_made.c, which the server uses too.  A message not in the
 * catalogue stays English; msgfmt --check holds each translation to its
 * English's conversions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/msg_made.h"
#include "podium/words.h"
#include "cli.h"

const char *cli_msg_made(const char *text, char *out, size_t size)
{
	return pd_msg_made(cli_msg_lang(), text, out, size);
}

const char *cli_msg_lang(void)
{
	static const char *const vars[] = { "PODIUM_LANG", "LC_ALL",
					    "LC_MESSAGES", "LANG" };
	const char *v, *lang;
	size_t i;

	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		v = getenv(vars[i]);
		if (v && *v)
			return (lang = pd_lang(v)) ? lang : "en";
	}
	return "en";
}

const char *cli_msg(const char *en)
{
	return pd_word(cli_msg_lang(), en);
}
