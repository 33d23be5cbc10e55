/* match.h -- head-to-head events: matches between two NPCs' teams (or
 * two competitors named by NPC) in pools and knockout rounds, the pool
 * table by tie-break, each side's record, and the ranking the bracket
 * gives, from which the event's results (and so its medals, through the
 * existing policies) follow.
 *
 * A match names its phase ("pool", "quarter-final", "semi-final",
 * "bronze", "final", or any other), its pool ("A", or ""), the two sides
 * by NPC code, the score when known (-1: not known), whether it went to
 * extra time, the shoot-out when one decided it, a walkover (the side
 * that did not turn up loses), and, when the score is not known, what is
 * known of the outcome: "home" or "away" won, "draw", or "home-unbeaten"
 * (the home side did not lose: a source says a team was unbeaten but not
 * how).  An away side of "" is an opponent the source does not name.
 *
 * Pure: no I/O.  The file format of pd_matches_tsv_parse() is one match a
 * line: PHASE POOL HOME AWAY SCORE PENALTIES WALKOVER OUTCOME SOURCE CITE,
 * tab-separated, '#' comments; SCORE "2:1", "2:1 aet" or "" (not known),
 * PENALTIES "3:2" or "".
 */
#ifndef PODIUM_MATCH_H
#define PODIUM_MATCH_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "facts.h"
#include "label.h"
#include "model.h"

struct pd_match {
	long id, event;
	char phase[32];
	char pool[8];
	char home[PD_CODE_MAX], away[PD_CODE_MAX];
	long hs, as;		/* -1: not known */
	int extra;		/* went to extra time */
	long hp, ap;		/* the shoot-out; -1: none */
	char walkover[8];	/* "", "home" or "away": who did not turn up */
	char outcome[16];	/* "" (from the score), home, away, draw,
				 * home-unbeaten */
	char source[PD_IDENT_MAX + 1];
	char cite[PD_FACT_CITE];
};

struct pd_matches {
	struct pd_match *v;
	size_t n, alloc;
};

void pd_matches_init(struct pd_matches *l);
void pd_matches_release(struct pd_matches *l);
int pd_matches_add(struct pd_matches *l, const struct pd_match *m);

/* 0 if m is a match the store may keep; PD_EPARSE naming the field
 * (file and line when given). */
int pd_match_check(const struct pd_match *m, const char *file, long line,
		   struct pd_diag *diag);
/* Append the matches of the file format (above) to out, each checked;
 * out as it was on failure. */
int pd_matches_tsv_parse(struct pd_matches *out, const char *data,
			 size_t len, const char *file, struct pd_diag *diag);

/* 1 home won, -1 away won, 0 a draw, 2 unknown (home did not lose: 3). */
int pd_match_winner(const struct pd_match *m);
/* "3:2 on penalties", "2:1 after extra time", "w/o" ... for a reader of
 * lang, appended to b. */
int pd_match_score_text(struct pd_buf *b, const struct pd_match *m,
			const char *lang);

/* A side's record over matches: played, won (won_pens of them on
 * penalties), drawn, lost (lost_pens on penalties), not lost (unbeaten
 * with no more said), goals for and against over the matches whose
 * score is known (unscored: those whose score is not). */
struct pd_side_record {
	char npc[PD_CODE_MAX];
	long played, won, won_pens, drawn, lost, lost_pens, not_lost;
	long goals_for, goals_against, unscored;
	long points;		/* 3 a win, 1 a draw (pools) */
};

void pd_match_record(struct pd_side_record *r, const struct pd_matches *l,
		     const char *npc, const char *phase, const char *pool);
/* Non-zero if the record has no loss. */
int pd_record_unbeaten(const struct pd_side_record *r);

/* A pool's table: every side of its matches (phase "pool", pool), by
 * points, then goal difference, goals scored, then the points of the
 * matches among the sides still level, then code.  *out (malloc'd,
 * *n rows) to free(). */
int pd_pool_table(struct pd_side_record **out, size_t *n,
		  const struct pd_matches *l, const char *pool);

/* The final ranking the bracket gives: the final's winner 1 and loser
 * 2; the bronze match's winner 3 and loser 4, or both losing
 * semi-finalists 3 when there is none; then the others by pool table.
 * rank[i] for npc[i], *n sides (malloc'd arrays to free()).  PD_ECONSIST
 * when there is no decided final. */
int pd_bracket_ranking(char (**npc)[PD_CODE_MAX], long **rank, size_t *n,
		       const struct pd_matches *l, struct pd_diag *diag);

#endif
