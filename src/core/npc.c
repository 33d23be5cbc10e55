/* npc.c -- the NPC registry: parse, normalise names, look up, suggest. */
#include <ctype.h>
#include <stdio.h>	/* snprintf only: formatting, no I/O */
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "podium/distance.h"
#include "podium/npc.h"
#include "podium/tsv.h"

struct pd_alias {
	char *key;	/* normalised */
	size_t npc;	/* index into npcs */
	long line;	/* where the name was given, for diagnostics */
};

#define REGISTRY_MAX_ENTRIES 4096
#define NAME_MAX_BYTES 256

char *pd_name_normalise(const char *s)
{
	utf8proc_uint8_t *folded;
	char *out, *w;
	const char *r;
	int space = 0;

	folded = utf8proc_NFKC_Casefold((const utf8proc_uint8_t *)s);
	if (!folded)
		return NULL;
	out = w = (char *)folded;
	/* Fold runs of ASCII white space (NFKC already mapped the
	 * ideographic space to ' ') into one, and trim both ends. */
	for (r = out; *r; r++) {
		if (*r == ' ' || *r == '\t' || *r == '\n' || *r == '\r') {
			space = 1;
			continue;
		}
		if (space && w != out)
			*w++ = ' ';
		space = 0;
		*w++ = *r;
	}
	*w = '\0';
	/* 中國 and 中国 are one name: the registry's keys and every name
	 * looked up pass through here */
	return pd_hanzi_simplify(out);
}

static int cmp_alias(const void *a, const void *b)
{
	const struct pd_alias *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return (x->npc > y->npc) - (x->npc < y->npc);
}

void pd_registry_release(struct pd_registry *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		free(r->npcs[i].status);
		free(r->npcs[i].en);
		free(r->npcs[i].zh);
	}
	for (i = 0; i < r->nindex; i++)
		free(r->index[i].key);
	for (i = 0; i < r->neras; i++) {
		free(r->eras[i].en);
		free(r->eras[i].zh);
	}
	free(r->eras);
	free(r->same);
	free(r->npcs);
	free(r->index);
	memset(r, 0, sizeof(*r));
}

static int add_key(struct pd_registry *r, size_t *alloc, const char *name,
		   size_t npc, const char *file, long line,
		   struct pd_diag *diag)
{
	struct pd_alias *a;
	char *key;

	if (!*name)
		return 0;
	if (strlen(name) > NAME_MAX_BYTES)
		return pd_diag_set(diag, PD_EPARSE, file, line,
				   "name longer than %d bytes", NAME_MAX_BYTES);
	if (!(key = pd_name_normalise(name)))
		return pd_diag_set(diag, PD_EUTF8, file, line,
				   "invalid UTF-8 in '%s'", name);
	if (r->nindex == *alloc) {
		size_t na = *alloc ? *alloc * 2 : 1024;

		if (!(a = realloc(r->index, na * sizeof(*a)))) {
			free(key);
			return PD_ENOMEM;
		}
		r->index = a;
		*alloc = na;
	}
	r->index[r->nindex].key = key;
	r->index[r->nindex].npc = npc;
	r->index[r->nindex].line = line;
	r->nindex++;
	return 0;
}

static int parse_line(struct pd_registry *r, size_t *ialloc, char **field,
		      const char *file, long line, struct pd_diag *diag)
{
	struct pd_npc *e = &r->npcs[r->n];
	size_t i, len = strlen(field[0]);
	char *alias, *next;
	int ret;

	if (len < 2 || len >= PD_CODE_MAX)
		return pd_diag_set(diag, PD_EPARSE, file, line,
				   "code '%s' is not 2 to 7 letters", field[0]);
	for (i = 0; i < len; i++)
		if (!isupper((unsigned char)field[0][i]) &&
		    !isdigit((unsigned char)field[0][i]))
			return pd_diag_set(diag, PD_EPARSE, file, line,
					   "code '%s' is not upper case",
					   field[0]);
	if (strcmp(field[1], "current") && strcmp(field[1], "historic") &&
	    strcmp(field[1], "special"))
		return pd_diag_set(diag, PD_EPARSE, file, line,
				   "status '%s' is not current, historic or "
				   "special", field[1]);
	if (!*field[2])
		return pd_diag_set(diag, PD_EPARSE, file, line,
				   "'%s' has no English name", field[0]);
	/* checked here, not in finish(), so the message has a line */
	if (r->n && strcmp(r->npcs[r->n - 1].code, field[0]) >= 0)
		return pd_diag_set(diag, PD_EPARSE, file, line,
				   "code %s comes after %s: keep codes "
				   "sorted and unique", field[0],
				   r->npcs[r->n - 1].code);
	memcpy(e->code, field[0], len + 1);
	e->status = strdup(field[1]);
	e->en = strdup(field[2]);
	e->zh = strdup(field[3]);
	r->n++;
	if (!e->status || !e->en || !e->zh)
		return PD_ENOMEM;
	if ((ret = add_key(r, ialloc, e->code, r->n - 1, file, line, diag)) ||
	    (ret = add_key(r, ialloc, e->en, r->n - 1, file, line, diag)) ||
	    (ret = add_key(r, ialloc, e->zh, r->n - 1, file, line, diag)))
		return ret;
	for (alias = field[4]; alias; alias = next) {
		if ((next = strchr(alias, '|')))
			*next++ = '\0';
		if ((ret = add_key(r, ialloc, alias, r->n - 1, file, line,
				   diag)))
			return ret;
	}
	return 0;
}

