/* json_facts.c -- the facts documents (facts_ops.h): a Games' facts, and
 * what contradicts what among them, each contradiction with its claims
 * and its line in en and zh. */
#include <stdlib.h>
#include <string.h>

#include "podium/facts_ops.h"
#include "app_int.h"

static json_t *fact_json(const struct pd_fact *f)
{
	return json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			 "id", (json_int_t)f->id,
			 "key", app_json_str(f->key),
			 "value", app_json_str(f->value),
			 "unit", app_json_str(f->unit),
			 "qualifier", app_json_str(f->qualifier),
			 "source", app_json_str(f->source),
			 "cite", app_json_str(f->cite),
			 "quote", app_json_str(f->quote));
}

json_t *app_facts_json(struct pd_store *s, const char *games,
		       const char *prefix, struct pd_diag *d)
{
	json_t *list = json_array();
	struct pd_facts l;
	size_t i, n = strlen(prefix);

	pd_facts_init(&l);
	if (list && pd_facts_read(s, games, &l, d) < 0) {
		json_decref(list);
		list = NULL;
	}
	for (i = 0; list && i < l.n; i++)
		if (!strncmp(l.v[i].key, prefix, n))
			json_array_append_new(list, fact_json(&l.v[i]));
	pd_facts_release(&l);
	return list;
}

int pd_doc_facts(struct pd_buf *out, const char *games, long version,
		 const struct pd_facts *l, unsigned flags)
{
	json_t *list = json_array();
	size_t i;

	for (i = 0; list && i < l->n; i++)
		if (json_array_append_new(list, fact_json(&l->v[i])) < 0) {
			json_decref(list);
			return PD_ENOMEM;
		}
	return app_json_dump(out, list ? json_pack("{s:o, s:I, s:o}", "games",
				app_json_str(games), "version",
				(json_int_t)version, "facts", list) : NULL,
			     flags);
}

static json_t *claim_json(const struct pd_claim *c)
{
	json_t *by = json_array(), *j;
	char en[300], zh[300];
	size_t i;

	for (i = 0; by && i < c->nby; i++)
		json_array_append_new(by, json_integer(c->by[i]->id));
	j = json_pack("{s:o, s:o, s:o, s:o}", "value", app_json_str(c->value),
		      "unit", app_json_str(c->unit), "qualifier",
		      app_json_str(c->qualifier), "facts", by ? by :
		      json_array());
	if (j && c->computed) {
		pd_fact_from(en, sizeof(en), c->computed, "en");
		pd_fact_from(zh, sizeof(zh), c->computed, "zh");
		json_object_set_new(j, "computed", json_pack("{s:o, s:o}",
				    "en", app_json_str(en), "zh",
				    app_json_str(zh)));
	}
	if (j && c->share > 0)
		json_object_set_new(j, "share", json_real(c->share));
	return j;
}

static json_t *claims_json(const struct pd_claim *v, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < n; i++)
		json_array_append_new(a, claim_json(&v[i]));
	return a ? a : json_array();
}

static const char *const kinds[] = { "sources", "computed", "share", "sum" };

static json_t *contra_json(const struct pd_contradiction *c)
{
	struct pd_buf en, zh;
	json_t *j = NULL;

	pd_buf_init(&en, 0);
	pd_buf_init(&zh, 0);
	if (pd_contradiction_text(&en, c, "en") == 0 &&
	    pd_contradiction_text(&zh, c, "zh") == 0) {
		en.data[en.len - 1] = '\0';	/* the newline */
		zh.data[zh.len - 1] = '\0';
		j = json_pack("{s:s, s:o, s:o, s:o, s:o, s:o}", "kind",
			      kinds[c->kind], "key", app_json_str(c->key),
			      "stated", claims_json(c->stated, c->nstated),
			      "against", claims_json(c->against, c->nagainst),
			      "en", app_json_str(en.data),
			      "zh", app_json_str(zh.data));
	}
	if (j && c->fit_lo)
		json_object_set_new(j, "fits", json_pack("[I, I]",
				    (json_int_t)c->fit_lo,
				    (json_int_t)c->fit_hi));
	pd_buf_release(&en);
	pd_buf_release(&zh);
	return j;
}

int pd_doc_facts_check(struct pd_buf *out, const struct pd_facts_audit *a,
		       unsigned flags)
{
	json_t *list = json_array();
	size_t i;

	for (i = 0; list && i < a->found.n; i++)
		if (json_array_append_new(list, contra_json(&a->found.v[i])) <
		    0) {
			json_decref(list);
			return PD_ENOMEM;
		}
	return app_json_dump(out, list ? json_pack("{s:s, s:I, s:I, s:I, s:o}",
				"games", a->games, "version",
				(json_int_t)a->version, "facts",
				(json_int_t)a->facts.n, "checked",
				(json_int_t)a->found.checked,
				"contradictions", list) : NULL, flags);
}
