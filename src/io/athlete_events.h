/* athlete_events.h -- internal to src/io: the rule both readers of
 * Kaggle's athlete_events.csv count medals by, so that the table read
 * from the file (athlete_events_tally.c) and the table through the store
 * (athlete_events.c) cannot drift apart.
 *
 * The file repeats a team medal once per member.  Within one Games, sport
 * and event, the rows of one NOC with one medal are one medal: a team's,
 * or one athlete listed twice.  This is the usual SQL dedupe (DISTINCT
 * Games, Event, NOC, Medal); athlete_events.c says what it cannot tell
 * apart.
 */
#ifndef PODIUM_ATHLETE_EVENTS_H
#define PODIUM_ATHLETE_EVENTS_H

#include <stddef.h>

/* The longest key: what the readers' buffers hold. */
#define PD_MEDAL_KEY_MAX 1024

/* Write into key[0..PD_MEDAL_KEY_MAX) what every row of one medal shares,
 * from the row's Games code, resolved NPC code, medal (1, 2, 3), Sport and
 * Event: two rows are one medal exactly when their keys are equal.  Built
 * by hand, not with snprintf, which was a tenth of the file-only reader's
 * run.  Returns the key's length, or PD_ETOOBIG when it does not fit. */
int pd_athlete_events_medal_key(char *key, const char *games,
				const char *npc, int medal,
				const char *sport, const char *event);

#endif
