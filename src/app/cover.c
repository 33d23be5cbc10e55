/* cover.c -- which table stands for a Games when none is named, and how
 * far its results go (app.h: struct pd_cover).  A Games loaded from its
 * published table and then given its first results must not shrink to
 * them: the table as published stays the default until the results
 * cover the events it awards. */
#include <stdio.h>
#include <string.h>

#include "podium/app.h"
#include "podium/store.h"
#include "podium/words.h"
#include "app_int.h"

void pd_cover_decide(struct pd_cover *c)
{
	int published = c->published[0] && c->done < c->known;

	snprintf(c->source, sizeof(c->source), "%s",
		 published ? c->published : "");
}

long pd_published_golds(const struct pd_published *p)
{
	long golds = 0;
	size_t i;

	for (i = 0; i < p->n; i++)
		golds += p->rows[i].medals[0];
	return golds;
}

/* the medals come in event order: a new event id is one more event */
static int count_event(const struct pd_medal_out *m, void *arg)
{
	long *v = arg;	/* [0] events, [1] the last event's id */

	if (m->event_id != v[1]) {
		v[0]++;
		v[1] = m->event_id;
	}
	return 0;
}

int pd_games_cover(struct pd_store *s, const char *games,
		   struct pd_cover *c, struct pd_diag *diag)
{
	struct pd_query q = { games, NULL, 0, 0 };
	struct pd_published pub;
	struct pd_strings src;
	long v[2] = { 0, 0 };
	int ret;

	memset(c, 0, sizeof(*c));
	pd_strings_init(&src);
	pd_published_init(&pub);
	/* without a published table nothing is measured against: no walk */
	if ((ret = pd_store_published_sources(s, games, &src, diag)) < 0 ||
	    !src.n || (ret = pd_store_medals(s, &q, count_event, v,
					     diag)) < 0)
		goto cleanup;
	c->done = v[0];
	if ((ret = pd_store_published_get(s, games, src.v[0], &pub,
					  diag)) == 0) {
		snprintf(c->published, sizeof(c->published), "%s", src.v[0]);
		c->known = pd_published_golds(&pub);
	}
	pd_cover_decide(c);
cleanup:
	pd_published_release(&pub);
	pd_strings_release(&src);
	return ret;
}

int pd_games_stats_read(struct pd_store *s, const char *games,
			struct pd_games_stats *st, struct pd_cover *c,
			struct pd_diag *diag)
{
	struct pd_published pub;
	struct pd_tally t;
	int ret;

	pd_published_init(&pub);
	pd_tally_init(&t);
	if ((ret = pd_store_games_stats(s, games, st, diag)) < 0 ||
	    (ret = app_units_people(s, games, st, diag)) < 0 ||
	    (ret = pd_games_cover(s, games, c, diag)) < 0 || !c->source[0])
		goto cleanup;
	if ((ret = pd_store_published_get(s, games, c->source, &pub,
					  diag)) < 0 ||
	    (ret = pd_published_tally(&pub, &t)) < 0)
		goto cleanup;
	pd_games_stats_tally(st, &t);
cleanup:
	pd_tally_release(&t);
	pd_published_release(&pub);
	return ret;
}

void pd_cover_text(char *out, size_t size, const struct pd_cover *c,
		   const char *lang)
{
	/* the numbers in this order: events with results, then of how
	 * many (a language that says them the other way numbers them) */
	if (!c->published[0])
		snprintf(out, size, "%s", "");
	else
		snprintf(out, size, pd_word(lang, c->known == 1 ?
			 N_("results for %ld of %ld event") :
			 N_("results for %ld of %ld events")), c->done,
			 c->known);
}
