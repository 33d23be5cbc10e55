/* fuzz_csv.c -- the RFC 4180 reader on its own, to the end of the input,
 * and quoting each field back. */
#include "podium/csv.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_csv c;
	struct pd_buf out;
	struct pd_diag d;
	size_t i;

	pd_buf_init(&out, 1 << 20);
	pd_csv_init(&c, (const char *)data, size, "fuzz");
	while (pd_csv_next(&c, &d) > 0)
		for (i = 0; i < c.nf; i++)
			pd_csv_quote(&out, c.f[i]);
	pd_csv_release(&c);
	pd_buf_release(&out);
	return 0;
}
