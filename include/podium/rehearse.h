/* rehearse.h -- what 'podium rehearse' needs of a Games' folder of units
 * beside the HTTP client (src/app/rehearse.c): the deployment's starting
 * point written locally (the schedule, and what was decided before the
 * window), the times of the window in the Games' zone, and when each
 * event's medals are decided. */
#ifndef PODIUM_REHEARSE_H
#define PODIUM_REHEARSE_H

#include "podium/ops.h"
#include "podium/store.h"
#include "podium/unitset.h"

/* A local time "2024-08-09T20:00" (or with ":SS") at the Games' zone
 * (Europe/Paris for OG2024 and PG2024, else UTC) into *utc; PD_EINVAL
 * if it is not one. */
int pd_rh_local_time(const char *games, const char *text, long long *utc);

/* The end of set's unit i as seconds since 1970 UTC (its start where it
 * has no end, 0 when it has neither). */
long long pd_rh_unit_end(const struct pd_unitset *set, size_t i);
long long pd_rh_unit_start(const struct pd_unitset *set, size_t i);

/* When each of set's entry events (set->entries.events) is decided: the
 * latest end of the units that award its medals, into decided[] (n of
 * them, set->entries.nevents; 0 when none says). */
int pd_rh_decided(const struct pd_unitset *set, long long *decided);

/* Write the Games as it stood at UTC time before (LLONG_MAX: all of it,
 * what 'podium import units' writes): every unit of the schedule, those
 * that ended before it with their results and status, the others
 * scheduled and empty; the medals of the events decided before it; every
 * event, so that the rest can be written over HTTP. */
int pd_rh_prepare(struct pd_store *s, const struct pd_unitset *set,
		  long long before, const struct pd_who *who,
		  struct pd_diag *diag);

#endif
