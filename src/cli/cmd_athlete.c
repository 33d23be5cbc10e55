/* cmd_athlete.c -- 'podium athlete NAME': the medals of every athlete
 * whose name contains NAME, Games by Games, derived from the results;
 * 'podium athlete --id ID': one athlete's career across every Games in
 * the store (pd_doc_career, the document of GET /api/athletes/ID). */
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "podium/stats.h"
#include "cli.h"

#define MAX_MEDALS 100000	/* per run: far above any athlete's career */

struct won {
	char games[PD_GAMES_CODE];
	char *sport, *event;
	enum pd_medal medal;
};

/* One athlete found: by id when the store knows them, else by the name
 * and NPC their results carry. */
struct found {
	long id;
	char *name;
	char npc[PD_CODE_MAX];
	struct won *won;
	size_t n, alloc;
};

struct search {
	char *needle;		/* normalised */
	const char *games;	/* the Games being walked */
	struct found *v;
	size_t n, alloc, nmedals;
	size_t nknown;		/* v[0..nknown) are athletes by id */
	long *ids;		/* their ids, sorted, and where they are */
	size_t *at;
};

static void search_free(struct search *s)
{
	size_t i, k;

	for (i = 0; i < s->n; i++) {
		for (k = 0; k < s->v[i].n; k++) {
			free(s->v[i].won[k].sport);
			free(s->v[i].won[k].event);
		}
		free(s->v[i].won);
		free(s->v[i].name);
	}
	free(s->v);
	free(s->ids);
	free(s->at);
	free(s->needle);
}

static struct found *add_found(struct search *s, long id, const char *name,
			       const char *npc)
{
	struct found *f;

	if (s->n == s->alloc) {
		size_t na = s->alloc ? s->alloc * 2 : 16;

		if (!(f = realloc(s->v, na * sizeof(*f))))
			return NULL;
		s->v = f;
		s->alloc = na;
	}
	f = &s->v[s->n];
	memset(f, 0, sizeof(*f));
	if (!(f->name = strdup(name)))
		return NULL;
	f->id = id;
	snprintf(f->npc, sizeof(f->npc), "%s", npc);
	s->n++;
	return f;
}

static int match_athlete(long id, const struct pd_athlete *a, void *arg)
{
	struct search *s = arg;

	if (!pd_name_contains(a->name, s->needle))
		return 0;
	return add_found(s, id, a->name, a->npc) ? 0 : PD_ENOMEM;
}

