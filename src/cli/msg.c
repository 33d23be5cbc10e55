/* msg.c -- the CLI's messages in Chinese: a catalogue from each English
 * message (a printf format, as the code writes it) to its zh form, chosen
 * by PODIUM_LANG, else LC_ALL, LC_MESSAGES or LANG (a value starting with
 * zh).  --lang is the language of the output, not of the messages.
 *
 * A message not in the catalogue stays English.  Each zh format takes the
 * same conversions in the same order as its English one; tests/cli case
 * 0603 and 'podium help' under PODIUM_LANG=zh check the common ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const struct {
	const char *en, *zh;
} catalogue[] = {
	{ "no database at '%s': 'podium init' makes one",
	  "'%s' 处没有数据库：用 'podium init' 创建" },
	{ "'%s' is not a command; see 'podium help'",
	  "'%s' 不是命令；参见 'podium help'" },
	{ "'%s' is not a command; did you mean '%s'?",
	  "'%s' 不是命令；您是指 '%s' 吗？" },
	{ "unknown option '%s'", "未知选项 '%s'" },
	{ "%s needs a value", "%s 需要一个值" },
	{ "%s takes no value", "%s 不带值" },
	{ "'%s' is not a subcommand; did you mean '%s'?",
	  "'%s' 不是子命令；您是指 '%s' 吗？" },
	{ "expected add, status, list or show",
	  "需要 add、status、list 或 show" },
	{ "expected add, list or revoke", "需要 add、list 或 revoke" },
	{ "expected add, lift or list", "需要 add、lift 或 list" },
	{ "unknown option '%s'; did you mean '%s'?",
	  "未知选项 '%s'；您是指 '%s' 吗？" },
	{ "see 'podium help'\n", "参见 'podium help'\n" },
	{ "see 'podium help %s'\n", "参见 'podium help %s'\n" },
	{ "unexpected argument", "多余的参数" },
	{ "no arguments expected", "此命令不带参数" },
	{ "--games is required", "需要 --games" },
	{ "bad --games", "--games 无效" },
	{ "--lang is zh or en", "--lang 只能是 zh 或 en" },
	{ "no name given", "没有给出名称" },
	{ "no NPC given", "没有给出代表团" },
	{ "expected one FILE", "需要一个文件 FILE" },
	{ "expected FORMAT and FILE", "需要格式 FORMAT 和文件 FILE" },
	{ "expected two standings, A and B", "需要两个奖牌榜 A 和 B" },
	{ "no Games in %s: try 'podium init'",
	  "%s 中没有运动会：试试 'podium init'" },
	{ "cannot write the output", "无法写出输出" },
	{ "%s ready: Athens 2004 Paralympics as PG2004@seed (%zu NPCs)",
	  "%s 已就绪：2004年雅典残奥会奖牌榜为 PG2004@seed（%zu 个代表团）" },
};

/* Messages made below the CLI (a diag's text, formatted already), as
 * patterns: each %s stands for any text, and the zh form takes the same
 * texts in the same order. */
static const struct {
	const char *en, *zh;
} made[] = {
	{ "unknown NPC '%s'; did you mean %s?",
	  "未知的代表团 '%s'；您是指 %s 吗？" },
	{ "unknown NPC '%s'; use its IOC/IPC code, or see 'podium resolve'",
	  "未知的代表团 '%s'；请用其 IOC/IPC 代码，或参见 'podium resolve'" },
	{ "no Games '%s' in %s: see 'podium games'",
	  "%2$s 中没有运动会 '%1$s'：参见 'podium games'" },
	{ "no event %s: see 'podium event list'",
	  "没有项目 %s：参见 'podium event list'" },
	{ "no athlete matches '%s' in %s", "%2$s 中没有与 '%1$s' 相符的运动员" },
	{ "no athlete matches '%s'", "没有与 '%s' 相符的运动员" },
	{ "cannot open: %s", "无法打开：%s" },
	{ "no published table %s: import one with %s",
	  "没有公布的奖牌榜 %s：用 %s 导入" },
	{ "event %s (%s) holds %s results from source '%s': a feed replaces "
	  "another source's results only with --replace",
	  "项目 %1$s（%2$s）已有来源 '%4$s' 的 %3$s 条成绩：只有加 "
	  "--replace，数据流才会替换其他来源的成绩" },
};

#define CAPS 4

/* Does text match pattern (its %s any text, as short as will do)?  The
 * texts go to cap[k..], as offsets and lengths. */
static int match(const char *pat, const char *text, const char *base,
		 size_t cap[][2], int k)
{
	const char *end;

	if (!*pat)
		return !*text;
	if (pat[0] == '%' && pat[1] == 's') {
		if (k == CAPS)
			return 0;
		for (end = text; ; end++) {
			cap[k][0] = (size_t)(text - base);
			cap[k][1] = (size_t)(end - text);
			if (match(pat + 2, end, base, cap, k + 1))
				return 1;
			if (!*end)
				return 0;
		}
	}
	return *pat == *text && match(pat + 1, text + 1, base, cap, k);
}

/* zh with its %s (or %N$s) filled from text's captures. */
static void fill(char *out, size_t size, const char *zh, const char *text,
		 size_t cap[][2])
{
	size_t o = 0, next = 0, k;
	const char *p;

	for (p = zh; *p && o + 1 < size; p++) {
		if (p[0] == '%' && (p[1] == 's' || (p[1] >= '1' && p[1] <= '4' &&
						    p[2] == '$' && p[3] == 's'))) {
			k = p[1] == 's' ? next++ : (size_t)(p[1] - '1');
			p += p[1] == 's' ? 1 : 3;
			o += (size_t)snprintf(out + o, size - o, "%.*s",
					      (int)cap[k][1], text + cap[k][0]);
			if (o >= size)
				o = size - 1;
			continue;
		}
		out[o++] = *p;
	}
	out[o] = '\0';
}

const char *cli_msg_made(const char *text, char *out, size_t size)
{
	size_t i, cap[CAPS][2];

	if (strcmp(cli_msg_lang(), "zh"))
		return text;
	for (i = 0; i < sizeof(made) / sizeof(made[0]); i++)
		if (match(made[i].en, text, text, cap, 0)) {
			fill(out, size, made[i].zh, text, cap);
			return out;
		}
	return text;
}

const char *cli_msg_lang(void)
{
	static const char *const vars[] = { "PODIUM_LANG", "LC_ALL",
					    "LC_MESSAGES", "LANG" };
	const char *v;
	size_t i;

	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		v = getenv(vars[i]);
		if (v && *v)
			return strncmp(v, "zh", 2) ? "en" : "zh";
	}
	return "en";
}

const char *cli_msg(const char *en)
{
	size_t i;

	if (strcmp(cli_msg_lang(), "zh"))
		return en;
	for (i = 0; i < sizeof(catalogue) / sizeof(catalogue[0]); i++)
		if (!strcmp(catalogue[i].en, en))
			return catalogue[i].zh;
	return en;
}
