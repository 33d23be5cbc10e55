/* fuzz_odf.c -- the ODF message reader (src/io/odf.c): any bytes either
 * parse into a message that is released whole, or fail with a diag. */
#include "podium/odf.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_odf_msg m;
	struct pd_diag d;

	if (pd_odf_parse(&m, (const char *)data, size, "fuzz", &d) == 0)
		pd_odf_msg_release(&m);
	return 0;
}
