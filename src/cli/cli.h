/* cli.h -- what the podium commands share: the context, the command table
 * entry, exit codes, and helpers for the store, the registry and messages.
 *
 * Data goes to stdout; messages go to stderr as "file:line: message" (or
 * "podium: message" when there is no file).  Exit codes are a contract. */
#ifndef PODIUM_CLI_H
#define PODIUM_CLI_H

#include <getopt.h>
#include <stdio.h>
#include <time.h>

#include "podium/app.h"
#include "podium/buf.h"
#include "podium/error.h"
#include "podium/npc.h"
#include "podium/ops.h"
#include "podium/published.h"
#include "podium/render.h"
#include "podium/standings.h"
#include "podium/store.h"
#include "podium/words.h"

#define PODIUM_VERSION "0.1.0"

enum {
	EXIT_OK = 0,
	EXIT_DIFFER = 1,	/* check or diff found differences */
	EXIT_INPUT = 2,		/* bad input; nothing written */
	EXIT_STORE = 3,		/* storage error */
	EXIT_USAGE = 64,
};

struct cli {
	const char *db_path;
	struct pd_registry reg;
	int have_reg;
	struct pd_store *store;
	int store_read;		/* store was opened by a read (cli_store) */
	char command[1024];	/* the command line, for the audit log */
	struct pd_who who;	/* cli_who()'s */
	char **argv;		/* main()'s as it came (or NULL): to start
			 * again */
	const struct cli_command *const *commands;	/* main()'s table */
};

struct cli_command {
	const char *name;
	int (*run)(struct cli *cli, int argc, char **argv);
	const char *summary;	/* one line for 'podium help' */
	const char *usage;	/* the whole help text of the command */
};

/* Each command is a file src/cli/cmd_<name>.c defining cmd_<name>; the
 * table in main.c is generated from those names.  help and version are
 * the two that other code calls directly. */
#define X(name) extern const struct cli_command cmd_##name;
#include "commands.h"	/* generated: X(check) X(diff) ... */
#undef X
extern const struct cli_command cmd_version;

/* Start this process again with glibc's malloc on transparent huge pages
 * (huge_pages.c), when the kernel gives them only on advice and nothing
 * says not to; returns only when it does not. */
void cli_huge_pages(char **argv);

/* The command table, NULL-terminated (main.c); the commands see it as
 * cli->commands. */
/* 'podium unit start-list|result|status' (unit_write.c), which
 * 'podium unit' (cmd, for its usage) hands on: argv[1] is the
 * subcommand. */
int cli_unit_write(struct cli *cli, const struct cli_command *cmd,
		   int argc, char **argv);

extern const struct cli_command *const cli_commands[];
/* The command of table (NULL-terminated) named name, or NULL
 * (lookup.c). */
const struct cli_command *cli_find(const struct cli_command *const *table,
				   const char *name);
/* Say word is no command of table, with the nearest one; returns
 * EXIT_USAGE. */
int not_a_command(const struct cli_command *const *table, const char *word);

/* Print a diag as "file:line: message" on stderr. */
void cli_report(const struct pd_diag *d);
/* When a read of results found nothing (what: "medals by sport",
 * "athletes", "medallists"): say on stderr for games (NULL: every Games
 * in the store) that holds a published table and no results why, and
 * what to do.  Returns how many Games it spoke of. */
size_t cli_why_no_results(struct cli *cli, const char *games,
			  const char *what);
/* Print "podium: message" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The exit code for a negative PD_E* code. */
int cli_exit_for(int err);
/* Report diag and return the exit code for err. */
int cli_fail(int err, const struct pd_diag *d);
/* Print the command's usage on stderr and return EXIT_USAGE. */
int cli_usage(const struct cli_command *cmd, const char *why);
/* "-h"/"--help" as the only argument: print usage on stdout. */
int cli_wants_help(int argc, char **argv);

