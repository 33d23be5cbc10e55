/* medallists_csv.c -- import a CSV with one row per medallist, such as
 * tidytuesday's Paralympic medals_clean.csv (gender, event, medal, athlete,
 * country_code, grp_id, type, year, guide).
 *
 * Each row names an athlete (by name and NPC: the file has no ids) and an
 * event (type or sport, event, gender).  A team medal is one row per
 * member with a team column (grp_id) that is not NA, or one row whose
 * athlete is "TEAM" when the members are unknown: the rows that share
 * (sport, event, gender, medal, NPC) are one team and one result, as
 * medals_csv.c counts them.  Rows without a team value are never merged,
 * since two bronzes can go to one NPC in the same event.  A column named
 * "team" names the team (Paris's "PICKARD Felicity / TWOMEY Bly"), else a
 * team is named by its NPC.
 *
 * A row without an NPC takes its --fix; else, a team's row takes the NPC
 * its team-mates' rows give (the same team value, event and medal), once
 * the whole file is read: some files leave a team's row without a name
 * and a code.  A row that neither places is reported at its line, every
 * one of them (opts->unplaced), and nothing is imported.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/catalogue.h"
#include "podium/entries.h"
#include "podium/label.h"
#include "columns.h"
#include "import.h"
#include "strmap.h"

static const char *const g_medal[] = { "medal", "medal_type", NULL };
static const char *const g_npc[] = { "country_code", "npc", "noc", "abb",
				     "country", NULL };
static const char *const g_event[] = { "event", "event_name", NULL };
static const char *const g_sport[] = { "type", "sport", "discipline", NULL };
static const char *const g_athlete[] = { "athlete", "name", NULL };
static const char *const g_gender[] = { "gender", "event_gender", NULL };
static const char *const g_team[] = { "grp_id", "team_id", "code_team",
				      "team", NULL };

static const char *const *const guesses[PD_F_COUNT] = {
	[PD_F_MEDAL] = g_medal, [PD_F_NPC] = g_npc, [PD_F_EVENT] = g_event,
	[PD_F_SPORT] = g_sport, [PD_F_ATHLETE] = g_athlete,
	[PD_F_GENDER] = g_gender, [PD_F_TEAM] = g_team,
};

/* the fields kept as names (a team value only tells teams apart) */
static const struct pd_columns_label labels[] = {
	{ PD_F_SPORT, "sport", NULL }, { PD_F_EVENT, "event", NULL },
	{ PD_F_GENDER, "gender", NULL },
	{ PD_F_ATHLETE, "athlete", pd_columns_members_hint },
};

/* A team member's row, or a "TEAM" row (athlete 0), waiting to be joined
 * to its team once the whole file is read. */
struct member {
	size_t team;		/* into the teams map's values */
	size_t athlete;		/* index + 1, or 0 */
	long line;
};

struct team {
	size_t event;
	char npc[PD_CODE_MAX];
	int rank;
	long line;
	int inferred;		/* --teams infer: rows of one medal and NPC */
	const char *name;	/* its "team" column, or NULL: its NPC's */
};

/* A team's row without an NPC, placed once its team-mates are read; its
 * strings are the set's. */
struct pending {
	long line;
	int rank;
	const char *sport, *event, *team, *team_name, *name, *guide;
	char gender[4];		/* the athlete's, when name is not NULL */
};

/* What a team's rows with an NPC give its rows without one. */
struct carrier {
	size_t npc;		/* registry index, or SIZE_MAX: two NPCs */
	size_t event;
};

struct parse {
	struct pd_entry_set *set;
	struct pd_import im;
	const struct pd_csv *c;
	struct pd_columns cols;
	int guide_at;
	size_t games;
	struct pd_strmap athletes, teams;
	struct member *members;
	size_t nmembers, amembers;
	struct team *teams_v;
	size_t nteams, ateams;
	/* per event: 1 a man, 2 a woman among its medallists (for an event
	 * whose gender neither its name nor the file gives) */
	unsigned char *genders;
	size_t agenders;
	int team_ids;		/* the team column names teams, not members */
	int team_name_at;	/* the column "team", or -1 */
	int infer;		/* --teams infer */
	const struct pd_catalogue *events;	/* consulted under infer */
	/* under infer, with a gender column that may be the athletes': the
	 * event names ("sport\x1fevent") that are one mixed ('X') or open
	 * ('O') event (scan_mixed()) */
	struct pd_strmap mixed;
	const struct pd_csv_opts *opts;		/* --fix, unplaced */
	/* sport, event, medal and team value -> index into carriers */
	struct pd_strmap team_npcs;
	struct carrier *carriers;
	size_t ncarriers, acarriers;
	struct pending *pending;
	size_t npending, apending;
	size_t nunplaced;
	char key[1024];
};

