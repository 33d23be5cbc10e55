/* medals_csv.c -- import a CSV with one row per medal awarded.
 *
 * Columns are found by header name (see guesses below) or named with
 * --map.  A file that lists a team medal once per member (a non-empty team
 * column, e.g. tidytuesday's grp_id) is folded back to one medal per
 * (sport, event, gender, medal, NPC); rows without a team value are never
 * merged, since two bronzes can go to one NPC in the same event.
 *
 * The gender column is the event's when it is named so (event_gender,
 * team_gender, --map event_gender=) or holds a gender only an event has
 * (X, O, Mixed, Open); an athlete's (Male, Female) splits no event.  A
 * column of Men and Women alone may be the athletes': under --teams infer
 * the events catalogue then makes one event of the men and the women of
 * an event it knows to be mixed or open at that Games (merge_genders()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/catalogue.h"
#include "podium/io.h"
#include "podium/label.h"
#include "columns.h"
#include "import.h"

static const char *const g_medal[] = { "medal", "medal_type", "medal type",
				       "medal_name", NULL };
static const char *const g_npc[] = { "npc", "noc", "country_code", "npc_code",
				     "noc_code", "nation_code", "ioc",
				     "country", "country_name", "nation",
				     "country_long", NULL };
static const char *const g_event[] = { "event", "event_name", NULL };
static const char *const g_sport[] = { "sport", "discipline", "sport_name",
				       "type", NULL };
static const char *const g_date[] = { "date", "medal_date", "event_date",
				      NULL };
static const char *const g_athlete[] = { "athlete", "name", "athlete_name",
					 NULL };
static const char *const g_gender[] = { "gender", "sex", "event_gender",
					"team_gender", NULL };
static const char *const g_team[] = { "grp_id", "team_id", "code_team",
				      "team", NULL };

static const char *const *const guesses[PD_F_COUNT] = {
	[PD_F_MEDAL] = g_medal, [PD_F_NPC] = g_npc, [PD_F_EVENT] = g_event,
	[PD_F_SPORT] = g_sport, [PD_F_DATE] = g_date,
	[PD_F_ATHLETE] = g_athlete, [PD_F_GENDER] = g_gender,
	[PD_F_TEAM] = g_team,
};

/* the fields kept as names (a team value only tells teams apart) */
static const struct pd_columns_label labels[] = {
	{ PD_F_SPORT, "sport", NULL }, { PD_F_EVENT, "event", NULL },
	{ PD_F_GENDER, "gender", NULL }, { PD_F_DATE, "date", NULL },
	{ PD_F_ATHLETE, "athlete", pd_columns_members_hint },
};

/* "Gold", "Gold Medal", "G", "1", "金牌" ...; -1 if not a medal. */
static int medal_of(const char *s)
{
	static const char *const names[3][6] = {
		{ "gold", "gold medal", "g", "1", "金牌", "金" },
		{ "silver", "silver medal", "s", "2", "银牌", "银" },
		{ "bronze", "bronze medal", "b", "3", "铜牌", "铜" },
	};
	int m, i;

	for (m = 0; m < 3; m++)
		for (i = 0; i < 6; i++)
			if (!strcasecmp(s, names[m][i]))
				return m;
	return -1;
}

struct offs {
	size_t sport, event, gender, date, athlete, team;
	long line;
};

struct parse {
	struct pd_medal_set *set;
	struct offs *offs;
	struct pd_buf pool;
	struct pd_import im;
	int team_ids;		/* the team column names teams, not members */
	int infer;		/* --teams infer */
	const struct pd_catalogue *events;	/* consulted under infer */
	int year;		/* the Games' (the catalogue's YEARS), or 0 */
	int gender_event;	/* the gender column is the event's */
};

static int keep(struct parse *ps, const char *s, size_t *off)
{
	int ret;

	*off = ps->pool.len;
	if ((ret = pd_buf_add(&ps->pool, s, strlen(s) + 1)) < 0)
		return ret;
	/* a line break inside a quoted name is white space to a reader */
	pd_name_fold(ps->pool.data + *off);
	ps->pool.len = *off + strlen(ps->pool.data + *off) + 1;
	return 0;
}

static int grow(struct parse *ps)
{
	struct pd_medal_set *s = ps->set;
	size_t na = s->alloc ? s->alloc * 2 : 256;
	struct pd_medal_rec *v;
	struct offs *o;

	if (!(v = realloc(s->v, na * sizeof(*v))))
		return PD_ENOMEM;
	s->v = v;
	if (!(o = realloc(ps->offs, na * sizeof(*o))))
		return PD_ENOMEM;
	ps->offs = o;
	s->alloc = na;
	return 0;
}