/* A command's subcommands: the one argv[1] names runs with argv from
 * there; none named is cmd's usage with why. */
struct cli_sub {
	const char *name;
	int (*run)(struct cli *cli, int argc, char **argv);
};

int cli_subcommand(struct cli *cli, int argc, char **argv,
		   const struct cli_sub *subs, size_t n,
		   const struct cli_command *cmd, const char *why);
/* "EVENT --file FILE [--source S]" (argv[0] the subcommand), read into
 * ef, and the store opened for the write: 0, or an exit code (cmd's
 * usage with why when the arguments are not all there, printed). */
struct cli_event_file {
	long event;
	const char *file, *source;
};
int cli_event_file_write(struct cli *cli, const struct cli_command *cmd,
			 const char *why, int argc, char **argv,
			 struct cli_event_file *ef);

/* Who is acting, for the audit log: $PODIUM_ACTOR, else $USER, else
 * "cli". */
const char *cli_actor(void);

/* The bundled registry; parsed once. */
const struct pd_registry *cli_registry(struct cli *cli);
/* Open the store (once); on failure report and return NULL.  cli_store
 * is for reads: a SQLite file that is not there is reported ("podium
 * init makes one", EXIT_STORE) and never made; cli_store_write makes
 * it. */
struct pd_store *cli_store(struct cli *cli, int *exit_code);
struct pd_store *cli_store_write(struct cli *cli, int *exit_code);
/* Open the store for reading and check it holds the Games: 0, or the
 * exit code after saying so ("no Games 'X' in FILE: see 'podium
 * games'"), as every command that lists a Games' rows does before it
 * lists none. */
int cli_store_games(struct cli *cli, const char *games);
/* 1 if the store is there (a PostgreSQL URI always is), else 0 with the
 * message printed. */
int cli_store_exists(struct cli *cli);

/* Who is writing, for the audit log: cli_actor(), this command line and
 * reason (may be NULL).  Points into cli; valid until the next call. */
const struct pd_who *cli_who(struct cli *cli, const char *reason);

/* What a write shows on stderr (progress.c): a new Games is named. */
extern const struct pd_op_notify cli_notice;

/* A progress line for a long write, drawn on stderr when it is a terminal
 * and redrawn at most every 100 ms; label names the input (its last path
 * component is shown). */
struct cli_progress {
	const char *label;
	int tty, drawn;
	size_t next_check;
	struct timespec last;	/* the last redraw, or the start */
};
void cli_progress_init(struct cli_progress *p, const char *label);
/* Erase the line if it is drawn. */
void cli_progress_clear(struct cli_progress *p);
/* nt draws p and names a new Games (erasing the line first). */
void cli_progress_notify(struct pd_op_notify *nt, struct cli_progress *p);

/* The language to print in when --lang is not given: zh or fr when
 * LC_ALL, LC_MESSAGES or LANG says so, else en. */
const char *cli_default_lang(void);
/* Check a --lang value; NULL if it is not en, fr or zh. */
const char *cli_lang(const char *arg);

/* The CLI's messages in the user's language (msg.c): en's translation
 * in the catalogue of words (podium/words.h) when PODIUM_LANG, else
 * LC_ALL, LC_MESSAGES or LANG starts with zh or fr and the catalogue has
 * it, else en itself.  cli_error() and cli_usage() look their text up;
 * a translation takes the same conversions as en. */
const char *cli_msg(const char *en) __attribute__((format_arg(1)));
/* A message made elsewhere (a diag's, formatted) in the user's language:
 * text itself, or its translation written into out. */
const char *cli_msg_made(const char *text, char *out, size_t size);
/* "en", "fr" or "zh": the language of the messages. */
const char *cli_msg_lang(void);

/* Did you mean (suggest.c): the one of cands[0..n) nearest to word (a
 * unique start of one, else within about a third of its letters, by
 * pd_distance with transpositions), or NULL. */