static int cmp_id(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/* Athletes arrive by name; index them by id for the medal walk.  ids and
 * at are filled in one pass and sorted together through a pair array. */
static int index_known(struct search *s)
{
	long *pairs;
	size_t i;

	s->nknown = s->n;
	if (s->n == 0)
		return 0;
	pairs = malloc(s->n * 2 * sizeof(*pairs));
	s->ids = malloc(s->n * sizeof(*s->ids));
	s->at = malloc(s->n * sizeof(*s->at));
	if (!pairs || !s->ids || !s->at) {
		free(pairs);
		return PD_ENOMEM;
	}
	for (i = 0; i < s->n; i++) {
		pairs[2 * i] = s->v[i].id;
		pairs[2 * i + 1] = (long)i;
	}
	qsort(pairs, s->n, 2 * sizeof(*pairs), cmp_id);
	for (i = 0; i < s->n; i++) {
		s->ids[i] = pairs[2 * i];
		s->at[i] = (size_t)pairs[2 * i + 1];
	}
	free(pairs);
	return 0;
}

static struct found *find_known(struct search *s, long id)
{
	long *p = s->nknown ? bsearch(&id, s->ids, s->nknown,
				      sizeof(*s->ids), cmp_id) : NULL;

	return p ? &s->v[s->at[p - s->ids]] : NULL;
}

/* A name-only competitor: few of them match, so a linear search. */
static struct found *find_named(struct search *s, const char *name,
				const char *npc)
{
	size_t i;

	for (i = s->nknown; i < s->n; i++)
		if (!strcmp(s->v[i].name, name) && !strcmp(s->v[i].npc, npc))
			return &s->v[i];
	return add_found(s, 0, name, npc);
}

static int add_won(struct search *s, struct found *f,
		   const struct pd_medal_out *m)
{
	struct won *w;

	if (++s->nmedals > MAX_MEDALS)
		return PD_ETOOBIG;
	if (f->n == f->alloc) {
		size_t na = f->alloc ? f->alloc * 2 : 4;

		if (!(w = realloc(f->won, na * sizeof(*w))))
			return PD_ENOMEM;
		f->won = w;
		f->alloc = na;
	}
	w = &f->won[f->n];
	snprintf(w->games, sizeof(w->games), "%s", s->games);
	w->medal = m->medal;
	w->sport = strdup(m->sport);
	w->event = strdup(m->event);
	f->n++;
	return w->sport && w->event ? 0 : PD_ENOMEM;
}

/* Teams (by id, or named after their NPC) are not athletes: only people
 * are matched by name. */
static int match_credit(const struct pd_credit *c, const struct pd_medal_out *m,
			void *arg)
{
	struct search *s = arg;
	struct found *f = NULL;

	if (c->athlete_id)
		f = find_known(s, c->athlete_id);
	else if (!c->team_id && !c->scope && *c->name &&
		 pd_name_contains(c->name, s->needle))
		f = find_named(s, c->name, c->npc);
	else
		return 0;
	if (!f)
		return c->athlete_id ? 0 : PD_ENOMEM;
	return add_won(s, f, m);
}

static int by_name(const void *pa, const void *pb)
{
	const struct found *a = pa, *b = pb;
	int d;

	if ((d = strcmp(a->name, b->name)) || (d = strcmp(a->npc, b->npc)))
		return d;
	return cmp_id(&a->id, &b->id);
}

static const char *const medal_word[3] = { "gold", "silver", "bronze" };

static int print_found(struct pd_buf *b, const struct found *f)
{
	int w[3] = { 0, 0, 0 }, c, err = 0;
	long count[3] = { 0, 0, 0 };
	size_t k;

	for (k = 0; k < f->n; k++) {
		const struct won *x = &f->won[k];

		if (pd_buf_columns(cli_text(x->games)) > w[0])
			w[0] = pd_buf_columns(cli_text(x->games));
		if (pd_buf_columns(cli_text(x->sport)) > w[1])
			w[1] = pd_buf_columns(cli_text(x->sport));
		if (pd_buf_columns(cli_text(x->event)) > w[2])
			w[2] = pd_buf_columns(cli_text(x->event));
		count[x->medal]++;
	}
	/* the id, for the commands that take one (sanction add) */
	if (f->id)
		err |= pd_buf_addf(b, "%s (%s), athlete %ld\n",
				   cli_text(f->name), cli_text(f->npc),
				   f->id) < 0;
	else
		err |= pd_buf_addf(b, "%s (%s)\n", cli_text(f->name),
				   cli_text(f->npc)) < 0;
	if (f->n == 0)
		return pd_buf_adds(b, "  no medals\n") < 0 || err ?
		       PD_ETOOBIG : 0;
	for (k = 0; k < f->n; k++) {
		const struct won *x = &f->won[k];
		const char *cell[3] = { cli_text(x->games), cli_text(x->sport),
					cli_text(x->event) };

		for (c = 0; c < 3; c++) {
			err |= pd_buf_adds(b, "  ") < 0;
			err |= pd_buf_addpad(b, cell[c], w[c], 0) < 0;
		}
		err |= pd_buf_addf(b, "  %s\n", medal_word[x->medal]) < 0;
	}
	err |= pd_buf_addf(b, "  %ld gold, %ld silver, %ld bronze: %zu "
			   "medal%s\n", count[0], count[1], count[2], f->n,
			   f->n == 1 ? "" : "s") < 0;
	return err ? PD_ETOOBIG : 0;
}

/* Walk each Games' medals (one, or every Games in the store). */
static int walk(struct cli *cli, struct pd_store *st, const char *games,
		struct search *s, struct pd_diag *d)
{
	struct pd_games *v = NULL, one;
	struct pd_query q;
	size_t n = 0, i;
	int ret;

	if (games) {
		if ((ret = pd_store_games_get(st, games, &one, d)) < 0)
			return ret;
		v = &one;
		n = 1;
	} else if ((ret = pd_store_games_list(st, &v, &n, d)) < 0) {
		return ret;
	}
	memset(&q, 0, sizeof(q));
	for (i = 0; i < n && ret == 0; i++) {
		s->games = q.games = v[i].code;
		ret = pd_store_credits(st, &q, cli_registry(cli), match_credit,
				       s, d);
	}
	if (games)
		pd_games_release(&one);
	else
		pd_games_list_free(v, n);
	return ret;
}

struct args {
	long id;		/* --id: a career, else a search by name */
	int json;		/* --format json */
};

static int parse_args(int argc, char **argv, char *games, size_t size,
		      char *name, size_t nsize, struct args *a)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "id", required_argument, NULL, 'i' },
		{ "format", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	size_t len = 0;
	char *end;
	int c;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'i') {
			a->id = strtol(optarg, &end, 10);
			if (*end || end == optarg || a->id < 1)
				return cli_usage(&cmd_athlete,
						 N_("--id takes an athlete's "
						 "id, a number from 1"));
			continue;
		}
		if (c == 'f') {
			if (strcmp(optarg, "text") && strcmp(optarg, "json"))
				return cli_usage(&cmd_athlete,
						 N_("--format takes text or "
						 "json"));
			a->json = !strcmp(optarg, "json");
			continue;
		}
		if (c != 'g')
			return cli_usage(&cmd_athlete, NULL);
		if (pd_games_code(games, size, optarg) < 0)
			return cli_usage(&cmd_athlete,
					 N_("--games takes a code "
					 "such as PG2024"));
	}
	if (a->id) {
		if (optind < argc || *games)
			return cli_usage(&cmd_athlete, N_("--id takes no name "
					 "and no --games: a career is of "
					 "every Games"));
		return 0;
	}
	if (a->json)
		return cli_usage(&cmd_athlete, N_("--format json is for a "
				 "career (--id)"));
	/* 'podium athlete Jiang Yuyan' needs no quotes */
	for (name[0] = '\0'; optind < argc; optind++)
		len += (size_t)snprintf(name + len, len < nsize ? nsize - len :
					0, "%s%s", len ? " " : "",
					argv[optind]);
	if (len >= nsize)
		return cli_usage(&cmd_athlete, N_("the name is too long"));
	if (!name[strspn(name, " \t")])
		return cli_usage(&cmd_athlete, N_("no name given"));
	return 0;
}

