/* ops.h -- the store's operations written once, above the drivers
 * (driver.h), one file a concern (ops_*.c); store.c checks what each is
 * asked to write and calls it.  Each has the signature and contract of
 * the public pd_store_* function of the same name, and runs on any
 * backend through its driver. */
#ifndef PODIUM_STORE_OPS_H
#define PODIUM_STORE_OPS_H

#include "podium/event.h"
#include "podium/record.h"
#include "podium/stats.h"
#include "podium/store_report.h"
#include "podium/store_units.h"
#include "podium/token.h"
#include "backend.h"

/* tokens (token.h): ops_tokens.c */
int pd_db_token_add(struct pd_store *s, const char *name, enum pd_role role,
		    const unsigned char hash[PD_TOKEN_HASH],
		    struct pd_diag *diag);
int pd_db_token_revoke(struct pd_store *s, const char *name,
		       struct pd_diag *diag);
int pd_db_tokens(struct pd_store *s, int all, pd_token_fn fn, void *arg,
		 struct pd_diag *diag);

/* records (record.h): ops_records.c */
int pd_db_record_add(struct pd_store *s, const struct pd_record *r,
		     long *id, struct pd_diag *diag);
int pd_db_records(struct pd_store *s, const char *sport, pd_record_fn fn,
		  void *arg, struct pd_diag *diag);

/* anti-doping cases (store_report.h): ops_doping.c */
int pd_db_doping_add(struct pd_store *s, const struct pd_doping_case *c,
		     long *id, struct pd_diag *diag);
int pd_db_doping_cases(struct pd_store *s, const char *games, pd_doping_fn fn,
		       void *arg, struct pd_diag *diag);

/* facts (store_report.h): ops_facts.c */
int pd_db_fact_add(struct pd_store *s, const struct pd_fact *f, long *id,
		   struct pd_diag *diag);
int pd_db_facts_replace(struct pd_store *s, const char *games,
			const char *source, const struct pd_facts *l,
			struct pd_diag *diag);
int pd_db_facts(struct pd_store *s, const char *games, pd_fact_fn fn,
		void *arg, struct pd_diag *diag);

/* matches (store_report.h): ops_matches.c */
int pd_db_matches_replace(struct pd_store *s, long event, const char *source,
			  const struct pd_matches *l, struct pd_diag *diag);
int pd_db_matches(struct pd_store *s, long event, pd_match_fn fn, void *arg,
		  struct pd_diag *diag);

/* start lists (event.h): ops_entries.c */
int pd_db_entries_replace(struct pd_store *s, long event, const char *source,
			  const long *athletes, size_t n, struct pd_diag *diag);

/* elections (store_report.h): ops_elections.c */
int pd_db_election_add(struct pd_store *s, const struct pd_election *e,
		       long *id, struct pd_diag *diag);
int pd_db_elections(struct pd_store *s, const char *games, pd_election_fn fn,
		    void *arg, struct pd_diag *diag);
int pd_db_election_status(struct pd_store *s, long election,
			  const char *status, struct pd_diag *diag);
int pd_db_candidate_add(struct pd_store *s, const struct pd_candidate *c,
			long *id, struct pd_diag *diag);
int pd_db_candidates(struct pd_store *s, long election, pd_candidate_fn fn,
		     void *arg, struct pd_diag *diag);
int pd_db_elector_add(struct pd_store *s, long election, long athlete,
		      struct pd_diag *diag);
int pd_db_electorate(struct pd_store *s, long election, long *electors,
		     long *voted, struct pd_diag *diag);
int pd_db_vote(struct pd_store *s, long election, long athlete,
	       const char *box, struct pd_diag *diag);
int pd_db_sealed(struct pd_store *s, long election, pd_row_fn fn, void *arg,
		 struct pd_diag *diag);
int pd_db_sealed_clear(struct pd_store *s, long election,
		       struct pd_diag *diag);
int pd_db_ballot_add(struct pd_store *s, long election, const char *ballot_id,
		     const char *choices, struct pd_diag *diag);
