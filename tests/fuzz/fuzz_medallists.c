/* fuzz_medallists.c -- the one-row-per-medallist importer (tidytuesday's
 * medals_clean.csv), with and without a --where filter. */
#include <string.h>

#include "podium/entries.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_entry_set set;
	struct pd_csv_opts opts;
	struct pd_diag d;

	memset(&opts, 0, sizeof(opts));
	if (pd_medallists_csv_parse(&set, (const char *)data, size, "fuzz",
				    "PG2004", fuzz_registry(), &opts,
				    &d) == 0)
		pd_entries_release(&set);
	opts.where[0].column = "year";
	opts.where[0].value = "2004";
	opts.nwhere = 1;
	if (pd_medallists_csv_parse(&set, (const char *)data, size, "fuzz",
				    "PG2004", fuzz_registry(), &opts,
				    &d) == 0)
		pd_entries_release(&set);
	return 0;
}
