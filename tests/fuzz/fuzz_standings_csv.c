/* fuzz_standings_csv.c -- the standings CSV importer and the check of
 * what it reads. */
#include <string.h>

#include "podium/io.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_published pub;
	struct pd_problems probs;
	struct pd_csv_opts opts;
	struct pd_diag d;

	memset(&opts, 0, sizeof(opts));
	if (pd_standings_csv_parse(&pub, (const char *)data, size, "fuzz",
				   fuzz_registry(), &opts, &d) < 0)
		return 0;
	pd_problems_init(&probs);
	pd_published_check(&pub, NULL, &probs);
	pd_problems_release(&probs);
	pd_published_release(&pub);
	return 0;
}
