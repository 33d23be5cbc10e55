/* odf.h -- Olympic Data Feed messages: the three podium writes and reads
 * (docs/ODF.md says which elements and why, docs/odf.xsd is their schema).
 *
 *   DT_MEDALS      the medal standings: per NPC its ranks under gold-first
 *                  and total-first, its medals overall, per gender and per
 *                  sport (render_odf.c)
 *   DT_MEDALLISTS  every medal of a Games, event by event, with who won it
 *   DT_RESULT      one event's results in SortOrder, IRMs last
 *
 * Every message is one OdfBody envelope (struct pd_odf_head) and, in its
 * Competition, the body; corrections (sanctions applied and lifted) go in
 * its Notes, all of them each time: ODF messages are cumulative, so the
 * latest version alone tells the whole story.
 *
 * The writers use libxml2's xmlTextWriter, so every name and attribute is
 * escaped by the library; the reader (odf.c) parses with libxml2 and
 * fills the same structs, so a message read back is what was written.
 *
 * Ownership: the writers borrow everything.  A message read by
 * pd_odf_parse() owns its strings (one pool) and is freed by
 * pd_odf_msg_release().
 */
#ifndef PODIUM_ODF_H
#define PODIUM_ODF_H

#include <stddef.h>
#include "buf.h"
#include "error.h"
#include "published.h"
#include "standings.h"
#include "units.h"

/* The OdfBody attributes. */
struct pd_odf_head {
	const char *competition;	/* the Games code, "PG2024" */
	const char *document_code;	/* "GLO", or "EV<id>" for an event */
	const char *document_type;	/* "DT_MEDALS" ... */
	long version;			/* the Games' version */
	const char *status;		/* "OFFICIAL", "UNOFFICIAL" ... */
	const char *date;		/* "2024-09-08" */
	const char *time;		/* "183000000": HHMMSSmmm */
};

/* One correction, for the Notes: a sanction applied or lifted. */
struct pd_odf_note {
	long version;		/* the version that made it */
	const char *action;	/* "APPLIED" or "LIFTED" */
	long sanction;		/* its id */
	const char *mode;	/* "reallocate" or "vacate" */
	const char *npc, *competitor, *events, *reason;
};

/* An NPC's medals of one kind: sport "" and gender "" the NPC's whole,
 * sport "" the NPC's in one gender, gender "" the NPC's in one sport. */
struct pd_odf_split {
	char npc[PD_CODE_MAX];
	const char *sport;
	char gender[2];
	long medals[3];
};

struct pd_odf_medals {
	struct pd_odf_head head;
	const struct pd_standings *gold;	/* gold-first, every NPC */
	const struct pd_standings *total;	/* total-first, the same NPCs */
	const char *sport;	/* a one-sport table's sport, else NULL */
	/* a published table's caption and language, and its rows' printed
	 * names (gold->rows[i].printed), else NULL */
	const char *caption, *lang;
	/* sorted by npc, sport, gender; the whole rows may be absent */
	const struct pd_odf_split *splits;
	size_t nsplits;
	const struct pd_odf_note *notes;
	size_t nnotes;
};

/* One competitor of an event: a medal in DT_MEDALLISTS, a result in
 * DT_RESULT. */
struct pd_odf_competitor {
	long event;		/* index into the message's events */
	long rank;		/* 0: none */
	int rank_equal;
	int medal;		/* enum pd_medal, or -1 */
	char npc[PD_CODE_MAX];
	const char *name;
	int team;
	const char *mark, *irm, *records;	/* "" when none */
	/* its athletes (a team's known members, an athlete alone), one a
	 * line: "CODE\tNAME" (the outside id or "podium:ID", and the
	 * athlete's own name, which a result may show otherwise), or "" */
	const char *members;
	/* DT_MEDALLISTS of a Games with units: the results code of the
	 * unit that decided the medal, else NULL */
	const char *unit;
	long line;		/* read back: where its Result was */
};

struct pd_odf_event {
	const char *sport, *name, *gender, *sport_class, *date, *status;
	long id;
	int team;
	/* DT_MEDALLISTS of a Games with units: the event's ODF code padded
	 * to 34 ("JUDW48KG--------------------------"), else NULL */
	const char *rsc;
	long line;		/* read back: where it was */
};

/* DT_MEDALLISTS (competitors by event, medals in order) and DT_RESULT
 * (one event, competitors in SortOrder). */
struct pd_odf_results {
	struct pd_odf_head head;
	const struct pd_odf_event *events;
	size_t nevents;
	const struct pd_odf_competitor *v;	/* grouped by event */
	size_t n;
	const struct pd_odf_note *notes;
	size_t nnotes;
};

/* Load libxml2, which the writers and the reader use (xml_load.c: podium
 * is not linked with it, so that the commands without ODF do not pay for
 * loading it); once per process, the later calls say the first's result.
 * PD_EIO, naming the library and its package, when it cannot be loaded.
 * The writers and the reader call it themselves; a caller with a diag
 * calls it first to have the message. */
int pd_odf_load(struct pd_diag *diag);

/* Write the message to out.  PD_ENOMEM, or PD_EINVAL when libxml2 refuses
 * a string (not UTF-8); PD_EIO when libxml2 cannot be loaded. */
