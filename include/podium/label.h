/* label.h -- what a label or a name may be, checked where it enters.
 *
 * Everything a person or a file names is one of two kinds, each with one
 * rule, so that no label can break a line-oriented protocol, a log or a
 * terminal, and no name is cut short where a fixed buffer holds it:
 *
 *   identifier  a source label, a token name, a Games code: 1 to
 *               PD_IDENT_MAX bytes of ASCII letters, digits, '-', '_'
 *               and '.', never starting with '-' or '.';
 *   name        a sport, an event, an athlete, a team, a mark, a reason:
 *               valid UTF-8 with no control character (C0, DEL, C1), no
 *               line or paragraph separator and no bidirectional
 *               override, up to a stated number of bytes.  Any script is
 *               a name: "Canoe / Kayak F", "Beach volley.", 游泳.
 *
 * The store refuses what breaks these rules on every write, whichever
 * front end made it; the CLI and the server check their arguments first
 * only to say so sooner.  Each check returns 0 or PD_EPARSE with a message
 * that names what (e.g. "source label") and why.
 */
#ifndef PODIUM_LABEL_H
#define PODIUM_LABEL_H

#include <stddef.h>
#include "error.h"

#define PD_IDENT_MAX 64		/* bytes of an identifier */
#define PD_NAME_MAX 200		/* a name: the longest real one is 108 */
#define PD_TEXT_MAX 1000	/* a reason, a caption */

/* 0 if s is an identifier; what names it in the message. */
int pd_ident_check(const char *what, const char *s, struct pd_diag *diag);
/* An identifier that is a source label: also not "results", which the
 * API uses for the computed table. */
int pd_source_check(const char *s, struct pd_diag *diag);
/* 0 if s (NULL is allowed: no name) is a name of at most max bytes;
 * empty when may_be_empty. */
int pd_name_check(const char *what, const char *s, size_t max,
		  int may_be_empty, struct pd_diag *diag);
/* 0 if s is a name that stands for a competitor (an athlete, a team, a
 * candidate): a name as pd_name_check() says, not empty, not blank (white
 * space alone, ASCII or Unicode), and without any format character
 * (Unicode category Cf: U+200B, U+200F, U+061C, U+FEFF, U+00AD ...),
 * which shows nothing and would make two spellings of one person look
 * the same.  The message names what and the code point. */
int pd_person_check(const char *what, const char *s, struct pd_diag *diag);
/* Fold, in place, each run of white space in s that holds a tab or a
 * line break ("Smith,\r\nJohn" in a quoted CSV field) into one space,
 * as a reader sees it; other text is left as it is.  Returns s. */
char *pd_name_fold(char *s);
/* Non-zero if pd_name_fold() would change s: for a caller that must copy
 * a borrowed name before folding it. */
int pd_name_folds(const char *s);
/* 1 if s is valid UTF-8 and holds no character a name may not. */
int pd_text_is_clean(const char *s, size_t len);
/* Copy s into out (size bytes) with every byte a name may not hold shown
 * as \xHH (and invalid UTF-8 likewise), for messages and terminals; cut
 * with "..." when it does not fit. */
void pd_text_escape(char *out, size_t size, const char *s);

#endif