static const char *get(const struct parse *ps, enum pd_field f)
{
	return pd_columns_get(&ps->cols, ps->c, f);
}

static int fail(const struct parse *ps, struct pd_diag *diag,
		const char *what, const char *value, const char *expected)
{
	return pd_diag_set(diag, PD_EPARSE, ps->c->file, ps->c->line,
			   "%s '%s': expected %s", what, value, expected);
}

/* An event's gender: "Men" -> M, "Women" -> W, "Mixed" or "Open" -> X;
 * NULL if none of these. */
static const char *gender_of(const char *v)
{
	static const char *const names[3][5] = {
		{ "M", "men", "m", "men's", NULL },
		{ "W", "women", "w", "women's", NULL },
		{ "X", "mixed", "x", "open", "o" },
	};
	int g, i;

	if (!*v)
		return "";
	for (g = 0; g < 3; g++)
		for (i = 1; i < 5 && names[g][i]; i++)
			if (!strcasecmp(v, names[g][i]))
				return names[g][0];
	return NULL;
}

static int npc_code(struct parse *ps, const char *v, char *code,
		    struct pd_diag *diag)
{
	const struct pd_npc *npc;
	int ret;

	if ((ret = pd_import_npc(&ps->im, v, ps->c->line, &npc, diag)) < 0)
		return ret;
	memcpy(code, npc->code, PD_CODE_MAX);
	return 0;
}

/* The key of names a, b, c, d as the set keeps them (folded, as
 * import.h says of events), so that "Smith,\nJohn" and "Smith, John" are
 * one athlete.  The map owns its keys. */
static int keyed(struct parse *ps, struct pd_strmap *m, size_t **slot,
		 const char *fmt, const char *a, const char *b, const char *c,
		 const char *d, struct pd_diag *diag)
{
	if (snprintf(ps->key, sizeof(ps->key), fmt, a, b, c, d) >=
	    (int)sizeof(ps->key))
		return pd_diag_set(diag, PD_ETOOBIG, ps->c->file, ps->c->line,
				   "names too long");
	pd_name_fold(ps->key);
	return pd_strmap_add_copy(m, ps->key, slot);
}

static int event_index(struct parse *ps, const char *gender, size_t *out,
		       struct pd_diag *diag)
{
	struct pd_entry_event e = { .games = ps->games,
				    .sport = get(ps, PD_F_SPORT),
				    .name = get(ps, PD_F_EVENT) };

	if (!*e.name)
		return pd_diag_set(diag, PD_EPARSE, ps->c->file, ps->c->line,
				   "no event in this row: fill in its name");
	strcpy(e.gender, gender);
	return pd_import_event(&ps->im, &e, ps->c->line, out, diag);
}

/* The current row's guide, "" for none. */
static const char *guide_of(const struct parse *ps)
{
	if (ps->guide_at >= 0 && (size_t)ps->guide_at < ps->c->nf &&
	    strcmp(ps->c->f[ps->guide_at], "NA"))
		return ps->c->f[ps->guide_at];
	return "";
}

static int athlete_index(struct parse *ps, const char *name,
			 const char *guide, const char *npc,
			 const char *gender, size_t *out,
			 struct pd_diag *diag)
{
	struct pd_entry_athlete a;
	size_t *slot;
	int ret;

	if ((ret = keyed(ps, &ps->athletes, &slot, "%s\x1f%s%s%s", name, npc,
			 "", "", diag)) < 0)
		return ret;
	if (ret == 0) {
		*out = *slot;
		a = ps->set->athletes[*out];
		/* an athlete first seen in a mixed event */
		if (!a.gender[0] && strcmp(gender, "X"))
			strcpy(ps->set->athletes[*out].gender, gender);
		return 0;
	}
	memset(&a, 0, sizeof(a));
	strcpy(a.gender, strcmp(gender, "X") ? gender : "");
	memcpy(a.npc, npc, PD_CODE_MAX);
	if (!(a.name = pd_entries_str(ps->set, name)) ||
	    !(a.guide = pd_entries_str(ps->set, guide)))
		return PD_ENOMEM;
	if ((ret = pd_entries_athlete(ps->set, &a, out)) < 0)
		return ret;
	*slot = *out;
	return 0;
}

