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
 *
 * From 1 MiB of rows on (SPLIT_MIN: at 512 KiB two threads were no
 * faster, 3.58 against 3.48 ms; at 1 MiB 5.98 against 6.83; the whole
 * file 210 against 256 ms), two threads read the rows (read_split()):
 * the second from a record's start after the middle into a set, maps
 * and rows of its own, then merge() puts them after the first's as one
 * pass would have: the same indexes, the same rows, the same first error.
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "podium/catalogue.h"
#include "podium/label.h"
#include "podium/entries.h"
#include "athlete_events.h"
#include "columns.h"
#include "import.h"
#include "strmap.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

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
	const char *team;	/* the last row's Team (team_text()) */
	char team_text[256];	/* as the file wrote it */
	/* the second part of a split parse (read_split()) only: */
	int second;
	atomic_int *cancel;	/* set when the first part failed */
	struct pending *pending;	/* athletes whose Sex is bad, in order */
	size_t npending, apending;
};

/* A new athlete of the second part with a bad Sex: an error only if the
 * first part does not know the ID (athlete_index() checks the Sex of a
 * new athlete alone). */
struct pending {
	size_t athlete;		/* the second part's index */
	long line;
	char *sex;
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

/* The second part's athlete pos, new there, whose Sex is bad. */
static int pend(struct parse *ps, size_t pos, const char *sex)
{
	struct pending *p;
	int ret;

	if ((ret = pd_array_grow(&ps->pending, ps->npending, &ps->apending,
				  sizeof(*ps->pending))) < 0)
		return ret;
	p = &ps->pending[ps->npending];
	p->athlete = pos;
	p->line = ps->c->line;
	if (!(p->sex = strdup(sex)))
		return PD_ENOMEM;
	ps->npending++;
	return 0;
}

static int athlete_index(struct parse *ps, unsigned noc, size_t *out,
			 struct pd_diag *diag)
{
	const char *id = field(ps, C_ID), *sex = field(ps, C_SEX), *ext;
	struct pd_entry_athlete a;
	size_t *slot = NULL, *by_id, i;
	int ret, bad;

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
	/* an ID first met beyond by_id_max() is in the map, also once the
	 * array has grown to hold it (rows in no order of ID) */
	if (ps->athletes.n &&
	    (ret = pd_strmap_get(&ps->athletes, ps->key, 0, &slot)) < 0)
		return ret;
	if (slot) {
		if (by_id)
			*by_id = *slot + 1;
		*out = *slot;
		return 0;
	}
	memset(&a, 0, sizeof(a));
	/* the second part of a split parse cannot tell yet whether the ID
	 * is new to the file: merge() decides */
	if ((bad = strcmp(sex, "M") && strcmp(sex, "F")) && !ps->second)
		return pd_diag_set(diag, PD_EPARSE, ps->file, ps->c->line,
				   "Sex '%s': expected M or F", sex);
	if (!bad)
		strcpy(a.gender, *sex == 'M' ? "M" : "W");
	memcpy(a.npc, noc_code(ps, noc), PD_CODE_MAX);
	if (!(ext = pd_entries_own(ps->set, ps->key)) ||
	    !(a.name = pd_entries_own(ps->set, field(ps, C_NAME))) ||
	    !(a.guide = pd_entries_str(ps->set, "")))
		return PD_ENOMEM;
	a.ext = ext;
	if ((ret = pd_entries_athlete(ps->set, &a, out)) < 0 ||
	    (bad && (ret = pend(ps, *out, sex)) < 0))
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
				   "no %s in this row: fill it in", *e.sport ?
				   "Event" : "Sport");
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

/* Team v, the set's shared copy: an athlete's rows come together and
 * mostly name one team, so the last one is kept at hand. */
static int team_text(struct parse *ps, const char *v, const char **out)
{
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

	if ((ret = games_index(ps, &games, diag)) <= 0 ||
	    (ret = pd_csv_labels_check(ps->c, diag)) < 0)
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
	if ((ret = team_text(ps, field(ps, C_TEAM), &r.team)) < 0)
		return ret;
	if ((ret = pd_array_grow(&ps->rows, ps->nrows, &ps->arows,
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

/* Where the fold writes: into the set's arrays from r and m on, whose
 * room fold() has made (a row is at most one result and one member), so
 * that two threads fold apart (fold_range()). */
struct sink {
	struct pd_entry_result *r;
	size_t nr;
	size_t *m;
	size_t nm;
};

static void emit(struct parse *ps, struct sink *k, size_t from, size_t to,
		 int team)
{
	const struct pd_entry_set *s = ps->set;
	const struct row *r = &ps->rows[from];
	struct pd_entry_result *out = &k->r[k->nr++];
	size_t i;

	memset(out, 0, sizeof(*out));
	out->event = r->event;
	memcpy(out->npc, noc_code(ps, r->noc), PD_CODE_MAX);
	out->rank = r->medal;
	out->date = s->events[r->event].date;
	out->line = r->line;
	out->rows = to - from;
	out->team = team;
	if (!team) {
		out->athlete = r->athlete + 1;
		out->name = s->athletes[r->athlete].name;
		return;
	}
	out->name = r->team;
	out->member = k->nm;	/* into k->m: fold() makes it the set's */
	for (i = from; i < to; i++)
		if (i == from || ps->rows[i].athlete != ps->rows[i - 1].athlete)
			k->m[k->nm++] = ps->rows[i].athlete;
	out->nmembers = k->nm - out->member;
}

/* Each athlete of rows[from..to) (one medal run) as a medal of their
 * own: a tie of one NOC's athletes in an individual event. */
static void emit_each(struct parse *ps, struct sink *k, size_t from,
		      size_t to)
{
	size_t i, j;

	for (i = from; i < to; i++) {
		for (j = from; j < i; j++)
			if (ps->rows[j].athlete == ps->rows[i].athlete)
				break;
		if (j == i)
			emit(ps, k, i, i + 1, 0);
	}
}

/* A medal run of k * size rows in an event whose teams have size
 * members (the catalogue's): k teams of one NOC sharing the medal (two
 * Korean pairs with a doubles bronze), members taken in file order, as
 * nothing in the rows says who played with whom. */
static void emit_split(struct parse *ps, struct sink *k, size_t from,
		       size_t to, size_t size)
{
	size_t i;

	for (i = from; i < to; i += size)
		emit(ps, k, i, i + size, 1);
}

/* One event's rows, sorted by cmp_rows, into results.  By default a
 * medal run naming several athletes makes a team event (the SQL dedupe);
 * under --teams infer only an event whose every medal run names several
 * is one, and in any other event each athlete keeps a medal of their own
 * (two Soviet bronzes in 1964 judo are two). */
static void fold_event(struct parse *ps, struct sink *k, size_t from,
		       size_t to)
{
	const struct pd_event_rule *rule;
	struct row *rows = ps->rows;
	size_t i, end;
	int team_event = 0, single = 0, size = 0;

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
				emit_each(ps, k, i, end);
			else if (size && end - i >= 2 * (size_t)size &&
				 (end - i) % (size_t)size == 0)
				emit_split(ps, k, i, end, (size_t)size);
			else if (several(rows, i, end))
				emit(ps, k, i, end, 1);
			else
				emit(ps, k, i, i + 1, 0);
		} else if (team_event) {
			emit(ps, k, i, end, 1);
		} else {
			for (; i < end; i++)
				emit(ps, k, i, i + 1, 0);
		}
	}
}

static size_t row_event(const void *r)
{
	return ((const struct row *)r)->event;
}

/* v[0..n) by cmp_rows, with room for n / 2 in tmp: a merge sort of its
 * own, since glibc's qsort takes its buffer from malloc in the thread
 * that calls it, and a second thread's arena kept ~300 KiB of it in the
 * import's peak.  cmp_rows is a total order: the same rows as qsort. */
static void sort_rows(struct row *v, size_t n, struct row *tmp)
{
	size_t i, j, k, h = n / 2;
	struct row r;

	if (n <= 12) {
		for (i = 1; i < n; i++) {
			for (r = v[i], j = i; j > 0 && cmp_rows(&v[j - 1], &r) > 0;
			     j--)
				v[j] = v[j - 1];
			v[j] = r;
		}
		return;
	}
	sort_rows(v, h, tmp);
	sort_rows(v + h, n - h, tmp);
	memcpy(tmp, v, h * sizeof(*v));
	for (i = 0, j = h, k = 0; i < h && j < n; )
		v[k++] = cmp_rows(&tmp[i], &v[j]) <= 0 ? tmp[i++] : v[j++];
	while (i < h)
		v[k++] = tmp[i++];
}

/* The events of rows[from..to) (whole events), each sorted by cmp_rows
 * and folded into k; tmp has room for half the longest. */
static void fold_range(struct parse *ps, struct sink *k, size_t from,
		       size_t to, struct row *tmp)
{
	size_t i, at = from;

	for (i = from + 1; i <= to; i++)
		if (i == to || ps->rows[i].event != ps->rows[at].event) {
			sort_rows(ps->rows + at, i - at, tmp);
			fold_event(ps, k, at, i);
			at = i;
		}
}

/* The second half of the events, folded by a thread of its own. */
struct fold_half {
	struct parse *ps;
	struct sink k;
	size_t from, to;
	struct row *tmp;
};

static void *fold_second(void *arg)
{
	struct fold_half *h = arg;

	fold_range(h->ps, &h->k, h->from, h->to, h->tmp);
	return NULL;
}

static int room(void *v, size_t *alloc, size_t n, size_t elem)
{
	void **pv = v, *nv;

	if (*alloc >= n)
		return 0;
	if (!(nv = realloc(*pv, n * elem)))
		return PD_ENOMEM;
	*pv = nv;
	*alloc = n;
	return 0;
}

/* The rows, grouped by event, into results.  A file read in two parts
 * is folded in two as well: the events from the one holding the middle
 * row on by a second thread, into the set's arrays from that row's
 * index on, then moved down behind the first's results and members (the
 * results' order does not matter: pd_entries_finish() orders them by
 * event, rank and line). */
static int fold(struct parse *ps)
{
	struct pd_entry_set *s = ps->set;
	struct sink one = { 0 };
	struct fold_half h = { .ps = ps };
	size_t i, mid, at, longest = 0, *v;
	struct row *tmp;
	pthread_t thread;
	int ret, two = 0;

	if ((ret = pd_array_group(&ps->rows, ps->nrows, sizeof(*ps->rows),
				   s->nevents, row_event, NULL)) < 0)
		return ret;
	ps->arows = ps->nrows;
	/* a row is at most one result and one member: room for them all at
	 * once, so that no doubling copies them (untouched pages cost
	 * nothing) */
	if ((ret = room(&s->results, &s->aresults, s->nresults + ps->nrows,
			sizeof(*s->results))) < 0 ||
	    (ret = room(&s->members, &s->amembers, s->nmembers + ps->nrows,
			sizeof(*s->members))) < 0)
		return ret;
	one.r = s->results + s->nresults;
	one.m = s->members + s->nmembers;
	for (at = 0, i = 1; i <= ps->nrows; i++)
		if (i == ps->nrows || ps->rows[i].event != ps->rows[at].event) {
			longest = i - at > longest ? i - at : longest;
			at = i;
		}
	if (!(tmp = malloc((longest / 2 + 1) * 2 * sizeof(*tmp))))
		return PD_ENOMEM;
	for (mid = ps->nrows / 2; mid > 0 && mid < ps->nrows &&
	     ps->rows[mid].event == ps->rows[mid - 1].event; mid++)
		;
	if (s->split && mid > 0 && mid < ps->nrows) {
		h.k.r = one.r + mid;
		h.k.m = one.m + mid;
		h.from = mid;
		h.to = ps->nrows;
		h.tmp = tmp + longest / 2 + 1;
		two = pthread_create(&thread, NULL, fold_second, &h) == 0;
	}
	fold_range(ps, &one, 0, two ? mid : ps->nrows, tmp);
	if (two)
		pthread_join(thread, NULL);
	free(tmp);
	if (two) {
		for (i = 0; i < h.k.nr; i++)
			if (h.k.r[i].team)
				h.k.r[i].member += one.nm;
		memmove(one.r + one.nr, h.k.r, h.k.nr * sizeof(*h.k.r));
		memmove(one.m + one.nm, h.k.m, h.k.nm * sizeof(*h.k.m));
		one.nr += h.k.nr;
		one.nm += h.k.nm;
	}
	/* the members' indexes are the set's */
	for (i = 0; i < one.nr; i++)
		if (one.r[i].team)
			one.r[i].member += s->nmembers;
	s->nresults += one.nr;
	s->nmembers += one.nm;
	/* the members stay to the end: what the second thread's part
	 * touched beyond them (up to half a file's rows) goes back */
	if (two && (v = realloc(s->members, (s->nmembers + 1) *
				sizeof(*s->members)))) {
		s->members = v;
		s->amembers = s->nmembers + 1;
	}
	return 0;
}

/* Rows from c's place on, to the end, or with stop to the first record
 * that would start at or beyond it; c refuses a row that has not the
 * header's width (pd_csv_set_width()). */
static int read_part(struct parse *ps, struct pd_csv *c,
		     const struct pd_columns *cols, const char *stop,
		     struct pd_diag *diag)
{
	int ret;

	for (;;) {
		if (stop) {
			pd_csv_skip_blank(c);
			if (c->p >= stop)
				return 0;
		}
		if (ps->cancel &&
		    atomic_load_explicit(ps->cancel, memory_order_relaxed))
			return PD_EINVAL;	/* nobody reads it */
		if ((ret = pd_csv_next(c, diag)) <= 0)
			return ret;
		if (pd_columns_keep(cols, c) &&
		    (ret = take_row(ps, diag)) < 0)
			return ret;
		pd_file_drop(ps->src, c->p);
	}
}

/* The second part of a split parse: its own set, maps, rows and reader,
 * shared with nothing until the first part has joined its thread. */
struct part {
	struct parse ps;
	struct pd_entry_set set;
	struct pd_csv c;
	struct pd_file src;	/* the same bytes, its own pages to drop */
	struct pd_columns cols;
	atomic_int cancel;
	struct pd_diag diag;
	int ret;
	int utf8;		/* ret is its part's UTF-8 check's */
	pthread_t thread;
};

/* Its part's UTF-8 (the rest of the file, however the first part ends),
 * then its rows. */
static void *read_second(void *arg)
{
	struct part *b = arg;

	if ((b->ret = pd_file_utf8_check_part(&b->src, b->c.p, b->c.end,
					      b->c.next_line, b->ps.file,
					      &b->diag)) < 0) {
		b->utf8 = 1;
		return NULL;
	}
	b->ret = read_part(&b->ps, &b->c, &b->cols, NULL, &b->diag);
	return NULL;
}

static void release_parse(struct parse *ps)
{
	size_t i;

	pd_strmap_release(&ps->athletes);
	free(ps->by_id);
	pd_strmap_release_keys(&ps->medals);
	free(ps->rows);
	for (i = 0; i < ps->npending; i++)
		free(ps->pending[i].sex);
	free(ps->pending);
}

static void part_release(struct part *b)
{
	release_parse(&b->ps);
	pd_csv_release(&b->c);
	pd_import_release(&b->ps.im);
	pd_entries_release(&b->set);
	free(b);
}

/* A part reading from start (at line) to the end, with what the first
 * part knows of the header. */
static struct part *part_new(const struct parse *ps, const struct pd_csv *c,
			     const struct pd_columns *cols, const char *start,
			     long line)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), off;
	struct part *b = calloc(1, sizeof(*b));
	struct parse *q;

	if (!b)
		return NULL;
	q = &b->ps;
	q->set = &b->set;
	q->file = ps->file;
	q->only = ps->only;
	q->c = &b->c;
	q->src = &b->src;
	memcpy(q->at, ps->at, sizeof(q->at));
	q->second = 1;
	q->cancel = &b->cancel;
	atomic_init(&b->cancel, 0);
	pd_import_init(&q->im, ps->im.reg, &b->set, ps->file, "NOC");
	pd_import_same(&q->im, ps->im.opts);
	pd_entries_init(&b->set);
	/* not at the top: no byte order mark to skip */
	pd_csv_init(&b->c, start, (size_t)(c->end - start), ps->file);
	b->c.p = start;
	b->c.next_line = line;
	/* its pages from the first whole one on: the page holding start is
	 * the first part's too */
	b->src = *ps->src;
	off = (size_t)(start - ps->src->data);
	b->src.dropped = (off + page - 1) / page * page;
	b->cols = *cols;
	if (pd_csv_copy_checks(&b->c, c) < 0) {
		part_release(b);
		return NULL;
	}
	return b;
}

/* The first part's index of the athlete ext ("kaggle:ID") in *at: 1 if
 * it has one, as athlete_index() would find it. */
static int known(struct parse *ps, const char *ext, size_t *at)
{
	const char *id = ext + 7;
	size_t len = strlen(id), v = 0, i, *slot = NULL;

	if (len <= 9 && id[0] != '0') {
		for (i = 0; i < len; i++)
			v = v * 10 + (size_t)(id[i] - '0');
		if (v < ps->nby_id && ps->by_id[v]) {
			*at = ps->by_id[v] - 1;
			return 1;
		}
	}
	if (ps->athletes.n &&
	    pd_strmap_get(&ps->athletes, ext, 0, &slot) == 0 && slot) {
		*at = *slot;
		return 1;
	}
	return 0;
}

/* The set's copies of the second part's Teams, by address. */
#define TEAMS_SEEN 4096
struct team_seen {
	const char *part, *set;
};

/* The second part's rows after the first part's, as one pass would have
 * read them: its Games, events, athletes and medals found in or added to
 * the first part's in its order of first sight (so the same indexes),
 * its Teams' text looked up in the set (pd_entries_str() gives one copy
 * of a text however it was written, so who asks first does not matter),
 * its strings adopted.  Its error is the file's
 * first unless a new athlete with a bad Sex comes before it. */
static int merge(struct parse *ps, struct part *b, struct pd_diag *diag)
{
	struct parse *q = &b->ps;
	struct pd_entry_set *s = ps->set, *ls = &b->set;
	size_t *gmap, *emap, *amap, *mmap, i, n, *slot, at;
	const char **keys, *last = NULL, *last_set = NULL;
	struct team_seen *seen;
	long lp, lr, lb;
	int ret = PD_ENOMEM;

	/* the file's first error: a new athlete's bad Sex that the first
	 * part does not know, the row past the limit, or the second part's
	 * own (a Sex is checked before anything but the Games, the medal
	 * and the NOC, and the limit after everything) */
	for (i = 0; i < q->npending; i++)
		if (!known(ps, ls->athletes[q->pending[i].athlete].ext, &at))
			break;
	n = ps->nrows + q->nrows;
	lp = i < q->npending ? q->pending[i].line : LONG_MAX;
	lr = n > PD_ENTRIES_MAX ? q->rows[PD_ENTRIES_MAX - ps->nrows].line :
	     LONG_MAX;
	lb = b->ret == PD_ENOMEM ? 0 : b->ret < 0 ? b->diag.line : LONG_MAX;
	if (lp <= lb && lp < LONG_MAX && lp <= lr)
		return pd_diag_set(diag, PD_EPARSE, ps->file, lp, "Sex '%s': "
				   "expected M or F", q->pending[i].sex);
	if (b->ret < 0 && lb <= lr) {
		if (diag)
			*diag = b->diag;
		return b->ret;
	}
	if (lr < LONG_MAX)
		return pd_diag_set(diag, PD_ETOOBIG, ps->file, lr,
				   "more than %zu rows", PD_ENTRIES_MAX);
	gmap = malloc((ls->ngames + 1) * sizeof(*gmap));
	emap = malloc((ls->nevents + 1) * sizeof(*emap));
	amap = malloc((ls->nathletes + 1) * sizeof(*amap));
	mmap = malloc((q->medals.n + 1) * sizeof(*mmap));
	keys = calloc(q->medals.n + 1, sizeof(*keys));
	seen = calloc(TEAMS_SEEN, sizeof(*seen));
	if (!gmap || !emap || !amap || !mmap || !keys || !seen)
		goto cleanup;
	for (i = 0; i < ls->ngames; i++)
		if ((ret = pd_entries_games(s, ls->games[i], &gmap[i])) < 0)
			goto cleanup;
	for (i = 0; i < ls->nevents; i++) {
		struct pd_entry_event e = ls->events[i];

		e.games = gmap[e.games];
		if ((ret = pd_import_event(&ps->im, &e, 0, &emap[i],
					   diag)) < 0)
			goto cleanup;
	}
	/* its athletes' strings are the set's from here on, not copied */
	if ((ret = pd_entries_adopt(s, ls)) < 0)
		goto cleanup;
	for (i = 0; i < ls->nathletes; i++)
		if (!known(ps, ls->athletes[i].ext, &amap[i]) &&
		    (ret = pd_entries_athlete(s, &ls->athletes[i],
					      &amap[i])) < 0)
			goto cleanup;
	/* medal ids from 1, in the order they were given */
	for (i = 0; i < q->medals.cap; i++)
		if (q->medals.keys[i])
			keys[q->medals.vals[i]] = q->medals.keys[i];
	for (i = 1; i <= q->medals.n; i++) {
		if ((ret = pd_strmap_add_copy(&ps->medals, keys[i],
					      &slot)) < 0)
			goto cleanup;
		if (ret == 1)
			*slot = ps->medals.n;
		mmap[i] = *slot;
	}
	ret = PD_ENOMEM;
	if (n > ps->arows) {
		struct row *v = realloc(ps->rows, n * sizeof(*v));

		if (!v)
			goto cleanup;
		ps->rows = v;
		ps->arows = n;
	}
	for (i = 0; i < q->nrows; i++) {
		struct row r = q->rows[i];

		r.athlete = amap[r.athlete];
		r.event = emap[r.event];
		r.medal_id = r.medal ? mmap[r.medal_id] : 0;
		/* the set's copy of the second part's: the same text, as
		 * team_text() would have found it; most rows name the Team
		 * of the row before, the rest are looked up once a Team */
		if (r.team != last) {
			struct team_seen *t = &seen[((uintptr_t)r.team >> 4) %
						    TEAMS_SEEN];

			last = r.team;
			if (t->part != last) {
				t->part = last;
				if (!(t->set = pd_entries_str(s, last)))
					goto cleanup;
			}
			last_set = t->set;
		}
		r.team = last_set;
		ps->rows[ps->nrows++] = r;
	}
	ret = 0;
cleanup:
	free(gmap);
	free(emap);
	free(amap);
	free(mmap);
	free(keys);
	free(seen);
	return ret;
}

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The quotes and line breaks in [p, end), added to *quotes and *lines. */
static void count(const char *p, const char *end, size_t *quotes,
		  size_t *lines)
{
#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"'), nl = _mm_set1_epi8('\n');
	const __m128i zero = _mm_setzero_si128();

	/* byte counters, added up before any can pass 255 */
	while (end - p >= 16) {
		__m128i aq = zero, an = zero, v;
		int k;

		for (k = 0; k < 255 && end - p >= 16; k++, p += 16) {
			v = _mm_loadu_si128((const __m128i *)(const void *)p);
			aq = _mm_sub_epi8(aq, _mm_cmpeq_epi8(v, quote));
			an = _mm_sub_epi8(an, _mm_cmpeq_epi8(v, nl));
		}
		aq = _mm_sad_epu8(aq, zero);
		an = _mm_sad_epu8(an, zero);
		*quotes += (size_t)_mm_cvtsi128_si32(aq) +
			   (size_t)_mm_extract_epi16(aq, 4);
		*lines += (size_t)_mm_cvtsi128_si32(an) +
			  (size_t)_mm_extract_epi16(an, 4);
	}
#endif
	for (; p < end; p++) {
		*quotes += *p == '"';
		*lines += *p == '\n';
	}
}

/* Where a second thread may start: the first line after the middle of
 * the rows whose start is outside quotes by the count of quotes from the
 * top of the file (RFC 4180: a line break inside a quoted field follows
 * an odd number of them; "" counts twice) and whose line before is not
 * blank, or NULL.  *line is its number.  A guess only: a quote inside an
 * unquoted field fools it, so read_split() checks that the first part's
 * reader does end a record there. */
static const char *split_point(struct parse *ps, const struct pd_csv *c,
			       long *line)
{
	const char *top = ps->src->data, *p = c->p + (c->end - c->p) / 2;
	const char *step, *e, *stop;
	size_t quotes = 0, lines = 0, dropped = ps->src->dropped;

	/* in steps, each let go of behind as the reader does: the first
	 * part reads these pages again from the top */
	for (step = top; step < p; step = e) {
		e = (size_t)(p - step) > ((size_t)4 << 20) ?
		    step + ((size_t)4 << 20) : p;
		count(step, e, &quotes, &lines);
		pd_file_drop(ps->src, e);
	}
	ps->src->dropped = dropped;
	/* a few MiB on at most: a record that long, or a count of quotes
	 * gone odd, and one thread reads it all, with no more of the file
	 * held than its reader holds */
	stop = (size_t)(c->end - p) > ((size_t)4 << 20) ?
	       p + ((size_t)4 << 20) : c->end;
	for (; p < stop; p++) {
		if (*p == '"') {
			quotes++;
			continue;
		}
		if (*p != '\n')
			continue;
		lines++;
		e = p > top && p[-1] == '\r' ? p - 1 : p;
		if (quotes % 2 == 0 && p + 1 < c->end && e > top &&
		    e[-1] != '\n' && e[-1] != '\r') {
			*line = (long)lines + 1;
			return p + 1;
		}
	}
	return NULL;
}

/* Files from this size on are read by two threads (read_split()). */
#define SPLIT_MIN ((size_t)1 << 20)

/* The rows, by two threads where the file is large enough: the second
 * part from split_point() on into a set of its own, the first up to
 * there, then merge()d.  Where the first part's reader does not end a
 * record exactly there, the second part's reading was not the file's:
 * it is dropped and the first reads on alone.  The first part's error
 * comes first in the file, so it wins; the second part is told to stop. */
static int read_split(struct parse *ps, struct pd_csv *c,
		      const struct pd_columns *cols,
		      const struct pd_csv_opts *opts, struct pd_diag *diag)
{
	size_t min = opts->split_min ? opts->split_min : SPLIT_MIN;
	const char *start;
	struct part *b;
	long line;
	int ret;

	b = NULL;
	if ((size_t)(c->end - c->p) < min ||
	    !(start = split_point(ps, c, &line)) ||
	    !(b = part_new(ps, c, cols, start, line)) ||
	    pthread_create(&b->thread, NULL, read_second, b) != 0) {
		if (b)
			part_release(b);
		if ((ret = pd_file_utf8_check(ps->src, ps->file, diag)) < 0)
			return ret;
		return read_part(ps, c, cols, NULL, diag);
	}
	/* a bad byte anywhere comes before any bad row: the first part's
	 * first, then the second's (which checked the rest of the file) */
	if ((ret = pd_file_utf8_check_part(ps->src, ps->src->data, start, 1,
					   ps->file, diag)) < 0 ||
	    (ret = read_part(ps, c, cols, start, diag)) < 0)
		atomic_store(&b->cancel, 1);
	pthread_join(b->thread, NULL);
	if (ret == PD_EUTF8 || b->utf8) {
		if (ret != PD_EUTF8 && diag)
			*diag = b->diag;
		ret = ret == PD_EUTF8 ? ret : b->ret;
		part_release(b);
		return ret;
	}
	/* what is left of the first part (the second's tail is held as one
	 * reader's would be) */
	pd_file_drop_now(ps->src, c->p);
	if (ret == 0 && c->p == start && c->next_line == line) {
		ret = merge(ps, b, diag);
		ps->set->split = 1;
		/* what it let go of, for a caller that looks */
		if (b->src.dropped > ps->src->dropped)
			ps->src->dropped = b->src.dropped;
		c->p = c->end;
		c->next_line = b->c.next_line;
	} else if (ret == 0) {
		ret = 1;
	}
	part_release(b);
#ifdef __GLIBC__
	/* glibc keeps what the second thread freed in that thread's arena
	 * (its maps, its reader, its medal keys): about 1 MiB that stayed
	 * in the import's peak, met again when the store is written */
	malloc_trim(0);
#endif
	return ret == 1 ? read_part(ps, c, cols, NULL, diag) : ret;
}

/* The columns kept as names, checked by the reader at their line. */
static int labels(const struct parse *ps, struct pd_csv *c)
{
	static const int kept[] = { C_NAME, C_TEAM, C_SPORT, C_EVENT };
	static const char *const what[] = { "name", "team", "sport",
					    "event" };
	size_t i;
	int ret;

	for (i = 0; i < sizeof(kept) / sizeof(*kept); i++)
		if ((ret = pd_csv_label(c, (size_t)ps->at[kept[i]], what[i],
					NULL)) < 0)
			return ret;
	return 0;
}

static int read_rows(struct parse *ps, struct pd_csv *c,
		     const struct pd_csv_opts *opts, struct pd_diag *diag)
{
	static const char *const *const none[PD_F_COUNT];
	struct pd_csv_opts where = *opts;
	struct pd_columns cols;
	int ret;

	memset(where.map, 0, sizeof(where.map));
	/* a file that is not UTF-8 says so first, whatever else is wrong */
	if ((ret = pd_columns_header(c, diag)) < 0 ||
	    (ret = pd_columns_require(ps->at, c, headers, C_N, "no '%s' "
				      "column in the header: expected "
				      "Kaggle's athlete_events.csv columns",
				      diag)) < 0 ||
	    (ret = pd_columns_find(&cols, c, &where, none, diag)) < 0 ||
	    (ret = labels(ps, c)) < 0) {
		int utf8 = pd_file_utf8_check(ps->src, ps->file, diag);

		return utf8 < 0 ? utf8 : ret;
	}
	ret = read_split(ps, c, &cols, opts, diag);
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

	/* the UTF-8 is checked by read_rows(), in parts where two threads
	 * read the rows */
	pd_import_begin(&ps.im, &c, src, file, reg, out, "NOC", opts);
	if ((ret = read_rows(&ps, &c, opts, diag)) < 0)
		goto cleanup;
	out->rows = ps.nrows;
	/* the rows are folded into results: let them go before the results
	 * are ordered, which copies them (the peak of the parse) */
	if ((ret = fold(&ps)) == 0) {
		free(ps.rows);
		ps.rows = NULL;
		ret = pd_entries_finish(out);
	}
cleanup:
	release_parse(&ps);
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
