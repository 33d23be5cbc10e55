/* athlete_events_tally.c -- the medal table of every Games in a Kaggle
 * athlete_events.csv, straight from the bytes, without the store.
 *
 * 'podium table --from FILE --all-games' answers "what does this file
 * say" in one pass; it counts by the importer's rule (athlete_events.c),
 * one medal per pd_athlete_events_medal_key(), so that the table from the
 * file and the table through the store agree: within one Games, sport and
 * event, the rows that share NOC and medal are one medal -- a team's, or
 * one athlete listed twice (1900 sailing) -- the usual DISTINCT (Games,
 * Event, NOC, Medal) dedupe.  tests/fuzz/fuzz_athlete_events.c checks
 * that the two agree.
 *
 * Why a second reader of the same format: the importer keeps every row
 * (athletes, teams, non-medal results) to write them, and takes ~0.9 s on
 * the 41 MB file.  A table needs only the ~40,000 medal rows of 271,116:
 * this reader skips a row that ends in ",NA" after checking its quotes
 * and UTF-8 eight bytes at a time, and parses only the rest -- about a
 * tenth of the time, which is the benchmark's bar against DuckDB.
 * Records that span lines (a quoted line break) go through the RFC 4180
 * reader, so the shortcut never changes what is read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/csv.h"
#include "podium/entries.h"
#include "podium/io.h"
#include "athlete_events.h"
#include "columns.h"
#include "import.h"

enum { C_NOC, C_GAMES, C_SPORT, C_EVENT, C_MEDAL, C_N };

static const char *const headers[C_N] = { "NOC", "Games", "Sport", "Event",
					  "Medal" };

/* A slot keeps the key's hash, so a probe compares strings only when the
 * hashes agree: with pd_strmap's bare pointers, every probe was a cache
 * miss into a group, and the lookups a tenth of the run. */
struct slot {
	uint64_t hash;
	size_t g;		/* index + 1 into g[]; 0 when empty */
};

struct group {
	uint64_t hash;
	size_t games;
	unsigned noc;
	int medal;		/* 0, 1, 2 */
	char key[];
};

#define YEARS 400

struct scan {
	int games_at[YEARS][2];		/* year - 1800, season -> index + 1 */
	unsigned noc_at[26 * 26 * 26];	/* noc_key() -> index + 1 */
	const char *file;
	struct pd_import im;	/* NPCs only: no entry set */
	const char *only;
	int at[C_N], nf, medal_last;
	struct pd_csv csv;	/* for records that span lines */
	char (*games)[PD_GAMES_CODE];
	size_t ngames;
	struct slot *table;		/* open addressing, by key hash */
	size_t cap;
	struct group **g;
	size_t ng, ag;
	char *fields[64];	/* only the C_N columns used are set */
	char line[4096];
};

#define ONES 0x0101010101010101ULL
#define HIGH 0x8080808080808080ULL

/* 0x80 in every byte of w that equals c, exactly (no false positives). */
static inline uint64_t bytes_eq(uint64_t w, unsigned char c)
{
	uint64_t x = w ^ (ONES * c);

	return ~(((x & ~HIGH) + ~HIGH) | x | ~HIGH);
}

/* The parity of the 0x80 bits of m. */
static inline uint64_t parity(uint64_t m)
{
	m ^= m >> 32;
	m ^= m >> 16;
	m ^= m >> 8;
	return (m >> 7) & 1;
}

/* Copy field [b, e) into out, unquoted; returns the next free byte. */
static char *unquote(char *out, const char *b, const char *e)
{
	if (b < e && *b == '"') {
		for (b++, e--; b < e; b++) {
			if (*b == '"')
				b++;	/* "" stands for one quote */
			*out++ = *b;
		}
	} else {
		memcpy(out, b, (size_t)(e - b));
		out += e - b;
	}
	*out++ = '\0';
	return out;
}

/* Split one line (no line break inside quotes) into s->fields, copying
 * only the fields the table needs: finding the commas with memchr and
 * copying five fields is most of a medal row's cost, and the byte-by-byte
 * copy of whole lines was a fifth of the run.  Returns the field count,
 * or -1 if the line is too long or has over 64 fields. */