static int take_row(struct parse *ps, const struct pd_columns *cols,
		    const struct pd_csv *c, const struct pd_csv_opts *opts,
		    struct pd_diag *diag)
{
	struct pd_medal_set *s = ps->set;
	struct pd_medal_rec *r;
	const struct pd_npc *npc;
	struct offs *o;
	const char *v = pd_columns_get(cols, c, PD_F_MEDAL), *gender;
	char name[4 * PD_NAME_MAX];
	int m = medal_of(v), ret = 0;

	if ((ret = pd_csv_labels_check(c, diag)) < 0)
		return ret;
	if (m < 0)
		return pd_diag_set(diag, PD_EPARSE, c->file, c->line,
				   "'%s' is not a medal: expected Gold, "
				   "Silver or Bronze", v);
	if (s->n == s->alloc && (ret = grow(ps)) < 0)
		return ret;
	r = &s->v[s->n];
	o = &ps->offs[s->n];
	memset(r, 0, sizeof(*r));
	r->medal = (enum pd_medal)m;
	o->line = c->line;
	if ((ret = pd_import_npc_value(&ps->im, opts, c->line,
				       pd_columns_get(cols, c, PD_F_NPC), &v,
				       diag)) < 0)
		return ret;
	if (!v)
		return 0;	/* --fix LINE=- */
	if ((ret = pd_import_npc(&ps->im, v, c->line, &npc, diag)) < 0)
		return ret;
	memcpy(r->npc, npc->code, PD_CODE_MAX);
	/* an athlete's gender (Male, Female) splits no event: the event's
	 * is its name's */
	gender = pd_columns_get(cols, c, PD_F_GENDER);
	if (pd_import_person_gender(gender))
		gender = pd_import_name_gender(pd_columns_get(cols, c,
							      PD_F_EVENT));
	else if (pd_import_event_only(gender))
		ps->gender_event = 1;
	/* a competitor's name as the store takes it (label.h, once its
	 * line breaks are folded), refused here where the line is known */
	v = pd_columns_get(cols, c, PD_F_ATHLETE);
	ret = 0;
	if (v && *v && strlen(v) < sizeof(name)) {
		memcpy(name, v, strlen(v) + 1);
		ret = pd_person_check("athlete", pd_name_fold(name), diag);
	}
	if (ret < 0) {
		if (diag) {
			snprintf(diag->file, sizeof(diag->file), "%s",
				 c->file ? c->file : "");
			diag->line = c->line;
		}
		return ret;
	}
	if (keep(ps, pd_columns_get(cols, c, PD_F_SPORT), &o->sport) ||
	    keep(ps, pd_columns_get(cols, c, PD_F_EVENT), &o->event) ||
	    keep(ps, gender, &o->gender) ||
	    keep(ps, pd_columns_get(cols, c, PD_F_DATE), &o->date) ||
	    keep(ps, pd_columns_get(cols, c, PD_F_ATHLETE), &o->athlete) ||
	    keep(ps, pd_columns_get(cols, c, PD_F_TEAM), &o->team))
		return pd_diag_set(diag, PD_ETOOBIG, c->file, c->line,
				   "file too large to import at once");
	s->n++;
	s->rows++;
	return 0;
}

/* The merge key of a team-member row; "" for a row that is no team's. */
static const char *team_key(const struct parse *ps, size_t i, char *out,
			    size_t size)
{
	const struct offs *o = &ps->offs[i];
	const char *pool = ps->pool.data;

	/* under --teams infer every row is in some group: its event
	 * decides (merge_teams()) */
	if (!pool[o->team] && !ps->infer)
		return "";
	/* a column that names each team (code_team) tells two teams of one
	 * NPC sharing a medal apart; tidytuesday's grp_id numbers members.
	 * The event's part ends at \x1d, so one event's groups sort
	 * together. */
	snprintf(out, size, "%s\x1f%s\x1f%s\x1d%d\x1f%s\x1f%s",
		 pool + o->sport, pool + o->event, pool + o->gender,
		 ps->set->v[i].medal, ps->set->v[i].npc,
		 ps->team_ids ? pool + o->team : "");
	return out;
}

