/* fuzz_medals_csv.c -- the medals CSV importer, with and without --where
 * and a team column. */
#include <string.h>

#include "podium/io.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_medal_set set;
	struct pd_csv_opts opts;
	struct pd_diag d;

	memset(&opts, 0, sizeof(opts));
	if (pd_medals_csv_parse(&set, (const char *)data, size, "fuzz",
				fuzz_registry(), &opts, &d) == 0)
		pd_medal_set_release(&set);
	opts.where[0].column = "year";
	opts.where[0].value = "2004";
	opts.nwhere = 1;
	opts.map[PD_F_TEAM] = "grp_id";
	if (pd_medals_csv_parse(&set, (const char *)data, size, "fuzz",
				fuzz_registry(), &opts, &d) == 0)
		pd_medal_set_release(&set);
	return 0;
}
