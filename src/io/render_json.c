/* render_json.c -- the standings as a JSON document, via jansson.
 *
 * The document carries both names of every NPC, whatever the view's
 * language, so that one response serves either UI.  Key order is fixed
 * (jansson keeps insertion order) so that the output can be diffed.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "podium/render.h"

/* Building the tree only fails on no memory or on a string jansson
 * rejects; err remembers the first failure so that the builders below can
 * carry on without checking every call, and the caller checks once. */
static json_t *str(const char *s, int *err)
{
	json_t *j = json_string(s);

	/* json_string() fails on invalid UTF-8 or no memory; a name that
	 * got past the registry and the importers is the likelier cause. */
	if (!j && !*err)
		*err = PD_EUTF8;
	return j;
}

static json_t *str_or_null(const char *s, int *err)
{
	return s ? str(s, err) : json_null();
}

/* Like json_object_set_new(), value is consumed even on failure, and o
 * may be NULL (a failed json_object()) so that callers need not check. */
static void set(json_t *o, const char *key, json_t *value, int *err)
{
	int failed;

	if (o) {
		failed = json_object_set_new(o, key, value) < 0;
	} else {
		json_decref(value);
		failed = 1;
	}
	if (failed && !*err)
		*err = PD_ENOMEM;
}

static void put_counts(json_t *o, const struct pd_standing *r,
		       const struct pd_standings *st, int *err)
{
	set(o, "gold", json_integer(r->medals[PD_GOLD]), err);
	set(o, "silver", json_integer(r->medals[PD_SILVER]), err);
	set(o, "bronze", json_integer(r->medals[PD_BRONZE]), err);
	set(o, "total", json_integer(r->total), err);
	if (st->scheme.kind == PD_SCHEME_POINTS)
		set(o, "points", json_integer(r->points), err);
}

static json_t *names(const struct pd_view *v, const struct pd_standing *r,
		     int *err)
{
	const struct pd_npc *npc = v->reg ? pd_registry_code(v->reg, r->npc)
					  : NULL;
	const char *fallback = r->printed && *r->printed ? r->printed : r->npc;
	json_t *o = json_object();

	long year = pd_games_year(v->games);

	/* the names at those Games, as the text formats print them */
	set(o, "en", str(npc ? pd_npc_name_at(v->reg, npc, "en", year) :
			 fallback, err), err);
	set(o, "zh", str(npc ? pd_npc_name_at(v->reg, npc, "zh", year) :
			 fallback, err), err);
	return o;
}

static json_t *row(const struct pd_view *v, const struct pd_standing *r,
		   int *err)
{
	json_t *o = json_object();

	set(o, "rank", json_integer(r->rank), err);
	set(o, "npc", str(r->npc, err), err);
	set(o, "name", names(v, r, err), err);
	if (v->use_printed && r->printed)
		set(o, "printed", str(r->printed, err), err);
	put_counts(o, r, v->st, err);
	if (r->host)
		set(o, "host", json_true(), err);
	return o;
}

static json_t *document(const struct pd_view *v, int *err)
{
	const struct pd_standings *st = v->st;
	json_t *doc = json_object(), *rows = json_array(), *o;
	char scheme[64];
	size_t i;

	pd_scheme_format(&st->scheme, scheme, sizeof(scheme));
	set(doc, "games", str_or_null(v->games, err), err);
	if (v->sport)
		set(doc, "sport", str(v->sport, err), err);
	set(doc, "source", str_or_null(v->source, err), err);
	set(doc, "scheme", str(scheme, err), err);
	set(doc, "lang", str_or_null(v->lang, err), err);
	set(doc, "caption", str_or_null(v->caption, err), err);
	for (i = 0; i < st->n && rows; i++)
		if (json_array_append_new(rows, row(v, &st->rows[i], err)) < 0
		    && !*err)
			*err = PD_ENOMEM;
	set(doc, "rows", rows, err);
	o = json_object();
	put_counts(o, &st->totals, st, err);
	set(doc, "totals", o, err);
	if (st->has_remaining) {
		o = json_object();
		set(o, "npcs", json_integer((json_int_t)st->nremaining), err);
		put_counts(o, &st->remaining, st, err);
		set(doc, "remaining", o, err);
	}
	if (v->events_known > 0 && v->events_done < v->events_known) {
		o = json_object();
		set(o, "events", json_integer((json_int_t)v->events_done),
		    err);
		set(o, "of", json_integer((json_int_t)v->events_known), err);
		set(doc, "results", o, err);
	}
	return doc;
}

/* doc of v dumped onto out with flags; version (unless < 0) added
 * last; a newline after it when nl. */
static int dump(struct pd_buf *out, const struct pd_view *v, size_t flags,
		long version, int nl)
{
	json_t *doc;
	char *text = NULL;
	int err = 0, ret;

	doc = document(v, &err);
	if (version >= 0)
		set(doc, "version", json_integer((json_int_t)version), &err);
	if ((ret = err) < 0)
		goto cleanup;
	text = json_dumps(doc, flags);
	if (!text) {
		ret = PD_ENOMEM;
		goto cleanup;
	}
	if ((ret = pd_buf_adds(out, text)) == 0 && nl)
		ret = pd_buf_addc(out, '\n');
cleanup:
	free(text);
	json_decref(doc);
	return ret;
}

int pd_render_json(struct pd_buf *out, const struct pd_view *v)
{
	return dump(out, v, JSON_INDENT(2) | JSON_PRESERVE_ORDER, -1, 1);
}

int pd_render_json_versioned(struct pd_buf *out, const struct pd_view *v,
			     long version)
{
	return dump(out, v, JSON_COMPACT | JSON_PRESERVE_ORDER, version, 0);
}
