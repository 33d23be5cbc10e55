/* test_election.c -- an athletes' commission election through the
 * application layer (src/app/election.c) on a SQLite store: a thousand
 * ballots sealed until close and then tallied exactly with the
 * per-sport cap, a second ballot refused, every table read to show no
 * ballot links to its voter and no vote is in the log; the
 * tally's ties and caps (src/core/election.c); the published Athens 2004
 * result podium init keeps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "podium/bundled.h"
#include "podium/election_ops.h"
#include "podium/ops.h"
#include "app_fixture.h"

#define ATHLETES 1200
#define VOTERS 1000
#define CANDS 12

static int setup(void **state)
{
	return fixture_open(state, (const char *)pd_embed_npcs);
}

static const struct pd_who who = { "test", "test", "", 0, NULL };
static char secret[PD_ELECTION_KEY];	/* the key make_election() made */

/* sport of candidate i: with the seed below three swimmers are among
 * the first six by votes, so the third is passed over by the cap of two */
static const char *const sport_of[CANDS] = {
	"Athletics", "Athletics", "Swimming", "Shooting", "Swimming",
	"Shooting", "Judo", "Judo", "Boccia", "Boccia", "Swimming", "Rowing",
};

/* a deterministic generator, so the test knows every ballot */
static unsigned long lcg(unsigned long *x)
{
	*x = *x * 6364136223846793005UL + 1442695040888963407UL;
	return *x >> 33;
}

/* voter v's choices (candidate indexes), 1 to 6 of them, weighted to
 * the low indexes */
static size_t ballot_of(unsigned long *x, size_t *pick)
{
	size_t n = 1 + lcg(x) % 6, k = 0, i, c;

	while (k < n) {
		c = lcg(x) % (CANDS * 3);
		c = c < CANDS * 2 ? c / 2 % CANDS : c % CANDS;
		c = c % 2 && lcg(x) % 3 ? c - 1 : c;	/* favour the evens */
		for (i = 0; i < k && pick[i] != c; i++)
			;
		if (i == k)
			pick[k++] = c;
	}
	return n;
}

static void enter_athletes(struct fixture *f, long *event)
{
	static const char *const npcs[] = { "CHN", "GBR", "USA", "BRA", "JPN" };
	struct pd_result_input *in = calloc(ATHLETES, sizeof(*in));
	struct pd_event_input ev = { .sport = "Athletics",
				     .name = "Marathon T12", .gender = "M",
				     .status = "official" };
	static char names[ATHLETES][16];
	size_t i;

	assert_non_null(in);
	if (pd_op_event_add(f->s, "PG2004", &ev, NULL, &who, NULL, event, NULL,
			    &f->d) < 0)
		fail_msg("event: %s", f->d.msg);
	for (i = 0; i < ATHLETES; i++) {
		snprintf(names[i], sizeof(names[i]), "Runner %04zu", i + 1);
		in[i].npc = npcs[i % 5];
		in[i].name = names[i];
		in[i].rank = (long)i + 1;
		in[i].mark = "";
		in[i].irm = "";
		in[i].records = "";
		in[i].line = (long)i + 1;
	}
	if (pd_op_results_replace(f->s, &f->reg, *event, in, ATHLETES, &who,
				  NULL, &f->d) < 0)
		fail_msg("results: %s", f->d.msg);
	free(in);
}

static long make_election(struct fixture *f, long *cand)
{
	struct pd_election e = { .games = "PG2004",
				 .name = "Athletes' Council 2004", .seats = 6,
				 .max_choices = 6, .sport_cap = 2,
				 .votes = -1 };
	struct pd_candidate c;
	long id = 0, i;

	assert_int_equal(pd_election_keys(e.seal, secret, &f->d), 0);
	if (pd_op_election_add(f->s, &e, NULL, 0, &who, NULL, &id, &f->d) < 0)
		fail_msg("election: %s", f->d.msg);
	for (i = 0; i < CANDS; i++) {
		memset(&c, 0, sizeof(c));
		snprintf(c.name, sizeof(c.name), "Candidate %02ld", i + 1);
		snprintf(c.npc, sizeof(c.npc), "%s", i % 2 ? "GBR" : "CHN");
		snprintf(c.sport, sizeof(c.sport), "%s", sport_of[i]);
		if (pd_op_candidate_add(f->s, id, &c, &who, &cand[i],
					&f->d) < 0)
			fail_msg("candidate: %s", f->d.msg);
	}
	return id;
}

