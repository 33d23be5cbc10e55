/* cmd_diff.c -- 'podium diff A B': where two standings disagree. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const long *counts_of(const struct pd_tally *t, const char *npc)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->rows[i].npc, npc))
			return t->rows[i].medals;
	return NULL;
}

static int cmp_code(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every NPC in either tally, sorted by code, each once. */
static const char **union_codes(const struct pd_tally *a,
				const struct pd_tally *b, size_t *n)
{
	const char **v = malloc((a->n + b->n + 1) * sizeof(*v));
	size_t i, k = 0, j;

	if (!v)
		return NULL;
	for (i = 0; i < a->n; i++)
		v[k++] = a->rows[i].npc;
	for (i = 0; i < b->n; i++)
		v[k++] = b->rows[i].npc;
	qsort(v, k, sizeof(*v), cmp_code);
	for (i = 0, j = 0; i < k; i++)
		if (j == 0 || strcmp(v[j - 1], v[i]))
			v[j++] = v[i];
	*n = j;
	return v;
}

static void sums(const struct pd_tally *t, long out[4])
{
	size_t i;
	int m;

	memset(out, 0, 4 * sizeof(long));
	for (i = 0; i < t->n; i++)
		for (m = 0; m < 3; m++) {
			out[m] += t->rows[i].medals[m];
			out[3] += t->rows[i].medals[m];
		}
}

/* A published side's printed numbers that are not the sums of its own
 * rows, each on its own line (a total of 127 for 126 medals is a
 * difference too, even where the other side agrees with the medals).
 * Returns how many, or -1 on no memory. */
static long printed_wrong(const struct pd_ref *r)
{
	struct pd_problems p;
	size_t i;
	long n;

	if (!r->have_pub)
		return 0;
	pd_problems_init(&p);
	if (pd_published_check_sums(&r->pub, &p) < 0) {
		pd_problems_release(&p);
		return -1;
	}
	for (i = 0; i < p.n; i++)
		printf("%s:%ld: %s\n", r->label, p.v[i].line, p.v[i].msg);
	n = (long)p.n;
	pd_problems_release(&p);
	return n;
}

/* --same A=B pairs: B is counted as A. */
#define SAME_MAX 16

struct same {
	const char *a[SAME_MAX], *b[SAME_MAX];
	size_t n;
};

/* The code npc is counted under: --same first, then the registry's
 * history (one team two ways: ZZX and MIX, EUA and GER in 1956 ...). */
static const char *counted_as(const struct pd_registry *reg,
			      const struct same *sm, const char *npc,
			      long year)
{
	size_t i;

	for (i = 0; i < sm->n; i++)
		if (!strcmp(sm->b[i], npc))
			return sm->a[i];
	return pd_registry_same(reg, npc, year);
}

/* t with each row under the code it is counted as, rows of one team
 * added up.  0 or PD_ENOMEM. */
static int fold(const struct pd_tally *t, const struct pd_registry *reg,
		const struct same *sm, long year, struct pd_tally *out)
{
	struct pd_tally_row *r;
	size_t i;
	int m;

	pd_tally_init(out);
	for (i = 0; i < t->n; i++) {
		if (!(r = pd_tally_row(out, counted_as(reg, sm, t->rows[i].npc,
							year))))
			return PD_ENOMEM;
		for (m = 0; m < 3; m++)
			r->medals[m] += t->rows[i].medals[m];
	}
	return 0;
}

/* The year whose equivalences apply: A's Games, else B's (a file has
 * none). */
static long year_of(const struct pd_ref *a, const struct pd_ref *b)
{
	long y = a->have_info ? a->info.year : pd_games_year(a->games);

	if (!y)
		y = b->have_info ? b->info.year : pd_games_year(b->games);
	return y;
}

