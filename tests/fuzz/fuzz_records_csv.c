/* fuzz_records_csv.c -- the records CSV of 'podium import records': any
 * bytes parse or are refused, and what parses keeps the promises of io.h
 * (a value from 0, a real kind, each key's history worst mark first). */
#include <math.h>
#include <string.h>

#include "podium/io.h"
#include "fuzz.h"

static int same_key(const struct pd_record *a, const struct pd_record *b)
{
	return !strcmp(a->sport, b->sport) && !strcmp(a->event, b->event) &&
	       !strcmp(a->gender, b->gender) &&
	       !strcmp(a->sport_class, b->sport_class) &&
	       !strcmp(a->kind, b->kind);
}

static void check(const struct pd_record_set *s)
{
	const struct pd_record *a, *b;
	size_t i;

	for (i = 0; i < s->n; i++) {
		a = &s->v[i];
		if (!isfinite(a->value) || a->value < 0 || !*a->kind ||
		    strspn(a->kind, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") !=
		    strlen(a->kind) || a->line < 2)
			abort();
		if (i == 0 || !same_key(&s->v[i - 1], a))
			continue;
		b = &s->v[i - 1];
		/* the later one written is never worse than the one it
		 * replaces */
		if (a->lower_better ? a->value > b->value :
				      a->value < b->value)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pd_record_set s;
	struct pd_diag d;

	if (pd_records_csv_parse(&s, (const char *)data, size, "fuzz",
				 fuzz_registry(), &d) == 0) {
		check(&s);
		pd_record_set_release(&s);
	}
	return 0;
}
