/* athlete_events.c -- import Kaggle's "120 years of Olympic history"
 * athlete_events.csv (sports-reference.com, Athens 1896 - Rio 2016): one
 * row per athlete and event, ID,Name,Sex,Age,Height,Weight,Team,NOC,
 * Games,Year,Season,City,Sport,Event,Medal, "NA" where missing.
 *
 * Games "1992 Summer" is OG1992, "1994 Winter" OW1994.  An athlete is
 * ext "kaggle:ID"; an event is (Games, Sport, Event), its gender read from
 * the name (Women's W, Men's M, Mixed X, else "").
 *
 * The file repeats a team medal once per member, so it is folded: the
 * rows of one medal (pd_athlete_events_medal_key(): one Games and Event,
 * one NOC and Medal, not NA) that name more than one athlete are one team
 * -- one team with those members and one result.  An event with such a
 * group is a team event, and its rows without a medal are grouped by
 * (NOC, Team) into one team result each.
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

#include "podium/catalogue.h"
#include "podium/entries.h"
#include "athlete_events.h"
#include "columns.h"
#include "import.h"
#include "strmap.h"

enum { C_ID, C_NAME, C_SEX, C_TEAM, C_NOC, C_GAMES, C_SPORT, C_EVENT,
       C_MEDAL, C_N };

static const char *const headers[C_N] = { "ID", "Name", "Sex", "Team", "NOC",
					  "Games", "Sport", "Event", "Medal" };

struct row {
	size_t athlete, event;
	size_t medal_id;	/* one per medal key, from 1; 0 for NA */
	const char *team;	/* interned: compared by address */
	long line;
	unsigned noc;		/* into the registry's npcs[] */
	int medal;		/* 1, 2, 3; 0 for NA */
};

#define YEARS 400	/* Games years 1800 .. 2199 */

struct parse {
	struct pd_entry_set *set;
	struct pd_import im;
	const char *file, *only;
	const struct pd_csv *c;
	struct pd_file *src;	/* dropped behind the reader */
	int at[C_N];
	struct row *rows;
	size_t nrows, arows;
	struct pd_strmap athletes;	/* "kaggle:ID" -> athlete index */
	/* the same for an ID written without leading zeros and below
	 * by_id_max(): by_id[ID] is the athlete index + 1, or 0 */
	size_t *by_id, nby_id;
	struct pd_strmap medals;	/* medal key -> medal_id (own keys) */
	int infer;		/* --teams infer (fold_event()) */
	const struct pd_catalogue *events;	/* consulted under infer */
	size_t games_at[YEARS][2];	/* year, season -> games + 1 */
	char key[64];
	char medal_key[PD_MEDAL_KEY_MAX];
	const char *team;	/* the last row's Team (team_of()) */
	char team_text[256];	/* as the file wrote it */
};

static const char *field(const struct parse *ps, int col)
{
	return ps->c->f[ps->at[col]];
}

/* The set's index of the Games v names ("1992 Summer" is OG1992, "1994
 * Winter" OW1994), added if new, in *out: 1 when the row is to be taken,
 * 0 when only names another Games.  A direct table by year and season,
 * so that no row searches the set's list of Games. */
static int games_index(struct parse *ps, size_t *out, struct pd_diag *diag)
{
	const char *v = field(ps, C_GAMES);
	char code[PD_GAMES_CODE];
	int year = 0, season, i, ret;

	for (i = 0; i < 4 && v[i] >= '0' && v[i] <= '9'; i++)
		year = year * 10 + v[i] - '0';
	season = !strcmp(v + i, " Summer") ? 0 :
		 !strcmp(v + i, " Winter") ? 1 : -1;
	if (i < 4 || season < 0 || year < 1800 || year >= 1800 + YEARS)
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "Games '%s': expected 'YEAR Summer' or "
				   "'YEAR Winter'", v);
	if (ps->games_at[year - 1800][season]) {
		*out = ps->games_at[year - 1800][season] - 1;
		return 1;
	}
	snprintf(code, sizeof(code), "O%c%04d", season ? 'W' : 'G', year);
	if (ps->only && strcmp(code, ps->only))
		return 0;
	if ((ret = pd_entries_games(ps->set, code, out)) < 0)
		return ret;
	ps->games_at[year - 1800][season] = *out + 1;
	return 1;
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

static int noc_index(struct parse *ps, unsigned *out, struct pd_diag *diag)
{
	const char *v = field(ps, C_NOC);
	const struct pd_npc *npc;
	int ret;

	if ((ret = pd_import_npc(&ps->im, strcmp(v, "NA") ? v : "",
				 ps->c->line, &npc, diag)) < 0)
		return ret;
	*out = (unsigned)(npc - ps->im.reg->npcs);
	return 0;
}