static int print_diff(struct cli *cli, const struct pd_ref *a,
		      const struct pd_ref *b, const char *lang,
		      const struct same *sm)
{
	static const long zero[3] = { 0, 0, 0 };
	const struct pd_labels *L = pd_labels(lang);
	const struct pd_npc *npc;
	const char **codes;
	struct pd_tally ta, tb;
	size_t n, i, ndiff = 0;
	long sa[4], sb[4], wa, wb, year = year_of(a, b);

	if (fold(&a->tally, cli_registry(cli), sm, year, &ta) < 0 ||
	    fold(&b->tally, cli_registry(cli), sm, year, &tb) < 0 ||
	    !(codes = union_codes(&ta, &tb, &n))) {
		pd_tally_release(&ta);
		pd_tally_release(&tb);
		cli_error(N_("out of memory"));
		return EXIT_STORE;
	}
	printf("--- %s\n+++ %s\n", a->label, b->label);
	for (i = 0; i < n; i++) {
		const long *x = counts_of(&ta, codes[i]);
		const long *y = counts_of(&tb, codes[i]);

		x = x ? x : zero;
		y = y ? y : zero;
		if (!memcmp(x, y, 3 * sizeof(long)))
			continue;
		ndiff++;
		npc = pd_registry_code(cli_registry(cli), codes[i]);
		printf("%s %s: %s %ld %ld, %s %ld %ld, %s %ld %ld\n", codes[i],
		       npc ? pd_npc_name_at(cli_registry(cli), npc, lang, year)
			   : codes[i], L->gold, x[0], y[0], L->silver, x[1],
		       y[1], L->bronze, x[2], y[2]);
	}
	free(codes);
	sums(&ta, sa);
	sums(&tb, sb);
	pd_tally_release(&ta);
	pd_tally_release(&tb);
	printf("%s %s: %ld %ld %ld %ld\n", L->totals, a->label, sa[0], sa[1],
	       sa[2], sa[3]);
	printf("%s %s: %ld %ld %ld %ld\n", L->totals, b->label, sb[0], sb[1],
	       sb[2], sb[3]);
	if ((wa = printed_wrong(a)) < 0 || (wb = printed_wrong(b)) < 0) {
		cli_error(N_("out of memory"));
		return EXIT_STORE;
	}
	if (wa + wb)
		fprintf(stderr, "podium: %zu NPC%s differ%s; %ld printed "
			"number%s %s not the sum of %s rows\n", ndiff,
			ndiff == 1 ? "" : "s", ndiff == 1 ? "s" : "", wa + wb,
			wa + wb == 1 ? "" : "s", wa + wb == 1 ? "is" : "are",
			wa + wb == 1 ? "its" : "their");
	else
		fprintf(stderr, "podium: %zu NPC%s differ%s\n", ndiff,
			ndiff == 1 ? "" : "s", ndiff == 1 ? "s" : "");
	return ndiff || wa + wb ? EXIT_DIFFER : EXIT_OK;
}

static int run(struct cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "same", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	const char *lang = cli_default_lang();
	struct same sm = { { NULL }, { NULL }, 0 };
	const struct pd_npc *x, *y;
	struct pd_ref a, b;
	char *eq;
	int c, ret;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 's') {
			/* codes or names, as a file would give them */
			if (!(eq = strchr(optarg, '=')) || sm.n == SAME_MAX)
				return cli_usage(&cmd_diff,
						 N_("--same takes A=B "
						 "(at most 16)"));
			*eq = '\0';
			x = pd_registry_find(cli_registry(cli), optarg);
			y = pd_registry_find(cli_registry(cli), eq + 1);
			if (!x || !y)
				return cli_usage(&cmd_diff,
						 N_("--same A=B: both "
						 "must be NPCs of the registry "
						 "('podium resolve')"));
			sm.a[sm.n] = x->code;
			sm.b[sm.n++] = y->code;
			continue;
		}
		if (c != 'l' || !(lang = cli_lang(optarg)))
			return cli_usage(&cmd_diff, c == 'l' ?
					 N_("--lang is zh, en or fr") : NULL);
	}
	if (argc - optind != 2)
		return cli_usage(&cmd_diff,
				 N_("expected two standings, A and B"));
	memset(&b, 0, sizeof(b));
	if ((ret = cli_ref_load(cli, argv[optind], NULL, &a)) == 0 &&
	    (ret = cli_ref_load(cli, argv[optind + 1], NULL, &b)) == 0)
		ret = print_diff(cli, &a, &b, lang, &sm);
	pd_ref_release(&a);
	pd_ref_release(&b);
	return ret;
}

const struct cli_command cmd_diff = {
	"diff", run, "compare two medal tables NPC by NPC",
	"usage: podium diff [--lang zh|en|fr] [--same A=B]... A B\n"
	"\n"
	"A and B are standings: GAMES (ranked from its medals), GAMES@SOURCE\n"
	"(a published table) or a file (a table as text, or standings CSV).\n"
	"Prints one line per NPC whose counts differ -- code, name, and each\n"
	"colour's value in A then in B -- then the totals of both.  NPCs that\n"
	"agree are not printed.  A published side is also held to its own\n"
	"rows: each printed total that is not their sum (a row's, or a figure\n"
	"of the totals row) is a line LABEL:LINE: message, and a difference.\n"
	"\n"
	"One team spelt two ways is one row: the registry's spellings of one\n"
	"code (SIN and SGP, LIB and LBN), the codes its history says are one\n"
	"team at those Games (ZZX and MIX, EUA and GER 1956-1964, RU1 and RUS\n"
	"1900-1912, UAR and EGY 1960 ...: data/npc_history.tsv), and each\n"
	"--same A=B (B counted as A, codes or names).\n"
	"\n"
	"Exit 0 when the two are identical, 1 when they differ.\n",
};