int pd_db_ballots(struct pd_store *s, long election, pd_row_fn fn, void *arg,
		  struct pd_diag *diag);

/* figures and athletes (stats.h): ops_stats.c */
int pd_db_figures(struct pd_store *s, const char *games, enum pd_figure figure,
		  pd_row_fn fn, void *arg, struct pd_diag *diag);
int pd_db_athletes(struct pd_store *s, const char *games, pd_athlete_fn fn,
		   void *arg, struct pd_diag *diag);
int pd_db_athlete_kin(struct pd_store *s, long id, pd_athlete_fn fn,
		      void *arg, struct pd_diag *diag);
int pd_db_athlete_games(struct pd_store *s, long id, pd_games_code_fn fn,
			void *arg, struct pd_diag *diag);

/* published tables (store.h): ops_published.c */
int pd_db_published_put(struct pd_store *s, const char *games,
			const char *source, const struct pd_published *t,
			const char *file, struct pd_diag *diag);
int pd_db_published_get(struct pd_store *s, const char *games,
			const char *source, struct pd_published *out,
			struct pd_diag *diag);
int pd_db_published_sources(struct pd_store *s, const char *games,
			    struct pd_strings *out, struct pd_diag *diag);
int pd_db_published_remove(struct pd_store *s, const char *games,
			   const char *source, struct pd_diag *diag);


/* Games, their versions and audit log, the Games removed (store.h,
 * audit.h): ops_games.c */
int pd_db_games_put(struct pd_store *s, const struct pd_games *g,
		    struct pd_diag *diag);
int pd_db_games_get(struct pd_store *s, const char *code,
		    struct pd_games *out, struct pd_diag *diag);
int pd_db_games_list(struct pd_store *s, struct pd_games **out, size_t *n,
		     struct pd_diag *diag);
int pd_db_change(struct pd_store *s, const char *games, const char *actor,
		 const char *command, const char *reason, long *version,
		 struct pd_diag *diag);
int pd_db_change_note(struct pd_store *s, const char *games, long version,
		      const char *changes, struct pd_diag *diag);
int pd_db_games_remove(struct pd_store *s, const char *code,
		       const char *actor, const char *command,
		       const char *reason, struct pd_diag *diag);
int pd_db_log(struct pd_store *s, const char *games, long since,
	      pd_audit_fn fn, void *arg, struct pd_diag *diag);
int pd_db_games_removed(struct pd_store *s, pd_audit_fn fn, void *arg,
			struct pd_diag *diag);
int pd_db_version_at(struct pd_store *s, const char *games, const char *when,
		     long *version, struct pd_diag *diag);
/* sanctions (audit.h): ops_sanctions.c */
int pd_db_sanction_add(struct pd_store *s, const char *games, long athlete,
		       enum pd_sanction_mode mode, const char *reason,
		       const long *events, size_t n, long *id,
		       struct pd_diag *diag);
int pd_db_sanction_lift(struct pd_store *s, const char *games, long id,
			struct pd_diag *diag);
int pd_db_sanctions(struct pd_store *s, const char *games, pd_sanction_fn fn,
		    void *arg, struct pd_diag *diag);
int pd_db_sanction_games(struct pd_store *s, long id, char *games,
			 size_t size, struct pd_diag *diag);

/* medals derived from the results, what each change touched, the
 * sports of a Games (store.h): ops_derive.c */
int pd_db_medals(struct pd_store *s, const struct pd_query *q,
		 pd_medal_fn fn, void *arg, struct pd_diag *diag);
int pd_db_medals_of(struct pd_store *s, const struct pd_query *q,
		    const long *ids, size_t n, pd_medal_fn fn, void *arg,
		    struct pd_diag *diag);
int pd_db_touch(struct pd_store *s, const char *games, long version,
		long event, struct pd_diag *diag);
int pd_db_events_changed(struct pd_store *s, const char *games, long since,
			 long **ids, size_t *n, long *removed,
			 struct pd_diag *diag);
int pd_db_sports(struct pd_store *s, const char *games,
		 struct pd_strings *out, struct pd_diag *diag);

