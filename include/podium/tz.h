/* tz.h -- time zones: the system's zone files (TZif, RFC 8536, read by
 * src/io/tzif.c) and the zone each Games and venue keeps
 * (data/zones.tsv, src/io/zone.c).
 *
 * A unit is stored in UTC and shown at the offset its zone keeps at that
 * instant: pd_unit_zone() is the one function the schedule, the unit and
 * schedule documents, the pages and the ODF writer ask.
 *
 * Why a reader of our own and not the C library: localtime_r() reads the
 * zone of the TZ variable, one for the whole process, so showing Paris
 * and Tahiti would mean setenv("TZ") and tzset() between calls, which
 * races with every other thread of the server (setenv is not
 * thread-safe, and the zone is global state).  A TZif file is a small
 * table of transitions: read once, kept, asked by any thread.
 */
#ifndef PODIUM_TZ_H
#define PODIUM_TZ_H

#include <stddef.h>
#include "error.h"

/* One zone as its TZif file says: the transitions (UTC seconds, sorted)
 * and the local time type each begins, and for instants after the last
 * one the footer's POSIX TZ rule when there is one. */
struct pd_tz {
	size_t n;		/* transitions */
	long long *at;		/* n instants */
	unsigned char *type;	/* n indexes into utoff/isdst */
	size_t ntypes;
	int *utoff;		/* seconds east of UTC */
	unsigned char *isdst;
	int rule;		/* 1: the footer's rule below applies */
	int std_off, dst_off;	/* seconds east of UTC */
	int dst;		/* 1: the rule has summer time */
	struct pd_tz_when {
		char kind;	/* 'J' (Jn), 'D' (n), 'M' (Mm.w.d) */
		int m, w, d;	/* Jn, n: d; Mm.w.d: all three */
		long secs;	/* the local time of day it happens at */
	} start, end;
};

/* Parse a TZif file's bytes b[0..n) (name for messages) into *tz: 0, or
 * PD_EPARSE naming what is wrong, or PD_ENOMEM.  pd_tz_release() after
 * success. */
int pd_tz_parse(const unsigned char *b, size_t n, const char *name,
		struct pd_tz *tz, struct pd_diag *d);
/* Read zone name ("Europe/Paris") from $TZDIR, else /usr/share/zoneinfo:
 * 0, PD_EINVAL (a name that is not one), PD_ENOTFOUND (no such file),
 * PD_EPARSE or PD_ENOMEM. */
int pd_tz_load(const char *name, struct pd_tz *tz, struct pd_diag *d);
void pd_tz_release(struct pd_tz *tz);
/* The offset east of UTC, in seconds, tz keeps at UTC time t; *isdst (may
 * be NULL) 1 in summer time. */
int pd_tz_offset(const struct pd_tz *tz, long long t, int *isdst);

/* The zone a unit of games at venue (its name or code; may be NULL)
 * keeps, by its IANA name: the venue's own where data/zones.tsv names
 * one, else the Games', else "UTC" (also when the system has no such
 * zone file); its offset at UTC time t into *offset.  Safe on any
 * thread: each zone is read once and kept. */
const char *pd_unit_zone(const char *games, const char *venue, long long t,
			 int *offset);
/* The zone data/zones.tsv names for games, or NULL when none is known. */
const char *pd_games_zone(const char *games);
/* The i-th venue of games that keeps its own zone (0, 1, ...): 1 with
 * its phrase ("Tahiti") and zone in *venue and *zone, 0 past the last. */
int pd_venue_zone(const char *games, size_t i, const char **venue,
		  const char **zone);
/* Check data/zones.tsv: 0, or PD_EPARSE at its line (a line of another
 * kind or width), or PD_ENOTFOUND naming a zone the system lacks. */
int pd_zones_check(struct pd_diag *d);

#endif