/* The entries come sorted by code (parse_line() checks: lookups bisect
 * them, and a sorted file diffs well); sort the index by key, then refuse
 * a key pointing at two codes: a name that could mean either is worse than
 * no name.  Equal keys sort by entry, so index[i] is the later line. */
static int finish(struct pd_registry *r, const char *file,
		  struct pd_diag *diag)
{
	size_t i, j;

	if (r->nindex == 0)	/* qsort(NULL, 0) is undefined */
		return 0;
	qsort(r->index, r->nindex, sizeof(*r->index), cmp_alias);
	for (i = 1; i < r->nindex; i++)
		if (!strcmp(r->index[i - 1].key, r->index[i].key) &&
		    r->index[i - 1].npc != r->index[i].npc)
			return pd_diag_set(diag, PD_EPARSE, file,
					   r->index[i].line,
					   "name '%s' given to both %s and %s",
					   r->index[i].key,
					   r->npcs[r->index[i - 1].npc].code,
					   r->npcs[r->index[i].npc].code);
	/* the same name twice for one code (an English name that is also
	 * its alias, say) is harmless: keep one */
	for (i = 1, j = 1; i < r->nindex; i++) {
		if (!strcmp(r->index[j - 1].key, r->index[i].key))
			free(r->index[i].key);
		else
			r->index[j++] = r->index[i];
	}
	if (r->nindex)
		r->nindex = j;
	return 0;
}

int pd_registry_parse(struct pd_registry *r, const char *text, size_t len,
		      const char *file, struct pd_diag *diag)
{
	const char *p = text, *end = text + len, *s;
	size_t ialloc = 0, n;
	char *copy = NULL, *field[6];
	long line = 0;
	int nf, ret = 0;

	memset(r, 0, sizeof(*r));
	if (!(r->npcs = calloc(REGISTRY_MAX_ENTRIES, sizeof(*r->npcs))))
		return PD_ENOMEM;
	while (pd_tsv_next(&p, end, &line, &s, &n)) {
		if (r->n == REGISTRY_MAX_ENTRIES) {
			ret = pd_diag_set(diag, PD_ETOOBIG, file, line,
					  "more than %d entries",
					  REGISTRY_MAX_ENTRIES);
			goto cleanup;
		}
		nf = pd_tsv_split(s, n, &copy, field, 5);
		if (nf < 0) {
			ret = PD_ENOMEM;
			goto cleanup;
		}
		if (nf != 5) {
			ret = pd_diag_set(diag, PD_EPARSE, file, line,
					  "expected 5 tab-separated fields, "
					  "got %d", nf);
			goto cleanup;
		}
		if ((ret = parse_line(r, &ialloc, field, file, line, diag)))
			goto cleanup;
		free(copy);
		copy = NULL;
	}
	ret = finish(r, file, diag);
cleanup:
	free(copy);
	if (ret)
		pd_registry_release(r);
	return ret;
}

static int cmp_key(const void *key, const void *elem)
{
	return strcmp(key, ((const struct pd_alias *)elem)->key);
}

const struct pd_npc *pd_registry_find(const struct pd_registry *r,
				      const char *name)
{
	struct pd_alias *a;
	char *key;

	if (!r->nindex || !(key = pd_name_normalise(name)))
		return NULL;
	a = bsearch(key, r->index, r->nindex, sizeof(*r->index), cmp_key);
	free(key);
	return a ? &r->npcs[a->npc] : NULL;
}