static int split(struct scan *s, const char *p, size_t n)
{
	const char *end = p + n, *b = p, *e, *q;
	const char *start[64], *stop[64];
	char *w = s->line;
	int nf = 0, k;

	for (;;) {
		if (nf == 64)
			return -1;
		if (b < end && *b == '"') {
			/* to the closing quote; "" inside is not one */
			for (q = b + 1; (q = memchr(q, '"', (size_t)(end - q)));
			     q += 2)
				if (q + 1 >= end || q[1] != '"')
					break;
			e = q ? memchr(q, ',', (size_t)(end - q)) : NULL;
		} else {
			e = memchr(b, ',', (size_t)(end - b));
		}
		start[nf] = b;
		stop[nf++] = e ? e : end;
		if (!e)
			break;
		b = e + 1;
	}
	if (n + C_N >= sizeof(s->line))
		return -1;
	for (k = 0; k < C_N; k++) {
		if (s->at[k] >= nf)
			return nf;	/* take() reports the count */
		s->fields[s->at[k]] = w;
		w = unquote(w, start[s->at[k]], stop[s->at[k]]);
	}
	return nf;
}

/* "1992 Summer" -> index of OG1992 in s->games (added if new); -1 if the
 * value is neither "YEAR Summer" nor "YEAR Winter".  A direct table by
 * year and season: the linear search was a tenth of the run. */
static long games_of(struct scan *s, const char *v)
{
	char code[PD_GAMES_CODE];
	int year = 0, season, i;
	void *p;

	for (i = 0; i < 4; i++) {
		if (v[i] < '0' || v[i] > '9')
			return -1;
		year = year * 10 + v[i] - '0';
	}
	if (!strcmp(v + 4, " Summer"))
		season = 0;
	else if (!strcmp(v + 4, " Winter"))
		season = 1;
	else
		return -1;
	if (year < 1800 || year >= 1800 + YEARS)
		return -1;
	if (s->games_at[year - 1800][season])
		return s->games_at[year - 1800][season] - 1;
	snprintf(code, sizeof(code), "O%c%04d", season ? 'W' : 'G', year);
	if (s->ngames % 64 == 0) {
		if (!(p = realloc(s->games, (s->ngames + 64) *
				  sizeof(*s->games))))
			return -2;
		s->games = p;
	}
	memcpy(s->games[s->ngames], code, sizeof(code));
	s->games_at[year - 1800][season] = (int)++s->ngames;
	return (long)s->ngames - 1;
}

/* A three-letter upper-case NOC as a number, for a direct table; -1 for
 * anything else (looked up the slow way). */
static int noc_key(const char *v)
{
	if (v[0] < 'A' || v[0] > 'Z' || v[1] < 'A' || v[1] > 'Z' ||
	    v[2] < 'A' || v[2] > 'Z' || v[3])
		return -1;
	return (v[0] - 'A') * 676 + (v[1] - 'A') * 26 + (v[2] - 'A');
}

/* The NOC's index in the registry.  A three-letter NOC, nearly every
 * row's, is a direct table look-up; the rest, and the first sight of
 * each, go through the import layer's cache. */
static int noc_of(struct scan *s, const char *v, long line, unsigned *out,
		  struct pd_diag *diag)
{
	const struct pd_npc *npc;
	int key = noc_key(v), ret;

	if (key >= 0 && s->noc_at[key]) {
		*out = s->noc_at[key] - 1;
		return 0;
	}
	if ((ret = pd_import_npc(&s->im, v, line, &npc, diag)) < 0)
		return ret;
	*out = (unsigned)(npc - s->im.reg->npcs);
	if (key >= 0)
		s->noc_at[key] = *out + 1;
	return 0;
}

/* Eight bytes a step, multiply and shift: byte-at-a-time FNV cost more
 * than the probing it serves.  Only equality matters here. */
static uint64_t hash_of(const char *k, size_t n)
{
	uint64_t h = 0x9E3779B97F4A7C15ULL ^ n, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, k + i, 8);
		h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
		h ^= h >> 31;
	}
	w = 0;
	memcpy(&w, k + i, n - i);
	h = (h ^ w) * 0x94D049BB133111EBULL;
	return h ^ (h >> 29);
}

static int grow_table(struct scan *s)
{
	size_t cap = s->cap ? s->cap * 2 : 1 << 16, i, j;
	struct slot *t = calloc(cap, sizeof(*t));

	if (!t)
		return PD_ENOMEM;
	for (i = 0; i < s->cap; i++) {
		if (!s->table[i].g)
			continue;
		for (j = s->table[i].hash & (cap - 1); t[j].g;
		     j = (j + 1) & (cap - 1))
			;
		t[j] = s->table[i];
	}
	free(s->table);
	s->table = t;
	s->cap = cap;
	return 0;
}

