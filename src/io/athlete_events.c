/* athlete_events.c -- import Kaggle's "120 years of Olympic history"
 * athlete_events.csv (sports-reference.com, Athens 1896 - Rio 2016): one
 * row per athlete and event, ID,Name,Sex,Age,Height,Weight,Team,NOC,
 * Games,Year,Season,City,Sport,Event,Medal, "NA" where missing.
 *
 * Games "1992 Summer" is OG1992, "1994 Winter" OW1994.  An athlete is
 * ext "kaggle:ID"; an event is (Games, Sport, Event), its gender read from
 * the name (Women's W, Men's M, Mixed X, else "").
 *
 * The file repeats a team medal once per member, so it is folded: within
 * one Games and Event, the rows that share NOC and Medal (not NA) and name
 * more than one athlete are one team -- one team with those members and one
 * result.  An event with such a group is a team event, and its rows
 * without a medal are grouped by (NOC, Team) into one team result each.
 * Everything else is one athlete's result.  This is the usual SQL dedupe
 * (DISTINCT Games, Event, NOC, Medal) and shares its known limit: two
 * individual medals of one colour for one NOC in one event merge into one
 * (the two Soviet bronzes in 1964 judo, heavyweight and lightweight, are
 * the cases in this file's combat sports), and such an event counts as
 * a team event.  The file gives no place or team id that would tell two
 * such athletes from a pair, so no rule on this file alone could.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "podium/entries.h"
#include "strmap.h"

enum { C_ID, C_NAME, C_SEX, C_TEAM, C_NOC, C_GAMES, C_SPORT, C_EVENT,
       C_MEDAL, C_N };

static const char *const headers[C_N] = { "ID", "Name", "Sex", "Team", "NOC",
					  "Games", "Sport", "Event", "Medal" };

struct row {
	size_t athlete, event;
	const char *team;	/* interned: compared by address */
	long line;
	unsigned noc;		/* into codes[] */
	int medal;		/* 1, 2, 3; 0 for NA */
};

struct parse {
	struct pd_entry_set *set;
	const struct pd_registry *reg;
	const char *file, *only;
	const struct pd_csv *c;
	int at[C_N];
	struct row *rows;
	size_t nrows, arows;
	struct pd_strmap athletes;	/* "kaggle:ID" -> athlete index */
	struct pd_strmap events;	/* games, sport, event -> index */
	struct pd_strmap nocs;		/* NOC value -> index into codes */
	char (*codes)[PD_CODE_MAX];
	size_t ncodes;
	char key[1024];
};

static const char *field(const struct parse *ps, int col)
{
	return ps->c->f[ps->at[col]];
}

/* "1992 Summer" -> OG1992, "1994 Winter" -> OW1994; -1 if neither. */
static int games_code(const char *v, char *out)
{
	size_t i;

	for (i = 0; i < 4; i++)
		if (v[i] < '0' || v[i] > '9')
			return -1;
	if (!strcmp(v + 4, " Summer"))
		snprintf(out, PD_GAMES_CODE, "OG%.4s", v);
	else if (!strcmp(v + 4, " Winter"))
		snprintf(out, PD_GAMES_CODE, "OW%.4s", v);
	else
		return -1;
	return 0;
}

static const char *event_gender(const char *name)
{
	if (strstr(name, "Women's"))
		return "W";
	if (strstr(name, "Men's"))
		return "M";
	if (strstr(name, "Mixed"))
		return "X";
	return "";
}

/* Each distinct NOC is looked up once: the registry matches names with
 * NFKC and case folding, far too slow to do 271,116 times. */
static int noc_index(struct parse *ps, unsigned *out, struct pd_diag *diag)
{
	const char *v = field(ps, C_NOC), *key;
	const struct pd_npc *npc;
	size_t *slot, n = ps->ncodes;
	void *p;
	int ret;

	if ((ret = pd_strmap_get(&ps->nocs, v, 0, &slot)) < 0)
		return ret;
	if (slot) {
		*out = (unsigned)*slot;
		return 0;
	}
	if (!*v || !strcmp(v, "NA"))
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "no NOC in this row");
	if (!(npc = pd_registry_find(ps->reg, v)))
		return pd_unknown_npc(ps->reg, v, ps->file, ps->c->line, diag);
	if (!(key = pd_entries_str(ps->set, v)) ||
	    !(p = realloc(ps->codes, (n + 1) * sizeof(*ps->codes))))
		return PD_ENOMEM;
	ps->codes = p;
	memcpy(ps->codes[n], npc->code, PD_CODE_MAX);
	if ((ret = pd_strmap_get(&ps->nocs, key, 1, &slot)) < 0)
		return ret;
	*slot = n;
	*out = (unsigned)n;
	ps->ncodes++;
	return 0;
}

