/* progress.c -- what a long write shows on stderr as it goes: a progress
 * line for the imports.
 * The writes themselves (src/app) only call back; this draws. */
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define PROGRESS_NS 100000000L	/* redraw at most every 100 ms */
#define PROGRESS_CHECK 1024	/* rows between looks at the clock */

/* A Games is no longer made from a code nobody knows: nothing to say. */
const struct pd_op_notify cli_notice = {
	.progress = NULL,
};

void cli_progress_init(struct cli_progress *p, const char *label)
{
	const char *slash = strrchr(label, '/');

	memset(p, 0, sizeof(*p));
	p->label = slash && slash[1] ? slash + 1 : label;
	p->tty = isatty(2);
	clock_gettime(CLOCK_MONOTONIC, &p->last);
}

void cli_progress_clear(struct cli_progress *p)
{
	if (p->drawn)
		fputs("\r\033[K", stderr);
	p->drawn = 0;
}

static void draw(void *arg, size_t done, size_t total)
{
	struct cli_progress *p = arg;
	struct timespec now;
	long ns;

	if (!p->tty || done < p->next_check)
		return;
	p->next_check = done + PROGRESS_CHECK;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ns = (now.tv_sec - p->last.tv_sec) * 1000000000L +
	     (now.tv_nsec - p->last.tv_nsec);
	if (ns < PROGRESS_NS)
		return;
	p->last = now;
	p->drawn = 1;
	fprintf(stderr, "\rimporting %s: %zu%% (%zu rows)", cli_text(p->label),
		total ? done * 100 / total : 100, done);
}

void cli_progress_notify(struct pd_op_notify *nt, struct cli_progress *p)
{
	nt->progress = draw;
	nt->arg = p;
}
