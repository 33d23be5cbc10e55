/* suggest.c -- "did you mean": the command or option nearest to a
 * mistyped one, and the options a command's help text names. */
#include <stdlib.h>
#include <string.h>

#include "podium/distance.h"
#include "cli.h"

const char *cli_nearest(const char *word, const char *const *cands,
			size_t n)
{
	size_t i, len = strlen(word), d, best = (size_t)-1, limit;
	const char *found = NULL;

	/* a word that begins one candidate alone is that one */
	for (i = 0; i < n && len >= 2; i++)
		if (!strncmp(cands[i], word, len)) {
			if (found)
				break;
			found = cands[i];
		}
	if (found && i == n)
		return found;
	found = NULL;
	/* about a third of the word may be wrong, and at least one letter */
	limit = len / 3 > 1 ? len / 3 : 1;
	for (i = 0; i < n; i++) {
		d = pd_distance(word, cands[i], PD_DISTANCE_SWAP);
		if (d <= limit && d < best) {
			best = d;
			found = cands[i];
		}
	}
	return found;
}

size_t cli_usage_options(const struct cli_command *cmd, char out[][32],
			 size_t max)
{
	const char *p = cmd->usage;
	size_t n = 0, k, len;

	while ((p = strstr(p, "--")) && n < max) {
		p += 2;
		len = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789-");
		if (!len || *p == '-' || len + 3 > sizeof(out[0]))
			continue;
		snprintf(out[n], sizeof(out[0]), "--%.*s", (int)len, p);
		for (k = 0; k < n && strcmp(out[k], out[n]); k++)
			;
		n += k == n;
		p += len;
	}
	if (n < max)
		snprintf(out[n++], sizeof(out[0]), "--help");
	return n;
}

/* Is opt (up to '=') one of names[], or the start of one (getopt takes
 * an abbreviation that names one option)? */
static int known(const char *opt, char names[][32], size_t n)
{
	size_t len = strcspn(opt, "="), i;

	for (i = 0; i < n; i++)
		if (!strncmp(names[i], opt, len) &&
		    (!names[i][len] || len >= 4))
			return 1;
	return 0;
}

int cli_no_subcommand(const struct cli_command *cmd, int argc, char **argv,
		      const char *const *subs, const char *expected)
{
	const char *near;
	size_t n;

	for (n = 0; subs[n]; n++)
		;
	if (argc < 2 || !(near = cli_nearest(argv[1], subs, n)))
		return cli_usage(cmd, expected);
	fprintf(stderr, "podium %s: ", cmd->name);
	fprintf(stderr, cli_msg(N_("'%s' is not a subcommand; did you mean "
				"'%s'?")), cli_text(argv[1]), near);
	fputc('\n', stderr);
	return cli_usage(cmd, NULL);
}

int cli_check_options(const struct cli_command *cmd, int argc, char **argv)
{
	char names[64][32], word[64];
	const char *ptrs[64], *near;
	size_t n = cli_usage_options(cmd, names, 64), i;
	int k;

	for (i = 0; i < n; i++)
		ptrs[i] = names[i];
	for (k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--"))
			break;
		if (strncmp(argv[k], "--", 2) || known(argv[k], names, n))
			continue;
		/* after an option its value may be anything */
		if (k > 1 && !strncmp(argv[k - 1], "--", 2) &&
		    !strchr(argv[k - 1], '='))
			continue;
		snprintf(word, sizeof(word), "%.*s",
			 (int)strcspn(argv[k], "="), argv[k]);
		fprintf(stderr, "podium %s: ", cmd->name);
		if ((near = cli_nearest(word, ptrs, n)))
			fprintf(stderr, cli_msg(N_("unknown option '%s'; did "
						   "you mean '%s'?")),
				cli_text(word), near);
		else
			fprintf(stderr, cli_msg(N_("unknown option '%s'")),
				cli_text(word));
		fprintf(stderr, "\n");
		fprintf(stderr, cli_msg(N_("see 'podium help %s'\n")),
			cmd->name);
		return EXIT_USAGE;
	}
	return 0;
}