struct keyed {
	char *key;
	size_t i;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* The length of key's event part (up to \x1d). */
static size_t event_part(const char *key)
{
	return strcspn(key, "\x1d");
}

/* What --teams infer took the event of row i for. */
static void count_event(struct parse *ps, size_t i, int team)
{
	const char *g = ps->pool.data + ps->offs[i].gender;

	*(team ? &ps->set->team_events : &ps->set->individual_events) += 1;
	if (!strcasecmp(g, "X") || !strcasecmp(g, "Mixed"))
		ps->set->mixed_events++;
	else if (!strcasecmp(g, "O") || !strcasecmp(g, "Open"))
		ps->set->open_events++;
}

/* The rows k[0..n) of one medal and NPC in a team event: one team, all
 * but the first row dropped; or, the team's size fixed and the rows that
 * many times two or more, as many teams (members in file order: the two
 * Korean table tennis pairs sharing a bronze in 1992). */
static void drop_members(const struct keyed *k, size_t n, int size,
			 char *drop)
{
	size_t a, s = size > 0 ? (size_t)size : n;

	if (n < 2 * s || n % s)
		s = n;
	for (a = 0; a < n; a++)
		if (a % s)
			drop[k[a].i] = 1;
}

/* Under --teams infer: in each event (a run of k[] sharing the event
 * part), fold every group of rows of one medal and NPC into one medal
 * when the catalogue says the event is a team's (as many medals as teams
 * of its size: drop_members()), or, where it says nothing, when every
 * group has several rows; else keep every row. */
static void infer_drops(struct parse *ps, const struct keyed *k, size_t nk,
			char *drop)
{
	const struct pd_event_rule *rule;
	const char *pool = ps->pool.data;
	size_t i, j, g, n, e;
	int team;

	for (i = 0; i < nk; i = j) {
		e = event_part(k[i].key);
		for (j = i + 1; j < nk && event_part(k[j].key) == e &&
		     !strncmp(k[i].key, k[j].key, e); j++)
			;
		rule = pd_catalogue_find(ps->events,
					 pool + ps->offs[k[i].i].sport,
					 pool + ps->offs[k[i].i].event);
		team = 1;
		for (g = i; g < j && team; g = n) {
			for (n = g + 1; n < j && !strcmp(k[g].key, k[n].key);
			     n++)
				;
			team = n - g >= 2;
		}
		if (rule)
			team = rule->team;
		count_event(ps, k[i].i, team);
		for (g = i; team && g < j; g = n) {
			for (n = g + 1; n < j && !strcmp(k[g].key, k[n].key);
			     n++)
				;
			drop_members(k + g, n - g, rule ? rule->size : 0, drop);
		}
	}
}

/* Under --teams infer, a gender column of Men and Women alone may be the
 * athletes': the rows of each event name the catalogue knows to be mixed
 * or open are one event of gender X or O (pd_import_mixed()); the
 * catalogue's other events, and those it does not know, keep the file's
 * genders. */
static int merge_genders(struct parse *ps)
{
	struct pd_medal_set *s = ps->set;
	struct pd_mixed_row *v;
	const char **g = NULL;
	size_t i, x, o;
	int ret;

	if ((ret = keep(ps, "X", &x)) < 0 || (ret = keep(ps, "O", &o)) < 0)
		return ret;
	v = calloc(s->n ? s->n : 1, sizeof(*v));
	g = calloc(s->n ? s->n : 1, sizeof(*g));
	if (!v || !g) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < s->n; i++) {
		v[i].sport = ps->pool.data + ps->offs[i].sport;
		v[i].event = ps->pool.data + ps->offs[i].event;
		v[i].gender = ps->pool.data + ps->offs[i].gender;
		v[i].npc = s->v[i].npc;
		v[i].medal = (int)s->v[i].medal;
	}
	if ((ret = pd_import_mixed(v, s->n, ps->events, ps->year, g)) < 0)
		goto cleanup;
	for (i = 0; i < s->n; i++)
		if (g[i])
			ps->offs[i].gender = *g[i] == 'X' ? x : o;
cleanup:
	free(v);
	free(g);
	return ret;
}

/* Fold team members into one medal: keep the first row of each key. */
static int merge_teams(struct parse *ps)
{
	struct pd_medal_set *s = ps->set;
	struct keyed *k;
	char buf[1024], *drop;
	size_t i, nk = 0, j;
	int ret = 0;

	k = calloc(s->n ? s->n : 1, sizeof(*k));
	drop = calloc(s->n ? s->n : 1, 1);
	if (!k || !drop) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	for (i = 0; i < s->n; i++) {
		const char *key = team_key(ps, i, buf, sizeof(buf));

		if (!*key)
			continue;
		if (!(k[nk].key = strdup(key))) {
			ret = PD_ENOMEM;
			goto cleanup;
		}
		k[nk++].i = i;
	}
	qsort(k, nk, sizeof(*k), cmp_keyed);
	if (ps->infer)
		infer_drops(ps, k, nk, drop);
	else
		for (i = 1; i < nk; i++)
			if (!strcmp(k[i - 1].key, k[i].key))
				drop[k[i].i] = 1;
	for (i = 0, j = 0; i < s->n; i++) {
		if (drop[i]) {
			s->merged++;
			continue;
		}
		s->v[j] = s->v[i];
		ps->offs[j++] = ps->offs[i];
	}
	s->n = j;
cleanup:
	for (i = 0; k && i < nk; i++)
		free(k[i].key);
	free(k);
	free(drop);
	return ret;
}

