/* util.c -- helpers every podium command uses: messages, exit codes, the
 * registry and the store, the options, and the end of a read or a write. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "podium/label.h"
#include "cli.h"

/* A message is one line: what it quotes from the store or a file is
 * escaped with the rest of it. */
void cli_report(const struct pd_diag *d)
{
	char zh[4 * PD_TEXT_MAX];
	const char *msg = cli_text(cli_msg_made(d->msg, zh, sizeof(zh)));

	if (d->file[0] && d->line > 0)
		fprintf(stderr, "%s:%ld: %s\n", cli_text(d->file), d->line,
			msg);
	else if (d->file[0])
		fprintf(stderr, "%s: %s\n", cli_text(d->file), msg);
	else
		fprintf(stderr, "podium: %s\n", msg);
}

/* The message in the user's language: its format from the catalogue, or
 * else the message made matched against the catalogue's patterns.  The
 * whole line goes through cli_text(), as cli_report()'s does: what it
 * quotes from argv (an ESC, invalid UTF-8) cannot reach the terminal raw,
 * whether or not the caller escaped it (cli_text() leaves its own \xHH
 * as they are). */
void cli_error(const char *fmt, ...)
{
	char text[4 * PD_TEXT_MAX], zh[4 * PD_TEXT_MAX];
	const char *f = cli_msg(fmt);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), f, ap);
	va_end(ap);
	fprintf(stderr, "podium: %s\n", cli_text(f == fmt ?
		cli_msg_made(text, zh, sizeof(zh)) : text));
}

int cli_exit_for(int err)
{
	switch (err) {
	case PD_OK:
		return EXIT_OK;
	case PD_ESTORE:
	case PD_ESTALE:
	case PD_EAWAY:
	case PD_EBUSY:
	case PD_ENOMEM:
		return EXIT_STORE;
	case PD_EINVAL:
		return EXIT_USAGE;
	default:
		return EXIT_INPUT;
	}
}

int cli_fail(int err, const struct pd_diag *d)
{
	if (d->msg[0])
		cli_report(d);
	else
		cli_error("%s", pd_strerror(err));
	return cli_exit_for(err);
}

/* The synopsis (the usage text up to its first blank line) and where
 * to read the rest: the whole text would bury the one line that says
 * what was wrong. */
int cli_usage(const struct cli_command *cmd, const char *why)
{
	const char *end = strstr(cmd->usage, "\n\n");
	int n = end ? (int)(end - cmd->usage) + 1 : (int)strlen(cmd->usage);

	/* why may be a diag's text quoting an argument (--scheme, --where) */
	if (why)
		fprintf(stderr, "podium %s: %s\n", cmd->name,
			cli_text(cli_msg(why)));
	fprintf(stderr, "%.*s", n, cmd->usage);
	if (end && !strcmp(cmd->name, "help"))
		fputs(cli_msg(N_("see 'podium help'\n")), stderr);
	else if (end)
		fprintf(stderr, cli_msg(N_("see 'podium help %s'\n")),
			cmd->name);
	return EXIT_USAGE;
}

int cli_wants_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return 1;
	return 0;
}

const char *cli_actor(void)
{
	const char *v = getenv("PODIUM_ACTOR");

	if (!v || !*v)
		v = getenv("USER");
	if (!v || !*v)
		v = getenv("LOGNAME");
	return v && *v ? v : "cli";
}

const struct pd_registry *cli_registry(struct cli *cli)
{
	struct pd_diag d = { "", 0, "" };

	if (!cli->have_reg) {
		if (pd_registry_bundled(&cli->reg, &d) < 0) {
			/* the bundled file is checked by the tests */
			cli_report(&d);
			abort();
		}
		cli->have_reg = 1;
	}
	return &cli->reg;
}

int cli_store_exists(struct cli *cli)
{
	if (pd_store_is_postgres(cli->db_path) ||
	    access(cli->db_path, F_OK) == 0)
		return 1;
	cli_error(N_("no database at '%s': 'podium init' makes one"),
		  cli_text(cli->db_path));
	return 0;
}