static const char *noc_code(const struct parse *ps, unsigned noc)
{
	return ps->im.reg->npcs[noc].code;
}

/* The IDs an array may cover: Kaggle's are 1 .. 135,571 for 271,116
 * rows; one far beyond the rows read so far goes to the map instead, so
 * that a file of a few rows with a huge ID allocates nothing for it. */
static size_t by_id_max(const struct parse *ps)
{
	return 16 * ps->nrows + 65536;
}

/* The slot of by_id for id (digits, no leading zero), grown to hold it,
 * or NULL when id is beyond by_id_max() (*ret 0) or on no memory. */
static size_t *id_slot(struct parse *ps, const char *id, size_t len,
		       int *ret)
{
	size_t v = 0, i, n;
	size_t *nv;

	*ret = 0;
	if (len > 9 || id[0] == '0')
		return NULL;
	for (i = 0; i < len; i++)
		v = v * 10 + (size_t)(id[i] - '0');
	if (v >= by_id_max(ps))
		return NULL;
	if (v >= ps->nby_id) {
		n = ps->nby_id ? ps->nby_id : 1024;
		while (n <= v)
			n *= 2;
		if (!(nv = realloc(ps->by_id, n * sizeof(*nv)))) {
			*ret = PD_ENOMEM;
			return NULL;
		}
		memset(nv + ps->nby_id, 0, (n - ps->nby_id) * sizeof(*nv));
		ps->by_id = nv;
		ps->nby_id = n;
	}
	return &ps->by_id[v];
}

static int athlete_index(struct parse *ps, unsigned noc, size_t *out,
			 struct pd_diag *diag)
{
	const char *id = field(ps, C_ID), *sex = field(ps, C_SEX), *ext;
	struct pd_entry_athlete a;
	size_t *slot, *by_id, i;
	int ret;

	for (i = 0; id[i] >= '0' && id[i] <= '9'; i++)
		;
	if (i == 0 || id[i] || i > 12)
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "ID '%s' is not a number", id);
	/* by number where it can be: the map's hashed look-up of 271,116
	 * keys scattered over 8 MB was 6% of an import */
	if (!(by_id = id_slot(ps, id, i, &ret)) && ret < 0)
		return ret;
	if (by_id && *by_id) {
		*out = *by_id - 1;
		return 0;
	}
	/* at most 12 digits, checked above: by hand, since a snprintf on
	 * every row costs more than the look-up it serves */
	memcpy(ps->key, "kaggle:", 7);
	memcpy(ps->key + 7, id, i + 1);
	if (!by_id &&
	    (ret = pd_strmap_get(&ps->athletes, ps->key, 0, &slot)) < 0)
		return ret;
	if (!by_id && slot) {
		*out = *slot;
		return 0;
	}
	memset(&a, 0, sizeof(a));
	if (strcmp(sex, "M") && strcmp(sex, "F"))
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "Sex '%s': expected M or F", sex);
	strcpy(a.gender, *sex == 'M' ? "M" : "W");
	memcpy(a.npc, noc_code(ps, noc), PD_CODE_MAX);
	if (!(ext = pd_entries_own(ps->set, ps->key)) ||
	    !(a.name = pd_entries_own(ps->set, field(ps, C_NAME))) ||
	    !(a.guide = pd_entries_str(ps->set, "")))
		return PD_ENOMEM;
	a.ext = ext;
	if ((ret = pd_entries_athlete(ps->set, &a, out)) < 0)
		return ret;
	if (by_id) {
		*by_id = *out + 1;
		return 0;
	}
	if ((ret = pd_strmap_get(&ps->athletes, ext, 1, &slot)) < 0)
		return ret;
	*slot = *out;
	return 0;
}

static int event_index(struct parse *ps, size_t games, size_t *out,
		       struct pd_diag *diag)
{
	struct pd_entry_event e = { .games = games, .sport = field(ps, C_SPORT),
				    .name = field(ps, C_EVENT) };

	if (!*e.sport || !*e.name)
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "no %s in this row", *e.sport ? "Event" :
				   "Sport");
	/* the gender is read from the name, so it adds nothing to the key */
	strcpy(e.gender, event_gender(e.name));
	return pd_import_event(&ps->im, &e, ps->c->line, out, diag);
}

