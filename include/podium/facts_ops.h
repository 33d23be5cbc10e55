/* facts_ops.h -- a Games' stated figures as the front ends use them
 * (src/app/facts.c): adding facts, reading them, and checking them
 * against one another and against what the store computes, as lines of
 * text in zh or en and as the API's documents.
 *
 * What the store computes for a key (struct pd_fact_computed): from the
 * results when the Games has any (the events, sports, NPCs with a medal,
 * each NPC's medals, the multi-medallists' medals as athlete.SLUG.gold
 * ..., and when participation is known the athletes, women and NPCs
 * taking part), else from its first published table (the NPCs on it, the
 * golds it awards, each NPC's medals); and from the matches of its
 * head-to-head events each side's matches, losses and (every score known)
 * goals, as team.NPC.SLUG.matches ....  Each computed figure says what it
 * was computed from.
 */
#ifndef PODIUM_FACTS_OPS_H
#define PODIUM_FACTS_OPS_H

#include "buf.h"
#include "facts.h"
#include "ops.h"
#include "store_report.h"

/* Add l's facts, one change per Games (the Games made if absent), all in
 * one transaction: all or none.  *version (if not NULL) receives the last
 * change's version. */
int pd_op_facts_add(struct pd_store *s, const struct pd_facts *l,
		    const struct pd_who *who, const struct pd_op_notify *nt,
		    long *version, struct pd_diag *diag);

/* 'podium facts add --file': read file ("-" for stdin; the facts file
 * format, facts.h) and add its facts as pd_op_facts_add() does; *n (if
 * not NULL) receives how many.  Nothing is written unless every line is
 * good (PD_EPARSE naming file and line). */
int pd_op_facts_from_file(struct pd_store *s, const char *file,
			  const struct pd_who *who,
			  const struct pd_op_notify *nt, long *version,
			  size_t *n, struct pd_diag *diag);

/* The bundled facts (data/PG2004.facts.tsv), parsed; pd_op_init() keeps
 * them as PG2004's facts from "seed". */
int pd_facts_bundled(struct pd_facts *out, struct pd_diag *diag);

/* Append the facts in force of games (NULL: every Games) to out
 * (lists.c). */
int pd_facts_read(struct pd_store *s, const char *games,
		  struct pd_facts *out, struct pd_diag *diag);

/* A Games' facts, the figures the store computes, and the contradictions
 * between them. */
struct pd_facts_audit {
	char games[PD_GAMES_CODE];
	long version;
	struct pd_facts facts;
	struct pd_fact_computed *computed;
	size_t ncomputed;
	struct pd_contradictions found;
	void *slots;		/* the computed figures' strings */
};

/* Fill a for games (PD_ENOTFOUND if there is no such Games); inside a
 * read transaction (pd_store_begin_read()) it is one version's.  Release
 * a whatever the result. */
int pd_facts_audit(struct pd_facts_audit *a, struct pd_store *s,
		   const char *games, struct pd_diag *diag);
void pd_facts_audit_release(struct pd_facts_audit *a);

/* One contradiction as one line of text in lang, with its Games, its key
 * and each value with where it comes from, and a newline. */
int pd_contradiction_text(struct pd_buf *b, const struct pd_contradiction *c,
			  const char *lang);
/* Where a fact comes from, as the lines show it: "seed report ¶5". */
int pd_fact_origin(struct pd_buf *b, const struct pd_fact *f);
/* A fact's qualifier ("about", "nearly", "over") as the words before its
 * figure in lang ("about ", "约"); "" for none. */
const char *pd_fact_qualifier(const char *q, const char *lang);

/* GET /api/games/{code}/facts and 'podium facts --format json'. */
int pd_doc_facts(struct pd_buf *out, const char *games, long version,
		 const struct pd_facts *l, unsigned flags);
/* GET /api/games/{code}/facts/check and 'podium facts check --format
 * json': each contradiction with its claims and its line in en and zh. */
int pd_doc_facts_check(struct pd_buf *out, const struct pd_facts_audit *a,
		       unsigned flags);

#endif
