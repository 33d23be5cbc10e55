/* fuzz_athlete_events.c -- the Kaggle athlete_events importer and the
 * file-only table reader of the same format: both must take any bytes,
 * and on a file both accept, give the same medals. */
#include <string.h>

#include "podium/entries.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_games_tally *t;
	struct pd_entry_set set;
	struct pd_csv_opts opts;
	struct pd_diag d;
	size_t n;

	memset(&opts, 0, sizeof(opts));
	if (pd_athlete_events_parse(&set, (const char *)data, size, "fuzz",
				    fuzz_registry(), NULL, &opts, &d) == 0)
		pd_entries_release(&set);
	if (pd_athlete_events_tally((const char *)data, size, "fuzz",
				    fuzz_registry(), NULL, &t, &n, &d) == 0)
		pd_games_tallies_free(t, n);
	return 0;
}
