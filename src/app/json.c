/* json.c -- what the document builders share: one way to turn a jansson
 * tree into bytes (see doc.h for the two layouts), the setting of many
 * counts on an object at once, and an event's medals by result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_int.h"

int app_json_dump(struct pd_buf *out, json_t *doc, unsigned flags)
{
	/* 4 significant digits: a share such as 0.455, not 0.45500000000000002 */
	size_t f = JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(4);
	char *text;
	int ret;

	if (!doc)
		return PD_ENOMEM;
	f |= flags & PD_DOC_PRETTY ? JSON_INDENT(2) : JSON_COMPACT;
	text = json_dumps(doc, f);
	json_decref(doc);
	if (!text)
		return PD_ENOMEM;
	ret = pd_buf_adds(out, text);
	if (ret == 0 && (flags & PD_DOC_PRETTY))
		ret = pd_buf_addc(out, '\n');
	free(text);
	return ret;
}

json_t *app_json_str(const char *s)
{
	json_t *j = json_string(s ? s : "");

	/* only invalid UTF-8 fails here, and the importers reject it */
	return j ? j : json_null();
}

int app_json_set_ints(json_t *o, const char *keys, const long *v, size_t n)
{
	char name[64];
	size_t i, len;

	if (!o)
		return PD_ENOMEM;
	for (i = 0; i < n; i++, keys += len) {
		keys += strspn(keys, " ");
		len = strcspn(keys, " ");
		if (len == 0 || len >= sizeof(name))
			return PD_EINVAL;
		memcpy(name, keys, len);
		name[len] = '\0';
		if (json_object_set_new(o, name, json_integer(v[i])) < 0)
			return PD_ENOMEM;
	}
	return keys[strspn(keys, " ")] ? PD_EINVAL : 0;
}

struct event_medals {
	long event;
	json_t *medals;
};

static int event_medal(const struct pd_medal_out *m, void *arg)
{
	static const char *const word[3] = { "gold", "silver", "bronze" };
	struct event_medals *w = arg;
	char key[32];

	if (m->event_id != w->event)
		return 0;
	snprintf(key, sizeof(key), "%ld", m->result_id);
	return json_object_set_new(w->medals, key, json_string(word[m->medal]))
	       < 0 ? PD_ENOMEM : 0;
}

int pd_doc_event_medals(struct pd_store *s, const struct pd_query *q,
			long event, json_t *medals, struct pd_diag *diag)
{
	struct event_medals w = { event, medals };

	if (!medals)
		return PD_ENOMEM;
	return pd_store_medals_of(s, q, &event, 1, event_medal, &w, diag);
}
