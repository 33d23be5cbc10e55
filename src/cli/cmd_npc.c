/* cmd_npc.c -- 'podium npc CODE': an NPC's names and, Games by Games, its
 * place in the table that stands for the Games (its published table
 * until its results cover it, as 'podium table') and its medals by sport
 * from the results. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "podium/app.h"
#include "podium/stats.h"
#include "cli.h"

struct walk {
	const char *npc;
	struct pd_tally all;	/* every NPC: for the NPC's rank */
	struct pd_counts sports;	/* the NPC's medals by sport */
	struct pd_cover cover;	/* the table that stands for the Games */
	struct pd_tally pub;	/* that table when it is published */
};

static int count(const struct pd_medal_out *m, void *arg)
{
	struct walk *w = arg;
	int ret;

	if ((ret = pd_tally_add(&w->all, m->npc, m->medal, 1)) < 0)
		return ret;
	if (strcmp(m->npc, w->npc))
		return 0;
	return pd_counts_add(&w->sports, *m->sport ? m->sport : "(no sport)",
			     (int)m->medal, 1);
}

static int add_counts(struct pd_buf *b, const char *label, int width,
		      const long n[3])
{
	int err = pd_buf_adds(b, "  ") < 0;

	err |= pd_buf_addpad(b, cli_text(label), width, 0) < 0;
	err |= pd_buf_addf(b, "%7ld%7ld%7ld%7ld\n", n[0], n[1], n[2],
			   n[0] + n[1] + n[2]) < 0;
	return err ? PD_ETOOBIG : 0;
}

/* The NPC's line in the table that stands for the games (gold first):
 * its rank of how many NPCs the table has and, from a published table,
 * its medals as printed there.  0 when the NPC is not in the table. */
static int place(struct walk *w, const struct pd_games *g, struct pd_buf *b)
{
	const struct pd_tally *t = w->cover.source[0] ? &w->pub : &w->all;
	struct pd_standings_opts o;
	struct pd_standings st;
	const struct pd_standing *r = NULL;
	size_t i;
	int ret;

	memset(&o, 0, sizeof(o));
	o.host = g->host[0] ? g->host : NULL;
	if ((ret = pd_standings_build(&st, t, &o, NULL)) < 0)
		return ret;
	for (i = 0; i < st.n && !r; i++)
		if (!strcmp(st.rows[i].npc, w->npc))
			r = &st.rows[i];
	if (!r)
		ret = pd_buf_addf(b, "%s  %s: no medals\n", g->code,
				  cli_text(g->name_en));
	else if (!w->cover.source[0])
		ret = pd_buf_addf(b, "%s  %s: rank %ld of %zu\n", g->code,
				  cli_text(g->name_en), r->rank, st.nall);
	else
		ret = pd_buf_addf(b, "%s  %s: rank %ld of %zu as published "
				  "(%s@%s): %ld gold, %ld silver, %ld bronze\n",
				  g->code, cli_text(g->name_en), r->rank,
				  st.nall, g->code, w->cover.source,
				  r->medals[0], r->medals[1], r->medals[2]);
	pd_standings_release(&st);
	return ret < 0 ? ret : r != NULL;
}

static int print_games(struct walk *w, const struct pd_games *g,
		       struct pd_buf *b)
{
	const struct pd_labels *L = pd_labels("en");
	long sum[3];
	size_t i;
	int width = 5, ret, c;

	char cover[160];

	if ((ret = place(w, g, b)) < 0 || (w->sports.n == 0 && !ret))
		return ret < 0 ? ret : 0;
	pd_cover_text(cover, sizeof(cover), &w->cover, "en");
	if (*cover && (ret = pd_buf_addf(b, "  by sport, from the results "
					 "(%s):%s\n", cover, w->sports.n ?
					 "" : " none yet")) < 0)
		return ret;
	if (w->sports.n == 0)
		return 0;
	pd_counts_sort(&w->sports);
	for (i = 0; i < w->sports.n; i++)
		if (pd_buf_columns(cli_text(w->sports.rows[i].key)) > width)
			width = pd_buf_columns(cli_text(w->sports.rows[i].key));
	ret = pd_buf_addf(b, "  %-*s%7s%7s%7s%7s\n", width, "Sport", L->gold,
			  L->silver, L->bronze, L->total);
	for (i = 0; i < w->sports.n && ret == 0; i++)
		ret = add_counts(b, w->sports.rows[i].key, width,
				 w->sports.rows[i].n);
	for (c = 0; c < 3; c++)
		sum[c] = pd_counts_sum(&w->sports, c);
	return ret < 0 ? ret : add_counts(b, L->totals, width, sum);
}

/* The published table that stands for the Games, into w->pub. */
static int published(struct cli *cli, const char *games, struct walk *w,
		     struct pd_diag *d)
{
	struct pd_published p;
	int ret;

