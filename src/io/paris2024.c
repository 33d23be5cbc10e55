/* paris2024.c -- import the Paris 2024 Paralympics set (Kaggle, piterfm;
 * paralympic.org results): athletes.csv, medals.csv and medallists.csv.
 *
 * athletes.csv lists everyone entered (multi-line quoted fields); rows
 * whose function is "Athlete" become athletes "paris:CODE".  medals.csv has
 * one row per medal, a team's medal once, so its rows are the medal
 * results, with events named as the medals importer names them (discipline,
 * event, gender) so the two agree.  Its code column is the athlete's code
 * or the team's; medallists.csv, one row per medallist, gives each team's
 * members (code_team, code_athlete).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/csv.h"
#include "podium/entries.h"
#include "columns.h"
#include "import.h"
#include "strmap.h"

enum { A_CODE, A_NAME, A_GENDER, A_FUNCTION, A_NPC, A_N };
enum { M_MEDAL, M_DATE, M_NAME, M_NPC, M_GENDER, M_SPORT, M_EVENT, M_CODE,
       M_N };
enum { L_ATHLETE, L_TEAM, L_N };

static const char *const a_cols[A_N] = { "code", "name", "gender",
					 "function", "country_code" };
static const char *const m_cols[M_N] = { "medal_type", "medal_date", "name",
					 "country_code", "gender",
					 "discipline", "event", "code" };
static const char *const l_cols[L_N] = { "code_athlete", "code_team" };

/* The columns of each file kept as names, checked by the reader. */
static const int a_names[] = { A_NAME, -1 };
static const int m_names[] = { M_NAME, M_SPORT, M_EVENT, M_DATE, -1 };
static const int l_names[] = { -1 };

struct parse {
	struct pd_entry_set *set;
	struct pd_import im;
	struct pd_csv c;
	int at[M_N];
	size_t games;
	struct pd_strmap athletes;	/* athlete code -> athlete index */
	struct pd_strmap teams;		/* team code -> first member + 1 */
	size_t *links;			/* per team member: athlete + 1,
					 * then the next member + 1 */
	size_t nlinks, alinks;
	char key[256];
};

static const char *f(const struct parse *ps, int col)
{
	return ps->c.f[ps->at[col]];
}

static int open_csv(struct parse *ps, const char *data, size_t len,
		    const char *file, const char *const *cols, int n,
		    const int *names, struct pd_diag *diag)
{
	int ret;

	pd_csv_init(&ps->c, data, len, file);
	ps->im.file = file;
	if ((ret = pd_utf8_check(data, len, file, diag)) < 0 ||
	    (ret = pd_columns_header(&ps->c, diag)) < 0 ||
	    (ret = pd_columns_require(ps->at, &ps->c, cols, (size_t)n,
				      "no '%s' column in the header",
				      diag)) < 0)
		return ret;
	for (; *names >= 0; names++)
		if ((ret = pd_csv_label(&ps->c, (size_t)ps->at[*names],
					cols[*names], NULL)) < 0)
			return ret;
	return 0;
}

static int npc_code(struct parse *ps, const char *v, char *code,
		    struct pd_diag *diag)
{
	const struct pd_npc *npc;
	int ret;

	if ((ret = pd_import_npc(&ps->im, v, ps->c.line, &npc, diag)) < 0)
		return ret;
	memcpy(code, npc->code, PD_CODE_MAX);
	return 0;
}

