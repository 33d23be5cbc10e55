/* npc.h -- the registry of National Paralympic / Olympic Committees.
 *
 * A registry maps every name a real file may use for a team -- its IOC or
 * IPC code, its English and Chinese names in Olympic usage, and aliases
 * ("Great Britain", "People's Republic of China", "Hong Kong, China") --
 * to one entry with a three-letter code.  Matching is exact after
 * normalisation: Unicode NFKC (so full-width "ＣＨＮ" is "CHN"), case
 * folding, and runs of white space folded to one space.  There is no
 * fuzzy matching in lookups; fuzzy distance is only used to *suggest*.
 *
 * The registry text format (data/npcs.tsv), one entry a line, tab-separated:
 *
 *	CODE  STATUS  ENGLISH  CHINESE  ALIASES
 *
 * STATUS is current, historic or special; ALIASES is a '|'-separated list
 * (may be empty).  Blank lines and lines starting with '#' are skipped.
 *
 * Ownership: a registry owns all its strings; pointers it returns are
 * borrowed and valid until pd_registry_release().
 */
#ifndef PODIUM_NPC_H
#define PODIUM_NPC_H

#include <stddef.h>
#include "error.h"

#define PD_CODE_MAX 8	/* room for a code and its NUL */

struct pd_npc {
	char code[PD_CODE_MAX];
	char *status;	/* "current", "historic" or "special" */
	char *en;
	char *zh;	/* "" when unknown */
};

struct pd_alias;

/* A name an entry had at the Games of the years from..to (npc_history.c,
 * data/npc_history.tsv): shown, never matched. */
struct pd_npc_era {
	char code[PD_CODE_MAX];
	long from, to;
	char *en, *zh;
};

/* Codes a and b are one team at the Games of the years from..to (0, 0:
 * at every Games); b is counted as a. */
struct pd_npc_same {
	char a[PD_CODE_MAX], b[PD_CODE_MAX];
	long from, to;
};

struct pd_registry {
	struct pd_npc *npcs;	/* sorted by code */
	size_t n;
	struct pd_alias *index;	/* normalised name -> npc, sorted */
	size_t nindex;
	/* history (pd_registry_history_parse()); none until it is read */
	struct pd_npc_era *eras;
	size_t neras;
	struct pd_npc_same *same;
	size_t nsame;
};

/* Parse registry text (len bytes, need not be NUL-terminated).  file names
 * the text in diagnostics.  A duplicate code, or one name given to two
 * codes, is PD_EPARSE at its line.  On failure r is left empty. */
int pd_registry_parse(struct pd_registry *r, const char *text, size_t len,
		      const char *file, struct pd_diag *diag);
void pd_registry_release(struct pd_registry *r);

/* The entry whose code, name or alias matches name after normalisation;
 * NULL if none. */
const struct pd_npc *pd_registry_find(const struct pd_registry *r,
				      const char *name);
/* The entry with exactly this code (case-insensitive); NULL if none. */
const struct pd_npc *pd_registry_code(const struct pd_registry *r,
				      const char *code);

/* Up to max entries whose names are most like name, best first, for
 * "did you mean" messages: likeness is of the whole name -- the share of
 * it an edit distance leaves the same, and a name that holds name as
 * whole words ("Britain" in "Great Britain") above one a few letters
 * away from it ("Bahrain").  Returns how
 * many were written to out. */
size_t pd_registry_suggest(const struct pd_registry *r, const char *name,
			   const struct pd_npc **out, size_t max);

/* The display name in lang ("zh" or "en"); falls back to English. */
const char *pd_npc_name(const struct pd_npc *npc, const char *lang);

/* Read the history text (data/npc_history.tsv: "name" and "same" lines,
 * see its header) into r, whose entries must be there: a code r does not
 * know, a year range backwards or a malformed line is PD_EPARSE at its
 * line, and r keeps no history then. */
int pd_registry_history_parse(struct pd_registry *r, const char *text,
			      size_t len, const char *file,
			      struct pd_diag *diag);
/* npc's name in lang at the Games of year (0: now): its era's name when
 * the history has one, else pd_npc_name(). */
const char *pd_npc_name_at(const struct pd_registry *r,
			   const struct pd_npc *npc, const char *lang,
			   long year);
/* The code a team is counted under at the Games of year (0: any Games):
 * a when the history says code (as b) and a are one team then, else code
 * itself. */
const char *pd_registry_same(const struct pd_registry *r, const char *code,
			     long year);
/* The year of a Games code ("PG2004" -> 2004), 0 for anything else. */
long pd_games_year(const char *games);

/* Normalise s for matching into a new malloc'd string (NFKC, case fold,
 * white space folded and trimmed, Traditional Chinese characters of names
 * Simplified).  NULL on invalid UTF-8 or no memory. */
char *pd_name_normalise(const char *s);
/* Rewrite the Traditional characters of NPC names in s (UTF-8) as their
 * Simplified forms, in place (hanzi.c); returns s. */
char *pd_hanzi_simplify(char *s);

/* Suggest names for an unknown team in diag: "unknown NPC 'X'; did you
 * mean 'A' (AAA) or 'B' (BBB)?".  Returns PD_ENOTFOUND. */
/* A fingerprint of every code, status and name in the registry: a store
 * rewrites its NPC table only when this changed (data/npcs.tsv edited). */
unsigned long long pd_registry_fingerprint(const struct pd_registry *reg);

int pd_unknown_npc(const struct pd_registry *reg, const char *name,
		   const char *file, long line, struct pd_diag *diag);

#endif
