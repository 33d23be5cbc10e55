/* stats.h -- the figures of a Games beyond its medal table: who took part,
 * what was contested, records, sanctions, and the competitors behind the
 * medals (the most decorated, one athlete's medals).
 *
 * Two halves.  The pure half (src/core/stats.c) counts and ranks: keyed
 * counts, record flags, medallists.  The store half (pd_store_*, the
 * interface of store.h, implemented by each backend) reads the store.
 * Every medal-based figure is derived through pd_store_medals() -- never
 * from ranks in SQL -- so sanctions, IRMs and medal policies count
 * exactly as they do in the medal table.
 *
 * Who a medal is credited to:
 *   - an individual result: its athlete (by id, or by name and NPC when
 *     it was imported without athlete data);
 *   - a team result whose members are known: each member;
 *   - a team result without known members: the team, once per event (a
 *     team named after its NPC, as medal lists print relays, is that
 *     event's team, not one competitor across events).
 *
 * Participation (athletes, women, NPCs taking part) is known only when the
 * store holds more than medal placings (a result ranked past 3, unranked
 * or with an IRM): a medals import gives only the winners, so those
 * figures are then unknown rather than a misleading count, and the
 * athletes the store does link to results are the medallists.
 *
 * Ownership: structs own their strings and arrays; release them.
 */
#ifndef PODIUM_STATS_H
#define PODIUM_STATS_H

#include <stddef.h>
#include "buf.h"
#include "error.h"
#include "model.h"
#include "npc.h"
#include "standings.h"

struct pd_store;

/* Counts keyed by a string (a sport, a record type), three slots each
 * (gold, silver, bronze, or just slot 0 for a plain count). */
struct pd_count_row {
	char *key;
	long n[3];
};

struct pd_counts {
	struct pd_count_row *rows;
	size_t n, alloc;
};

void pd_counts_init(struct pd_counts *c);
void pd_counts_release(struct pd_counts *c);
/* Add n to key's slot (0..2), creating the row; PD_ENOMEM. */
int pd_counts_add(struct pd_counts *c, const char *key, int slot, long n);
/* Sort the rows by key (byte order). */
void pd_counts_sort(struct pd_counts *c);
/* The sum of one slot over all rows. */
long pd_counts_sum(const struct pd_counts *c, int slot);
/* Count each record type of a result's records field ("WR", "PR,WR",
 * "WR PR"): separators are commas, semicolons, slashes and spaces.
 * Returns how many types it counted, or PD_ENOMEM. */
int pd_counts_add_records(struct pd_counts *c, const char *records);

/* Non-zero if needle (already through pd_name_normalise()) occurs in
 * name, both compared after normalisation (case, full-width forms,
 * spacing), or if each of its words does, in any order and without
 * accents ("catherine debrunner" finds "DEBRUNNER Catherine",
 * "zubkovska" finds "Zubkovská").  A name that does not normalise
 * (invalid UTF-8) is compared as it is. */
int pd_name_contains(const char *name, const char *needle);

/* part / whole in tenths of a percent, rounded half up (0 when whole is
 * 0): 1983 of 4463 -> 444, printed "44.4%". */
long pd_share_tenths(long part, long whole);

/* One competitor credited with one medal (see the top of this file).
 * scope separates competitors that share every other key: a team known
 * only by name gets its event's id. */
struct pd_credit {
	long athlete_id;	/* 0 unless a known athlete */
	long team_id;		/* 0 unless a team without known members */
	long scope;
	const char *name;
	const char *npc;
	const char *event;	/* a team's event (a team is one event's); else
				 * NULL */
	enum pd_medal medal;
};

/* A team member, as the store lists them (sorted by team, then name). */
struct pd_member {
	long team_id, athlete_id;
	char *name;
	char npc[PD_CODE_MAX];
};

typedef int (*pd_credit_fn)(const struct pd_credit *c,
			    const struct pd_medal_out *m, void *arg);

/* Call fn for each competitor m is credited to: each of the team's
 * members in members[0..n) (sorted by team_id), else the team, else the
 * athlete.  named_for_npc says the result's name is its NPC's name (a
 * team without members in a medals list).  A non-zero fn return stops
 * and is returned. */
int pd_credit_medal(const struct pd_medal_out *m, const struct pd_member *v,
		    size_t n, int named_for_npc, pd_credit_fn fn, void *arg);

struct pd_medallist {
	long athlete_id, team_id, scope;
	char *name;
	char *event;		/* a team's event, else NULL */
	char npc[PD_CODE_MAX];
	long medals[3];
	long total;
	long rank;		/* competition rank, after pd_medallists_rank() */
};

struct pd_medallists {
	struct pd_medallist *v;
	size_t n, alloc;
};

void pd_medallists_init(struct pd_medallists *m);
void pd_medallists_release(struct pd_medallists *m);
/* Record one credit; PD_ENOMEM. */
int pd_medallists_credit(struct pd_medallists *m, const struct pd_credit *c);
/* Merge the credits of each competitor and rank them: gold, then silver,
 * then bronze; competitors equal in all three share the rank (1, 2, 2, 4)
 * and are listed by name, then NPC. */
