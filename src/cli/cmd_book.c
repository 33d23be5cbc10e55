/* cmd_book.c -- 'podium book': a Games' results book (pd_book_html(),
 * report.h) as HTML, or as PDF printed by headless Chromium: the browser
 * that already lays out podium's pages, rather than a PDF writer of our
 * own.  Chromium is $CHROMIUM, else /usr/bin/chromium. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "podium/report.h"
#include "cli.h"

extern char **environ;

struct args {
	char games[PD_GAMES_CODE];
	const char *lang, *out;
	int pdf;
};

static int parse(int argc, char **argv, struct args *a)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "format", required_argument, NULL, 'f' },
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(a, 0, sizeof(*a));
	a->lang = cli_default_lang();
	optind = 0;
	while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
		if (c == 'g' && pd_games_code(a->games, sizeof(a->games),
					      optarg) < 0)
			return cli_usage(&cmd_book, N_("--games takes a code such "
					 "as PG2024"));
		else if (c == 'f' && !(a->pdf = !strcmp(optarg, "pdf")) &&
			 strcmp(optarg, "html"))
			return cli_usage(&cmd_book, N_("--format is html or pdf"));
		else if (c == 'l' && !(a->lang = cli_lang(optarg)))
			return cli_usage(&cmd_book, N_("--lang is zh, en or fr"));
		else if (c == 'o')
			a->out = optarg;
		else if (c == '?' || c == ':')
			return cli_usage(&cmd_book, NULL);
	}
	if (optind != argc)
		return cli_usage(&cmd_book, N_("no argument is taken but the "
				 "options"));
	if (!a->games[0])
		return cli_usage(&cmd_book, N_("--games is required"));
	return 0;
}

/* Write all of data to path (created or replaced) or, without one, to
 * standard output. */
static int write_all(const char *path, const char *data, size_t len)
{
	FILE *f = path ? fopen(path, "wb") : stdout;
	int ok;

	if (!f) {
		cli_error(N_("cannot write %s: %s"), path,
			strerror(errno));
		return EXIT_INPUT;
	}
	ok = fwrite(data, 1, len, f) == len;
	ok &= path ? fclose(f) == 0 : fflush(f) == 0;
	if (!ok) {
		cli_error(N_("cannot write %s: %s"), path ? path :
			"standard output", strerror(errno));
		return EXIT_STORE;
	}
	return EXIT_OK;
}

/* Print html to a PDF with headless Chromium, in a folder of our own. */
static int print_pdf(const struct pd_buf *html, const char *out)
{
	const char *chromium = getenv("CHROMIUM");
	char dir[] = "/tmp/podium-book-XXXXXX", page[64], pdf[64];
	char url[80], arg[96], udd[96];
	struct pd_buf b;
	pid_t pid;
	int st = 0, ret = EXIT_STORE;
	FILE *f;

	if (!chromium || !*chromium)
		chromium = "/usr/bin/chromium";
	if (access(chromium, X_OK) != 0) {
		cli_error(N_("no Chromium at %s to print the PDF: "
			"install Debian's chromium (scripts/deps.sh does) or "
			"name it in CHROMIUM; --format html needs none"),
			chromium);
		return EXIT_INPUT;
	}
	if (!mkdtemp(dir)) {
		cli_error(N_("cannot make a folder in /tmp: %s"),
			strerror(errno));
		return EXIT_STORE;
	}
	snprintf(page, sizeof(page), "%s/book.html", dir);
	snprintf(pdf, sizeof(pdf), "%s/book.pdf", dir);
	snprintf(url, sizeof(url), "file://%s", page);
	snprintf(arg, sizeof(arg), "--print-to-pdf=%s", pdf);
	if (write_all(page, html->data, html->len) != EXIT_OK)
		goto cleanup;
	snprintf(udd, sizeof(udd), "--user-data-dir=%s/profile", dir);
	{
		char *argv[] = { (char *)chromium, "--headless",
			"--no-sandbox", "--disable-gpu", "--no-first-run",
			"--disable-dev-shm-usage", "--no-pdf-header-footer",
			udd, arg, url, NULL };
		posix_spawn_file_actions_t fa;

		posix_spawn_file_actions_init(&fa);
		/* Chromium talks on both streams: keep ours for podium */
		posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY,
						 0);
		posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY,
						 0);
		errno = posix_spawn(&pid, chromium, &fa, NULL, argv, environ);
		posix_spawn_file_actions_destroy(&fa);
		if (errno || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) ||
		    WEXITSTATUS(st)) {
			cli_error(N_("%s did not print the book "
				"(exit %d)"), chromium, WIFEXITED(st) ?
				WEXITSTATUS(st) : -1);
			goto cleanup;
		}
	}
	if (!(f = fopen(pdf, "rb"))) {
		cli_error(N_("%s wrote no PDF"), chromium);
		goto cleanup;
	}
	pd_buf_init(&b, 0);
	{
		char chunk[65536];
		size_t n;

		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
			if (pd_buf_add(&b, chunk, n) < 0)
				break;
	}
	fclose(f);
	ret = write_all(out, b.data, b.len);
	pd_buf_release(&b);
cleanup:
	unlink(page);
	unlink(pdf);
	{
		char rm[128];	/* Chromium's profile: many small files */

		snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
		if (system(rm) != 0)
			cli_error(N_("left %s behind"), dir);
	}
	return ret;
}

static int run(struct cli *cli, int argc, char **argv)
{
	struct pd_diag d = { "", 0, "" };
	struct args a;
	struct pd_buf b;
	int ret, code = 0;

	if ((ret = parse(argc, argv, &a)))
		return ret;
	if (!cli_store(cli, &code))
		return code;
	pd_buf_init(&b, 0);
	if ((ret = pd_book_html(&b, cli->store, cli_registry(cli), a.games,
				a.lang, &d)) < 0) {
		pd_buf_release(&b);
		return cli_output(ret, &b, &d);
	}
	ret = a.pdf ? print_pdf(&b, a.out) : write_all(a.out, b.data, b.len);
	pd_buf_release(&b);
	return ret;
}

const struct cli_command cmd_book = {
	"book", run, "a Games' results book, as HTML or PDF",
	"usage: podium book --games GAMES [--format html|pdf] [-o FILE]\n"
	"                   [--lang zh|en|fr]\n"
	"\n"
	"The book a Games ends with: a cover, the medal table that stands for\n"
	"the Games (as 'podium table'), the medallists, each sport's events\n"
	"with their results and medals, the results that set a record, and\n"
	"the sanctions with their reasons.  Every printed page names the\n"
	"Games and the version of the store it was built from: the same\n"
	"version makes the same HTML.\n"
	"\n"
	"  --format html|pdf  html (default), or PDF printed by headless\n"
	"                     Chromium ($CHROMIUM, else /usr/bin/chromium)\n"
	"  -o, --output FILE  write FILE rather than standard output\n"
	"  --lang zh|en|fr    the book's language\n"
	"\n"
	"Exit code 2 for bad input or no Chromium for a PDF, 3 when the store\n"
	"cannot be read or the book written.\n",
};
