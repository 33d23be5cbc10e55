/* huge_pages.c -- run a bulk command again with glibc's malloc on
 * transparent huge pages.
 *
 * An import of athlete_events.csv touches ~80 MB of fresh memory (its
 * rows, the entry set, SQLite's page cache): 34,100 page faults of 4 KiB.
 * On this project's machines (a PVM guest) a fault costs ~10 us, a fifth
 * of the import's time.  With huge pages, where the kernel gives them
 * only to memory advised so (transparent_hugepage "madvise", Debian's
 * default), the same import faults 12,000 times: 1.50 -> 1.23 s, for
 * 1.3-2.6 MB more at its peak (bench/README.md, round six of issue
 * 17's bars).
 *
 * glibc advises its own heap when GLIBC_TUNABLES says
 * glibc.malloc.hugetlb=1, and reads that only as a process starts (no
 * mallopt() sets it): so the process starts again, once, with it set.
 * SQLite's allocations are glibc's too, which a pool of our own could
 * not reach.  Nothing has been opened or read by then; the process keeps
 * its PID, arguments and descriptors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define TUNABLE "glibc.malloc.hugetlb"
#define THP "/sys/kernel/mm/transparent_hugepage/enabled"

/* 1 when huge pages come only to advised memory: under "always" every
 * process has them already, under "never" no one does. */
static int thp_on_advice(void)
{
	char mode[128] = "";
	FILE *f = fopen(THP, "r");

	if (!f)
		return 0;
	if (!fgets(mode, sizeof(mode), f))
		mode[0] = '\0';
	fclose(f);
	return strstr(mode, "[madvise]") != NULL;
}

void cli_huge_pages(char **argv)
{
#ifdef __GLIBC__
	const char *old = getenv("GLIBC_TUNABLES");
	char *v, *was = NULL;
	size_t n;

	/* set already: by this function in the run before, or by the
	 * user (who may have said =0); PODIUM_NO_HUGE_PAGES: the bench's
	 * pairs with and without */
	if (!argv || (old && strstr(old, TUNABLE)) ||
	    getenv("PODIUM_NO_HUGE_PAGES") || !thp_on_advice())
		return;
	n = (old ? strlen(old) + 1 : 0) + sizeof(TUNABLE "=1");
	if (!(v = malloc(n)) || (old && !(was = strdup(old)))) {
		free(v);
		return;
	}
	snprintf(v, n, "%s%s" TUNABLE "=1", old ? old : "",
		 old && *old ? ":" : "");
	fflush(NULL);
	if (setenv("GLIBC_TUNABLES", v, 1) == 0) {
		execv("/proc/self/exe", argv);
		/* not started again (no /proc): go on as we are, with the
		 * environment as it was */
		if (was)
			setenv("GLIBC_TUNABLES", was, 1);
		else
			unsetenv("GLIBC_TUNABLES");
	}
	free(v);
	free(was);
#else
	(void)argv;
#endif
}