/* One medal per key, however many rows name it: the importer's rule. */
static int add_group(struct scan *s, size_t games, unsigned noc, int medal,
		     const char *sport, const char *event)
{
	struct group *g, **v;
	char key[PD_MEDAL_KEY_MAX];
	size_t len, i;
	int n;
	uint64_t h;

	if ((n = pd_athlete_events_medal_key(key, s->games[games],
					     s->im.reg->npcs[noc].code,
					     medal + 1, sport, event)) < 0)
		return n;
	len = (size_t)n;
	h = hash_of(key, len);
	if ((s->ng + 1) * 2 > s->cap && grow_table(s) < 0)
		return PD_ENOMEM;
	for (i = h & (s->cap - 1); s->table[i].g; i = (i + 1) & (s->cap - 1))
		if (s->table[i].hash == h &&
		    !strcmp(s->g[s->table[i].g - 1]->key, key))
			return 0;	/* one medal, however many rows */
	if (s->ng == s->ag) {
		s->ag = s->ag ? s->ag * 2 : 1024;
		if (!(v = realloc(s->g, s->ag * sizeof(*v))))
			return PD_ENOMEM;
		s->g = v;
	}
	if (!(g = malloc(sizeof(*g) + len + 1)))
		return PD_ENOMEM;
	memcpy(g->key, key, len + 1);
	g->hash = h;
	g->games = games;
	g->noc = noc;
	g->medal = medal;
	s->g[s->ng++] = g;
	s->table[i].hash = h;
	s->table[i].g = s->ng;
	return 0;
}

static int take(struct scan *s, char **f, int nf, long line,
		struct pd_diag *diag)
{
	const char *medal;
	unsigned noc = 0;
	long games;
	int rank, ret;

	/* the count first: a short record has no medal field to read (the
	 * fuzzer found the read past the end) */
	if (nf != s->nf)
		return pd_diag_set(diag, PD_EPARSE, s->file, line, "expected "
				   "%d fields as in the header, found %d",
				   s->nf, nf);
	medal = f[s->at[C_MEDAL]];
	if (!strcmp(medal, "NA") || !*medal)
		return 0;
	rank = !strcmp(medal, "Gold") ? 1 : !strcmp(medal, "Silver") ? 2 :
	       !strcmp(medal, "Bronze") ? 3 : pd_entries_medal_rank(medal);
	if (!rank)
		return pd_diag_set(diag, PD_EPARSE, s->file, line, "'%s' is "
				   "not a medal: expected Gold, Silver, Bronze "
				   "or NA", medal);
	if ((games = games_of(s, f[s->at[C_GAMES]])) == -2)
		return PD_ENOMEM;
	if (games < 0)
		return pd_diag_set(diag, PD_EPARSE, s->file, line, "Games '%s':"
				   " expected 'YEAR Summer' or 'YEAR Winter'",
				   f[s->at[C_GAMES]]);
	if (s->only && strcmp(s->games[games], s->only))
		return 0;
	if ((ret = noc_of(s, f[s->at[C_NOC]], line, &noc, diag)) < 0)
		return ret;
	ret = add_group(s, (size_t)games, noc, rank - 1, f[s->at[C_SPORT]],
			f[s->at[C_EVENT]]);
	return ret < 0 ? pd_diag_set(diag, ret, s->file, line, "%s",
				     pd_strerror(ret)) : 0;
}

static int header(struct scan *s, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_csv_next(&s->csv, diag)) <= 0)
		return ret < 0 ? ret : pd_diag_set(diag, PD_EPARSE, s->file, 1,
						   "empty file: expected the "
						   "athlete_events header");
	if ((ret = pd_columns_require(s->at, &s->csv, headers, C_N, "no %s "
				      "column: is this athlete_events.csv?",
				      diag)) < 0)
		return ret;
	s->nf = (int)s->csv.nf;
	s->medal_last = s->at[C_MEDAL] == s->nf - 1;
	return 0;
}

/* A record with a quoted line break: the RFC 4180 reader takes it whole. */
static int slow_record(struct scan *s, const char **p, long *line,
		       struct pd_diag *diag)
{
	const char *start = *p;
	int ret;

	s->csv.p = *p;
	s->csv.next_line = *line;
	if ((ret = pd_csv_next(&s->csv, diag)) <= 0)
		return ret;
	if ((ret = pd_utf8_check(start, (size_t)(s->csv.p - start), s->file,
				 diag)) < 0) {
		diag->line += *line - 1;
		return ret;
	}
	ret = take(s, s->csv.f, (int)s->csv.nf, *line, diag);
	*p = s->csv.p;
	*line = s->csv.next_line;
	return ret;
}