static int athlete_row(struct parse *ps, struct pd_diag *diag)
{
	const char *g = f(ps, A_GENDER), *code = f(ps, A_CODE);
	struct pd_entry_athlete a;
	size_t *slot, at;
	int ret;

	if (strcmp(f(ps, A_FUNCTION), "Athlete"))
		return 0;
	if ((ret = pd_csv_labels_check(&ps->c, diag)) < 0)
		return ret;
	memset(&a, 0, sizeof(a));
	if (!*code)
		return pd_diag_set(diag, PD_EPARSE, ps->c.file, ps->c.line,
				   "no code in this row: every athlete has "
				   "one, which medallists.csv uses");
	strcpy(a.gender, !strcmp(g, "Male") ? "M" : !strcmp(g, "Female") ?
	       "W" : "");
	if ((ret = npc_code(ps, f(ps, A_NPC), a.npc, diag)) < 0)
		return ret;
	if (snprintf(ps->key, sizeof(ps->key), "paris:%s", code) >=
	    (int)sizeof(ps->key))
		return pd_diag_set(diag, PD_ETOOBIG, ps->c.file, ps->c.line,
				   "code '%s' too long", code);
	if (!(a.ext = pd_entries_str(ps->set, ps->key)) ||
	    !(a.name = pd_entries_str(ps->set, f(ps, A_NAME))) ||
	    !(a.guide = pd_entries_str(ps->set, "")))
		return PD_ENOMEM;
	if ((ret = pd_strmap_get(&ps->athletes, a.ext + 6, 1, &slot)) < 0)
		return ret;
	if (ret == 0)
		return pd_diag_set(diag, PD_EPARSE, ps->c.file, ps->c.line,
				   "athlete code '%s' listed twice", code);
	if ((ret = pd_entries_athlete(ps->set, &a, &at)) < 0)
		return ret;
	*slot = at;
	ps->set->rows++;
	return 0;
}

/* A team member: chain it onto its team's list in links[]. */
static int medallist_row(struct parse *ps, struct pd_diag *diag)
{
	const char *team = f(ps, L_TEAM), *code = f(ps, L_ATHLETE), *key;
	size_t *athlete, *slot;
	int ret;

	ps->set->rows++;
	if (!*team)
		return 0;
	if ((ret = pd_strmap_get(&ps->athletes, code, 0, &athlete)) < 0)
		return ret;
	if (!athlete)
		return pd_diag_set(diag, PD_EPARSE, ps->c.file, ps->c.line,
				   "code_athlete '%s' is not an athlete of "
				   "athletes.csv", code);
	/* room for two: the member and its link */
	if ((ret = pd_array_grow(&ps->links, ps->nlinks + 1, &ps->alinks,
				  sizeof(*ps->links))) < 0)
		return ret;
	if ((ret = pd_strmap_get(&ps->teams, team, 0, &slot)) < 0)
		return ret;
	if (!slot && (!(key = pd_entries_str(ps->set, team)) ||
		      (ret = pd_strmap_get(&ps->teams, key, 1, &slot)) < 0))
		return ret < 0 ? ret : PD_ENOMEM;
	ps->links[ps->nlinks] = *athlete + 1;
	ps->links[ps->nlinks + 1] = *slot;
	*slot = ps->nlinks + 1;
	ps->nlinks += 2;
	return 0;
}

/* An event is named as the medals importer names it (discipline, event,
 * gender), dated by its first medal. */
static int event_index(struct parse *ps, const char *gender, size_t *out,
		       struct pd_diag *diag)
{
	struct pd_entry_event e = { .games = ps->games, .sport = f(ps, M_SPORT),
				    .name = f(ps, M_EVENT),
				    .date = f(ps, M_DATE) };

	strcpy(e.gender, gender);
	return pd_import_event(&ps->im, &e, ps->c.line, out, diag);
}

/* A medal: its athlete's, or its team's with the members medallists.csv
 * named; a code neither file knows keeps the medal, unlinked. */