/* r joins its team: the one of its event, NPC, medal and team value
 * (team), named name (NULL: its NPC). */
static int join_team(struct parse *ps, const struct pd_entry_result *r,
		     int inferred, const char *team, const char *name,
		     struct pd_diag *diag)
{
	char rank[4], ev[24];
	size_t *slot;
	int ret;

	snprintf(rank, sizeof(rank), "%d", r->rank);
	snprintf(ev, sizeof(ev), "%zu", r->event);
	/* a column that names each team (Paris's code_team) tells two teams
	 * of one NPC with one medal apart (two bronzes); tidytuesday's
	 * grp_id only numbers a team's members (1, 2, 3) */
	if ((ret = keyed(ps, &ps->teams, &slot, "%s\x1f%s\x1f%s\x1f%s", ev,
			 r->npc, rank, inferred ? "\x1einferred" :
			 ps->team_ids ? team : "", diag)) < 0)
		return ret;
	if (ret == 1) {
		if ((ret = pd_array_grow(&ps->teams_v, ps->nteams,
					  &ps->ateams,
					  sizeof(*ps->teams_v))) < 0)
			return ret;
		*slot = ps->nteams;
		ps->teams_v[ps->nteams].event = r->event;
		memcpy(ps->teams_v[ps->nteams].npc, r->npc, PD_CODE_MAX);
		ps->teams_v[ps->nteams].rank = r->rank;
		ps->teams_v[ps->nteams].inferred = inferred;
		ps->teams_v[ps->nteams].name = NULL;
		ps->teams_v[ps->nteams++].line = r->line;
	}
	if (name && !ps->teams_v[*slot].name)
		ps->teams_v[*slot].name = name;
	if ((ret = pd_array_grow(&ps->members, ps->nmembers, &ps->amembers,
				  sizeof(*ps->members))) < 0)
		return ret;
	ps->members[ps->nmembers].team = *slot;
	ps->members[ps->nmembers].athlete = r->athlete;
	ps->members[ps->nmembers++].line = r->line;
	return 0;
}

static int note_gender(struct parse *ps, size_t event, const char *person)
{
	size_t na;
	unsigned char *v;

	if (event >= ps->agenders) {
		na = event < 64 ? 128 : event * 2;
		if (!(v = realloc(ps->genders, na)))
			return PD_ENOMEM;
		memset(v + ps->agenders, 0, na - ps->agenders);
		ps->genders = v;
		ps->agenders = na;
	}
	ps->genders[event] |= *person == 'M' ? 1 : 2;
	return 0;
}

/* An event that only its athletes can tell ("?" until now): men's, women's
 * or mixed by who won its medals. */
static void settle_genders(struct parse *ps)
{
	static const char *const by[4] = { "", "M", "W", "X" };
	size_t e;

	for (e = 0; e < ps->set->nevents; e++)
		if (!strcmp(ps->set->events[e].gender, "?"))
			strcpy(ps->set->events[e].gender,
			       by[e < ps->agenders ? ps->genders[e] & 3 : 0]);
}

/* The gender ("X", "O") of the one mixed or open event the row's event
 * name is, its gender column the athlete's; NULL if it is not one. */
static const char *mixed_of(struct parse *ps)
{
	size_t *v;

	if (!ps->mixed.n || !pd_import_part(get(ps, PD_F_GENDER)))
		return NULL;
	snprintf(ps->key, sizeof(ps->key), "%s\x1f%s", get(ps, PD_F_SPORT),
		 get(ps, PD_F_EVENT));
	if (pd_strmap_get(&ps->mixed, ps->key, 0, &v) != 0 || !v)
		return NULL;
	return *v == 'X' ? "X" : "O";
}

/* A row that cannot be placed: one more of opts->unplaced, in which case
 * reading goes on to find them all, or else the error.  Either way diag
 * holds the first. */