/* The seats by an independent count: most votes first, at most two a
 * sport, six seats (the fixture has no ties: asserted). */
static void expected_seats(const long *votes, int *seat)
{
	size_t order[CANDS], i, j, t, taken = 0;
	int per_sport[CANDS];

	for (i = 0; i < CANDS; i++)
		order[i] = i;
	for (i = 0; i < CANDS; i++)
		for (j = i + 1; j < CANDS; j++)
			if (votes[order[j]] > votes[order[i]]) {
				t = order[i];
				order[i] = order[j];
				order[j] = t;
			}
	for (i = 0; i + 1 < CANDS; i++)
		assert_true(votes[order[i]] != votes[order[i + 1]]);
	memset(per_sport, 0, sizeof(per_sport));
	for (i = 0; i < CANDS; i++) {
		size_t c = order[i], s;

		for (s = 0; strcmp(sport_of[s], sport_of[c]); s++)
			;
		seat[c] = 0;
		if (taken < 6 && per_sport[s] < 2) {
			seat[c] = 1;
			per_sport[s]++;
			taken++;
		} else if (taken < 6) {
			seat[c] = 3;	/* capped */
		}
	}
}

struct stored {
	char ids[VOTERS + 1][PD_BALLOT_ID];
	char choices[VOTERS + 1][64];
	size_t n;
};

static int keep_ballot(const char *const *col, int n, void *arg)
{
	struct stored *st = arg;

	assert_int_equal(n, 3);
	assert_true(st->n < VOTERS + 1);
	snprintf(st->ids[st->n], PD_BALLOT_ID, "%s", col[1]);
	snprintf(st->choices[st->n++], 64, "%s", col[2]);
	return 0;
}

struct scan {
	struct stored *st;
	const char *table;
	size_t hits;
};

/* any column of any table holding a ballot's id */
static int scan_row(const char *const *col, int n, void *arg)
{
	struct scan *sc = arg;
	int i;

	for (i = 0; i < n; i++)
		if (col[i] && strlen(col[i]) == PD_BALLOT_ID - 1 &&
		    strcmp(sc->table, "ballots"))
			for (size_t b = 0; b < sc->st->n; b++)
				sc->hits += !strcmp(col[i], sc->st->ids[b]);
	return 0;
}

static int count_row(const char *const *col, int n, void *arg)
{
	(void)col;
	(void)n;
	(*(int *)arg)++;
	return 0;
}

struct audit_scan {
	size_t votes, other;
};

static int audit_row(const char *const *col, int n, void *arg)
{
	struct audit_scan *a = arg;

	/* id, games, version, at, actor, command, reason, changes (the
	 * fields a change changed: for a vote, none may be said) */
	assert_int_equal(n, 8);
	if (strstr(col[5], "vote")) {
		a->votes++;
	} else {
		a->other++;
	}
	return 0;
}

static void choices_text(char *out, size_t size, const size_t *pick, size_t n,
			 const long *cand)
{
	long v[6], t;
	size_t i, j, len = 0;

	for (i = 0; i < n; i++)
		v[i] = cand[pick[i]];
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (v[j] < v[i]) {
				t = v[i];
				v[i] = v[j];
				v[j] = t;
			}
	out[0] = '\0';
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, size - len, i ? ",%ld" : "%ld",
					v[i]);
}

