/* replay.c -- run a fuzz harness on saved inputs without libFuzzer, so
 * 'make test' (and SAN=1) replays every crasher ever found.
 * usage: replay-NAME FILE...   exits non-zero if any input crashes (the
 * sanitizers abort) -- a clean return is a pass. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

int main(int argc, char **argv)
{
	int i, n = 0;

	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		unsigned char *buf;
		long len;

		if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 ||
		    fseek(f, 0, SEEK_SET) || !(buf = malloc((size_t)len + 1))) {
			perror(argv[i]);
			return 2;
		}
		if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
			perror(argv[i]);
			return 2;
		}
		fclose(f);
		LLVMFuzzerTestOneInput(buf, (size_t)len);
		free(buf);
		n++;
	}
	printf("replayed %d inputs\n", n);
	return 0;
}
