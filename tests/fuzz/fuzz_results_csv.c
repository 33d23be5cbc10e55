/* fuzz_results_csv.c -- the ranking CSV of 'podium result set --file'. */
#include "podium/io.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_result_lines lines;
	struct pd_diag d;

	if (pd_results_csv_parse(&lines, (const char *)data, size, "fuzz",
				 fuzz_registry(), &d) == 0)
		pd_result_lines_release(&lines);
	return 0;
}