const struct pd_npc *pd_registry_code(const struct pd_registry *r,
				      const char *code)
{
	char up[PD_CODE_MAX];
	size_t i, lo = 0, hi = r->n;

	for (i = 0; code[i] && i < PD_CODE_MAX - 1; i++)
		up[i] = (char)toupper((unsigned char)code[i]);
	if (code[i])
		return NULL;
	up[i] = '\0';
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(up, r->npcs[mid].code);

		if (!c)
			return &r->npcs[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const char *pd_npc_name(const struct pd_npc *npc, const char *lang)
{
	if (lang && !strcmp(lang, "zh") && npc->zh && *npc->zh)
		return npc->zh;
	return npc->en;
}

/* Decode UTF-8 into at most max code points; returns the count. */
static size_t decode(const char *s, utf8proc_int32_t *out, size_t max)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_ssize_t n;
	size_t k = 0;

	while (*p && k < max) {
		n = utf8proc_iterate(p, -1, &out[k]);
		if (n <= 0)
			break;
		p += n;
		k++;
	}
	return k;
}

/* A name is measured on its first SUGGEST_LEN code points. */
#define SUGGEST_LEN PD_DISTANCE_MAX

/* The least edit distance from a[0..na) to the words of b that end it
 * ("britain" of "great britain"): a short form typed is the end of the
 * whole name more often than its start. */
static size_t tail_distance(const utf8proc_int32_t *a, size_t na,
			    const utf8proc_int32_t *b, size_t nb)
{
	size_t j, d, best = (size_t)-1;

	for (j = 1; j < nb; j++) {
		if (b[j - 1] != ' ')
			continue;
		d = pd_distance_cp(a, na, b + j, nb - j, PD_DISTANCE_SWAP);
		if (d < best)
			best = d;
	}
	return best;
}

/* How unlike a typed name (na code points) is to a known one (nb), 0 (the
 * same) to about 1000: the share of the longer one an edit distance e
 * changes, so that one slip in a long name weighs less than in a short
 * one; a known name that ends in the typed words (tail distance t) comes
 * before names a few letters off, the more so the more of it they are. */
static size_t unlikeness(size_t e, size_t t, size_t na, size_t nb)
{
	size_t longer = na > nb ? na : nb, whole, part = (size_t)-1;

	whole = longer ? 150 + 850 * e / longer : 0;
	if (t == 0)
		part = 100 - 50 * na / (nb ? nb : 1);
	else if (t != (size_t)-1 && na)
		part = 400 + 850 * t / na;
	return part < whole ? part : whole;
}

size_t pd_registry_suggest(const struct pd_registry *r, const char *name,
			   const struct pd_npc **out, size_t max)
{
	utf8proc_int32_t a[SUGGEST_LEN], b[SUGGEST_LEN];
	size_t best[16], i, j, k, n = 0, na, limit;
	char *key;

	if (max > 16)
		max = 16;
	if (!max || !(key = pd_name_normalise(name)))
		return 0;
	na = decode(key, a, SUGGEST_LEN);
	/* Only names within about a third of the length are worth offering. */
	limit = na / 3 + 1;
	for (i = 0; i < r->nindex; i++) {
		size_t nb = decode(r->index[i].key, b, SUGGEST_LEN);
		size_t e = pd_distance_cp(a, na, b, nb, PD_DISTANCE_SWAP);
		size_t t = na >= 3 ? tail_distance(a, na, b, nb) : (size_t)-1;
		const struct pd_npc *npc = &r->npcs[r->index[i].npc];
		size_t d;

		if (e > limit && (t == (size_t)-1 || t > limit / 2))
			continue;
		d = unlikeness(e, t, na, nb);
		for (j = 0; j < n && out[j] != npc; j++)
			;
		if (j < n) {
			/* Seen under another name: a closer one moves it up,
			 * so that "Canda" offers Canada before AND. */
			if (d < best[j]) {
				for (; j > 0 && best[j - 1] > d; j--) {
					out[j] = out[j - 1];
					best[j] = best[j - 1];
				}
				out[j] = npc;
				best[j] = d;
			}
			continue;
		}
		for (j = n; j > 0 && best[j - 1] > d; j--)
			;
		if (j >= max)
			continue;
		for (k = (n < max ? n : max - 1); k > j; k--) {
			out[k] = out[k - 1];
			best[k] = best[k - 1];
		}
		out[j] = npc;
		best[j] = d;
		if (n < max)
			n++;
	}
	free(key);
	return n;
}

/* The "unknown NPC, did you mean" message every importer and the
 * operator's writes give. */
int pd_unknown_npc(const struct pd_registry *reg, const char *name,
		   const char *file, long line, struct pd_diag *diag)
{
	const struct pd_npc *near[3];
	char hint[300] = "";
	size_t n, i, off = 0;

	n = pd_registry_suggest(reg, name, near, 3);
	for (i = 0; i < n && off < sizeof(hint); i++)
		off += (size_t)snprintf(hint + off, sizeof(hint) - off,
					"%s'%s' (%s)", i == 0 ? "; did you mean " :
					i + 1 == n ? " or " : ", ", near[i]->en,
					near[i]->code);
	if (n && off < sizeof(hint))
		snprintf(hint + off, sizeof(hint) - off, "?");
	else if (!n)
		snprintf(hint, sizeof(hint), "; use its IOC/IPC code, or see "
			 "'podium resolve'");
	return pd_diag_set(diag, PD_ENOTFOUND, file, line,
			   "unknown NPC '%s'%s", name, hint);
}

/* FNV-1a over codes, statuses and names: cheap, and any change shows. */
unsigned long long pd_registry_fingerprint(const struct pd_registry *reg)
{
	unsigned long long h = 1469598103934665603ULL;
	const char *parts[4];
	size_t i, k;

	for (i = 0; i < reg->n; i++) {
		parts[0] = reg->npcs[i].code;
		parts[1] = reg->npcs[i].status;
		parts[2] = reg->npcs[i].en;
		parts[3] = reg->npcs[i].zh;
		for (k = 0; k < 4; k++)
			for (const char *p = parts[k]; ; p++) {
				h = (h ^ (unsigned char)*p) * 1099511628211ULL;
				if (!*p)
					break;
			}
	}
	return h;
}
