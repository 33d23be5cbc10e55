/* games_doc.c -- a read command that prints a Games' JSON document
 * (records, a sport): built once in src/app inside one read transaction,
 * printed as it is for --format json, else parsed and handed to the
 * command's text printer, so that the text and the API never disagree. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_games_doc(struct cli *cli, const char *games, cli_doc_fn doc,
		  const void *arg, int json, void (*text)(struct json_t *))
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games g;
	struct pd_store *s;
	struct pd_buf b;
	json_t *tree;
	int ret, code;

	if ((code = cli_store_games(cli, games)) != 0)
		return code;
	if (!(s = cli_store(cli, &code)))
		return code;
	memset(&g, 0, sizeof(g));
	pd_buf_init(&b, 0);
	if ((ret = pd_store_begin_read(s, &d)) < 0)
		return cli_fail(ret, &d);
	if ((ret = pd_store_games_get(s, games, &g, &d)) == 0)
		ret = doc(&b, s, &g, arg, &d);
	pd_store_rollback(s);
	pd_games_release(&g);
	if (json || ret < 0)
		return cli_output(ret, &b, &d);
	if (!(tree = json_loadb(b.data, b.len, 0, NULL)))
		return cli_output(PD_ENOMEM, &b, &d);
	text(tree);
	json_decref(tree);
	pd_buf_release(&b);
	return EXIT_OK;
}
