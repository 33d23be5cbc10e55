/* fuzz.h -- what the fuzz harnesses share: the bundled registry, parsed
 * once.  Each harness is one file fuzz_<name>.c defining
 * LLVMFuzzerTestOneInput(); it builds with libFuzzer ('make fuzz') and
 * with replay.c ('make test' replays every kept input under
 * tests/fuzz/regress/<name>/). */
#ifndef PODIUM_FUZZ_H
#define PODIUM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "podium/bundled.h"
#include "podium/npc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline const struct pd_registry *fuzz_registry(void)
{
	static struct pd_registry reg;
	static int done;

	if (!done) {
		if (pd_registry_parse(&reg, (const char *)pd_embed_npcs,
				      pd_embed_npcs_len, "npcs.tsv", NULL) < 0)
			abort();
		done = 1;
	}
	return &reg;
}

#endif