static int unplaced(struct parse *ps, long line, struct pd_diag *diag,
		    const char *why, const char *team)
{
	char msg[PD_PROBLEM_MSG];

	snprintf(msg, sizeof(msg), "no %s in this row%s%s%s: name it with "
		 "--fix %ld=CODE, or leave the row out with --fix %ld=-",
		 ps->im.npc_column, why, team, *team ? "'" : "", line, line);
	if (!ps->nunplaced++)
		pd_diag_set(diag, PD_EPARSE, ps->c->file, line, "%s", msg);
	if (!ps->opts->unplaced)
		return PD_EPARSE;
	return pd_problems_add(ps->opts->unplaced, line, "%s", msg);
}

/* The current row's team name (its "team" column), the set's copy; NULL
 * for none, or one that is no name (a list of members too long). */
static const char *team_name(struct parse *ps)
{
	const char *v;

	if (ps->team_name_at < 0 || (size_t)ps->team_name_at >= ps->c->nf)
		return NULL;
	v = ps->c->f[ps->team_name_at];
	if (!*v || !strcmp(v, "NA") ||
	    pd_name_check("team", v, PD_NAME_MAX, 0, NULL) < 0)
		return NULL;
	return pd_entries_str(ps->set, v);
}

/* The key of a team's rows: its sport, event, medal and team value, as
 * the file writes them (a row without a name has no gender to place it
 * in an event by). */
static int team_key(struct parse *ps, const char *sport, const char *event,
		    int rank, const char *team, size_t **slot, int add,
		    struct pd_diag *diag)
{
	char r[4];

	snprintf(r, sizeof(r), "%d", rank);
	if (add)
		return keyed(ps, &ps->team_npcs, slot, "%s\x1f%s\x1f%s\x1f%s",
			     sport, event, r, team, diag);
	if (snprintf(ps->key, sizeof(ps->key), "%s\x1f%s\x1f%s\x1f%s", sport,
		     event, r, team) >= (int)sizeof(ps->key))
		return PD_ETOOBIG;
	pd_name_fold(ps->key);
	return pd_strmap_get(&ps->team_npcs, ps->key, 0, slot);
}

/* The NPC and event r's row gives its team (team), for its team-mates
 * without an NPC: SIZE_MAX when two of its rows give two NPCs. */
static int note_team_npc(struct parse *ps, const struct pd_entry_result *r,
			 const char *team, struct pd_diag *diag)
{
	const struct pd_npc *npc = pd_registry_code(ps->im.reg, r->npc);
	size_t *slot, at = npc ? (size_t)(npc - ps->im.reg->npcs) : SIZE_MAX;
	int ret;

	if ((ret = team_key(ps, get(ps, PD_F_SPORT), get(ps, PD_F_EVENT),
			    r->rank, team, &slot, 1, diag)) < 0)
		return ret;
	if (ret == 0) {
		if (ps->carriers[*slot].npc != at)
			ps->carriers[*slot].npc = SIZE_MAX;
		return 0;
	}
	if ((ret = pd_array_grow(&ps->carriers, ps->ncarriers,
				  &ps->acarriers, sizeof(*ps->carriers))) < 0)
		return ret;
	*slot = ps->ncarriers;
	ps->carriers[ps->ncarriers].npc = at;
	ps->carriers[ps->ncarriers++].event = r->event;
	return 0;
}

/* A row without an NPC (and no --fix): a team's row waits for its
 * team-mates (place_pending()); any other cannot be placed. */
static int defer(struct parse *ps, const struct pd_entry_result *r,
		 int is_team, const char *gender, struct pd_diag *diag)
{
	const char *team = get(ps, PD_F_TEAM), *name = get(ps, PD_F_ATHLETE);
	struct pending *p;
	int ret;

	if (!is_team || !ps->team_ids || !*team)
		return unplaced(ps, r->line, diag, ", and no team value to "
				"take it from", "");
	if ((ret = pd_array_grow(&ps->pending, ps->npending, &ps->apending,
				  sizeof(*ps->pending))) < 0)
		return ret;
	p = &ps->pending[ps->npending];
	memset(p, 0, sizeof(*p));
	p->line = r->line;
	p->rank = r->rank;
	snprintf(p->gender, sizeof(p->gender), "%s", gender);
	p->team_name = team_name(ps);
	if (!(p->sport = pd_entries_str(ps->set, get(ps, PD_F_SPORT))) ||
	    !(p->event = pd_entries_str(ps->set, get(ps, PD_F_EVENT))) ||
	    !(p->team = pd_entries_str(ps->set, team)) ||
	    !(p->guide = pd_entries_str(ps->set, guide_of(ps))) ||
	    (*name && strcmp(name, "TEAM") &&
	     !(p->name = pd_entries_str(ps->set, name))))
		return PD_ENOMEM;
	ps->npending++;
	return 0;
}

