/* test_hub.c -- where a stream goes next (msg_next in src/http/hub.h):
 * the ring's first message after its place, or the whole table when the
 * ring no longer starts where the stream is.  A version brings a table's
 * change (seq 0) and then its units' message (seq 1); a stream must never
 * be sent a version's units without that version's table first. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "../../src/http/hub.h"

static struct msg *mk(long id, long from, int seq)
{
	struct msg *m = calloc(1, sizeof(*m));

	assert_non_null(m);
	m->id = id;
	m->from = from;
	m->seq = seq;
	m->tag = MSG_ALL;
	return m;
}

static struct stream at(long last, int lastseq)
{
	struct stream st;

	memset(&st, 0, sizeof(st));
	st.last = last;
	st.lastseq = lastseq;
	return st;
}

/* The ring once 259's table change was pushed out of it: its oldest is
 * 259's units.  A stream that has all of 258 gets the whole table, not
 * 259's rows after 258's table (what CI saw under load, slow_reader). */
static void test_hub__units_without_their_table_are_not_sent(void **state)
{
	struct msg *full = mk(300, 0, MSG_SEQ_FULL);
	struct msg *ring[] = { mk(259, 258, 1), mk(260, 259, 0),
			       mk(260, 259, 1) };
	struct stream st = at(258, 1);

	(void)state;
	assert_ptr_equal(msg_next(&st, full, ring, 3), full);
	/* at 259's table, 259's units are next */
	st = at(259, 0);
	assert_ptr_equal(msg_next(&st, full, ring, 3), ring[0]);
	/* with all of 259, 260's table */
	st = at(259, 1);
	assert_ptr_equal(msg_next(&st, full, ring, 3), ring[1]);
	for (size_t i = 0; i < 3; i++)
		free(ring[i]);
	free(full);
}

/* A stream behind by a few versions walks the ring in order: table,
 * units, table, units. */
static void test_hub__a_stream_behind_walks_the_ring(void **state)
{
	struct msg *full = mk(261, 0, MSG_SEQ_FULL);
	struct msg *ring[] = { mk(259, 258, 0), mk(259, 258, 1),
			       mk(261, 259, 0), mk(261, 259, 1) };
	struct stream st = at(258, 1);

	(void)state;
	for (size_t k = 0; k < 4; k++) {
		struct msg *m = msg_next(&st, full, ring, 4);

		assert_ptr_equal(m, ring[k]);
		st.last = m->id;
		st.lastseq = m->seq;
	}
	/* up to date, nothing more */
	assert_null(msg_next(&st, full, ring, 4));
	/* a stream older than the ring's oldest start gets the table */
	st = at(200, 1);
	assert_ptr_equal(msg_next(&st, full, ring, 4), full);
	/* one that had the table is not sent that version's units again */
	st = at(261, MSG_SEQ_FULL);
	assert_null(msg_next(&st, full, ring, 4));
	for (size_t i = 0; i < 4; i++)
		free(ring[i]);
	free(full);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hub__units_without_their_table_are_not_sent),
		cmocka_unit_test(test_hub__a_stream_behind_walks_the_ring),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