static int athlete_index(struct parse *ps, unsigned noc, size_t *out,
			 struct pd_diag *diag)
{
	const char *id = field(ps, C_ID), *sex = field(ps, C_SEX), *ext;
	struct pd_entry_athlete a;
	size_t *slot, i;
	int ret;

	for (i = 0; id[i] >= '0' && id[i] <= '9'; i++)
		;
	if (i == 0 || id[i] || i > 12)
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "ID '%s' is not a number", id);
	snprintf(ps->key, sizeof(ps->key), "kaggle:%s", id);
	if ((ret = pd_strmap_get(&ps->athletes, ps->key, 0, &slot)) < 0)
		return ret;
	if (slot) {
		*out = *slot;
		return 0;
	}
	memset(&a, 0, sizeof(a));
	if (strcmp(sex, "M") && strcmp(sex, "F"))
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "Sex '%s': expected M or F", sex);
	strcpy(a.gender, *sex == 'M' ? "M" : "W");
	memcpy(a.npc, ps->codes[noc], PD_CODE_MAX);
	if (!(ext = pd_entries_str(ps->set, ps->key)) ||
	    !(a.name = pd_entries_str(ps->set, field(ps, C_NAME))) ||
	    !(a.guide = pd_entries_str(ps->set, "")))
		return PD_ENOMEM;
	a.ext = ext;
	if ((ret = pd_entries_athlete(ps->set, &a, out)) < 0 ||
	    (ret = pd_strmap_get(&ps->athletes, ext, 1, &slot)) < 0)
		return ret;
	*slot = *out;
	return 0;
}

static int event_index(struct parse *ps, const char *games, size_t *out,
		       struct pd_diag *diag)
{
	const char *sport = field(ps, C_SPORT), *name = field(ps, C_EVENT);
	struct pd_entry_event e;
	const char *key;
	size_t *slot;
	int ret;

	if (snprintf(ps->key, sizeof(ps->key), "%s\x1f%s\x1f%s", games,
		     sport, name) >= (int)sizeof(ps->key))
		return pd_diag_set(diag, PD_ETOOBIG, ps->file, ps->c->line,
				   "sport and event names too long");
	if ((ret = pd_strmap_get(&ps->events, ps->key, 0, &slot)) < 0)
		return ret;
	if (slot) {
		*out = *slot;
		return 0;
	}
	if (!*sport || !*name)
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "no %s in this row", *sport ? "Event" :
				   "Sport");
	memset(&e, 0, sizeof(e));
	if ((ret = pd_entries_games(ps->set, games, &e.games)) < 0)
		return ret;
	strcpy(e.gender, event_gender(name));
	if (!(e.sport = pd_entries_str(ps->set, sport)) ||
	    !(e.name = pd_entries_str(ps->set, name)) ||
	    !(e.date = pd_entries_str(ps->set, "")) ||
	    !(key = pd_entries_str(ps->set, ps->key)))
		return PD_ENOMEM;
	if ((ret = pd_entries_event(ps->set, &e, out)) < 0 ||
	    (ret = pd_strmap_get(&ps->events, key, 1, &slot)) < 0)
		return ret;
	*slot = *out;
	return 0;
}

