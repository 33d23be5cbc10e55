/* match_ops.h -- head-to-head events as the front ends use them
 * (src/app/match.c): an event's matches set from a file, read, shown as
 * text and as the API's document (the matches, each pool's table, each
 * side's record), and the ranking the bracket gives written as the
 * event's results, from which its medals follow.
 *
 * A side's record counts what the matches say; where their scores are not
 * known, the goals a source states for the side in the event are given
 * beside it, with their source: a fact of key
 * team.NPC.SLUG.goals (SLUG the event's sport in lower case, '-' for any
 * other character: football-5-a-side).
 */
#ifndef PODIUM_MATCH_OPS_H
#define PODIUM_MATCH_OPS_H

#include "buf.h"
#include "facts.h"
#include "match.h"
#include "npc.h"
#include "ops.h"
#include "store_report.h"

/* Replace event's matches from source (NULL: "matches") with file's (the
 * match file format, match.h), one change. */
int pd_op_matches_from_file(struct pd_store *s, long event,
			    const char *source, const char *file,
			    const struct pd_who *who, size_t *n,
			    struct pd_diag *diag);
/* The same from l; *version (if not NULL) receives the new version. */
int pd_op_matches_replace(struct pd_store *s, long event, const char *source,
			  const struct pd_matches *l, const struct pd_who *who,
			  long *version, struct pd_diag *diag);
/* Write the ranking the bracket gives as event's results (one team of
 * each side, named as the registry names its NPC), replacing its
 * ranking: the medals follow under the event's policy.  *n receives the
 * sides ranked. */
int pd_op_matches_rank(struct pd_store *s, const struct pd_registry *reg,
		       long event, const struct pd_who *who, size_t *n,
		       struct pd_diag *diag);

/* 'podium init --examples': the report's 5-a-side football tournament
 * (data/PG2004.football5.tsv: as far as the report tells it, each match
 * citing it) as PG2004's event "Men's Tournament" of Football 5-a-side
 * with no results, so
 * the computed table is as it was.  *event receives its id. */
int pd_op_init_examples(struct pd_store *s, const struct pd_who *who,
			long *event, struct pd_diag *diag);

/* Append event's matches in force to out (lists.c). */
int pd_matches_read(struct pd_store *s, long event, struct pd_matches *out,
		    struct pd_diag *diag);
/* The slug of a sport in fact keys: "football-5-a-side" (slug.c). */
void pd_sport_slug(char *out, size_t size, const char *sport);

/* The matches of event as text: each match, then each pool's table. */
int pd_matches_text(struct pd_buf *b, const struct pd_matches *l,
		    const char *lang);
/* npc's record in event as text (its matches, won, drawn, lost, goals,
 * unbeaten), the goals a fact states beside those the matches give. */
int pd_record_text(struct pd_buf *b, struct pd_store *s, long event,
		   const struct pd_matches *l, const char *npc,
		   const char *lang, struct pd_diag *diag);
/* GET /api/games/{code}/events/{id}/matches: the matches, the pools'
 * tables, each side's record. */
int pd_doc_matches(struct pd_buf *out, const char *games, long version,
		   long event, const struct pd_matches *l, unsigned flags);

#endif