static int fast_line(struct scan *s, const char *p, size_t n, int high,
		     long line, struct pd_diag *diag)
{
	int ret, nf;

	if (n && p[n - 1] == '\r')
		n--;
	if (n == 0)
		return 0;
	if (high && (ret = pd_utf8_check(p, n, s->file, diag)) < 0) {
		diag->line = line;
		return ret;
	}
	if (s->medal_last && n >= 3 && !memcmp(p + n - 3, ",NA", 3))
		return 0;
	if ((nf = split(s, p, n)) < 0)
		return pd_diag_set(diag, PD_ETOOBIG, s->file, line, "line "
				   "longer than %zu bytes or with over 64 "
				   "fields", sizeof(s->line) - 1);
	return take(s, s->fields, nf, line, diag);
}

/* A record ends at a line break outside quotes.  The scan finds both
 * eight bytes at a time and keeps the parity of the quotes seen in the
 * record; a record whose line breaks were not all ends (a quoted line
 * break) is read again by the RFC 4180 reader. */
struct cursor {
	const char *start;	/* of the record */
	long line;		/* its first line */
	long lines;		/* line breaks inside it */
	uint64_t par;		/* quote bits, XORed lane by lane */
	uint64_t high;		/* an OR of the words it touched */
};

static int record_end(struct scan *s, struct cursor *c, const char *nl,
		      struct pd_diag *diag)
{
	const char *p = c->start;
	long line = c->line;
	int ret;

	if (c->lines)
		ret = slow_record(s, &p, &line, diag);
	else
		ret = fast_line(s, c->start, (size_t)(nl - c->start),
				(c->high & HIGH) != 0, c->line, diag);
	c->line += c->lines + 1;
	c->lines = 0;
	c->start = nl + 1;
	return ret;
}

/* The line breaks in one word: each is a record's end unless the record's
 * quotes so far are odd.  c->par holds quote bits XORed lane by lane: its
 * parity is the parity of the record's quotes. */
static int line_breaks(struct scan *s, struct cursor *c, const char *p,
		       uint64_t w, uint64_t q, uint64_t nl,
		       struct pd_diag *diag)
{
	uint64_t below;
	int bit, ret;

	while (nl) {
		bit = __builtin_ctzll(nl);
		below = (1ULL << bit) - 1;
		c->par ^= q & below;
		q &= ~below;
		nl &= nl - 1;
		if (parity(c->par)) {
			c->lines++;	/* a quoted line break */
			continue;
		}
		if ((ret = record_end(s, c, p + (bit >> 3), diag)) < 0)
			return ret;
		c->par = 0;
		c->high = w;	/* may hold the next record's bytes */
	}
	c->par ^= q;
	return 0;
}

#ifdef __SSE2__
#include <emmintrin.h>

/* Sixteen bytes a step with SSE2 (every x86-64 has it): the masks of
 * quotes and line breaks come out as bits, one per byte, and are spread
 * back to SWAR lanes for line_breaks() only where a line ends. */
static const char *scan_sse2(struct scan *s, struct cursor *c, const char *p,
			     const char *end, int *ret, struct pd_diag *diag)
{
	const __m128i quote = _mm_set1_epi8('"'), nl = _mm_set1_epi8('\n');
	__m128i v, high = _mm_setzero_si128();
	unsigned mq, mn;
	uint64_t w[2];

	for (; p + 16 <= end; p += 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)p);
		high = _mm_or_si128(high, v);
		mn = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl));
		mq = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote));
		if (!mn) {
			c->par ^= (uint64_t)__builtin_parity(mq) << 7;
			continue;
		}
		if (_mm_movemask_epi8(high))
			c->high |= HIGH;
		high = _mm_setzero_si128();
		memcpy(w, p, 16);
		c->high |= w[0];
		if ((*ret = line_breaks(s, c, p, w[0], bytes_eq(w[0], '"'),
					bytes_eq(w[0], '\n'), diag)) < 0)
			return p;
		c->high |= w[1];
		if ((*ret = line_breaks(s, c, p + 8, w[1], bytes_eq(w[1], '"'),
					bytes_eq(w[1], '\n'), diag)) < 0)
			return p;
		/* the bytes after the last break belong to the next line */
		if (_mm_movemask_epi8(v))
			c->high |= HIGH;
	}
	if (_mm_movemask_epi8(high))
		c->high |= HIGH;
	return p;
}
#endif