/* Each waiting row joins its team with the NPC its team-mates gave. */
static int place_pending(struct parse *ps, struct pd_diag *diag)
{
	const struct carrier *k;
	struct pd_entry_result r;
	struct pending *p;
	size_t i, *slot, at;
	int ret;

	for (i = 0; i < ps->npending; i++) {
		p = &ps->pending[i];
		if ((ret = team_key(ps, p->sport, p->event, p->rank, p->team,
				    &slot, 0, diag)) < 0)
			return ret;
		k = slot ? &ps->carriers[*slot] : NULL;
		if (!k || k->npc == SIZE_MAX) {
			if ((ret = unplaced(ps, p->line, diag, k ?
					    ", and the rows of its team give "
					    "two: team '" : ", and no other "
					    "row of its team gives one: team "
					    "'", p->team)) < 0)
				return ret;
			continue;
		}
		memset(&r, 0, sizeof(r));
		r.line = p->line;
		r.rows = 1;
		r.event = k->event;
		r.rank = p->rank;
		memcpy(r.npc, ps->im.reg->npcs[k->npc].code, PD_CODE_MAX);
		if (p->name) {
			if ((ret = athlete_index(ps, p->name, p->guide, r.npc,
						 p->gender, &at, diag)) < 0)
				return ret;
			r.athlete = at + 1;
		}
		ps->set->rows++;
		if ((ret = join_team(ps, &r, 0, p->team, p->team_name,
				     diag)) < 0)
			return ret;
	}
	return 0;
}

static int take_row(struct parse *ps, struct pd_diag *diag)
{
	const char *medal = get(ps, PD_F_MEDAL), *gender, *person, *npc;
	const char *athlete = get(ps, PD_F_ATHLETE);
	struct pd_entry_result r;
	size_t at;
	int ret, is_team = *get(ps, PD_F_TEAM) || !strcmp(athlete, "TEAM");

	if ((ret = pd_csv_labels_check(ps->c, diag)) < 0)
		return ret;
	memset(&r, 0, sizeof(r));
	r.line = ps->c->line;
	r.rows = 1;
	if (!pd_import_fix(&ps->im, ps->opts, r.line, &npc))
		npc = get(ps, PD_F_NPC);
	if (!npc)
		return 0;	/* --fix LINE=- */
	if (!(r.rank = pd_entries_medal_rank(medal)))
		return pd_diag_set(diag, PD_EPARSE, ps->c->file, r.line, "'%s' "
				   "is not a medal: expected Gold, Silver or "
				   "Bronze", medal);
	/* a column of the athletes' genders (Paris: Male, Female) does not
	 * split an event: its gender is its name's, or its athletes' */
	if ((person = pd_import_person_gender(get(ps, PD_F_GENDER))))
		gender = pd_import_name_gender(get(ps, PD_F_EVENT));
	else if ((gender = mixed_of(ps)))	/* Men, Women: the athlete's */
		person = gender_of(get(ps, PD_F_GENDER));
	else if (!(gender = gender_of(get(ps, PD_F_GENDER))))
		return fail(ps, diag, "gender", get(ps, PD_F_GENDER),
			    "Men, Women, Mixed or Open (or an athlete's Male "
			    "or Female)");
	/* the event of a row without an NPC is its team-mates' */
	if (!*npc)
		return defer(ps, &r, is_team, person ? person : gender, diag);
	if ((ret = npc_code(ps, npc, r.npc, diag)) < 0 ||
	    (ret = event_index(ps, person && !*gender ? "?" : gender,
			       &r.event, diag)) < 0)
		return ret;
	if (person && (ret = note_gender(ps, r.event, person)) < 0)
		return ret;
	if (*athlete && strcmp(athlete, "TEAM")) {
		if ((ret = athlete_index(ps, athlete, guide_of(ps), r.npc,
					 person ? person : gender, &at,
					 diag)) < 0)
			return ret;
		r.athlete = at + 1;
		r.name = ps->set->athletes[at].name;
	}
	ps->set->rows++;
	if (is_team && ps->team_ids && *get(ps, PD_F_TEAM) &&
	    (ret = note_team_npc(ps, &r, get(ps, PD_F_TEAM), diag)) < 0)
		return ret;
	if (is_team)
		return join_team(ps, &r, 0, get(ps, PD_F_TEAM), team_name(ps),
				 diag);
	if (!r.athlete)
		return pd_diag_set(diag, PD_EPARSE, ps->c->file, r.line,
				   "no athlete in this row: name the athlete, "
				   "or give a team's row its team value");
	/* decided once the whole event is read (emit_teams()) */
	if (ps->infer)
		return join_team(ps, &r, 1, "", NULL, diag);
	r.date = "";
	return pd_entries_result(ps->set, &r);
}