void pd_medal_set_release(struct pd_medal_set *s)
{
	free(s->v);
	free(s->pool);
	free(s->lines);
	memset(s, 0, sizeof(*s));
}

static int point_strings(struct parse *ps)
{
	struct pd_medal_set *s = ps->set;
	size_t i;

	if (!(s->lines = malloc((s->n ? s->n : 1) * sizeof(*s->lines))))
		return PD_ENOMEM;
	for (i = 0; i < s->n; i++)
		s->lines[i] = ps->offs[i].line;
	s->pool = pd_buf_detach(&ps->pool, &s->pool_len);
	for (i = 0; i < s->n; i++) {
		s->v[i].sport = s->pool + ps->offs[i].sport;
		s->v[i].event = s->pool + ps->offs[i].event;
		s->v[i].gender = s->pool + ps->offs[i].gender;
		s->v[i].date = s->pool + ps->offs[i].date;
		s->v[i].athlete = s->pool + ps->offs[i].athlete;
	}
	return 0;
}

int pd_medals_csv_parse(struct pd_medal_set *out, const char *data,
			size_t len, const char *file,
			const struct pd_registry *reg,
			const struct pd_csv_opts *opts, struct pd_diag *diag)
{
	struct parse ps = { out, NULL, { 0 }, { 0 }, 0,
			    opts->teams == PD_TEAMS_INFER, opts->events,
			    opts->year, opts->event_gender };
	struct pd_columns cols;
	struct pd_csv c;
	int ret;

	memset(out, 0, sizeof(*out));
	pd_buf_init(&ps.pool, 0);
	pd_import_init(&ps.im, reg, NULL, file, NULL);
	pd_import_same(&ps.im, opts);
	pd_csv_init(&c, data, len, file);
	if ((ret = pd_utf8_check(data, len, file, diag)) < 0 ||
	    (ret = pd_columns_header(&c, diag)) < 0 ||
	    (ret = pd_columns_find(&cols, &c, opts, guesses, diag)) < 0 ||
	    (ret = pd_columns_labels(&cols, &c, labels,
				     sizeof(labels) / sizeof(*labels))) < 0)
		goto cleanup;
	if (cols.at[PD_F_GENDER] >= 0 &&
	    (size_t)cols.at[PD_F_GENDER] < c.nf &&
	    (!strcasecmp(c.f[cols.at[PD_F_GENDER]], "event_gender") ||
	     !strcasecmp(c.f[cols.at[PD_F_GENDER]], "team_gender")))
		ps.gender_event = 1;
	ps.team_ids = cols.at[PD_F_TEAM] >= 0 &&
		      (size_t)cols.at[PD_F_TEAM] < c.nf &&
		      strcasecmp(c.f[cols.at[PD_F_TEAM]], "grp_id");
	if (cols.at[PD_F_MEDAL] < 0 || cols.at[PD_F_NPC] < 0) {
		ret = pd_diag_set(diag, PD_EPARSE, file, c.line, "no %s column "
				  "in the header: name it with --map %s=COLUMN",
				  cols.at[PD_F_MEDAL] < 0 ? "medal" : "NPC",
				  cols.at[PD_F_MEDAL] < 0 ? "medal" : "npc");
		goto cleanup;
	}
	while ((ret = pd_csv_next(&c, diag)) > 0)
		if (pd_columns_keep(&cols, &c) &&
		    (ret = take_row(&ps, &cols, &c, opts, diag)) < 0)
			goto cleanup;
	if (ret == 0)
		ret = pd_import_fixes_check(&ps.im, opts, diag);
	if (ret == 0 && out->n == 0)
		ret = pd_diag_set(diag, PD_EPARSE, file, c.next_line,
				  "no medal rows%s", opts->nwhere ?
				  " match --where" : "");
	if (ret == 0 && ps.infer && !ps.gender_event)
		ret = merge_genders(&ps);
	if (ret == 0 && (ret = merge_teams(&ps)) == 0)
		ret = point_strings(&ps);
cleanup:
	pd_csv_release(&c);
	pd_buf_release(&ps.pool);
	pd_import_release(&ps.im);
	free(ps.offs);
	if (ret < 0)
		pd_medal_set_release(out);
	return ret;
}