static int medal_row(struct parse *ps, struct pd_diag *diag)
{
	const char *medal = f(ps, M_MEDAL), *gender = f(ps, M_GENDER);
	const char *code = f(ps, M_CODE);
	struct pd_entry_result r;
	size_t *slot, link;
	int ret;

	if ((ret = pd_csv_labels_check(&ps->c, diag)) < 0)
		return ret;
	memset(&r, 0, sizeof(r));
	r.line = ps->c.line;
	r.rows = 1;
	if (!(r.rank = pd_entries_medal_rank(medal)))
		return pd_diag_set(diag, PD_EPARSE, ps->c.file, r.line, "'%s' "
				   "is not a medal: expected Gold Medal, "
				   "Silver Medal or Bronze Medal", medal);
	if (strlen(gender) > 1)
		return pd_diag_set(diag, PD_EPARSE, ps->c.file, r.line,
				   "gender '%s': expected M, W, X or O",
				   gender);
	if ((ret = npc_code(ps, f(ps, M_NPC), r.npc, diag)) < 0 ||
	    (ret = event_index(ps, gender, &r.event, diag)) < 0)
		return ret;
	if (!(r.name = pd_entries_str(ps->set, f(ps, M_NAME))) ||
	    !(r.date = pd_entries_str(ps->set, f(ps, M_DATE))))
		return PD_ENOMEM;
	ps->set->rows++;
	if ((ret = pd_strmap_get(&ps->teams, code, 0, &slot)) < 0)
		return ret;
	if (slot) {
		r.team = 1;
		r.member = ps->set->nmembers;
		for (link = *slot; link; link = ps->links[link]) {
			size_t a = ps->links[link - 1] - 1;

			if ((ret = pd_entries_member(ps->set, a)) < 0)
				return ret;
		}
		r.nmembers = ps->set->nmembers - r.member;
		ps->set->events[r.event].team = 1;
		return pd_entries_result(ps->set, &r);
	}
	if ((ret = pd_strmap_get(&ps->athletes, code, 0, &slot)) < 0)
		return ret;
	if (slot)
		r.athlete = *slot + 1;
	return pd_entries_result(ps->set, &r);
}

typedef int (*row_fn)(struct parse *ps, struct pd_diag *diag);

static int read_file(struct parse *ps, const char *data, size_t len,
		     const char *file, const char *const *cols, int n,
		     const int *names, row_fn fn, struct pd_diag *diag)
{
	int ret;

	/* the reader refuses a row without the header's width, or with a
	 * bad name */
	if ((ret = open_csv(ps, data, len, file, cols, n, names,
			    diag)) == 0) {
		while ((ret = pd_csv_next(&ps->c, diag)) > 0)
			if ((ret = fn(ps, diag)) < 0)
				break;
	}
	pd_csv_release(&ps->c);
	return ret;
}

int pd_paris2024_parse(struct pd_entry_set *out, const char *const texts[3],
		       const size_t lens[3], const char *const files[3],
		       const char *games, const struct pd_registry *reg,
		       struct pd_diag *diag)
{
	struct parse ps;
	int ret;

	memset(&ps, 0, sizeof(ps));
	ps.set = out;
	pd_import_init(&ps.im, reg, out, NULL, "country_code");
	pd_entries_init(out);
	if ((ret = pd_entries_games(out, games, &ps.games)) < 0 ||
	    (ret = read_file(&ps, texts[0], lens[0], files[0], a_cols, A_N,
			     a_names, athlete_row, diag)) < 0 ||
	    (ret = read_file(&ps, texts[2], lens[2], files[2], l_cols, L_N,
			     l_names, medallist_row, diag)) < 0 ||
	    (ret = read_file(&ps, texts[1], lens[1], files[1], m_cols, M_N,
			     m_names, medal_row, diag)) < 0)
		goto cleanup;
	if (out->nresults == 0)
		ret = pd_diag_set(diag, PD_EPARSE, files[1], 0, "no medals");
	else
		ret = pd_entries_finish(out);
cleanup:
	pd_import_release(&ps.im);
	pd_strmap_release(&ps.athletes);
	pd_strmap_release(&ps.teams);
	free(ps.links);
	if (ret < 0)
		pd_entries_release(out);
	return ret;
}