int pd_odf_write_medals(struct pd_buf *out, const struct pd_odf_medals *m);
int pd_odf_write_results(struct pd_buf *out, const struct pd_odf_results *r);

/* -- the messages of a Games' units (render_odf_units.c; docs/ODF.md):
 *
 *   DT_SCHEDULE      every unit, sub-unit and standing by its results
 *                    code, start and end at its local offset, status,
 *                    venue, medal role
 *   DT_RESULT        one unit (DocumentCode its results code): its start
 *                    list and results in the order kept
 *   DT_PARTIC        the athletes of the units' results and rosters
 *   DT_PARTIC_TEAMS  the teams, each with its roster
 */

/* One athlete of DT_PARTIC: events are the 34-character event codes
 * ("JUDW48KG--------------------------") it is entered in, one a line. */
struct pd_odf_partic {
	const char *code, *name;
	char npc[PD_CODE_MAX];
	const char *discipline;	/* ODF's code: "JUD" */
	const char *events;
	long line;		/* read back: where it was */
};

/* What the unit messages carry.  The units' start and end are written
 * as given: local time with its offset ("2024-08-01T10:00:00+02:00"),
 * as ODF writes times; read back, they are UTC ("...Z") and day the
 * local date, as the store keeps them (store_units.h). */
struct pd_odf_units {
	struct pd_odf_head head;	/* status NULL: none (DT_SCHEDULE) */
	const struct pd_unit_rec *units;
	size_t nunits;
	const struct pd_unit_result_rec *results;	/* DT_RESULT */
	size_t nresults;
	const struct pd_unit_team_rec *teams;	/* DT_PARTIC_TEAMS */
	size_t nteams;
	const struct pd_odf_partic *partic;	/* DT_PARTIC */
	size_t npartic;
};

int pd_odf_write_schedule(struct pd_buf *out, const struct pd_odf_units *u);
/* u->units[0] and its results */
int pd_odf_write_unit_result(struct pd_buf *out,
			     const struct pd_odf_units *u);
int pd_odf_write_partic(struct pd_buf *out, const struct pd_odf_units *u);
int pd_odf_write_teams(struct pd_buf *out, const struct pd_odf_units *u);

/* "finished" -> "FINISHED", "" -> "UNSCHEDULED" (a unit of the results
 * no schedule row has), into out. */
void pd_odf_schedule_status(const char *status, char *out, size_t size);

/* "official" -> "OFFICIAL" ... (docs/ODF.md); "" when the status has no
 * ODF name. */
const char *pd_odf_status(const char *event_status);

/* A message read back (odf.c). */
enum pd_odf_type { PD_ODF_MEDALS, PD_ODF_MEDALLISTS, PD_ODF_RESULT,
		   PD_ODF_SCHEDULE, PD_ODF_UNIT_RESULT, PD_ODF_PARTIC,
		   PD_ODF_PARTIC_TEAMS };

struct pd_odf_msg {
	enum pd_odf_type type;
	char competition[16];
	long version;
	char status[16];
	char document_code[64];
	/* DT_MEDALS: the table as a published table (rows in SortRank order,
	 * printed names when the message has them, else the codes) */
	struct pd_published pub;
	int has_caption;
	long one_sport;		/* the line of a one-sport table's Discipline */
	/* DT_MEDALLISTS, DT_RESULT */
	/* (status: the podium event status, read back from ResultStatus) */
	struct pd_odf_event *events;
	size_t nevents;
	struct pd_odf_competitor *v;
	size_t n;
	/* (lines: where each of these was) DT_SCHEDULE: its units; DT_RESULT
	 * of a unit (DocumentCode a results code, no Event): its results
	 * in SortOrder; DT_PARTIC_TEAMS: the teams, members joined as
	 * store_units.h keeps them; DT_PARTIC: the athletes */
	struct pd_unit_rec *units;
	size_t nunits;
	long *lines;	/* where each unit, result or team was */
	struct pd_unit_result_rec *uresults;
	size_t nuresults;
	struct pd_unit_team_rec *teams;
	size_t nteams;
	struct pd_odf_partic *partic;
	size_t npartic;
	struct pd_strings pool;	/* every string above points into it */
};

/* What one message may hold (docs/ODF.md says why these): a whole
 * Games' DT_SCHEDULE and the largest real unit fit well within; past
 * them a message is refused while libxml2 reads it, before its tree takes
 * memory (a tree takes many times its text). */
#define PD_ODF_MAX_BYTES ((size_t)32 << 20)	/* 32 MiB */
#define PD_ODF_MAX_NODES 1000000	/* elements, attributes, texts */
#define PD_ODF_MAX_RESULTS 100000	/* <Result> elements */

/* Parse one message: a clear message in diag naming file and line (and
 * the attribute) for anything podium did not write the way docs/ODF.md
 * says: not XML, a DOCTYPE, over a cap above, not an OdfBody or one in a
 * namespace, an unknown DocumentType, a missing or bad attribute (a count
 * that is not digits, an IRM, gender or date that is not one), a
 * <Result> outside an <Event>, a DT_MEDALS whose lines repeat an NPC,
 * are out of rank order or disagree with its MedalsTotal. */
int pd_odf_parse(struct pd_odf_msg *out, const char *data, size_t len,
		 const char *file, struct pd_diag *diag);
void pd_odf_msg_release(struct pd_odf_msg *m);

#endif
