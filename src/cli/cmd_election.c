/* cmd_election.c -- 'podium election add|candidate|register|vote|close|
 * result|list': an athletes' commission election, with secret ballots
 * (election_ops.h). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "podium/election_ops.h"
#include "cli.h"

struct add_args {
	struct pd_election e;
	const char *name, *reason, *key;
};

static int add_option(int c, char *arg, void *ctx)
{
	struct add_args *a = ctx;
	struct pd_election *e = &a->e;

	if (c == 'g' && pd_games_code(e->games, sizeof(e->games), arg) < 0)
		return cli_usage(&cmd_election,
				 N_("--games takes a code such as "
				 "PG2004"));
	else if (c == 'n')
		a->name = arg;
	else if (c == 's' && (e->seats = cli_number(arg, 100)) < 0)
		return cli_usage(&cmd_election, N_("--seats is 1 to 100"));
	else if (c == 'k' && (e->max_choices = cli_number(arg, 100)) < 0)
		return cli_usage(&cmd_election, N_("--choices is a number"));
	else if (c == 'c')
		e->sport_cap = !strcmp(arg, "0") ? 0 : cli_number(arg, 100);
	else if (c == 'r')
		a->reason = arg;
	else if (c == 'K')
		a->key = arg;
	return 0;
}

/* The secret half of a new election's key, into path: made new (never
 * over a file there), readable by its owner alone.  The store keeps only
 * the public half, so only this file opens the ballots at close. */
static int key_write(const char *path, const char *secret)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	size_t n = strlen(secret);

	if (fd < 0) {
		cli_error(errno == EEXIST ? N_("%s: exists: the key goes into "
			  "a new file") : N_("%s: cannot make the key file"),
			  path);
		return EXIT_INPUT;
	}
	if (write(fd, secret, n) != (ssize_t)n || write(fd, "\n", 1) != 1 ||
	    close(fd) < 0) {
		unlink(path);
		cli_error(N_("%s: cannot make the key file"), path);
		return EXIT_INPUT;
	}
	return 0;
}

/* secret gets the key read from path (its first line). */
static int key_read(const char *path, char secret[PD_ELECTION_KEY])
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f) {
		cli_error(N_("%s: cannot read the key file"), path);
		return EXIT_INPUT;
	}
	n = fread(secret, 1, PD_ELECTION_KEY - 1, f);
	fclose(f);
	secret[n] = '\0';
	return 0;
}

static int run_add(struct cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "name", required_argument, NULL, 'n' },
		{ "seats", required_argument, NULL, 's' },
		{ "choices", required_argument, NULL, 'k' },
		{ "sport-cap", required_argument, NULL, 'c' },
		{ "reason", required_argument, NULL, 'r' },
		{ "key", required_argument, NULL, 'K' },
		{ NULL, 0, NULL, 0 },
	};
	struct pd_diag d = { "", 0, "" };
	char secret[PD_ELECTION_KEY];
	struct add_args a;
	struct pd_election *e = &a.e;
	long id = 0;
	int ret, code = 0;

	memset(&a, 0, sizeof(a));
	e->votes = -1;
	e->sport_cap = 2;
	if ((ret = cli_options(&cmd_election, argc, argv, longopts, add_option,
			       &a)))
		return ret;
	if (optind < argc || !e->games[0] || !a.name || !e->seats ||
	    !a.key)
		return cli_usage(&cmd_election,
				 N_("election add needs --games, "
				 "--name, --seats and --key"));
	if (e->sport_cap < 0)
		return cli_usage(&cmd_election, N_("--sport-cap is 0 (none) or "
				 "more"));
	if (!e->max_choices)
		e->max_choices = e->seats;
	if (strlen(a.name) >= sizeof(e->name))
		return cli_usage(&cmd_election, N_("--name is too long"));
	memcpy(e->name, a.name, strlen(a.name) + 1);
	if (!cli_store_write(cli, &code))
		return code;
	if ((ret = pd_election_keys(e->seal, secret, &d)) < 0)
		return cli_fail(ret, &d);
	code = key_write(a.key, secret);
	sodium_memzero(secret, sizeof(secret));
	if (code)
		return code;
	ret = pd_op_election_add(cli->store, e, NULL, 0, cli_who(cli, a.reason),
				 &cli_notice, &id, &d);
	if (ret < 0)
		unlink(a.key);	/* a key to no election */
	return cli_added(ret, id, &d);
}