int pd_athlete_events_medal_key(char *key, const char *games,
				const char *npc, int medal,
				const char *sport, const char *event)
{
	size_t lg = strlen(games), ln = strlen(npc), ls = strlen(sport);
	size_t le = strlen(event), n, v;
	char *p = key, digits[24];

	/* Games and NPC are codes, free of the separator; the sport goes
	 * with its length, so no byte inside it makes two keys one */
	if (lg + ln + ls + le + sizeof(digits) + 4 > PD_MEDAL_KEY_MAX)
		return PD_ETOOBIG;
	memcpy(p, games, lg);
	p += lg;
	*p++ = '\x1f';
	memcpy(p, npc, ln);
	p += ln;
	*p++ = '\x1f';
	*p++ = (char)('0' + medal);
	for (n = sizeof(digits), v = ls; n == sizeof(digits) || v; v /= 10)
		digits[--n] = (char)('0' + v % 10);
	memcpy(p, digits + n, sizeof(digits) - n);
	p += sizeof(digits) - n;
	*p++ = ':';
	memcpy(p, sport, ls);
	p += ls;
	memcpy(p, event, le + 1);
	return (int)(p - key + (ptrdiff_t)le);
}

/* The medal_id of the row's medal key, new ids numbered from 1. */
static int medal_id(struct parse *ps, struct row *r, size_t games,
		    struct pd_diag *diag)
{
	size_t *slot;
	int ret;

	if (pd_athlete_events_medal_key(ps->medal_key, ps->set->games[games],
					noc_code(ps, r->noc), r->medal,
					field(ps, C_SPORT),
					field(ps, C_EVENT)) < 0)
		return pd_diag_set(diag, PD_ETOOBIG, ps->file, r->line,
				   "sport and event names too long");
	if ((ret = pd_strmap_add_copy(&ps->medals, ps->medal_key,
				      &slot)) < 0)
		return ret;
	if (ret == 1)
		*slot = ps->medals.n;
	r->medal_id = *slot;
	return 0;
}

/* The row's Team, the set's shared copy: an athlete's rows come together
 * and mostly name one team, so the last one is kept at hand. */
static int team_of(struct parse *ps, const char **out)
{
	const char *v = field(ps, C_TEAM);
	size_t n = strlen(v);

	if (ps->team && !strcmp(v, ps->team_text)) {
		*out = ps->team;
		return 0;
	}
	if (!(*out = pd_entries_str(ps->set, v)))
		return PD_ENOMEM;
	/* one too long to keep at hand is looked up every time */
	ps->team = n < sizeof(ps->team_text) ? *out : NULL;
	if (ps->team)
		memcpy(ps->team_text, v, n + 1);
	return 0;
}

