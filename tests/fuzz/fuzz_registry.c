/* fuzz_registry.c -- the registry text parser (data/npcs.tsv format). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_registry reg;
	struct pd_diag d;

	if (pd_registry_parse(&reg, (const char *)data, size, "fuzz", &d) == 0)
		pd_registry_release(&reg);
	return 0;
}
