/* cmd_check.c -- 'podium check FILE': is a published table consistent
 * with itself? */
#include <getopt.h>

#include "cli.h"

static int run(struct cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "scheme", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	struct pd_scheme scheme = { PD_SCHEME_GOLD, { 0, 0, 0 } };
	struct pd_diag d = { "", 0, "" };
	struct pd_published pub;
	struct pd_problems probs;
	const char *file;
	size_t i;
	int c, ret;

	optind = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c != 's')
			return cli_usage(&cmd_check, NULL);
		if (pd_scheme_parse(&scheme, optarg, &d) < 0)
			return cli_usage(&cmd_check, d.msg);
	}
	if (argc - optind != 1)
		return cli_usage(&cmd_check, N_("expected one FILE"));
	file = argv[optind];
	if ((ret = pd_check_file(file, &scheme, &pub, &probs, &d)) < 0) {
		ret = cli_fail(ret, &d);
		goto cleanup;
	}
	for (i = 0; i < probs.n; i++)
		printf("%s:%ld: %s\n", cli_text(file), probs.v[i].line,
		       cli_text(probs.v[i].msg));
	if (probs.n)
		fprintf(stderr, "podium: %s: %zu problem%s in %zu rows\n",
			cli_text(file),
			probs.n, probs.n == 1 ? "" : "s", pub.n);
	else
		fprintf(stderr, "podium: %s: consistent (%zu rows, totals "
			"%ld %ld %ld %ld)\n", cli_text(file), pub.n, pub.totals[0],
			pub.totals[1], pub.totals[2], pub.totals[3]);
	ret = probs.n ? EXIT_DIFFER : EXIT_OK;
cleanup:
	pd_problems_release(&probs);
	pd_published_release(&pub);
	return ret;
}

const struct cli_command cmd_check = {
	"check", run, "check that a published table agrees with itself",
	"usage: podium check [--scheme SCHEME] FILE\n"
	"\n"
	"Reads a published table (the text form 'podium import table' takes)\n"
	"and prints every inconsistency as FILE:LINE: message:\n"
	"  - a row whose total is not gold + silver + bronze;\n"
	"  - a row listed below one it outranks (under SCHEME, default gold);\n"
	"  - a rank that is not the competition rank (1, 2, 2, 4);\n"
	"  - a tied row with a rank other than the shared one (no rank is\n"
	"    fine), or a row that starts a new rank but prints none;\n"
	"  - a totals row that does not add up.\n"
	"\n"
	"Exit 0 when consistent, 1 when problems were found, 2 when the file\n"
	"cannot be read as a table.\n",
};