static int cmp_members(const void *a, const void *b)
{
	const struct member *x = a, *y = b;

	if (x->team != y->team)
		return x->team < y->team ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

/* Under --teams infer: is the event of each inferred group a team event,
 * every one of its medals naming several athletes of its NPC?  single[e]
 * is set for an event with a group of one athlete.  The members are
 * sorted by team. */
static int infer_events(struct parse *ps, unsigned char **single)
{
	const struct pd_event_rule *rule;
	size_t t, m = 0, n;

	if (!(*single = calloc(ps->set->nevents ? ps->set->nevents : 1, 1)))
		return PD_ENOMEM;
	for (t = 0; t < ps->nteams; t++) {
		for (n = 0; m < ps->nmembers && ps->members[m].team == t; m++)
			n += !n || ps->members[m].athlete !=
				   ps->members[m - 1].athlete;
		if (ps->teams_v[t].inferred && n < 2)
			(*single)[ps->teams_v[t].event] = 1;
	}
	/* the catalogue, where it says, decides before the rows */
	for (t = 0; t < ps->set->nevents; t++)
		if ((rule = pd_catalogue_find(ps->events,
					      ps->set->events[t].sport,
					      ps->set->events[t].name)))
			(*single)[t] = !rule->team;
	return 0;
}

/* An inferred group of an individual event: each member's own medal. */
static int emit_each(struct parse *ps, size_t t, size_t *m)
{
	struct pd_entry_set *s = ps->set;
	struct pd_entry_result r;
	int ret;

	for (; *m < ps->nmembers && ps->members[*m].team == t; (*m)++) {
		memset(&r, 0, sizeof(r));
		r.event = ps->teams_v[t].event;
		memcpy(r.npc, ps->teams_v[t].npc, PD_CODE_MAX);
		r.athlete = ps->members[*m].athlete;
		r.name = s->athletes[r.athlete - 1].name;
		r.rank = ps->teams_v[t].rank;
		r.line = ps->members[*m].line;
		r.rows = 1;
		r.date = "";
		if ((ret = pd_entries_result(s, &r)) < 0)
			return ret;
	}
	return 0;
}

/* One result per team, its members the rows that named an athlete. */
static int emit_teams(struct parse *ps)
{
	struct pd_entry_set *s = ps->set;
	struct pd_entry_result r;
	const struct pd_npc *npc;
	unsigned char *single = NULL;
	size_t t, m = 0;
	int ret;

	if (ps->nmembers)
		qsort(ps->members, ps->nmembers, sizeof(*ps->members),
		      cmp_members);
	if (ps->infer && (ret = infer_events(ps, &single)) < 0)
		return ret;
	for (t = 0; t < ps->nteams; t++) {
		if (single && ps->teams_v[t].inferred &&
		    single[ps->teams_v[t].event]) {
			if ((ret = emit_each(ps, t, &m)) < 0)
				goto cleanup;
			continue;
		}
		memset(&r, 0, sizeof(r));
		r.event = ps->teams_v[t].event;
		memcpy(r.npc, ps->teams_v[t].npc, PD_CODE_MAX);
		npc = pd_registry_code(ps->im.reg, r.npc);
		if (!(r.name = ps->teams_v[t].name) &&
		    !(r.name = pd_entries_str(s, npc ? npc->en : r.npc))) {
			ret = PD_ENOMEM;
			goto cleanup;
		}
		r.team = 1;
		r.rank = ps->teams_v[t].rank;
		r.line = ps->teams_v[t].line;
		r.date = "";
		r.member = s->nmembers;
		for (; m < ps->nmembers && ps->members[m].team == t; m++) {
			r.rows++;
			if (ps->members[m].athlete &&
			    (ret = pd_entries_member(s, ps->members[m].athlete -
						     1)) < 0)
				goto cleanup;
		}
		r.nmembers = s->nmembers - r.member;
		s->events[r.event].team = 1;
		if ((ret = pd_entries_result(s, &r)) < 0)
			goto cleanup;
	}
	ret = 0;
cleanup:
	free(single);
	return ret;
}

/* Whether the gender column's header names it the event's. */
static int named_event_gender(const struct parse *ps, const struct pd_csv *c)
{
	int at = ps->cols.at[PD_F_GENDER];

	return at >= 0 && (size_t)at < c->nf &&
	       (!strcasecmp(c->f[at], "event_gender") ||
		!strcasecmp(c->f[at], "team_gender"));
}

/* A row of the file as scan_mixed() keeps it: copies of its fields. */
static int scan_row(struct pd_mixed_row *r, const struct parse *ps,
		    const struct pd_csv *c)
{
	r->medal = pd_entries_medal_rank(pd_columns_get(&ps->cols, c,
							PD_F_MEDAL)) - 1;
	r->sport = strdup(pd_columns_get(&ps->cols, c, PD_F_SPORT));
	r->event = strdup(pd_columns_get(&ps->cols, c, PD_F_EVENT));
	r->gender = strdup(pd_columns_get(&ps->cols, c, PD_F_GENDER));
	r->npc = strdup(pd_columns_get(&ps->cols, c, PD_F_NPC));
	return r->sport && r->event && r->gender && r->npc ? 0 : PD_ENOMEM;
}

/* The event names of a mixed or open event, in ps->mixed, its rows read
 * first (pd_import_mixed()): under --teams infer, with a gender column
 * that may be the athletes' (not named the event's; no X, O, Mixed or
 * Open in it).  Bad rows are the main pass's to report. */
static int scan_mixed(struct parse *ps, const char *data, size_t len,
		      const char *file, int named, int year,
		      struct pd_diag *diag)
{
	struct pd_mixed_row *v = NULL;
	const char **g = NULL;
	size_t i, n = 0, na = 0, *val;
	struct pd_csv c;
	int ret;

	if (!ps->infer || named || ps->cols.at[PD_F_GENDER] < 0)
		return 0;
	if ((ret = pd_csv_init(&c, data, len, file)) < 0)
		return ret;
	if ((ret = pd_columns_header(&c, diag)) < 0)
		goto cleanup;
	while ((ret = pd_csv_next(&c, diag)) > 0 && !named) {
		if (!pd_columns_keep(&ps->cols, &c))
			continue;
		named = pd_import_event_only(pd_columns_get(&ps->cols, &c,
							    PD_F_GENDER));
		if ((ret = pd_array_grow(&v, n, &na, sizeof(*v))) < 0 ||
		    (ret = scan_row(&v[n++], ps, &c)) < 0)
			goto cleanup;
	}
	if (ret < 0 && ret != PD_ENOMEM)
		ret = 0;	/* a bad row: the main pass says where */
	if (ret < 0 || named)
		goto cleanup;
	if (!(g = calloc(n ? n : 1, sizeof(*g))) ||
	    (ret = pd_import_mixed(v, n, ps->events, year, g)) < 0) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < n && ret >= 0; i++) {
		if (!g[i])
			continue;
		snprintf(ps->key, sizeof(ps->key), "%s\x1f%s", v[i].sport,
			 v[i].event);
		if ((ret = pd_strmap_add_copy(&ps->mixed, ps->key, &val)) >= 0)
			*val = (size_t)*g[i];
	}
cleanup:
	for (i = 0; i < n; i++) {
		free((char *)v[i].sport);
		free((char *)v[i].event);
		free((char *)v[i].gender);
		free((char *)v[i].npc);
	}
	free(v);
	free(g);
	pd_csv_release(&c);
	return ret < 0 ? ret : 0;
}

