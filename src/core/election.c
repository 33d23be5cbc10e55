/* election.c -- an athletes' commission election's checks and its tally
 * with the per-sport cap and ties (election.h). */
#include <stdlib.h>
#include <string.h>

#include "podium/election.h"

int pd_election_check(const struct pd_election *e, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_ident_check("Games code", e->games, diag)) < 0 ||
	    (ret = pd_name_check("election name", e->name, PD_NAME_MAX, 0,
				 diag)) < 0 ||
	    (ret = pd_name_check("election cite", e->cite, PD_FACT_CITE - 1,
				 1, diag)) < 0)
		return ret;
	if (e->source[0] && (ret = pd_ident_check("election source",
						   e->source, diag)) < 0)
		return ret;
	if (e->seats < 1 || e->seats > 100)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "seats is 1 to "
				   "100, not %ld", e->seats);
	if (e->max_choices < 1 || e->max_choices > e->seats ||
	    e->max_choices > PD_ELECTION_CHOICES)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a ballot marks "
				   "1 to %ld candidates (the seats), not %ld",
				   e->seats < PD_ELECTION_CHOICES ? e->seats :
				   PD_ELECTION_CHOICES, e->max_choices);
	if (e->sport_cap < 0)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "the sport cap is "
				   "0 (none) or more");
	if (strcmp(e->status, "open") && strcmp(e->status, "closed") &&
	    strcmp(e->status, "published"))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "election status "
				   "'%s' is not open, closed or published",
				   e->status);
	if (e->turnout[0] && pd_fact_number(e->turnout) > 100)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a turnout of "
				   "%s%% is over 100%%", e->turnout);
	if (e->seal[0] && (strlen(e->seal) != PD_ELECTION_KEY - 1 ||
			   strspn(e->seal, "0123456789abcdef") !=
			   PD_ELECTION_KEY - 1))
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "an election's "
				   "public key is %d hexadecimal digits",
				   PD_ELECTION_KEY - 1);
	return 0;
}

int pd_ballot_check(const struct pd_election *e, const long *choices,
		    size_t n, const struct pd_candidate *cands, size_t nc,
		    struct pd_diag *diag)
{
	size_t i, j;

	if (n < 1 || (long)n > e->max_choices)
		return pd_diag_set(diag, PD_EINVAL, NULL, 0, "a ballot marks "
				   "1 to %ld candidates, not %zu",
				   e->max_choices, n);
	for (i = 0; i < n; i++) {
		for (j = 0; j < nc && cands[j].id != choices[i]; j++)
			;
		if (j == nc)
			return pd_diag_set(diag, PD_EINVAL, NULL, 0, "%ld is "
					   "not a candidate of this election",
					   choices[i]);
		for (j = 0; j < i; j++)
			if (choices[j] == choices[i])
				return pd_diag_set(diag, PD_EINVAL, NULL, 0,
						   "candidate %ld is marked "
						   "twice", choices[i]);
	}
	return 0;
}

long pd_turnout_hundredths(long ballots, long electorate)
{
	if (electorate <= 0)
		return 0;
	return (long)((20000LL * ballots + electorate) / (2LL * electorate));
}

static int by_votes(const void *a, const void *b)
{
	const struct pd_vote_row *x = a, *y = b;

	if (x->votes != y->votes)
		return x->votes > y->votes ? -1 : 1;
	return x->c->id < y->c->id ? -1 : x->c->id > y->c->id;
}

/* The sports' seats taken so far, found by name ("" has no cap). */
struct sports {
	const char *name[PD_ELECTION_CHOICES * 4];
	long taken[PD_ELECTION_CHOICES * 4];
	size_t n;
};

static long *taken(struct sports *s, const char *sport)
{
	size_t i;

	for (i = 0; i < s->n && strcmp(s->name[i], sport); i++)
		;
	if (i == s->n) {
		if (s->n == sizeof(s->name) / sizeof(*s->name))
			return NULL;
		s->name[s->n] = sport;
		s->taken[s->n++] = 0;
	}
	return &s->taken[i];
}

static int full(struct sports *s, const char *sport, long cap)
{
	long *t;

	return cap > 0 && *sport && (t = taken(s, sport)) && *t >= cap;
}

/* Seat the group rows[i..j) of equal votes: all of those whose sport has
 * room when they fit, else those of the sports that fit, the others tied
 * for their sport's seats; or all tied when they outnumber the seats. */
static void seat_group(struct pd_election_tally *t, size_t i, size_t j,
		       long cap, long *left, struct sports *sp)
{
	size_t k, m, n = 0;
	long *tk;

	for (k = i; k < j; k++) {
		if (full(sp, t->rows[k].c->sport, cap))
			t->rows[k].seat = PD_SEAT_CAPPED;
		else
			n++;
	}
	if ((long)n > *left) {
		for (k = i; k < j; k++)
			if (t->rows[k].seat != PD_SEAT_CAPPED)
				t->rows[k].seat = PD_SEAT_TIED;
		t->seats_open += *left;
		*left = 0;
		return;
	}
	for (k = i; k < j; k++) {
		const char *s = t->rows[k].c->sport;
		long want = 0;

		if (t->rows[k].seat == PD_SEAT_CAPPED || t->rows[k].seat)
			continue;
		for (m = i; m < j; m++)
			want += t->rows[m].seat != PD_SEAT_CAPPED &&
				!strcmp(t->rows[m].c->sport, s);
		tk = *s && cap > 0 ? taken(sp, s) : NULL;
		for (m = i; m < j; m++) {
			if (t->rows[m].seat == PD_SEAT_CAPPED ||
			    strcmp(t->rows[m].c->sport, s))
				continue;
			t->rows[m].seat = !tk || *tk + want <= cap ?
					  PD_SEAT_ELECTED : PD_SEAT_TIED;
		}
		if (tk && *tk + want > cap) {
			t->seats_open += cap - *tk;
			*left -= cap - *tk;
			*tk = cap;
		} else {
			*left -= want;
			if (tk)
				*tk += want;
		}
	}
}

int pd_election_tally(struct pd_election_tally *out,
		      const struct pd_election *e,
		      const struct pd_candidate *cands, const long *votes,
		      size_t nc, long ballots, long electorate)
{
	struct sports sp;
	long left = e->seats;
	size_t i, j;

	memset(out, 0, sizeof(*out));
	memset(&sp, 0, sizeof(sp));
	out->ballots = ballots;
	out->electorate = electorate;
	if (!(out->rows = calloc(nc ? nc : 1, sizeof(*out->rows))))
		return PD_ENOMEM;
	out->n = nc;
	for (i = 0; i < nc; i++) {
		out->rows[i].c = &cands[i];
		out->rows[i].votes = votes[i];
	}
	qsort(out->rows, nc, sizeof(*out->rows), by_votes);
	for (i = 0; i < nc; i = j) {
		for (j = i; j < nc && out->rows[j].votes == out->rows[i].votes;
		     j++)
			out->rows[j].rank = (long)i + 1;
		if (left > 0 && out->rows[i].votes > 0)
			seat_group(out, i, j, e->sport_cap, &left, &sp);
	}
	for (i = 0; i < nc; i++) {
		out->elected += out->rows[i].seat == PD_SEAT_ELECTED;
		out->tied += out->rows[i].seat == PD_SEAT_TIED;
	}
	return 0;
}

void pd_election_tally_release(struct pd_election_tally *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}
