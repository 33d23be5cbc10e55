/* bundled.h -- the data files built into the binary (see data/README.md).
 * Each is NUL-terminated; _len excludes the NUL. */
#ifndef PODIUM_BUNDLED_H
#define PODIUM_BUNDLED_H

#include <stddef.h>

extern const unsigned char pd_embed_npcs[];	/* data/npcs.tsv */
extern const size_t pd_embed_npcs_len;
extern const unsigned char pd_embed_games[];	/* data/games.tsv */
extern const size_t pd_embed_games_len;
extern const unsigned char pd_embed_pg2004[];	/* data/PG2004.seed.txt */
extern const size_t pd_embed_pg2004_len;
extern const unsigned char pd_embed_history[];	/* data/npc_history.tsv */
extern const size_t pd_embed_history_len;
extern const unsigned char pd_embed_events[];	/* data/events.tsv */
extern const size_t pd_embed_events_len;
extern const unsigned char pd_embed_pg2004_facts[];	/* data/PG2004.facts.tsv */
extern const size_t pd_embed_pg2004_facts_len;
extern const unsigned char pd_embed_pg2004_election[];	/* data/PG2004.election.tsv */
extern const size_t pd_embed_pg2004_election_len;
extern const unsigned char pd_embed_pg2004_football5[];	/* data/PG2004.football5.tsv */
extern const size_t pd_embed_pg2004_football5_len;
extern const unsigned char pd_embed_medal_rules[];	/* data/medal_rules.tsv */
extern const size_t pd_embed_medal_rules_len;
extern const unsigned char pd_embed_qualification_rules[];	/* data/qualification_rules.tsv */
extern const size_t pd_embed_qualification_rules_len;
extern const unsigned char pd_embed_zones[];	/* data/zones.tsv */
extern const size_t pd_embed_zones_len;

#endif
