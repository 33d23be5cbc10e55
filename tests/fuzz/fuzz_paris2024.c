/* fuzz_paris2024.c -- the Paris 2024 set: the input is the three files
 * (athletes.csv, medals.csv, medallists.csv) joined by a line "\f". */
#define _GNU_SOURCE	/* memmem */
#include <string.h>

#include "podium/entries.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const files[3] = { "athletes.csv", "medals.csv",
					      "medallists.csv" };
	const char *texts[3], *p = (const char *)data, *end = p + size, *sep;
	struct pd_entry_set set;
	size_t lens[3];
	struct pd_diag d;
	int i;

	for (i = 0; i < 3; i++) {
		sep = i < 2 ? memmem(p, (size_t)(end - p), "\n\f\n", 3) : NULL;
		texts[i] = p;
		lens[i] = (size_t)((sep ? sep : end) - p);
		p = sep ? sep + 3 : end;
	}
	if (pd_paris2024_parse(&set, texts, lens, files, "PG2024",
			       fuzz_registry(), &d) == 0)
		pd_entries_release(&set);
	return 0;
}