static int read_header(struct parse *ps, struct pd_csv *c,
		       const struct pd_csv_opts *opts, struct pd_diag *diag)
{
	static const enum pd_field need[] = { PD_F_MEDAL, PD_F_NPC,
					      PD_F_EVENT, PD_F_ATHLETE };
	size_t i;
	int ret;

	if ((ret = pd_columns_header(c, diag)) < 0 ||
	    (ret = pd_columns_find(&ps->cols, c, opts, guesses, diag)) < 0)
		return ret;
	for (i = 0; i < sizeof(need) / sizeof(*need); i++)
		if (ps->cols.at[need[i]] < 0)
			return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
					   "no %s column in the header: name "
					   "it with --map %s=COLUMN",
					   pd_field_name(need[i]),
					   pd_field_name(need[i]));
	ps->team_ids = ps->cols.at[PD_F_TEAM] >= 0 &&
		       (size_t)ps->cols.at[PD_F_TEAM] < c->nf &&
		       strcasecmp(c->f[ps->cols.at[PD_F_TEAM]], "grp_id");
	ps->guide_at = ps->team_name_at = -1;
	for (i = 0; i < c->nf; i++)
		if (!strcasecmp(c->f[i], "guide") && ps->guide_at < 0)
			ps->guide_at = (int)i;
		else if (!strcasecmp(c->f[i], "team") && ps->team_name_at < 0)
			ps->team_name_at = (int)i;
	/* "no country_code in this row" */
	ps->im.npc_column = pd_csv_column(c, (size_t)ps->cols.at[PD_F_NPC]);
	if ((ret = pd_columns_labels(&ps->cols, c, labels,
				     sizeof(labels) / sizeof(*labels))) < 0)
		return ret;
	return ps->guide_at < 0 ? 0 : pd_csv_label(c, (size_t)ps->guide_at,
						   "guide", NULL);
}