/* One Games of a career as text: its code and name, then a line a
 * result (sport, event, rank or IRM, mark and records, medal). */
static int career_games_text(struct pd_buf *b, json_t *g)
{
	json_t *results = json_object_get(g, "results"), *r;
	int w[2] = { 0, 0 }, err = 0;
	size_t i;

	err |= pd_buf_addf(b, "  %s  %s (athlete %lld)\n",
			   json_string_value(json_object_get(g, "games")),
			   cli_text(json_string_value(json_object_get(
			   json_object_get(g, "games_name"), "en"))),
			   json_integer_value(json_object_get(g, "id"))) < 0;
	json_array_foreach(results, i, r) {
		int a = pd_buf_columns(cli_text(json_string_value(
				json_object_get(r, "sport")))),
		    e = pd_buf_columns(cli_text(json_string_value(
				json_object_get(r, "name"))));

		w[0] = a > w[0] ? a : w[0];
		w[1] = e > w[1] ? e : w[1];
	}
	json_array_foreach(results, i, r) {
		const char *medal = json_string_value(json_object_get(r,
						      "medal"));
		const char *rec = json_string_value(json_object_get(r,
						    "records"));
		long long rank = json_integer_value(json_object_get(r, "rank"));

		err |= pd_buf_adds(b, "    ") < 0;
		err |= pd_buf_addpad(b, cli_text(json_string_value(
				     json_object_get(r, "sport"))), w[0], 0) < 0;
		err |= pd_buf_adds(b, "  ") < 0;
		err |= pd_buf_addpad(b, cli_text(json_string_value(
				     json_object_get(r, "name"))), w[1], 0) < 0;
		if (rank)
			err |= pd_buf_addf(b, "  %3lld", rank) < 0;
		else
			err |= pd_buf_addf(b, "  %3s", json_string_value(
					   json_object_get(r, "irm"))) < 0;
		err |= pd_buf_addf(b, "  %s%s%s%s%s\n", json_string_value(
				   json_object_get(r, "mark")), rec && *rec ?
				   " " : "", rec ? rec : "", medal ? "  " : "",
				   medal ? medal : "") < 0;
	}
	return err ? PD_ETOOBIG : 0;
}

static int career_text(struct pd_buf *b, json_t *c)
{
	json_t *games = json_object_get(c, "games"), *g,
	       *m = json_object_get(c, "medals");
	long long won[3];
	size_t i;
	int err = 0, k;

	for (k = 0; k < 3; k++)
		won[k] = json_integer_value(json_object_get(m, medal_word[k]));
	err |= pd_buf_addf(b, "%s (%s), athlete %lld: %zu Games\n",
			   cli_text(json_string_value(json_object_get(c,
			   "name"))), json_string_value(json_object_get(c,
			   "npc")), json_integer_value(json_object_get(c,
			   "id")), json_array_size(games)) < 0;
	json_array_foreach(games, i, g)
		err |= career_games_text(b, g) < 0;
	err |= pd_buf_addf(b, "  %lld gold, %lld silver, %lld bronze: %lld "
			   "medal%s\n", won[0], won[1], won[2], won[0] + won[1] +
			   won[2], won[0] + won[1] + won[2] == 1 ? "" : "s") < 0;
	return err ? PD_ETOOBIG : 0;
}

