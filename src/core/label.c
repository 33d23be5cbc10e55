/* label.c -- the two rules for what enters podium (see label.h). */
#include <stdio.h>	/* snprintf only: formatting, no I/O */
#include <string.h>

#include <utf8proc.h>

#include "podium/label.h"

static int ident_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

/* A code point no name may hold: controls, line and paragraph
 * separators, and the bidirectional embeddings, overrides and isolates
 * that reorder what a terminal or a page shows after them. */
static int forbidden(utf8proc_int32_t cp)
{
	utf8proc_category_t cat = utf8proc_category(cp);

	return cat == UTF8PROC_CATEGORY_CC || cat == UTF8PROC_CATEGORY_ZL ||
	       cat == UTF8PROC_CATEGORY_ZP ||
	       (cp >= 0x202A && cp <= 0x202E) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

/* The length of the clean prefix of s[0..len): len when all is clean. */
static size_t clean_prefix(const char *s, size_t len)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t cp;
	utf8proc_ssize_t n;
	size_t i = 0;

	while (i < len) {
		if (p[i] >= 0x20 && p[i] < 0x7F) {	/* the common case */
			i++;
			continue;
		}
		n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &cp);
		if (n <= 0 || forbidden(cp))
			return i;
		i += (size_t)n;
	}
	return len;
}

static int space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

char *pd_name_fold(char *s)
{
	char *r = s, *w = s, *run;
	int hard;

	while (*r) {
		if (!space(*r)) {
			*w++ = *r++;
			continue;
		}
		for (run = r, hard = 0; space(*r); r++)
			hard |= *r != ' ';
		if (hard)
			*w++ = ' ';
		else
			while (run < r)
				*w++ = *run++;
	}
	*w = '\0';
	return s;
}

int pd_name_folds(const char *s)
{
	return strpbrk(s, "\t\n\r\v\f") != NULL;
}

int pd_text_is_clean(const char *s, size_t len)
{
	return clean_prefix(s, len) == len;
}

void pd_text_escape(char *out, size_t size, const char *s)
{
	size_t len = strlen(s), i = 0, o = 0, k;

	if (size == 0)
		return;
	while (i < len) {
		size_t ok = clean_prefix(s + i, len - i);

		/* the clean run, as far as it fits (cut at a character) */
		for (k = 0; k < ok; ) {
			size_t cl = 1;

			while (k + cl < ok && ((unsigned char)s[i + k + cl] &
					       0xC0) == 0x80)
				cl++;
			if (o + cl + 4 > size)
				goto cut;
			memcpy(out + o, s + i + k, cl);
			o += cl;
			k += cl;
		}
		i += ok;
		if (i < len) {
			if (o + 4 + 4 > size)
				goto cut;
			o += (size_t)snprintf(out + o, size - o, "\\x%02X",
					      (unsigned char)s[i]);
			i++;
		}
	}
	out[o] = '\0';
	return;
cut:
	snprintf(out + o, size - o, "%s", size - o > 3 ? "..." : "");
}

int pd_ident_check(const char *what, const char *s, struct pd_diag *diag)
{
	char shown[80];
	size_t i, n = s ? strlen(s) : 0;

	if (n == 0)
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "%s is empty: "
				   "use letters, digits, '-', '_' or '.'",
				   what);
	if (n > PD_IDENT_MAX) {
		pd_text_escape(shown, 24, s);
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "%s '%s' is %zu "
				   "bytes: at most %d", what, shown, n,
				   PD_IDENT_MAX);
	}
	for (i = 0; i < n && ident_char((unsigned char)s[i]); i++)
		;
	if (i < n || s[0] == '-' || s[0] == '.') {
		pd_text_escape(shown, sizeof(shown), s);
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "%s '%s': use "
				   "only letters, digits, '-', '_' and '.' "
				   "(not first: '-' or '.')", what, shown);
	}
	return 0;
}

int pd_source_check(const char *s, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_ident_check("source label", s, diag)) < 0)
		return ret;
	if (!strcmp(s, "results"))
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "source label "
				   "'results' is reserved: it names the table "
				   "ranked from the results; choose another");
	return 0;
}

int pd_name_check(const char *what, const char *s, size_t max,
		  int may_be_empty, struct pd_diag *diag)
{
	char shown[80];
	size_t n, at;

	if (!s)
		return 0;
	n = strlen(s);
	if (n == 0 && !may_be_empty)
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "%s is empty",
				   what);
	if (n > max) {
		pd_text_escape(shown, 40, s);
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "%s '%s' is %zu "
				   "bytes: at most %zu", what, shown, n, max);
	}
	if ((at = clean_prefix(s, n)) < n) {
		pd_text_escape(shown, sizeof(shown), s);
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "%s '%s': byte "
				   "%zu is a control character or invalid "
				   "UTF-8 (names and reasons are printable "
				   "text)", what, shown, at + 1);
	}
	return 0;
}

int pd_person_check(const char *what, const char *s, struct pd_diag *diag)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t cp;
	utf8proc_ssize_t n;
	size_t i = 0, len;
	int blank = 1, ret;

	if ((ret = pd_name_check(what, s, PD_NAME_MAX, 0, diag)) < 0 || !s)
		return ret;
	len = strlen(s);
	while (i < len) {
		n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &cp);
		if (n <= 0)
			break;	/* pd_name_check() took it: cannot happen */
		if (utf8proc_category(cp) == UTF8PROC_CATEGORY_CF)
			return pd_diag_set(diag, PD_EPARSE, NULL, 0, "%s: byte "
					   "%zu is U+%04X, an invisible format "
					   "character (a name is the letters "
					   "it shows)", what, i + 1,
					   (unsigned)cp);
		blank &= utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS ||
			 (cp < 0x80 && space((char)cp));
		i += (size_t)n;
	}
	if (blank)
		return pd_diag_set(diag, PD_EPARSE, NULL, 0, "%s is blank: "
				   "white space alone names no one", what);
	return 0;
}
