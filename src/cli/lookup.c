/* lookup.c -- a word looked up in a table of commands (main.c's, which
 * 'podium help' gets through struct cli): the command it names, or the
 * message that it names none, with the nearest.  On its own so that the
 * table, which holds 'help', and 'help', which lists the table, do not
 * call each other. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const struct cli_command *cli_find(const struct cli_command *const *table,
				   const char *name)
{
	size_t i;

	for (i = 0; table[i]; i++)
		if (!strcmp(table[i]->name, name))
			return table[i];
	return NULL;
}

int not_a_command(const struct cli_command *const *table, const char *word)
{
	const char *names[64], *near;
	size_t n;

	for (n = 0; table[n] && n < 64; n++)
		names[n] = table[n]->name;
	if ((near = cli_nearest(word, names, n)))
		cli_error(N_("'%s' is not a command; did you mean '%s'?"),
			  cli_text(word), near);
	else
		cli_error(N_("'%s' is not a command; see 'podium help'"),
			  cli_text(word));
	return EXIT_USAGE;
}