void pd_medallists_rank(struct pd_medallists *m);
/* How many ranked rows to show for the first top ranks (all rows tied at
 * rank top included); all of them when top is 0. */
size_t pd_medallists_top(const struct pd_medallists *m, size_t top);

/* What a Games' data says about it. */
struct pd_games_stats {
	long results;		/* results valid now */
	int participation_known;	/* more than medal placings held */
	/* athletes: with a result, alone or in a team (the medallists when
	 * participation is not known) */
	long athletes;
	long women, men, gender_unknown;
	long npcs;		/* taking part: a result or an athlete */
	long events;
	struct pd_counts sports;	/* n[0]: events of each sport */
	long records;		/* results with a record flag */
	struct pd_counts record_types;	/* n[0]: results with each type */
	long sanctions;		/* in force */
	long sanctions_vacate, sanctions_reallocate;
	long medals[3];		/* derived, official events */
	long npcs_medal, npcs_gold;
	/* the start lists (pd_store_entries()): athletes entered, and the
	 * events with a start list; participation is known too when every
	 * event has one */
	long entries, events_entered;
	/* the units' start lists and results (pd_games_stats_read()):
	 * held when the Games has units; each participant once by code,
	 * athletes and teams apart, and their NPCs */
	int units_held;
	long units_athletes, units_teams, units_npcs;
};

void pd_games_stats_release(struct pd_games_stats *st);
/* The medal-based figures of st from a tally of derived medals. */
void pd_games_stats_tally(struct pd_games_stats *st,
			  const struct pd_tally *t);

/* Fill st for games (which must exist: PD_ENOTFOUND otherwise). */
int pd_store_games_stats(struct pd_store *s, const char *games,
			 struct pd_games_stats *st, struct pd_diag *diag);

/* Walk the medals of q and call fn for every competitor credited with
 * one.  reg (may be NULL) tells a team named after its NPC. */
int pd_store_credits(struct pd_store *s, const struct pd_query *q,
		     const struct pd_registry *reg, pd_credit_fn fn,
		     void *arg, struct pd_diag *diag);
/* The ranked medallists of q. */
int pd_store_medallists(struct pd_store *s, const struct pd_query *q,
			const struct pd_registry *reg,
			struct pd_medallists *out, struct pd_diag *diag);

/* Who took part in a Games, broken down: from the results (alone or in a
 * team) and the start lists, each athlete once per row.  The rows of
 * by_npc and by_sport hold n[0] athletes, n[1] women, n[2] men, by key.
 * A first-time NPC takes part with no result in any earlier Games (an
 * earlier year) of the same kind and season the store holds: counted
 * only when the store holds one (prior > 0), and as far as those Games'
 * results tell who took part. */
struct pd_participation {
	int known;		/* as pd_games_stats.participation_known */
	long athletes, women, men;
	long npcs;
	struct pd_counts by_npc, by_sport;
	long prior;		/* earlier Games of the kind with results */
	long first_time;	/* NPCs at their first Games (prior > 0) */
	struct pd_strings first_npcs;	/* their codes, sorted */
	long entries, events_entered, events;
};

void pd_participation_release(struct pd_participation *p);
/* Fill p for games (PD_ENOTFOUND if there is none). */
int pd_store_participation(struct pd_store *s, const char *games,
			   struct pd_participation *p, struct pd_diag *diag);

/* Call fn for every athlete in the store (only those with a result in
 * games when games is not NULL), by name.  id is the athlete's id. */
typedef int (*pd_athlete_fn)(long id, const struct pd_athlete *a,
			     void *arg);
int pd_store_athletes(struct pd_store *s, const char *games,
		      pd_athlete_fn fn, void *arg, struct pd_diag *diag);

/* A career across Games (app.h: pd_doc_career) is read from these two.
 * The athletes that may be athlete id under another row -- a second
 * source's, or one without the outside id -- are those of its NPC: fn
 * for each of them, id itself among them, by id (pd_athlete_same() says which
 * are the same person).  And the Games athlete id took part in (a
 * result of their own or of their team's, an entry), by code. */
int pd_store_athlete_kin(struct pd_store *s, long id, pd_athlete_fn fn,
			 void *arg, struct pd_diag *diag);
typedef int (*pd_games_code_fn)(const char *games, void *arg);
int pd_store_athlete_games(struct pd_store *s, long id, pd_games_code_fn fn,
			   void *arg, struct pd_diag *diag);
/* Are a and b, two rows of one NPC, the same person?  Their names have
 * the same words in any order, without case, width or accents ("CHILES
 * Jordan", "Jordan Chiles"); their genders do not differ where both are
 * known; and they do not carry two outside ids of one source
 * ("kaggle:12", "kaggle:13" are two people of one name). */
int pd_athlete_same(const struct pd_athlete *a, const struct pd_athlete *b);

#endif
