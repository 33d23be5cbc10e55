/* said.c -- a write's answer lines in the writer's language (said.h).
 * English is the operations' own; another language's are made from the
 * changes and medals lists, in their order, with the catalogue's words
 * (podium/words.h): one line a competitor (its fields
 * before and after), one line an event's medals, one line a rule that
 * kept a result off the podium or moved it up. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <microhttpd.h>

#include "podium/buf.h"
#include "podium/words.h"
#include "said.h"

#define LINE_MAX_BYTES (1 << 16)

/* The English words of the lists (field names, medals, statuses, and
 * the rules as pd_medal_rule_text() says them), each in the context
 * "said": the desk's "gold" is a shorter word than an answer's. */
static const char *const said_words[] = {
	C_("said", "rank"), C_("said", "mark"), C_("said", "irm"),
	C_("said", "records"), C_("said", "medal"), C_("said", "status"),
	C_("said", "event"), C_("said", "gold"), C_("said", "silver"),
	C_("said", "bronze"), C_("said", "scheduled"), C_("said", "live"),
	C_("said", "unofficial"), C_("said", "official"),
	C_("said", "protested"), C_("said", "provisional"),
	C_("said", "by rank"),
	C_("said", "moved up past a result that never medals (an IRM or a "
	   "sanction)"),
	C_("said", "an IRM never medals"),
	C_("said", "sanctioned: the medal is reallocated"),
	C_("said", "sanctioned: the medal is vacated, nobody moves up"),
	C_("said", "the minus-one cap: with S starters at most S - 1 medals"),
};

const char *said_lang(struct MHD_Connection *c)
{
	const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND,
						    "lang");
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    "Accept-Language");

	const char *lang;

	if (q)
		return (lang = pd_lang(q)) && !strcmp(lang, q) ? lang : "en";
	/* the first language the client names decides */
	while (h && (*h == ' ' || *h == '\t'))
		h++;
	return (lang = pd_lang(h)) ? lang : "en";
}

/* An English word of the lists in lang; the word itself (a name, a
 * mark) when it is none of them; "-" for "". */
static const char *word(const char *lang, const char *en)
{
	size_t i;

	if (!en || !*en)
		return "-";
	for (i = 0; i < sizeof(said_words) / sizeof(*said_words); i++)
		if (!strcmp(en, strchr(said_words[i], '\004') + 1))
			return pd_word(lang, said_words[i]);
	return en;
}

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

/* "event 12 (100 m T54)" in lang ("项目 12（100 m T54）"); others as
 * they are. */
static int add_what(struct pd_buf *b, const char *lang, const char *what)
{
	const char *open;
	char id[32], name[1024];

	if (strncmp(what, "event ", 6))
		return pd_buf_adds(b, what);
	open = strstr(what, " (");
	if (!open || what[strlen(what) - 1] != ')')
		return pd_buf_addf(b, pd_word(lang, N_("event %s")), what + 6);
	snprintf(id, sizeof(id), "%.*s", (int)(open - what - 6), what + 6);
	snprintf(name, sizeof(name), "%.*s", (int)(strlen(open) - 3),
		 open + 2);
	return pd_buf_addf(b, pd_word(lang, N_("event %s (%s)")), id, name);
}

static int push(json_t *out, struct pd_buf *b)
{
	int ret = json_array_append_new(out, json_string(b->data)) ? -1 : 0;

	pd_buf_reset(b);
	return ret;
}

/* One line a competitor (or event): its fields, before -> after. */
static int say_changes(json_t *out, json_t *changes, struct pd_buf *b,
		       const char *lang)
{
	const char *what = NULL;
	json_t *c;
	size_t i;
	int ret = 0;

	json_array_foreach(changes, i, c) {
		if (ret)
			break;
		if (what && strcmp(what, str(c, "what")))
			ret = push(out, b);
		if (!ret && !b->len) {
			what = str(c, "what");
			ret = add_what(b, lang, what);
			ret |= pd_buf_adds(b, pd_word(lang, C_("said", ": ")));
		} else if (!ret) {
			ret = pd_buf_adds(b, pd_word(lang,
						     C_("said changes", ", ")));
		}
		ret |= pd_buf_addf(b, "%s %s → %s",
				   word(lang, str(c, "field")),
				   word(lang, str(c, "before")),
				   word(lang, str(c, "after")));
	}
	return !ret && b->len ? push(out, b) : ret;
}

/* One line an event's medals, then one a rule that decided otherwise
 * than by rank. */
static int say_medals(json_t *out, json_t *medals, struct pd_buf *b,
		      const char *lang)
{
	json_int_t event = -1;
	json_t *m;
	size_t i;
	int ret = 0;

	json_array_foreach(medals, i, m) {
		if (ret || !*str(m, "medal"))
			continue;
		if (json_integer_value(json_object_get(m, "event")) != event) {
			if (b->len)
				ret = push(out, b);
			event = json_integer_value(json_object_get(m, "event"));
			ret |= pd_buf_addf(b, pd_word(lang,
						N_("event %lld awards: ")),
					   (long long)event);
		} else {
			ret = pd_buf_adds(b, pd_word(lang,
						     C_("said medals", ", ")));
		}
		ret |= pd_buf_addf(b, "%s %s (%s)", word(lang, str(m, "medal")),
				   str(m, "name"), str(m, "npc"));
	}
	if (!ret && b->len)
		ret = push(out, b);
	json_array_foreach(medals, i, m) {
		if (ret || !strcmp(str(m, "rule"), "by rank"))
			continue;
		ret = pd_buf_addf(b, pd_word(lang, N_("%s (%s): %s")),
				  str(m, "name"), str(m, "npc"),
				  word(lang, str(m, "rule")));
		if (!ret && *str(m, "medal"))
			ret = pd_buf_addf(b, pd_word(lang, N_("; takes %s")),
					  word(lang, str(m, "medal")));
		if (!ret)
			ret = push(out, b);
	}
	return ret;
}

json_t *said_lines(const struct pd_op_done *d, const char *lang)
{
	json_t *out = json_array(), *changes = NULL, *medals = NULL;
	struct pd_buf b;
	size_t i;
	int ret = 0;

	if (!out)
		return NULL;
	if (!strcmp(lang, "en") || (!d->changes && !d->unchanged)) {
		/* English, or a write that keeps no lists: as it was said */
		for (i = 0; i < d->said.n && ret == 0; i++)
			ret = json_array_append_new(out,
						    json_string(d->said.v[i]));
		goto done;
	}
	pd_buf_init(&b, LINE_MAX_BYTES);
	changes = d->changes ? json_loads(d->changes, 0, NULL) : NULL;
	medals = d->medals ? json_loads(d->medals, 0, NULL) : NULL;
	if (d->unchanged)
		ret = pd_buf_adds(&b, pd_word(lang, N_("Nothing changed"))) ||
		      push(out, &b);
	if (!ret)
		ret = say_changes(out, changes, &b, lang);
	if (!ret)
		ret = say_medals(out, medals, &b, lang);
	json_decref(changes);
	json_decref(medals);
	pd_buf_release(&b);
	/* nothing in the lists to say it from: as it was said */
	for (i = 0; !ret && !json_array_size(out) && i < d->said.n; i++)
		ret = json_array_append_new(out, json_string(d->said.v[i]));
done:
	if (ret) {
		json_decref(out);
		return NULL;
	}
	return out;
}
