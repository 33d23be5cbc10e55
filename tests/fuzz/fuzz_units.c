/* fuzz_units.c -- a Games' folder of units (unitset.h): the input is its
 * four files (schedules.csv, results/R.csv, teams.csv, venues.csv) joined
 * by a line "\f", written to a folder made once, then read whole and its
 * medals derived by the bundled rules. */
#define _GNU_SOURCE	/* memmem, mkdtemp */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "podium/units.h"
#include "podium/unitset.h"
#include "fuzz.h"

static const char *folder(void)
{
	static char dir[64];
	char sub[96];

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/fuzz-units-XXXXXX");
		if (!mkdtemp(dir))
			abort();
		snprintf(sub, sizeof(sub), "%s/results", dir);
		mkdir(sub, 0700);
	}
	return dir;
}

static void put(const char *dir, const char *name, const char *p, size_t n)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!(f = fopen(path, "wb")))
		abort();
	fwrite(p, 1, n, f);
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[4] = { "schedules.csv", "results/R.csv",
					      "teams.csv", "venues.csv" };
	static struct pd_medal_rules rules;
	const char *p = (const char *)data, *end = p + size, *sep;
	const char *dir = folder();
	struct pd_unitset set;
	struct pd_diag d;
	int i;

	if (!rules.v && pd_medal_rules_parse(&rules,
					     (const char *)pd_embed_medal_rules,
					     pd_embed_medal_rules_len, "rules",
					     &d) < 0)
		abort();
	for (i = 0; i < 4; i++) {
		sep = i < 3 ? memmem(p, (size_t)(end - p), "\n\f\n", 3) : NULL;
		put(dir, names[i], p, (size_t)((sep ? sep : end) - p));
		p = sep ? sep + 3 : end;
	}
	if (pd_unitset_read(&set, dir, "OG2024", fuzz_registry(), &rules,
			    NULL, &d) == 0)
		pd_unitset_release(&set);
	return 0;
}