const char *cli_nearest(const char *word, const char *const *cands,
			size_t n);
/* The options cmd's help text names ("--games" ...), with "--help", into
 * out; returns how many (at most max). */
size_t cli_usage_options(const struct cli_command *cmd, char out[][32],
			 size_t max);
/* The subcommand argv[1] is none of subs (NULL-terminated): name the
 * nearest, or say expected, with the synopsis; returns EXIT_USAGE. */
int cli_no_subcommand(const struct cli_command *cmd, int argc, char **argv,
		      const char *const *subs, const char *expected);
/* An argument "--word" that is none of cmd's options (nor the start of
 * one) is reported with the nearest, and EXIT_USAGE returned; else 0. */
int cli_check_options(const struct cli_command *cmd, int argc, char **argv);

/* Load a standings reference (table, diff; see pd_ref_init()), opening
 * the store only when it names one; opts may be NULL.  Returns 0 or an
 * exit code, with the message already printed.  Release r with
 * pd_ref_release() whatever the result. */
int cli_ref_load(struct cli *cli, const char *ref,
		 const struct pd_ref_opts *opts, struct pd_ref *r);

/* A command's options, all long ones (getopt_long with no short options):
 * cli_options() starts at argv[1] afresh, whatever an earlier parse
 * left, and calls fn(c, optarg, ctx) for each, c being its val; an
 * unknown option, or one missing its value, is cmd's usage.  Returns 0
 * with optind at the first operand, or the first non-zero fn returned
 * (an exit code, the message printed). */
typedef int cli_option_fn(int c, char *arg, void *ctx);
int cli_options(const struct cli_command *cmd, int argc, char **argv,
		const struct option *longopts, cli_option_fn *fn, void *ctx);

/* Parse a whole number from 1 to max; -1 if it is not one. */
long cli_number(const char *s, long max);
/* A store id as typed (an event, an athlete, an election...): a whole
 * number from 1 to 2^40; -1 if it is not one. */
long cli_id(const char *s);

/* Write all of b to stdout; EXIT_STORE-like failure reported. */
int cli_write(const struct pd_buf *b);
/* The end of a read: b written to stdout unless ret is negative, else d
 * reported as cli_fail() does; b released.  Returns the exit code. */
int cli_output(int ret, struct pd_buf *b, const struct pd_diag *d);
/* A Games' document (games_doc.c): doc builds it into b inside a read
 * transaction of games's store; printed as it is when json, else parsed
 * and printed by text.  Returns the exit code. */
struct json_t;
typedef int (*cli_doc_fn)(struct pd_buf *b, struct pd_store *s,
			  const struct pd_games *g, const void *arg,
			  struct pd_diag *d);
int cli_games_doc(struct cli *cli, const char *games, cli_doc_fn doc,
		  const void *arg, int json, void (*text)(struct json_t *));
/* s as the terminal may show it: every byte a name may not hold (a tab,
 * a line break, an escape sequence, invalid UTF-8) as \xHH, so that text
 * stored before the label rules (label.h) cannot forge a line, a column
 * or the screen.  Every field the CLI prints from the store goes through
 * here.  The result lives in one of CLI_TEXT_SLOTS rotating buffers, so
 * a printf may take that many; a longer one is cut with "...". */
#define CLI_TEXT_SLOTS 8
const char *cli_text(const char *s);
/* The end of a write: when ret is 0, say on stderr what it did (done's
 * lines), so stdout keeps only data; release done; return the exit code
 * for ret (EXIT_OK, or d reported as cli_fail() does). */
int cli_done(int ret, struct pd_op_done *done, const struct pd_diag *d);
/* The end of an add: the new record's id on stdout, alone on its line
 * (what a script reads back), unless ret is negative: then d reported as
 * cli_fail() does.  Returns the exit code. */
int cli_added(int ret, long id, const struct pd_diag *d);

#endif
