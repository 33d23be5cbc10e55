/* msg.c -- the CLI's messages in Chinese: a catalogue from each English
 * message (a printf format, as the code writes it) to its zh form, chosen
 * by PODIUM_LANG, else LC_ALL, LC_MESSAGES or LANG (a value starting with
 * zh).  --lang is the language of the output, not of the messages.
 *
 * A message not in the catalogue stays English.  Each zh format takes the
 * same conversions in the same order as its English one; tests/cli case
 * 0603 and 'podium help' under PODIUM_LANG=zh check the common ones. */
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