static int scan_all(struct scan *s, struct pd_diag *diag)
{
	struct cursor c = { s->csv.p, s->csv.next_line, 0, 0, 0 };
	const char *p = s->csv.p, *end = s->csv.end;
	uint64_t w, q, nl;
	int ret = 0;

#ifdef __SSE2__
	p = scan_sse2(s, &c, p, end, &ret, diag);
	if (ret < 0)
		return ret;
#endif
	for (; p + 8 <= end; p += 8) {
		memcpy(&w, p, 8);
		q = bytes_eq(w, '"');
		nl = bytes_eq(w, '\n');
		c.high |= w;
		if (!nl) {
			c.par ^= q;
			continue;
		}
		if ((ret = line_breaks(s, &c, p, w, q, nl, diag)) < 0)
			return ret;
	}
	if (p < end) {	/* the tail, padded with spaces */
		w = ONES * ' ';
		memcpy(&w, p, (size_t)(end - p));
		q = bytes_eq(w, '"');
		nl = bytes_eq(w, '\n');
		c.high |= w;
		if ((ret = line_breaks(s, &c, p, w, q, nl, diag)) < 0)
			return ret;
	}
	if (c.start < end)	/* a last line without a break */
		ret = parity(c.par) ? pd_diag_set(diag, PD_EPARSE, s->file,
				c.line, "quoted field never closed: the file "
				"may be truncated") :
		      record_end(s, &c, end, diag);
	return ret;
}

static int cmp_games(const void *a, const void *b)
{
	return strcmp(((const struct pd_games_tally *)a)->games,
		      ((const struct pd_games_tally *)b)->games);
}

/* Fold the groups into one tally per Games, sorted by Games code. */
static int finish(struct scan *s, struct pd_games_tally **out, size_t *n)
{
	struct pd_games_tally *v;
	size_t i;
	int ret = 0;

	if (!(v = calloc(s->ngames ? s->ngames : 1, sizeof(*v))))
		return PD_ENOMEM;
	for (i = 0; i < s->ngames; i++) {
		memcpy(v[i].games, s->games[i], sizeof(v[i].games));
		pd_tally_init(&v[i].tally);
	}
	for (i = 0; i < s->ng && ret == 0; i++) {
		const struct group *g = s->g[i];

		ret = pd_tally_add(&v[g->games].tally,
				   s->im.reg->npcs[g->noc].code,
				   (enum pd_medal)g->medal, 1);
	}
	if (ret < 0) {
		pd_games_tallies_free(v, s->ngames);
		return ret;
	}
	if (s->ngames)
		qsort(v, s->ngames, sizeof(*v), cmp_games);
	*out = v;
	*n = s->ngames;
	/* with only, the other Games met on the way are dropped */
	for (i = 0; s->only && i < s->ngames; i++)
		if (!strcmp(v[i].games, s->only)) {
			struct pd_games_tally keep = v[i];

			v[i] = v[0];
			v[0] = keep;
			for (size_t k = 1; k < s->ngames; k++)
				pd_tally_release(&v[k].tally);
			*n = 1;
			return 0;
		}
	if (s->only) {
		pd_games_tallies_free(v, s->ngames);
		*out = NULL;
		*n = 0;
	}
	return 0;
}

void pd_games_tallies_free(struct pd_games_tally *v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		pd_tally_release(&v[i].tally);
	free(v);
}

int pd_athlete_events_tally(const char *data, size_t len, const char *file,
			    const struct pd_registry *reg, const char *only,
			    struct pd_games_tally **out, size_t *n,
			    struct pd_diag *diag)
{
	struct scan s;
	size_t i;
	int ret;

	*out = NULL;
	*n = 0;
	memset(&s, 0, sizeof(s));
	s.file = file;
	pd_import_init(&s.im, reg, NULL, file, "NOC");
	s.only = only;
	pd_csv_init(&s.csv, data, len, file);
	if ((ret = header(&s, diag)) == 0 && (ret = scan_all(&s, diag)) == 0)
		ret = finish(&s, out, n);
	if (ret == 0 && *n == 0)
		ret = pd_diag_set(diag, PD_EPARSE, file, 0, "no medals%s%s",
				  only ? " for " : "", only ? only : "");
	for (i = 0; i < s.ng; i++)
		free(s.g[i]);
	free(s.g);
	free(s.table);
	pd_csv_release(&s.csv);
	free(s.games);
	pd_import_release(&s.im);
	if (ret < 0 && *out) {
		pd_games_tallies_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return ret;
}