/* 'podium athlete --id ID': the career, read in one transaction. */
static int career(struct cli *cli, long id, int json)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *st;
	struct pd_buf b;
	json_t *tree;
	int ret, code = 0;

	if (!(st = cli_store(cli, &code)))
		return code;
	pd_buf_init(&b, 0);
	if ((ret = pd_store_begin_read(st, &d)) < 0)
		return cli_fail(ret, &d);
	ret = pd_doc_career(&b, st, id, cli_registry(cli), json ?
			    PD_DOC_PRETTY : 0, &d);
	pd_store_rollback(st);
	if (json || ret < 0)
		return cli_output(ret, &b, &d);
	if (!(tree = json_loadb(b.data, b.len, 0, NULL)))
		return cli_output(PD_ENOMEM, &b, &d);
	pd_buf_reset(&b);
	ret = career_text(&b, tree);
	json_decref(tree);
	return cli_output(ret, &b, &d);
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_store *st;
	struct search s;
	struct pd_buf b;
	char games[PD_GAMES_CODE] = "", name[512];
	struct args a = { 0, 0 };
	size_t i;
	int ret, code = 0;

	if ((ret = parse_args(argc, argv, games, sizeof(games), name,
			      sizeof(name), &a)))
		return ret;
	if (a.id)
		return career(cli, a.id, a.json);
	memset(&s, 0, sizeof(s));
	pd_buf_init(&b, 0);
	if (!(s.needle = pd_name_normalise(name))) {
		cli_error(N_("'%s' is not valid UTF-8"), name);
		ret = EXIT_INPUT;
		goto cleanup;
	}
	if (!(st = cli_store(cli, &code))) {
		ret = code;
		goto cleanup;
	}
	if ((ret = pd_store_athletes(st, games[0] ? games : NULL,
				     match_athlete, &s, &d)) < 0 ||
	    (ret = index_known(&s)) < 0 ||
	    (ret = walk(cli, st, games[0] ? games : NULL, &s, &d)) < 0) {
		ret = cli_fail(ret, &d);
		goto cleanup;
	}
	if (s.n == 0) {
		cli_error("no athlete matches '%s'%s%s", name,
			  games[0] ? " in " : "", games);
		cli_why_no_results(cli, games[0] ? games : NULL,
				   N_("athletes"));
		ret = EXIT_INPUT;
		goto cleanup;
	}
	qsort(s.v, s.n, sizeof(*s.v), by_name);
	for (i = 0; i < s.n && ret == 0; i++)
		if ((ret = pd_buf_adds(&b, i ? "\n" : "")) == 0)
			ret = print_found(&b, &s.v[i]);
	ret = ret < 0 ? cli_fail(ret, &d) : cli_write(&b);
cleanup:
	pd_buf_release(&b);
	search_free(&s);
	return ret;
}

const struct cli_command cmd_athlete = {
	"athlete", run, "list an athlete's medals",
	"usage: podium athlete NAME [--games GAMES]\n"
	"       podium athlete --id ID [--format text|json]\n"
	"\n"
	"Lists the medals of every athlete whose name contains NAME (any\n"
	"case; full-width forms and spacing do not matter; the words in any\n"
	"order, without their accents), with the athlete's id: Games, sport,\n"
	"event and medal, then the athlete's counts.  Several athletes are\n"
	"listed one after the other, by name; an athlete the store knows\n"
	"without a medal says so.  Medals imported without athlete data are\n"
	"matched on the name the medal was awarded under.  A team medal\n"
	"counts for each member when the team's members are known.\n"
	"\n"
	"  --games GAMES  only that Games (default: every Games in the store)\n"
	"\n"
	"With --id, the career of the athlete of that id across every Games\n"
	"in the store: each Games' results (sport, event, rank or IRM, mark\n"
	"and records, medal), oldest first, then the medals of them all.\n"
	"The same person may be several athletes of the store (two sources,\n"
	"or one with an outside id and one without): rows of one NPC whose\n"
	"names have the same words in any order, without case or accents,\n"
	"whose genders do not differ and that carry no two ids of one source,\n"
	"are one career.  --format json prints GET /api/athletes/ID's\n"
	"document.\n"
	"\n"
	"Exit code 2 when no athlete matches or none has the id.\n",
};
