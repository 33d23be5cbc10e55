/* fuzz_names.c -- the name resolver: normalise, look up and suggest. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct pd_registry *reg = fuzz_registry();
	const struct pd_npc *near[3];
	char *name, *norm;

	if (size > 4096 || !(name = malloc(size + 1)))
		return 0;
	memcpy(name, data, size);
	name[size] = '\0';
	norm = pd_name_normalise(name);
	free(norm);
	pd_registry_find(reg, name);
	pd_registry_code(reg, name);
	pd_registry_suggest(reg, name, near, 3);
	free(name);
	return 0;
}