/* a unit as it runs (store_units.h): ops_unit_writes.c */
int pd_db_unit_start_list(struct pd_store *s, const char *games,
			  const char *rsc, const struct pd_unit_result_rec *v,
			  size_t n, struct pd_diag *diag);
int pd_db_unit_result_set(struct pd_store *s, const char *games,
			  const struct pd_unit_result_rec *r,
			  struct pd_diag *diag);
int pd_db_unit_mark(struct pd_store *s, const char *games, const char *rsc,
		    const char *participant, const char *mark,
		    struct pd_diag *diag);
int pd_db_unit_status(struct pd_store *s, const char *games, const char *rsc,
		      const char *status, struct pd_diag *diag);

/* the NPC table brought to the registry, when it is not (a store opened
 * for writing): ops_npcs.c */
struct pd_registry;
int pd_db_npcs_sync(struct pd_store *s, const struct pd_registry *reg,
		    struct pd_diag *diag);

/* sports and events (event.h): ops_events.c */
int pd_db_event_ensure(struct pd_store *s, const char *games,
		       const char *sport, const char *name, const char *gender,
		       const char *date, int team, long *id,
		       struct pd_diag *diag);
int pd_db_event_get(struct pd_store *s, long id, struct pd_event_info *out,
		    struct pd_diag *diag);
int pd_db_event_status(struct pd_store *s, long id, const char *status,
		       struct pd_diag *diag);
int pd_db_event_update(struct pd_store *s, long id, const char *policy,
		       const char *sport_class, int team,
		       struct pd_diag *diag);
int pd_db_event_order(struct pd_store *s, long id, const char *order,
		      struct pd_diag *diag);
int pd_db_events(struct pd_store *s, const char *games, const char *sport,
		 pd_event_fn fn, void *arg, struct pd_diag *diag);

/* athletes and teams (event.h): ops_athletes.c; key: the team name's
 * matching key (pd_name_normalise()), found by */
int pd_db_athlete_ensure(struct pd_store *s, const struct pd_athlete *a,
			 long *id, struct pd_diag *diag);
int pd_db_athletes_ensure(struct pd_store *s, const struct pd_athlete *v,
			  size_t n, long *ids, struct pd_diag *diag);
int pd_db_athlete_get(struct pd_store *s, long id, char **name, char *npc,
		      struct pd_diag *diag);
int pd_db_team_ensure(struct pd_store *s, long event, const char *npc,
		      const char *name, const char *key, const long *members,
		      size_t n, long *id, struct pd_diag *diag);

/* results (event.h, store.h): ops_results.c; sources of games ("" any),
 * of event (0 any) */
int pd_db_result_add(struct pd_store *s, const struct pd_result_rec *r,
		     struct pd_diag *diag);
int pd_db_results_add(struct pd_store *s, const struct pd_result_rec *v,
		      size_t n, struct pd_diag *diag);
int pd_db_results_close(struct pd_store *s, long event, long athlete,
			long team, size_t *closed, struct pd_diag *diag);
int pd_db_event_results(struct pd_store *s, long event, long as_of,
			pd_result_fn fn, void *arg, struct pd_diag *diag);
int pd_db_result_sources(struct pd_store *s, const char *games, long event,
			 pd_source_fn fn, void *arg, struct pd_diag *diag);
/* the results a medals file gives (pd_store_medals_replace), those of
 * its source before ended */
int pd_db_medals_replace(struct pd_store *s, const char *games,
			 const char *source, const struct pd_medal_rec *v,
			 size_t n, struct pd_diag *diag);

/* a Games' units (store_units.h): ops_units.c */
int pd_db_units_replace(struct pd_store *s, const char *games,
			const struct pd_units_put *u, struct pd_diag *diag);
int pd_db_units(struct pd_store *s, const struct pd_unit_query *q,
		pd_unit_fn fn, void *arg, struct pd_diag *diag);
int pd_db_unit_results(struct pd_store *s, const char *games,
		       const char *prefix, pd_unit_result_fn fn, void *arg,
		       struct pd_diag *diag);

#endif