static void test_election__thousand_ballots_tallied_secretly(void **state)
{
	struct fixture *f = *state;
	static struct stored st;
	static char cast[VOTERS][64];
	long cand[CANDS], votes[CANDS] = { 0 }, choice[6], election, event;
	long added = 0, electors, voted, least;
	int rows = 0;
	unsigned long x = 2008;	/* no two candidates tie */
	struct pd_election_read r;
	struct audit_scan au = { 0, 0 };
	struct scan sc;
	size_t pick[6], n, i, v, same = 0;
	int seat[CANDS];
	char *cols = NULL;

	assert_int_equal(pd_op_init(f->s, &f->reg, &who, NULL, NULL, &f->d), 0);
	enter_athletes(f, &event);
	election = make_election(f, cand);
	assert_int_equal(pd_op_electorate_fill(f->s, election, &who, &added,
					       &f->d), 0);
	assert_int_equal(added, ATHLETES);
	/* the athletes' ids are 1..ATHLETES: voters 1..VOTERS vote */
	for (v = 0; v < VOTERS; v++) {
		n = ballot_of(&x, pick);
		for (i = 0; i < n; i++) {
			choice[i] = cand[pick[i]];
			votes[pick[i]]++;
		}
		choices_text(cast[v], sizeof(cast[v]), pick, n, cand);
		if (pd_op_vote(f->s, election, (long)v + 1, choice, n, &who,
			       &f->d) < 0)
			fail_msg("vote %zu: %s", v, f->d.msg);
	}
	/* one ballot each; and none for one not on the register */
	assert_int_equal(pd_op_vote(f->s, election, 1, choice, 1, &who, &f->d),
			 PD_EEXISTS);
	assert_int_equal(pd_op_vote(f->s, election, ATHLETES + 50, choice, 1,
				    &who, &f->d), PD_ENOTFOUND);
	/* a ballot marking one twice, or seven, is refused */
	choice[1] = choice[0];
	assert_int_equal(pd_op_vote(f->s, election, VOTERS + 1, choice, 2, &who,
				    &f->d), PD_EINVAL);
	assert_int_equal(pd_store_electorate(f->s, election, &electors, &voted,
					     &f->d), 0);
	assert_int_equal(electors, ATHLETES);
	assert_int_equal(voted, VOTERS);

	/* open: no tally, nothing but the count of ballots cast */
	assert_int_equal(pd_election_read(&r, f->s, election, &f->d), 0);
	assert_int_equal(r.ballots, VOTERS);
	for (i = 0; i < r.ncands; i++)
		assert_int_equal(r.votes[i], 0);
	pd_election_read_release(&r);

	/* the tally: every candidate's votes exactly, the seats with the cap */
	assert_int_equal(pd_op_election_close(f->s, election, secret, &who,
					      &f->d), 0);
	assert_int_equal(pd_election_read(&r, f->s, election, &f->d), 0);
	assert_int_equal(r.ballots, VOTERS);
	assert_int_equal(r.electors, ATHLETES);
	assert_int_equal(pd_turnout_hundredths(r.ballots, r.electors), 8333);
	expected_seats(votes, seat);
	assert_int_equal(r.tally.elected, 6);
	assert_int_equal(r.tally.tied, 0);
	for (i = 0; i < r.tally.n; i++) {
		size_t c;

		for (c = 0; cand[c] != r.tally.rows[i].c->id; c++)
			;
		assert_int_equal(r.tally.rows[i].votes, votes[c]);
		assert_int_equal((int)r.tally.rows[i].seat, seat[c]);
	}
	/* the cap bit: someone capped outpolled someone elected */
	for (i = 0, n = 0, least = VOTERS; i < CANDS; i++) {
		if (seat[i] == 1 && votes[i] < least)
			least = votes[i];
		if (seat[i] == 3)
			n = votes[i] > (long)n ? (size_t)votes[i] : n;
	}
	assert_true((long)n > least);
	pd_election_read_release(&r);

	/* the ballots: an id, the choices, nothing else */
	assert_int_equal(pd_store_table_rows(f->s, "ballots", &cols,
					     keep_ballot, &st, &f->d), 0);
	assert_string_equal(cols, "election_id,id,choices");
	free(cols);
	assert_int_equal(st.n, VOTERS);
	for (i = 0; i < st.n; i++) {
		assert_int_equal(strspn(st.ids[i], "0123456789abcdef"),
				 PD_BALLOT_ID - 1);
		if (i)	/* kept in the order of the random ids, all distinct */
			assert_true(strcmp(st.ids[i - 1], st.ids[i]) < 0);
		same += !strcmp(st.choices[i], cast[i]);
	}
	/* in voting order every position would match; at random few do */
	assert_true(same < VOTERS / 5);
	/* the register: who, whether, and no more */
	assert_int_equal(pd_store_table_rows(f->s, "electorate", &cols,
					     count_row, &rows, &f->d), 0);
	assert_int_equal(rows, ATHLETES);
	assert_string_equal(cols, "election_id,athlete_id,voted");
	free(cols);
	/* no other table holds a ballot's id */
	memset(&sc, 0, sizeof(sc));
	sc.st = &st;
	for (i = 0; pd_store_tables[i]; i++) {
		sc.table = pd_store_tables[i];
		assert_int_equal(pd_store_table_rows(f->s, sc.table, NULL,
						     scan_row, &sc, &f->d), 0);
	}
	assert_int_equal(sc.hits, 0);
	/* a vote is no change: the audit log has no line of one */
	assert_int_equal(pd_store_table_rows(f->s, "audit", NULL, audit_row,
					     &au, &f->d), 0);
	assert_int_equal(au.votes, 0);
}