static int run_candidate(struct cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "name", required_argument, NULL, 'n' },
		{ "npc", required_argument, NULL, 'p' },
		{ "sport", required_argument, NULL, 's' },
		{ "athlete", required_argument, NULL, 'a' },
		{ NULL, 0, NULL, 0 },
	};
	struct pd_diag d = { "", 0, "" };
	struct pd_candidate cand;
	const struct pd_npc *npc;
	const char *name = NULL, *npcname = NULL, *sport = "";
	long election, id = 0;
	int c, ret, code = 0;

	memset(&cand, 0, sizeof(cand));
	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'n')
			name = optarg;
		else if (c == 'p')
			npcname = optarg;
		else if (c == 's')
			sport = optarg;
		else if (c == 'a' && (cand.athlete = cli_id(optarg)) < 0)
			return cli_usage(&cmd_election, N_("--athlete is an "
					 "athlete's id"));
		else if (c == '?')
			return cli_usage(&cmd_election, NULL);
	}
	if (optind + 1 != argc || (election = cli_id(argv[optind])) < 0
	    || !name || !npcname)
		return cli_usage(&cmd_election,
				 N_("election candidate ELECTION "
				 "needs --name and --npc"));
	if (!(npc = pd_registry_find(cli_registry(cli), npcname)))
		return cli_fail(pd_diag_set(&d, PD_EINVAL, NULL, 0, "no NPC "
				"called '%s': see 'podium resolve'", npcname),
				&d);
	if (strlen(name) >= sizeof(cand.name) ||
	    strlen(sport) >= sizeof(cand.sport))
		return cli_usage(&cmd_election,
				 N_("--name or --sport is too long"));
	memcpy(cand.name, name, strlen(name) + 1);
	memcpy(cand.sport, sport, strlen(sport) + 1);
	snprintf(cand.npc, sizeof(cand.npc), "%s", npc->code);
	if (!cli_store_write(cli, &code))
		return code;
	ret = pd_op_candidate_add(cli->store, election, &cand,
				  cli_who(cli, NULL), &id, &d);
	return cli_added(ret, id, &d);
}

static int run_register(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	long election, added = 0;
	int ret, code = 0;

	if (argc != 2 || (election = cli_id(argv[1])) < 0)
		return cli_usage(&cmd_election, "election register ELECTION");
	if (!cli_store_write(cli, &code))
		return code;
	if ((ret = pd_op_electorate_fill(cli->store, election,
					 cli_who(cli, NULL), &added, &d)) < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: %ld athlete%s put on the register\n", added,
		added == 1 ? "" : "s");
	return EXIT_OK;
}

static int run_vote(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	long choices[PD_ELECTION_CHOICES], election, athlete;
	size_t n = 0;
	int i, ret, code = 0;

	if (argc < 5 || strcmp(argv[2], "--athlete") ||
	    (election = cli_id(argv[1])) < 0 ||
	    (athlete = cli_id(argv[3])) < 0)
		return cli_usage(&cmd_election, "election vote ELECTION "
				 "--athlete ID CANDIDATE...");
	for (i = 4; i < argc; i++) {
		if (n == PD_ELECTION_CHOICES ||
		    (choices[n++] = cli_id(argv[i])) < 0)
			return cli_usage(&cmd_election, N_("each choice is a "
					 "candidate's id"));
	}
	if (!cli_store_write(cli, &code))
		return code;
	/* no change: nothing in the audit log (election_ops.h) */
	if ((ret = pd_op_vote(cli->store, election, athlete, choices, n,
			      cli_who(cli, NULL), &d)) < 0)
		return cli_fail(ret, &d);
	fprintf(stderr, "podium: ballot cast\n");
	return EXIT_OK;
}

static int run_close(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	char secret[PD_ELECTION_KEY] = "";
	long election;
	int ret, code = 0;

	if ((argc != 2 && (argc != 4 || strcmp(argv[2], "--key"))) ||
	    (election = cli_id(argv[1])) < 0)
		return cli_usage(&cmd_election, "election close ELECTION "
				 "--key FILE");
	if (argc == 4 && (code = key_read(argv[3], secret)))
		return code;
	if (!cli_store_write(cli, &code))
		return code;
	ret = pd_op_election_close(cli->store, election, argc == 4 ? secret :
				   NULL, cli_who(cli, NULL), &d);
	sodium_memzero(secret, sizeof(secret));
	if (ret < 0)
		return cli_fail(ret, &d);
	return EXIT_OK;
}

