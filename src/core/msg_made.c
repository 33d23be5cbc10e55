/* msg_made.c -- the messages made below the front ends in the reader's
 * language (podium/msg_made.h): a diag's text, formatted already, matched
 * against patterns in which each %s stands for any text; the pattern's
 * translation, from the catalogue of words (po/LANG.po), takes the same
 * texts, in the same order or by %N$s.  The CLI (src/cli/msg.c) and the
 * server (a refused write's "error", for a writer who asks for another
 * language) say them alike.  Pure: no I/O, no state. */
#include <stdio.h>
#include <string.h>

#include "podium/msg_made.h"
#include "podium/words.h"

static const char *const made[] = {
	N_("unknown NPC '%s'; did you mean %s?"),
	N_("unknown NPC '%s'; use its IOC/IPC code, or see 'podium resolve'"),
	N_("no Games '%s' in %s: see 'podium games'"),
	N_("no event %s: see 'podium event list'"),
	N_("no athlete matches '%s' in %s"),
	N_("no athlete matches '%s'"),
	N_("cannot open: %s"),
	N_("event %s (%s) has no result of %s (%s)"),
	N_("event %s (%s) is decided by its matches ('podium match'): a mark "
	  "such as '%s' belongs to another event"),
	N_("no published table %s: import one with %s"),
	N_("row has %s fields, the header %s: restore the fields the row lost"),
	N_("row has %s fields, the header %s: quote a field that holds a "
	  "comma, or remove the extra fields"),
	N_("%s '%s' in column '%s' holds a control character or invalid UTF-8 "
	  "(shown as \\xHH): remove it from the file"),
	N_("row has %s fields, the header %s: quote a field that holds a "
	  "comma, or remove the extra fields (%s)"),
	N_("no podium store here: 'podium init' makes one"),
	N_("a SQLite database, but not podium's (it holds other tables): "
	  "give podium a file of its own (--db)"),
	N_("'%s' names a database that SQLite throws away when podium exits, "
	  "and what is written there with it: give a file (or a "
	  "postgresql:// URI)"),
	N_("the database cannot be written (its file, folder or mount is "
	  "read-only): a write needs it writable; reads work as they are"),
	N_("not a regular file (%s): podium reads files"),
	N_("event %s (%s) holds %s results from source '%s': a feed replaces "
	  "another source's results only with --replace"),
	N_("that key does not open election %s's ballots"),
	N_("election %s's ballots open only with its key: %s hexadecimal "
	  "digits"),
	N_("election %s is %s: its register is settled"),
	N_("%s is blank: white space alone names no one"),
	N_("%s: byte %s is %s, an invisible format character (a name is the "
	  "letters it shows)"),
	N_("no unit '%s' in %s: see 'podium schedule'"),
	N_("rank '%s' is not a whole number from 1"),
	N_("results code '%s' has %s characters, not 34"),
	N_("result_WLT '%s' is not W, L or T"),
	N_("--walkover %s: no event of that code in the results"),
	N_("%s is M, W, X (mixed) or O (open)"),
	N_("%s is a date such as 2024-08-04"),
	N_("%s is an NPC code such as FRA"),
	N_("%s needs results, and %s is a published table"),
	N_("%s is not a parameter of this address"),
};

#define CAPS 4

/* Does text match pattern (its %s any text, as short as will do)?  The
 * texts go to cap[k..], as offsets and lengths. */
static int match(const char *pat, const char *text, const char *base,
		 size_t cap[][2], int k)
{
	const char *end;

	if (!*pat)
		return !*text;
	if (pat[0] == '%' && pat[1] == 's') {
		if (k == CAPS)
			return 0;
		for (end = text; ; end++) {
			cap[k][0] = (size_t)(text - base);
			cap[k][1] = (size_t)(end - text);
			if (match(pat + 2, end, base, cap, k + 1))
				return 1;
			if (!*end)
				return 0;
		}
	}
	return *pat == *text && match(pat + 1, text + 1, base, cap, k);
}

/* tr with its %s (or %N$s) filled from text's captures. */
static void fill(char *out, size_t size, const char *tr, const char *text,
		 size_t cap[][2])
{
	size_t o = 0, next = 0, k;
	const char *p;

	for (p = tr; *p && o + 1 < size; p++) {
		if (p[0] == '%' && (p[1] == 's' || (p[1] >= '1' && p[1] <= '4' &&
						    p[2] == '$' && p[3] == 's'))) {
			k = p[1] == 's' ? next++ : (size_t)(p[1] - '1');
			p += p[1] == 's' ? 1 : 3;
			o += (size_t)snprintf(out + o, size - o, "%.*s",
					      (int)cap[k][1], text + cap[k][0]);
			if (o >= size)
				o = size - 1;
			continue;
		}
		out[o++] = *p;
	}
	out[o] = '\0';
}

const char *pd_msg_made(const char *lang, const char *text, char *out,
			size_t size)
{
	size_t i, cap[CAPS][2];
	const char *tr;

	for (i = 0; i < sizeof(made) / sizeof(made[0]); i++)
		if (match(made[i], text, text, cap, 0)) {
			tr = pd_word(lang, made[i]);
			if (tr == made[i])
				return text;
			fill(out, size, tr, text, cap);
			return out;
		}
	return text;
}