static void test_election__ties_and_caps(void **state)
{
	struct pd_election e = { .seats = 3, .max_choices = 3, .sport_cap = 2 };
	struct pd_candidate c[5];
	struct pd_election_tally t;
	const char *sport[5] = { "Judo", "Judo", "Judo", "Swimming", "Rowing" };
	long votes[5] = { 90, 80, 70, 60, 60 };
	size_t i;

	(void)state;
	memset(c, 0, sizeof(c));
	for (i = 0; i < 5; i++) {
		c[i].id = (long)i + 1;
		snprintf(c[i].sport, sizeof(c[i].sport), "%s", sport[i]);
	}
	/* two judoka, the third capped, then two tied for one seat */
	assert_int_equal(pd_election_tally(&t, &e, c, votes, 5, 100, 200), 0);
	assert_int_equal(t.rows[0].seat, PD_SEAT_ELECTED);
	assert_int_equal(t.rows[1].seat, PD_SEAT_ELECTED);
	assert_int_equal(t.rows[2].seat, PD_SEAT_CAPPED);
	assert_int_equal(t.rows[3].seat, PD_SEAT_TIED);
	assert_int_equal(t.rows[4].seat, PD_SEAT_TIED);
	assert_int_equal(t.rows[3].rank, 4);
	assert_int_equal(t.rows[4].rank, 4);
	assert_int_equal(t.elected, 2);
	assert_int_equal(t.seats_open, 1);
	pd_election_tally_release(&t);
	/* two judoka tied for the sport's last seat: the other seats go on */
	votes[0] = 90;
	votes[1] = 70;
	votes[2] = 70;
	votes[3] = 65;
	votes[4] = 10;
	e.seats = 4;
	e.max_choices = 4;
	assert_int_equal(pd_election_tally(&t, &e, c, votes, 5, 100, 0), 0);
	assert_int_equal(t.rows[0].seat, PD_SEAT_ELECTED);
	assert_int_equal(t.rows[1].seat, PD_SEAT_TIED);
	assert_int_equal(t.rows[2].seat, PD_SEAT_TIED);
	assert_int_equal(t.rows[3].seat, PD_SEAT_ELECTED);
	assert_int_equal(t.rows[4].seat, PD_SEAT_ELECTED);
	assert_int_equal(t.seats_open, 1);
	pd_election_tally_release(&t);
}

static void test_election__published_result_has_no_ballots(void **state)
{
	struct fixture *f = *state;
	struct pd_election_read r;
	struct pd_buf b;

	assert_int_equal(pd_op_init(f->s, &f->reg, &who, NULL, NULL, &f->d), 0);
	assert_int_equal(pd_election_read(&r, f->s, 1, &f->d), 0);
	assert_string_equal(r.e.status, "published");
	assert_int_equal(r.e.votes, 1829);
	assert_string_equal(r.e.turnout, "47.67");
	assert_string_equal(r.e.cite, "report ¶12");
	assert_int_equal(r.tally.elected, 6);
	assert_string_equal(r.tally.rows[0].c->name, "Robert Balk");
	assert_string_equal(r.tally.rows[5].c->npc, "ESP");
	pd_buf_init(&b, 0);
	assert_int_equal(pd_election_text(&b, &r, &f->reg, "zh"), 0);
	assert_non_null(strstr(b.data, "罗伯特（美国）、康斯坦丁（希腊）"));
	/* it takes no ballots */
	assert_int_equal(pd_op_vote(f->s, 1, 1, &r.cands[0].id, 1, &who,
				    &f->d), PD_ECONSIST);
	pd_buf_release(&b);
	pd_election_read_release(&r);
	/* init again keeps it once */
	assert_int_equal(pd_op_init(f->s, &f->reg, &who, NULL, NULL, &f->d), 0);
	assert_int_equal(pd_election_read(&r, f->s, 2, &f->d), PD_ENOTFOUND);
	pd_election_read_release(&r);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_election__thousand_ballots_tallied_secretly, setup,
			teardown),
		cmocka_unit_test(test_election__ties_and_caps),
		cmocka_unit_test_setup_teardown(
			test_election__published_result_has_no_ballots, setup,
			teardown),
	};

	return cmocka_run_group_tests_name("election", tests, NULL, NULL);
}
