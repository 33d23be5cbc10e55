/* said.c -- a write's answer lines in the writer's language (said.h).
 * English is the operations' own; the Chinese is made from the changes
 * and medals lists, in their order: one line a competitor (its fields
 * before and after), one line an event's medals, one line a rule that
 * kept a result off the podium or moved it up. */
#include <string.h>
#include <strings.h>

#include <microhttpd.h>

#include "podium/buf.h"
#include "podium/words.h"
#include "said.h"

#define LINE_MAX_BYTES (1 << 16)

/* English words of the lists, and the Chinese said for them. */
static const char *const zh_words[][2] = {
	{ "rank", "名次" }, { "mark", "成绩" }, { "irm", "成绩标记" },
	{ "records", "纪录" }, { "medal", "奖牌" }, { "status", "状态" },
	{ "event", "项目" }, { "gold", "金牌" }, { "silver", "银牌" },
	{ "bronze", "铜牌" }, { "scheduled", "未开始" }, { "live", "进行中" },
	{ "unofficial", "非正式" }, { "official", "正式" },
	{ "protested", "申诉中" }, { "provisional", "临时" },
	/* the rules, as pd_medal_rule_text() says them */
	{ "by rank", "按名次" },
	{ "moved up past a result that never medals (an IRM or a sanction)",
	  "前面的成绩不得奖牌（IRM 或处罚），名次递补" },
	{ "an IRM never medals", "IRM 成绩不得奖牌" },
	{ "sanctioned: the medal is reallocated", "受处罚：奖牌重新分配" },
	{ "sanctioned: the medal is vacated, nobody moves up",
	  "受处罚：奖牌空缺，无人递补" },
	{ "the minus-one cap: with S starters at most S - 1 medals",
	  "减一上限：S 名参赛者至多颁发 S - 1 枚奖牌" },
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

/* The Chinese for an English word of the lists; the word itself (a
 * name, a mark) when it has none; "-" for "". */
static const char *zh(const char *en)
{
	size_t i;

	if (!en || !*en)
		return "-";
	for (i = 0; i < sizeof(zh_words) / sizeof(*zh_words); i++)
		if (!strcmp(en, zh_words[i][0]))
			return zh_words[i][1];
	return en;
}

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

/* "event 12 (100 m T54)" as "项目 12（100 m T54）"; others as they are. */
static int add_what(struct pd_buf *b, const char *what)
{
	const char *open;

	if (strncmp(what, "event ", 6))
		return pd_buf_adds(b, what);
	open = strstr(what, " (");
	if (!open || what[strlen(what) - 1] != ')')
		return pd_buf_addf(b, "项目 %s", what + 6);
	return pd_buf_addf(b, "项目 %.*s（%.*s）", (int)(open - what - 6),
			   what + 6, (int)(strlen(open) - 3), open + 2);
}

static int push(json_t *out, struct pd_buf *b)
{
	int ret = json_array_append_new(out, json_string(b->data)) ? -1 : 0;

	pd_buf_reset(b);
	return ret;
}

/* One line a competitor (or event): its fields, before -> after. */
static int say_changes(json_t *out, json_t *changes, struct pd_buf *b)
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
			ret = add_what(b, what);
			ret |= pd_buf_adds(b, "：");
		} else if (!ret) {
			ret = pd_buf_adds(b, "，");
		}
		ret |= pd_buf_addf(b, "%s %s → %s", zh(str(c, "field")),
				   zh(str(c, "before")), zh(str(c, "after")));
	}
	return !ret && b->len ? push(out, b) : ret;
}

/* One line an event's medals, then one a rule that decided otherwise
 * than by rank. */
static int say_medals(json_t *out, json_t *medals, struct pd_buf *b)
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
			ret |= pd_buf_addf(b, "项目 %lld 颁发：",
					   (long long)event);
		} else {
			ret = pd_buf_adds(b, "、");
		}
		ret |= pd_buf_addf(b, "%s %s (%s)", zh(str(m, "medal")),
				   str(m, "name"), str(m, "npc"));
	}
	if (!ret && b->len)
		ret = push(out, b);
	json_array_foreach(medals, i, m) {
		if (ret || !strcmp(str(m, "rule"), "by rank"))
			continue;
		ret = pd_buf_addf(b, "%s (%s)：%s", str(m, "name"),
				  str(m, "npc"), zh(str(m, "rule")));
		if (!ret && *str(m, "medal"))
			ret = pd_buf_addf(b, "；获%s", zh(str(m, "medal")));
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
	if (strcmp(lang, "zh") || (!d->changes && !d->unchanged)) {
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
		ret = pd_buf_adds(&b, "没有改动") || push(out, &b);
	if (!ret)
		ret = say_changes(out, changes, &b);
	if (!ret)
		ret = say_medals(out, medals, &b);
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