static int run_result(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	const char *lang = "en";
	struct pd_election_read r;
	struct pd_buf b;
	long election;
	int ret, code = 0;

	if (argc == 4 && !strcmp(argv[2], "--lang"))
		lang = cli_lang(argv[3]);
	if ((argc != 2 && argc != 4) || !lang ||
	    (election = cli_id(argv[1])) < 0)
		return cli_usage(&cmd_election, "election result ELECTION "
				 "[--lang zh|en|fr]");
	if (!cli_store(cli, &code))
		return code;
	pd_buf_init(&b, 0);
	if ((ret = pd_store_begin_read(cli->store, &d)) == 0) {
		ret = pd_election_read(&r, cli->store, election, &d);
		pd_store_rollback(cli->store);
		if (ret == 0)
			ret = pd_election_text(&b, &r, cli_registry(cli),
					       lang);
		pd_election_read_release(&r);
	}
	return cli_output(ret, &b, &d);
}

static int print_election(const struct pd_election *e, void *arg)
{
	(void)arg;
	printf("%ld\t%s\t%s\t%s\t%ld seats\n", e->id, e->games,
	       cli_text(e->name), e->status, e->seats);
	return 0;
}

static int run_list(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	char games[PD_GAMES_CODE] = "";
	int ret, code = 0;

	if (argc == 3 && !strcmp(argv[1], "--games") &&
	    pd_games_code(games, sizeof(games), argv[2]) == 0)
		;
	else if (argc != 1)
		return cli_usage(&cmd_election, "election list [--games GAMES]");
	if (games[0] && (code = cli_store_games(cli, games)))
		return code;
	if (!cli_store(cli, &code))
		return code;
	ret = pd_store_elections(cli->store, games[0] ? games : NULL,
				 print_election, NULL, &d);
	return ret < 0 ? cli_fail(ret, &d) : EXIT_OK;
}

static int run(struct cli *cli, int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(struct cli *, int, char **);
	} sub[] = {
		{ "add", run_add }, { "candidate", run_candidate },
		{ "register", run_register }, { "vote", run_vote },
		{ "close", run_close }, { "result", run_result },
		{ "list", run_list },
	};
	size_t i;

	for (i = 0; argc >= 2 && i < sizeof(sub) / sizeof(*sub); i++)
		if (!strcmp(argv[1], sub[i].name))
			return sub[i].run(cli, argc - 1, argv + 1);
	return cli_usage(&cmd_election, N_("expected add, candidate, register, "
			 "vote, close, result or list"));
}

const struct cli_command cmd_election = {
	"election", run, "run an athletes' commission election, secretly",
	"usage: podium election add --games GAMES --name NAME --seats N\n"
	"                           --key FILE [--choices K] [--sport-cap C]\n"
	"                           [--reason R]\n"
	"       podium election candidate ELECTION --name NAME --npc NPC\n"
	"                           [--sport SPORT] [--athlete ID]\n"
	"       podium election register ELECTION\n"
	"       podium election vote ELECTION --athlete ID CANDIDATE...\n"
	"       podium election close ELECTION --key FILE\n"
	"       podium election result ELECTION [--lang zh|en|fr]\n"
	"       podium election list [--games GAMES]\n"
	"\n"
	"add makes an election of N seats in which a ballot marks up to K\n"
	"candidates (default N) and one sport takes at most C seats (default\n"
	"2; 0 for no cap); it prints its id and writes the key that opens its\n"
	"ballots into FILE, a new file only its owner reads: the store keeps\n"
	"only the key's public half, so keep FILE away from the store and\n"
	"its backups until close.  candidate adds one before the first\n"
	"ballot.  register puts every athlete entered at the Games (a result\n"
	"there) on the register of those who may vote, while the election is\n"
	"open.  vote casts the athlete's one ballot for the candidates' ids,\n"
	"sealed to the election's public key: it is no change (no line in\n"
	"'podium log', no version), and no one, even with the store's file,\n"
	"can read it or count the votes before close; a second ballot is\n"
	"refused (exit 2).  close ends the voting: with the key in FILE it\n"
	"opens the ballots and writes them in a random order under random\n"
	"ids, apart from the register; a wrong key closes nothing (exit 2).\n"
	"result shows the turnout and, once closed, each candidate's votes\n"
	"and seat (elected; tied, for the rules to decide; capped: the sport\n"
	"is full) and the elected list; while open, no votes.  'podium init'\n"
	"keeps the Athens 2004 election as its published result: the votes,\n"
	"the turnout and the six elected as the report states them, with no\n"
	"ballots.\n",
};
