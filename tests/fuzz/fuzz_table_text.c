/* fuzz_table_text.c -- the published-table text parser and its check. */
#include "podium/io.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_published pub;
	struct pd_problems probs;
	struct pd_diag d;
	int with_reg;

	for (with_reg = 0; with_reg < 2; with_reg++) {
		if (pd_table_text_parse(&pub, (const char *)data, size, "fuzz",
					with_reg ? fuzz_registry() : NULL,
					&d) < 0)
			continue;
		pd_problems_init(&probs);
		pd_published_check(&pub, NULL, &probs);
		pd_problems_release(&probs);
		pd_published_release(&pub);
	}
	return 0;
}