static int take_row(struct parse *ps, struct pd_diag *diag)
{
	const char *medal = field(ps, C_MEDAL);
	char games[PD_GAMES_CODE];
	struct row r;
	int ret;

	if (games_code(field(ps, C_GAMES), games) < 0)
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "Games '%s': expected 'YEAR Summer' or "
				   "'YEAR Winter'", field(ps, C_GAMES));
	if (ps->only && strcmp(games, ps->only))
		return 0;
	memset(&r, 0, sizeof(r));
	r.line = ps->c->line;
	if (strcmp(medal, "NA") &&
	    !(r.medal = pd_entries_medal_rank(medal)))
		return pd_diag_set(diag, PD_EPARSE, ps->file, r.line, "'%s' is "
				   "not a medal: expected Gold, Silver, "
				   "Bronze or NA", medal);
	if ((ret = noc_index(ps, &r.noc, diag)) < 0 ||
	    (ret = athlete_index(ps, r.noc, &r.athlete, diag)) < 0 ||
	    (ret = event_index(ps, games, &r.event, diag)) < 0)
		return ret;
	if (!(r.team = pd_entries_str(ps->set, field(ps, C_TEAM))))
		return PD_ENOMEM;
	if (ps->nrows == ps->arows) {
		size_t na = ps->arows ? ps->arows * 2 : 4096;
		struct row *v;

		if (na > PD_ENTRIES_MAX)
			return pd_diag_set(diag, PD_ETOOBIG, ps->file, r.line,
					   "more than %zu rows",
					   PD_ENTRIES_MAX);
		if (!(v = realloc(ps->rows, na * sizeof(*v))))
			return PD_ENOMEM;
		ps->rows = v;
		ps->arows = na;
	}
	ps->rows[ps->nrows++] = r;
	return 0;
}

static int cmp_rows(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->event != y->event)
		return x->event < y->event ? -1 : 1;
	if (x->noc != y->noc)
		return x->noc < y->noc ? -1 : 1;
	if (x->medal != y->medal)
		return x->medal - y->medal;
	if (x->medal == 0 && x->team != y->team)
		return (uintptr_t)x->team < (uintptr_t)y->team ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

/* rows[from..to) are one (NOC, Medal) run: does it name more than one
 * athlete?  (An artist with two works in one class is one athlete.) */
static int several(const struct row *rows, size_t from, size_t to)
{
	size_t i;

	for (i = from + 1; i < to; i++)
		if (rows[i].athlete != rows[from].athlete)
			return 1;
	return 0;
}

/* The end of the run starting at from: same NOC and medal, and for rows
 * without a medal in a team event, the same Team too. */
static size_t run_end(const struct row *rows, size_t from, size_t to,
		      int by_team)
{
	size_t i = from + 1;

	while (i < to && rows[i].noc == rows[from].noc &&
	       rows[i].medal == rows[from].medal &&
	       (rows[i].medal || !by_team || rows[i].team == rows[from].team))
		i++;
	return i;
}

static int emit(struct parse *ps, size_t from, size_t to, int team)
{
	struct pd_entry_set *s = ps->set;
	const struct row *r = &ps->rows[from];
	struct pd_entry_result out;
	size_t i;
	int ret;

	memset(&out, 0, sizeof(out));
	out.event = r->event;
	memcpy(out.npc, ps->codes[r->noc], PD_CODE_MAX);
	out.rank = r->medal;
	out.date = s->events[r->event].date;
	out.line = r->line;
	out.rows = to - from;
	out.team = team;
	if (!team) {
		out.athlete = r->athlete + 1;
		out.name = s->athletes[r->athlete].name;
		return pd_entries_result(s, &out);
	}
	out.name = r->team;
	out.member = s->nmembers;
	for (i = from; i < to; i++) {
		if (i > from && ps->rows[i].athlete == ps->rows[i - 1].athlete)
			continue;
		if ((ret = pd_entries_member(s, ps->rows[i].athlete)) < 0)
			return ret;
	}
	out.nmembers = s->nmembers - out.member;
	return pd_entries_result(s, &out);
}

/* One event's rows, sorted by cmp_rows, into results. */
static int fold_event(struct parse *ps, size_t from, size_t to)
{
	struct row *rows = ps->rows;
	size_t i, end;
	int team_event = 0, ret;

	for (i = from; i < to; i = end) {
		end = run_end(rows, i, to, 0);
		if (rows[i].medal && several(rows, i, end))
			team_event = 1;
	}
	ps->set->events[rows[from].event].team = team_event;
	for (i = from; i < to; i = end) {
		end = run_end(rows, i, to, team_event);
		if (rows[i].medal) {
			if (several(rows, i, end))
				ret = emit(ps, i, end, 1);
			else
				ret = emit(ps, i, i + 1, 0);
		} else if (team_event) {
			ret = emit(ps, i, end, 1);
		} else {
			for (ret = 0; i < end && ret == 0; i++)
				ret = emit(ps, i, i + 1, 0);
		}
		if (ret < 0)
			return ret;
	}
	return 0;
}

