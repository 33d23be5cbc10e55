/* desk_words.c -- the words of the operator's desk (web/desk.js), one
 * key each, in English marked for the catalogue of words (podium/words.h)
 * and served in every language at /desk/words.json (assets.c): the desk
 * has no words of its own, so a language is its po/LANG.po only.  A
 * word's {name} is filled by the desk. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/words.h"
#include "desk_words.h"

static const struct {
	const char *key, *en;
} words[] = {
	{ "title", N_("Results desk") },
	{ "signin", N_("Sign in") },
	{ "token", N_("Token") },
	{ "signout", N_("Sign out") },
	{ "tokenhint", N_("The token is kept for this tab only.") },
	{ "events", N_("Events") },
	{ "filter", N_("Status") },
	{ "all", N_("all") },
	{ "newevent", N_("New event") },
	{ "sport", N_("Sport") },
	{ "name", C_("desk", "Name") },
	{ "gender", N_("Gender") },
	{ "class", N_("Class") },
	{ "date", N_("Date") },
	{ "order", N_("Ranks") },
	{ "asc", N_("from marks, lower is better") },
	{ "desc", N_("from marks, higher is better") },
	{ "hand", N_("by hand (judged)") },
	{ "add", N_("Add") },
	{ "reason", N_("Reason") },
	{ "rank", C_("desk", "Rank") },
	{ "athlete", N_("Athlete or team") },
	{ "mark", N_("Mark") },
	{ "medal", N_("Medal") },
	{ "keys",
	  N_("Tab or Enter: next field. Enter on the last field adds a "
	     "row. Ctrl+Enter saves.") },
	{ "correction", N_("Correction") },
	{ "what", N_("Who") },
	{ "field", N_("Field") },
	{ "before", N_("Before") },
	{ "after", N_("After") },
	{ "reasonreq", N_("Reason (required)") },
	{ "save", N_("Save") },
	{ "log", N_("Log") },
	{ "badtoken", N_("This token is not valid.") },
	{ "needreason", N_("A correction needs a reason.") },
	{ "willaward", N_("Will award") },
	{ "nomedals", N_("no medals yet") },
	{ "irmrule", N_("never medals; the next by rank take the medals") },
	{ "saved", N_("Saved") },
	{ "unchanged", N_("Nothing changed") },
	{ "gold", N_("gold") },
	{ "silver", N_("silver") },
	{ "bronze", N_("bronze") },
	{ "nodate", N_("no date") },
	{ "confirm", N_("Check the fields, give a reason, then Save again.") },
	{ "startlist", N_("Start list") },
	{ "athlete1", N_("Athlete") },
	{ "hasresult", N_("Result") },
	{ "savestart", N_("Save start list") },
	{ "startlines", N_("One athlete a line: NPC, name, gender (M or W)") },
	{ "badline", N_("line") },
	{ "matches", N_("Matches") },
	{ "phase", N_("Phase") },
	{ "pool", N_("Pool") },
	{ "home", N_("Home") },
	{ "away", N_("Away") },
	{ "score", N_("Score") },
	{ "source", N_("Source") },
	{ "aet", N_("Extra time") },
	{ "pens", N_("Penalties") },
	{ "addmatch", N_("Add match") },
	{ "remove", N_("Remove") },
	{ "games", N_("Games") },
	{ "language", N_("Language") },
	{ "status", N_("Status") },
	{ "npc", C_("desk", "NPC") },
	{ "irm", N_("IRM") },
	{ "scheduled", N_("scheduled") },
	{ "live", N_("live") },
	{ "unofficial", N_("unofficial") },
	{ "official", N_("official") },
	{ "protested", N_("protested") },
	{ "provisional", N_("provisional") },
	{ "standard", N_("standard medals") },
	{ "two-bronzes", N_("two bronzes") },
	{ "capped", N_("at most one medal fewer than the starters") },
	{ "rowlabel", N_("{field}, row {n}: {name}") },
	{ "rowlabel0", N_("{field}, row {n}") },
	{ "unsaved",
	  N_("The entries typed for {ev} are not saved. Drop them?") },
	{ "needstatusreason",
	  N_("Moving an official event to {status} needs a reason: type "
	     "it under Reason.") },
	{ "confirmstatus",
	  N_("Move {ev} from official to {status}? Its medals leave the "
	     "public table until it is official again.\nReason: {reason}") },
	{ "notmoved", N_("Not moved: still official.") },
	{ "moved", N_("{ev} is now {status}.") },
	{ "added", N_("Added: {ev}.") },
	{ "savedv", N_("Saved: version {v}") },
	{ "refused", N_("Refused") },
	{ "more", N_("… and {n} more") },
	{ "aetshort", N_("aet") },
	{ "penshort", N_("pen") },
	{ "f_rank", N_("rank") },
	{ "f_mark", N_("mark") },
	{ "f_irm", N_("irm") },
	{ "f_medal", N_("medal") },
	{ "f_status", N_("status") },
	{ "f_records", N_("records") },
	{ "f_event", N_("event") },
	/* the desk by unit */
	{ "desk", N_("Desk") },
	{ "units", N_("Units") },
	{ "venue", N_("Venue") },
	{ "day", N_("Day") },
	{ "ustartres", N_("Start list and results") },
	{ "lane", N_("Lane") },
	{ "bib", N_("Bib") },
	{ "wl", N_("W/L") },
	{ "qual", N_("Q/q") },
	{ "marktype", N_("Marks are") },
	{ "ukeys",
	  N_("Tab or Enter: next field. Ctrl+Enter saves the rows changed, "
	     "each one as it is saved.") },
	{ "saveresults", N_("Save results") },
	{ "propose", N_("Propose Q/q") },
	{ "proposed", N_("Q and q proposed by the phase's rule.") },
	{ "ustartlines",
	  N_("One a line: lane, bib, participant code, NPC, name") },
	{ "fromphase", N_("From the qualifiers of") },
	{ "takequal", N_("Take the qualifiers") },
	{ "ucell", N_("{field}: {name}") },
	{ "running", C_("unit status", "running") },
	{ "interrupted", C_("unit status", "interrupted") },
	{ "delayed", C_("unit status", "delayed") },
	{ "postponed", C_("unit status", "postponed") },
	{ "cancelled", C_("unit status", "cancelled") },
	{ "rescheduled", C_("unit status", "rescheduled") },
};

static const char *const langs[] = { "en", "zh", "fr" };

char *desk_words_json(size_t *len)
{
	json_t *all = json_object(), *o;
	char *text;
	size_t l, i;

	for (l = 0; all && l < sizeof(langs) / sizeof(*langs); l++) {
		if (!(o = json_object()) ||
		    json_object_set_new(all, langs[l], o) < 0)
			break;
		for (i = 0; i < sizeof(words) / sizeof(*words); i++)
			json_object_set_new(o, words[i].key,
					    json_string(pd_word(langs[l],
								words[i].en)));
	}
	text = all ? json_dumps(all, JSON_COMPACT | JSON_PRESERVE_ORDER) :
	       NULL;
	json_decref(all);
	*len = text ? strlen(text) : 0;
	return text;
}
