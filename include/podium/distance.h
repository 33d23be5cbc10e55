/* distance.h -- how far one short string is from another, for "did you
 * mean": the edit distance (insertions, deletions, substitutions) in
 * code points, so that a CJK character or an accented letter counts as
 * one edit, not two or three.  What the callers' rules differ in is a
 * flag:
 *
 *   PD_DISTANCE_SWAP  two swapped neighbours are one edit (optimal
 *                     string alignment): "tabel" is one slip from
 *                     "table", "Chnia" from "China".  The command line's
 *                     words and the NPCs' names count so.
 *   PD_DISTANCE_FOLD  letters compared without case (utf8proc's simple
 *                     lower case of each code point): "pg2004" is
 *                     PG2004.  Games codes count so, without SWAP: a
 *                     swap of two digits is a different Games ("PG2042"
 *                     is not "PG2024" but two edits from it).
 *
 * An NPC's names are compared folded already (pd_name_normalise), and
 * their words one by one, so npc.c decodes once and uses the code point
 * form. */
#ifndef PODIUM_DISTANCE_H
#define PODIUM_DISTANCE_H

#include <stddef.h>
#include <stdint.h>

#define PD_DISTANCE_SWAP 1
#define PD_DISTANCE_FOLD 2

/* The longest string measured, in code points; a longer one is
 * PD_DISTANCE_FAR from everything. */
#define PD_DISTANCE_MAX 64
#define PD_DISTANCE_FAR ((size_t)-1)

/* The edit distance of the UTF-8 strings a and b under flags.  A byte
 * that does not begin a valid UTF-8 sequence counts as a character of
 * its own, unlike every code point. */
size_t pd_distance(const char *a, const char *b, int flags);

/* The same of the code points a[0..na) and b[0..nb). */
size_t pd_distance_cp(const int32_t *a, size_t na, const int32_t *b,
		      size_t nb, int flags);

#endif