	pd_published_init(&p);
	if ((ret = pd_store_published_get(cli->store, games, w->cover.source,
					  &p, d)) == 0)
		ret = pd_published_tally(&p, &w->pub);
	pd_published_release(&p);
	return ret;
}

/* 1 if the NPC has a line in the published table that stands for it */
static int in_table(const struct walk *w)
{
	size_t i;

	for (i = 0; w->cover.source[0] && i < w->pub.n; i++)
		if (!strcmp(w->pub.rows[i].npc, w->npc))
			return 1;
	return 0;
}

/* One Games: derive its medals, print the NPC's share when it has one
 * (or always, when the Games was asked for by name). */
static int one_games(struct cli *cli, const struct pd_games *g, int asked,
		     struct walk *w, struct pd_buf *b, size_t *shown,
		     struct pd_diag *d)
{
	struct pd_query q;
	int ret;

	memset(&q, 0, sizeof(q));
	q.games = g->code;
	pd_tally_init(&w->all);
	pd_tally_init(&w->pub);
	pd_counts_init(&w->sports);
	if ((ret = pd_store_medals(cli->store, &q, count, w, d)) == 0 &&
	    (ret = pd_games_cover(cli->store, g->code, &w->cover, d)) == 0 &&
	    w->cover.source[0])
		ret = published(cli, g->code, w, d);
	if (ret == 0 && (asked || w->sports.n || in_table(w))) {
		if ((ret = pd_buf_adds(b, "\n")) == 0)
			ret = print_games(w, g, b);
		*shown += w->sports.n > 0 || in_table(w);
	}
	pd_tally_release(&w->all);
	pd_tally_release(&w->pub);
	pd_counts_release(&w->sports);
	return ret;
}

static int parse_args(int argc, char **argv, char *games, size_t size,
		      const char **name)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c != 'g')
			return cli_usage(&cmd_npc, NULL);
		if (pd_games_code(games, size, optarg) < 0)
			return cli_usage(&cmd_npc,
					 N_("--games takes a code such "
					 "as PG2024"));
	}
	if (optind == argc)
		return cli_usage(&cmd_npc, N_("no NPC given"));
	if (optind + 1 < argc)
		return cli_usage(&cmd_npc, N_("one NPC at a time (quote a name "
				 "with spaces)"));
	*name = argv[optind];
	return 0;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games *v = NULL, one;
	const struct pd_npc *npc;
	const char *name = NULL;
	struct pd_buf b;
	struct walk w;
	char games[PD_GAMES_CODE] = "";
	size_t n = 0, i, shown = 0;
	int ret, code = 0;

	if ((ret = parse_args(argc, argv, games, sizeof(games), &name)))
		return ret;
	if (!(npc = pd_registry_find(cli_registry(cli), name))) {
		pd_unknown_npc(cli_registry(cli), name, NULL, 0, &d);
		cli_report(&d);
		return EXIT_INPUT;
	}
	if (!cli_store(cli, &code))
		return code;
	if (games[0])
		ret = pd_store_games_get(cli->store, games, &one, &d);
	else
		ret = pd_store_games_list(cli->store, &v, &n, &d);
	if (ret < 0)
		return cli_fail(ret, &d);
	if (games[0]) {
		v = &one;
		n = 1;
	}
	pd_buf_init(&b, 0);
	memset(&w, 0, sizeof(w));
	w.npc = npc->code;
	ret = pd_buf_addf(&b, "%s  %s%s%s%s%s\n", npc->code, npc->en,
			  *npc->zh ? "  " : "", npc->zh,
			  strcmp(npc->status, "current") ? "  " : "",
			  strcmp(npc->status, "current") ? npc->status : "");
	for (i = 0; i < n && ret == 0; i++)
		ret = one_games(cli, &v[i], games[0] != '\0', &w, &b, &shown,
				&d);
	if (ret == 0 && !games[0] && shown == 0)
		ret = pd_buf_addf(&b, "\nno medals in %s\n", cli->db_path);
	ret = cli_output(ret, &b, &d);
	if (ret == 0 && shown == 0)
		cli_why_no_results(cli, games[0] ? games : NULL,
				   N_("medals by sport"));
	if (games[0])
		pd_games_release(&one);
	else
		pd_games_list_free(v, n);
	return ret;
}

const struct cli_command cmd_npc = {
	"npc", run, "show an NPC's medals, Games by Games and sport by sport",
	"usage: podium npc NPC [--games GAMES]\n"
	"\n"
	"NPC is a code or any name the registry knows ('podium resolve'):\n"
	"CHN, China, 中国, \"People's Republic of China\".  Prints its code\n"
	"and names, then for each Games where it won a medal its rank in the\n"
	"table that stands for the Games (gold first; as 'podium table', its\n"
	"published table until its results cover it) and its medals by sport\n"
	"from the results, with their totals.\n"
	"\n"
	"  --games GAMES  only that Games (said even when it won nothing)\n"
	"\n"
	"Exit code 2 for a name the registry does not know.\n",
};