static int cmp_problems(const void *a, const void *b)
{
	const struct pd_problem *x = a, *y = b;

	return (x->line > y->line) - (x->line < y->line);
}

/* After the rows: the waiting ones placed, and any that could not be
 * refuse the file, every one reported in line order. */
static int finish_rows(struct parse *ps, struct pd_diag *diag)
{
	struct pd_problems *p = ps->opts->unplaced;
	int ret;

	if ((ret = place_pending(ps, diag)) < 0)
		return ret;
	if (ps->nunplaced) {
		if (p && p->n)
			qsort(p->v, p->n, sizeof(*p->v), cmp_problems);
		return PD_EPARSE;
	}
	return pd_import_fixes_check(&ps->im, ps->opts, diag);
}

int pd_medallists_csv_parse(struct pd_entry_set *out, const char *data,
			    size_t len, const char *file, const char *games,
			    const struct pd_registry *reg,
			    const struct pd_csv_opts *opts,
			    struct pd_diag *diag)
{
	struct pd_file src = { .data = data, .len = len };
	struct pd_csv c;
	struct parse ps = { .set = out, .infer = opts->teams == PD_TEAMS_INFER,
			    .events = opts->events, .c = &c, .opts = opts };
	int ret;

	if ((ret = pd_import_start(&ps.im, &c, &src, file, reg, out, NULL,
				   opts, diag)) < 0 ||
	    (ret = pd_entries_games(out, games, &ps.games)) < 0 ||
	    (ret = read_header(&ps, &c, opts, diag)) < 0 ||
	    (ret = scan_mixed(&ps, data, len, file, opts->event_gender ||
			      named_event_gender(&ps, &c), opts->year,
			      diag)) < 0)
		goto cleanup;
	while ((ret = pd_csv_next(&c, diag)) > 0)
		if (pd_columns_keep(&ps.cols, &c) &&
		    (ret = take_row(&ps, diag)) < 0)
			goto cleanup;
	if (ret == 0)
		ret = finish_rows(&ps, diag);
	if (ret == 0 && out->rows == 0)
		ret = pd_diag_set(diag, PD_EPARSE, file, c.next_line,
				  "no medallist rows%s", opts->nwhere ?
				  " match --where" : "");
	if (ret == 0)
		settle_genders(&ps);
	if (ret == 0 && (ret = emit_teams(&ps)) == 0)
		ret = pd_entries_finish(out);
cleanup:
	pd_strmap_release_keys(&ps.athletes);
	pd_strmap_release_keys(&ps.teams);
	pd_strmap_release_keys(&ps.mixed);
	pd_strmap_release_keys(&ps.team_npcs);
	free(ps.carriers);
	free(ps.pending);
	free(ps.members);
	free(ps.teams_v);
	free(ps.genders);
	return pd_import_end(&ps.im, &c, ret);
}