static int take_row(struct parse *ps, struct pd_diag *diag)
{
	const char *medal = field(ps, C_MEDAL);
	size_t games;
	struct row r;
	int ret;

	if ((ret = games_index(ps, &games, diag)) <= 0)
		return ret;
	memset(&r, 0, sizeof(r));
	r.line = ps->c->line;
	if (strcmp(medal, "NA") &&
	    !(r.medal = pd_entries_medal_rank(medal)))
		return pd_diag_set(diag, PD_EPARSE, ps->file, r.line, "'%s' is "
				   "not a medal: expected Gold, Silver, "
				   "Bronze or NA", medal);
	if ((ret = noc_index(ps, &r.noc, diag)) < 0 ||
	    (ret = athlete_index(ps, r.noc, &r.athlete, diag)) < 0 ||
	    (ret = event_index(ps, games, &r.event, diag)) < 0 ||
	    (r.medal && (ret = medal_id(ps, &r, games, diag)) < 0))
		return ret;
	if ((ret = team_of(ps, &r.team)) < 0)
		return ret;
	if ((ret = pd_import_grow(&ps->rows, ps->nrows, &ps->arows,
				  sizeof(*ps->rows))) < 0)
		return ret == PD_ETOOBIG ? pd_diag_set(diag, ret, ps->file,
						       r.line, "more than %zu "
						       "rows", PD_ENTRIES_MAX)
					 : ret;
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

/* The end of the run starting at from: rows of one medal (cmp_rows puts
 * them together, as it orders by what the key is made of), or for rows
 * without a medal, one NOC and, in a team event, one Team. */
static size_t run_end(const struct row *rows, size_t from, size_t to,
		      int by_team)
{
	const struct row *a = &rows[from];
	size_t i = from + 1;

	for (; i < to; i++) {
		const struct row *b = &rows[i];

		if (a->medal || b->medal ? b->medal_id != a->medal_id :
		    b->noc != a->noc || (by_team && b->team != a->team))
			break;
	}
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
	memcpy(out.npc, noc_code(ps, r->noc), PD_CODE_MAX);
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

/* Each athlete of rows[from..to) (one medal run) as a medal of their
 * own: a tie of one NOC's athletes in an individual event. */
static int emit_each(struct parse *ps, size_t from, size_t to)
{
	size_t i, j;
	int ret = 0;

	for (i = from; i < to && ret == 0; i++) {
		for (j = from; j < i; j++)
			if (ps->rows[j].athlete == ps->rows[i].athlete)
				break;
		if (j == i)
			ret = emit(ps, i, i + 1, 0);
	}
	return ret;
}

/* A medal run of k * size rows in an event whose teams have size
 * members (the catalogue's): k teams of one NOC sharing the medal (two
 * Korean pairs with a doubles bronze), members taken in file order, as
 * nothing in the rows says who played with whom. */
static int emit_split(struct parse *ps, size_t from, size_t to, size_t size)
{
	size_t i;
	int ret = 0;

	for (i = from; i < to && ret == 0; i += size)
		ret = emit(ps, i, i + size, 1);
	return ret;
}

/* One event's rows, sorted by cmp_rows, into results.  By default a
 * medal run naming several athletes makes a team event (the SQL dedupe);
 * under --teams infer only an event whose every medal run names several
 * is one, and in any other event each athlete keeps a medal of their own
 * (two Soviet bronzes in 1964 judo are two). */
static int fold_event(struct parse *ps, size_t from, size_t to)
{
	const struct pd_event_rule *rule;
	struct row *rows = ps->rows;
	size_t i, end;
	int team_event = 0, single = 0, size = 0, ret;

	for (i = from; i < to; i = end) {
		end = run_end(rows, i, to, 0);
		if (rows[i].medal && several(rows, i, end))
			team_event = 1;
		else if (rows[i].medal)
			single = 1;
	}
	if (ps->infer && single)
		team_event = 0;
	if (ps->infer && (rule = pd_catalogue_find(ps->events,
						   ps->set->events[rows[from].event].sport,
						   ps->set->events[rows[from].event].name))) {
		team_event = rule->team;
		size = rule->size;
		if (rule->gender[0])
			strcpy(ps->set->events[rows[from].event].gender,
			       rule->gender);
	}
	ps->set->events[rows[from].event].team = team_event;
	for (i = from; i < to; i = end) {
		end = run_end(rows, i, to, team_event);
		if (rows[i].medal) {
			if (ps->infer && !team_event)
				ret = emit_each(ps, i, end);
			else if (size && end - i >= 2 * (size_t)size &&
				 (end - i) % (size_t)size == 0)
				ret = emit_split(ps, i, end, (size_t)size);
			else if (several(rows, i, end))
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

static size_t row_event(const void *r)
{
	return ((const struct row *)r)->event;
}

static int fold(struct parse *ps)
{
	size_t i, from;
	int ret;

	if ((ret = pd_import_group(&ps->rows, ps->nrows, sizeof(*ps->rows),
				   ps->set->nevents, row_event,
				   cmp_rows)) < 0)
		return ret;
	ps->arows = ps->nrows;
	for (from = 0, i = 1; i <= ps->nrows; i++)
		if (i == ps->nrows ||
		    ps->rows[i].event != ps->rows[from].event) {
			if ((ret = fold_event(ps, from, i)) < 0)
				return ret;
			from = i;
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
	if ((ret = pd_columns_header(c, diag)) < 0 ||
	    (ret = pd_columns_require(ps->at, c, headers, C_N, "no '%s' "
				      "column in the header: expected "
				      "Kaggle's athlete_events.csv columns",
				      diag)) < 0 ||
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
		pd_file_drop(ps->src, c->p);
	}
	if (ret == 0 && ps->nrows == 0)
		ret = pd_diag_set(diag, PD_EPARSE, ps->file, c->next_line,
				  "no rows%s%s%s", ps->only ? " of Games " : "",
				  ps->only ? ps->only : "", opts->nwhere ?
				  " match --where" : "");
	return ret;
}

int pd_athlete_events_read(struct pd_entry_set *out, struct pd_file *src,
			   const char *file, const struct pd_registry *reg,
			   const char *only, const struct pd_csv_opts *opts,
			   struct pd_diag *diag)
{
	struct pd_csv c;
	struct parse ps = { .set = out, .src = src, .file = file, .only = only,
			    .infer = opts->teams == PD_TEAMS_INFER,
			    .events = opts->events, .c = &c };
	int ret;

	if ((ret = pd_import_start(&ps.im, &c, src, file, reg, out, "NOC",
				   opts, diag)) < 0 ||
	    (ret = read_rows(&ps, &c, opts, diag)) < 0)
		goto cleanup;
	out->rows = ps.nrows;
	if ((ret = fold(&ps)) == 0)
		ret = pd_entries_finish(out);
cleanup:
	pd_strmap_release(&ps.athletes);
	free(ps.by_id);
	pd_strmap_release_keys(&ps.medals);
	free(ps.rows);
	return pd_import_end(&ps.im, &c, ret);
}

int pd_athlete_events_parse(struct pd_entry_set *out, const char *data,
			    size_t len, const char *file,
			    const struct pd_registry *reg, const char *only,
			    const struct pd_csv_opts *opts,
			    struct pd_diag *diag)
{
	struct pd_file src = { .data = data, .len = len };

	return pd_athlete_events_read(out, &src, file, reg, only, opts, diag);
}