/* Opening a SQLite file that is not there makes it: only the writes may
 * (a read that made an empty database would hide a mistyped --db), and
 * a read makes no table either (pd_store_open_read()).  A store opened
 * for a read and then wanted for a write is opened again for it: the
 * read may have had it read-only. */
static struct pd_store *open_store(struct cli *cli, int *exit_code,
				   int create)
{
	struct pd_diag d = { "", 0, "" };
	int ret;

	if (cli->store && (!create || !cli->store_read))
		return cli->store;
	pd_store_close(cli->store);
	cli->store = NULL;
	if ((ret = pd_store_address_check(cli->db_path, &d)) < 0) {
		*exit_code = cli_fail(ret, &d);
		return NULL;
	}
	if (!create && !cli_store_exists(cli)) {
		*exit_code = EXIT_STORE;
		return NULL;
	}
	cli->store_read = !create;
	ret = (create ? pd_store_open : pd_store_open_read)(&cli->store,
		cli->db_path, cli_registry(cli), &d);
	if (ret < 0) {
		*exit_code = cli_fail(ret, &d);
		return NULL;
	}
	return cli->store;
}

struct pd_store *cli_store(struct cli *cli, int *exit_code)
{
	return open_store(cli, exit_code, 0);
}

struct pd_store *cli_store_write(struct cli *cli, int *exit_code)
{
	return open_store(cli, exit_code, 1);
}

int cli_store_games(struct cli *cli, const char *games)
{
	struct pd_diag d = { "", 0, "" };
	struct pd_games g;
	int ret, code = 0;

	if (!cli_store(cli, &code))
		return code;
	if ((ret = pd_store_games_get(cli->store, games, &g, &d)) < 0)
		return cli_fail(ret, &d);
	pd_games_release(&g);
	return 0;
}

const struct pd_who *cli_who(struct cli *cli, const char *reason)
{
	cli->who.actor = cli_actor();
	cli->who.command = cli->command;
	cli->who.reason = reason;
	return &cli->who;
}

const char *cli_lang(const char *arg)
{
	return !strcmp(arg, "zh") || !strcmp(arg, "en") || !strcmp(arg, "fr") ?
	       pd_lang(arg) : NULL;
}

const char *cli_default_lang(void)
{
	static const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
	const char *v;
	size_t i;

	for (i = 0; i < 3; i++) {
		v = getenv(vars[i]);
		if (v && *v)
			return pd_lang(v) ? pd_lang(v) : "en";
	}
	return "en";
}

const char *cli_text(const char *s)
{
	/* as git's oid_to_hex(): a few at once in one printf */
	static char slot[CLI_TEXT_SLOTS][4 * PD_TEXT_MAX + 8];
	static unsigned next;
	char *out = slot[next++ % CLI_TEXT_SLOTS];

	pd_text_escape(out, sizeof(slot[0]), s ? s : "");
	return out;
}

/* The bytes of a rendered document that no text output holds: C0 controls
 * but tab and line ends, DEL, and C1 (U+0080..U+009F, which terminals
 * take for escape sequences).  Tabs and line ends are the formats' own
 * separators; the fields in them were escaped with cli_text() where
 * they were rendered in src/cli. */
static size_t controls(const char *p, size_t n)
{
	unsigned char c = (unsigned char)p[0];

	if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
		return 1;
	if (c == 0xC2 && n > 1 && (unsigned char)p[1] >= 0x80 &&
	    (unsigned char)p[1] <= 0x9F)
		return 2;
	return 0;
}