static int fold(struct parse *ps)
{
	size_t i, from;
	int ret;

	if (ps->nrows)
		qsort(ps->rows, ps->nrows, sizeof(*ps->rows), cmp_rows);
	for (from = 0, i = 1; i <= ps->nrows; i++)
		if (i == ps->nrows ||
		    ps->rows[i].event != ps->rows[from].event) {
			if ((ret = fold_event(ps, from, i)) < 0)
				return ret;
			from = i;
		}
	return 0;
}

static int find_headers(struct parse *ps, struct pd_diag *diag)
{
	const struct pd_csv *c = ps->c;
	size_t i;
	int k;

	for (k = 0; k < C_N; k++) {
		ps->at[k] = -1;
		for (i = 0; i < c->nf && ps->at[k] < 0; i++)
			if (!strcmp(c->f[i], headers[k]))
				ps->at[k] = (int)i;
		if (ps->at[k] < 0)
			return pd_diag_set(diag, PD_EPARSE, ps->file, c->line,
					   "no '%s' column in the header: "
					   "expected Kaggle's athlete_events"
					   ".csv columns", headers[k]);
	}
	return 0;
}

static int read_rows(struct parse *ps, struct pd_csv *c,
		     const struct pd_csv_opts *opts, struct pd_diag *diag)
{
	static const char *const *const none[PD_F_COUNT];
	struct pd_csv_opts where = *opts;
	struct pd_columns cols;
	size_t nf;
	int ret;

	memset(where.map, 0, sizeof(where.map));
	if ((ret = pd_csv_next(c, diag)) <= 0)
		return ret ? ret : pd_diag_set(diag, PD_EPARSE, ps->file, 1,
					       "empty file: expected a header "
					       "row");
	if ((ret = find_headers(ps, diag)) < 0 ||
	    (ret = pd_columns_find(&cols, c, &where, none, diag)) < 0)
		return ret;
	nf = c->nf;
	while ((ret = pd_csv_next(c, diag)) > 0) {
		if (c->nf != nf)
			return pd_diag_set(diag, PD_EPARSE, ps->file, c->line,
					   "%zu fields where the header has "
					   "%zu", c->nf, nf);
		if (pd_columns_keep(&cols, c) &&
		    (ret = take_row(ps, diag)) < 0)
			return ret;
	}
	if (ret == 0 && ps->nrows == 0)
		ret = pd_diag_set(diag, PD_EPARSE, ps->file, c->next_line,
				  "no rows%s%s%s", ps->only ? " of Games " : "",
				  ps->only ? ps->only : "", opts->nwhere ?
				  " match --where" : "");
	return ret;
}

int pd_athlete_events_parse(struct pd_entry_set *out, const char *data,
			    size_t len, const char *file,
			    const struct pd_registry *reg, const char *only,
			    const struct pd_csv_opts *opts,
			    struct pd_diag *diag)
{
	struct parse ps;
	struct pd_csv c;
	int ret;

	memset(&ps, 0, sizeof(ps));
	ps.set = out;
	ps.reg = reg;
	ps.file = file;
	ps.only = only;
	ps.c = &c;
	pd_entries_init(out);
	pd_csv_init(&c, data, len, file);
	if ((ret = pd_utf8_check(data, len, file, diag)) < 0 ||
	    (ret = read_rows(&ps, &c, opts, diag)) < 0)
		goto cleanup;
	out->rows = ps.nrows;
	if ((ret = fold(&ps)) == 0)
		ret = pd_entries_finish(out);
cleanup:
	pd_csv_release(&c);
	pd_strmap_release(&ps.athletes);
	pd_strmap_release(&ps.events);
	pd_strmap_release(&ps.nocs);
	free(ps.rows);
	free(ps.codes);
	if (ret < 0)
		pd_entries_release(out);
	return ret;
}
