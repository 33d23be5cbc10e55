/* fuzz_tzif.c -- a zone file of the system's tzdata (tz.h, RFC 8536):
 * any bytes are parsed or refused, never read past; a zone parsed gives
 * an offset within a day and more of UTC at any instant, by its
 * transitions or its footer's POSIX rule. */
#include <stdio.h>
#include <stdlib.h>

#include "podium/tz.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const long long at[] = {
		-4000000000000LL, -2208988800LL, 0, 951782400LL, 1723291200LL,
		1711846800LL, 4102444800LL, 253402300799LL, 4000000000000LL
	};
	struct pd_tz tz;
	struct pd_diag d;
	size_t i;
	int off, dst;

	if (pd_tz_parse(data, size, "fuzz", &tz, &d) < 0)
		return 0;
	for (i = 0; i < sizeof(at) / sizeof(*at); i++) {
		off = pd_tz_offset(&tz, at[i], &dst);
		if (off < -7 * 86400 || off > 7 * 86400 || (dst != 0 &&
							    dst != 1)) {
			fprintf(stderr, "fuzz: offset %d at %lld\n", off,
				at[i]);
			abort();
		}
	}
	pd_tz_release(&tz);
	return 0;
}