int cli_write(const struct pd_buf *b)
{
	size_t i = 0, from = 0, k;
	int err = 0;

	/* the last line of defence for what src/io and src/app render:
	 * no escape sequence reaches the terminal */
	for (i = 0; i < b->len; i++) {
		if (!(k = controls(b->data + i, b->len - i)))
			continue;
		err |= fwrite(b->data + from, 1, i - from, stdout) != i - from;
		err |= printf(k == 1 ? "\\x%02X" : "\\xC2\\x%02X",
			      (unsigned char)b->data[i + k - 1]) < 0;
		i += k - 1;
		from = i + 1;
	}
	err |= fwrite(b->data + from, 1, b->len - from, stdout) !=
	       b->len - from;
	if (err || fflush(stdout) != 0) {
		cli_error(N_("cannot write the output"));
		return EXIT_STORE;
	}
	return EXIT_OK;
}

int cli_output(int ret, struct pd_buf *b, const struct pd_diag *d)
{
	ret = ret < 0 ? cli_fail(ret, d) : cli_write(b);
	pd_buf_release(b);
	return ret;
}

/* getopt's own message names argv[0], a subcommand here ("add:
 * unrecognized option '--athlete'"); say it as every other message does:
 * one the subcommand does not take, or one it takes given no value (or a
 * value it takes none for). */
static int bad_option(const struct cli_command *cmd, const char *arg,
		      const struct option *longopts)
{
	char word[64];
	const struct option *o;
	const char *why = N_("unknown option '%s'");

	snprintf(word, sizeof(word), "%.*s", (int)strcspn(arg, "="), arg);
	for (o = longopts; o->name; o++)
		if (!strcmp(word + strspn(word, "-"), o->name))
			why = o->has_arg == no_argument ?
			      N_("%s takes no value") : N_("%s needs a value");
	fprintf(stderr, "podium %s: ", cmd->name);
	fprintf(stderr, cli_msg(why), cli_text(word));
	fputc('\n', stderr);
	return cli_usage(cmd, NULL);
}

int cli_options(const struct cli_command *cmd, int argc, char **argv,
		const struct option *longopts, cli_option_fn *fn, void *ctx)
{
	int c, ret;

	/* glibc starts afresh at 0; 1 would keep an earlier parse's state */
	optind = 0;
	opterr = 0;	/* bad_option() says it */
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == '?' || c == ':')
			return bad_option(cmd, argv[optind - 1], longopts);
		if ((ret = fn(c, optarg, ctx)))
			return ret;
	}
	return 0;
}

long cli_number(const char *s, long max)
{
	char *end;
	long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end || v < 1 || v > max ? -1 : v;
}

int cli_done(int ret, struct pd_op_done *done, const struct pd_diag *d)
{
	size_t i;

	for (i = 0; ret == 0 && i < done->said.n; i++)
		fprintf(stderr, "podium: %s\n", cli_text(done->said.v[i]));
	pd_op_done_release(done);
	return ret < 0 ? cli_fail(ret, d) : EXIT_OK;
}

int cli_added(int ret, long id, const struct pd_diag *d)
{
	if (ret < 0)
		return cli_fail(ret, d);
	printf("%ld\n", id);
	return EXIT_OK;
}

int cli_subcommand(struct cli *cli, int argc, char **argv,
		   const struct cli_sub *subs, size_t n,
		   const struct cli_command *cmd, const char *why)
{
	size_t i;

	for (i = 0; argc >= 2 && i < n; i++)
		if (!strcmp(argv[1], subs[i].name))
			return subs[i].run(cli, argc - 1, argv + 1);
	return cli_usage(cmd, why);
}

long cli_id(const char *s)
{
	return cli_number(s, 1L << 40);
}

int cli_event_file_write(struct cli *cli, const struct cli_command *cmd,
			 const char *why, int argc, char **argv,
			 struct cli_event_file *ef)
{
	int i, code = 0;

	ef->file = ef->source = NULL;
	if (argc < 2 || (ef->event = cli_id(argv[1])) < 0)
		return cli_usage(cmd, why);
	for (i = 2; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--file"))
			ef->file = argv[i + 1];
		else if (!strcmp(argv[i], "--source"))
			ef->source = argv[i + 1];
		else
			break;
	}
	if (i != argc || !ef->file)
		return cli_usage(cmd, why);
	return cli_store_write(cli, &code) ? 0 : code;
}
