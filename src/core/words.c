/* words.c -- the catalogue's lookup (podium/words.h): each language's
 * .mo file, compiled from po/LANG.po by msgfmt at build time and carried
 * in the binary (build/gen/words.c), searched by its table of sorted
 * original strings.
 *
 * Why not glibc's gettext(): it translates in the process's one locale
 * (setlocale), but the server answers each request in that request's own
 * language, on several threads at once; and gettext finds nothing when
 * the machine has no zh_CN or fr locale generated, which a user's often
 * has not.  A .mo file is a simple documented format (the GNU gettext
 * manual, "The Format of GNU MO Files"): a header, then two tables of
 * (length, offset) pairs, originals sorted by strcmp and translations in
 * the same order, so a binary search is the whole reader.  Pure: no I/O,
 * no state but the read-only arrays. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "podium/words.h"

extern const unsigned char pd_embed_po_zh_CN[], pd_embed_po_fr[];
extern const size_t pd_embed_po_zh_CN_len, pd_embed_po_fr_len;

#define MO_MAGIC 0x950412deu

struct mo {
	const unsigned char *p;
	size_t len;
};

/* The 32-bit word at off, in the file's byte order (swap: the other). */
static uint32_t u32(const struct mo *m, size_t off, int swap)
{
	uint32_t v;

	if (off + 4 > m->len)
		return 0;
	memcpy(&v, m->p + off, 4);
	return swap ? (v >> 24) | ((v >> 8) & 0xff00u) |
		      ((v << 8) & 0xff0000u) | (v << 24) : v;
}

/* String i of the table at tab, or NULL when it lies outside the file. */
static const char *entry(const struct mo *m, uint32_t tab, uint32_t i,
			 int swap)
{
	uint32_t len = u32(m, (size_t)tab + 8u * i, swap);
	uint32_t off = u32(m, (size_t)tab + 8u * i + 4, swap);

	if ((size_t)off + len >= m->len || m->p[off + len] != '\0')
		return NULL;
	return (const char *)m->p + off;
}

static const char *lookup(const struct mo *m, const char *key)
{
	uint32_t magic = u32(m, 0, 0), n, orig, trans, lo = 0, hi;
	int swap = magic != MO_MAGIC, c;
	const char *s;

	if (swap && u32(m, 0, 1) != MO_MAGIC)
		return NULL;
	n = u32(m, 8, swap);
	orig = u32(m, 12, swap);
	trans = u32(m, 16, swap);
	hi = n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (!(s = entry(m, orig, mid, swap)))
			return NULL;
		c = strcmp(key, s);
		if (c == 0) {
			s = entry(m, trans, mid, swap);
			return s && *s ? s : NULL;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* The .mo of lang into m; 0 for English or a language without one. */
static int catalogue(const char *lang, struct mo *m)
{
	if (lang && !strcmp(lang, "zh")) {
		m->p = pd_embed_po_zh_CN;
		m->len = pd_embed_po_zh_CN_len;
		return 1;
	}
	if (lang && !strcmp(lang, "fr")) {
		m->p = pd_embed_po_fr;
		m->len = pd_embed_po_fr_len;
		return 1;
	}
	return 0;
}

const char *pd_word(const char *lang, const char *msgid)
{
	const char *eot = strchr(msgid, '\004'), *s = NULL;
	struct mo m;

	if (*msgid && catalogue(lang, &m))
		s = lookup(&m, msgid);
	return s ? s : eot ? eot + 1 : msgid;
}

/* tag's first two letters, when no third letter follows them */
static int is(const char *tag, const char *two)
{
	return !strncmp(tag, two, 2) && !(tag[2] >= 'a' && tag[2] <= 'z');
}

const char *pd_lang(const char *tag)
{
	if (!tag)
		return NULL;
	if (is(tag, "zh"))
		return "zh";
	if (is(tag, "fr"))
		return "fr";
	return is(tag, "en") ? "en" : NULL;
}
