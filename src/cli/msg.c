/* msg.c -- the CLI's messages in Chinese: a catalogue from each English
 * message (a printf format, as the code writes it) to its zh form, chosen
 * by PODIUM_LANG, else LC_ALL, LC_MESSAGES or LANG (a value starting with
 * zh).  --lang is the language of the output, not of the messages.
 *
 * The messages made below the CLI (a diag's text) are translated by the
 * patterns of src/core/msg_zh.c, which the server uses too.
 *
 * A message not in the catalogue stays English.  Each zh format takes the
 * same conversions in the same order as its English one; tests/cli case
 * 0603 and 'podium help' under PODIUM_LANG=zh check the common ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/msg_zh.h"
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
	{ "election add needs --games, --name, --seats and --key",
	  "election add 需要 --games、--name、--seats 和 --key" },
	{ "%s: exists: the key goes into a new file",
	  "%s：已存在：密钥只写入新文件" },
	{ "%s: cannot make the key file", "%s：无法创建密钥文件" },
	{ "%s: cannot read the key file", "%s：无法读取密钥文件" },
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
	{ "expected units and DIR", "需要 units 和文件夹 DIR" },
	{ "units needs --games", "units 需要 --games" },
	{ "--map and --where do not apply to format units",
	  "--map 和 --where 不适用于 units 格式" },
	{ "--walkover applies to format units", "--walkover 只适用于 units 格式" },
	{ "too many --walkover", "--walkover 太多" },
	{ "--format is csv or json", "--format 只能是 csv 或 json" },
	{ "--date takes YYYY-MM-DD", "--date 的格式是 YYYY-MM-DD" },
	{ "expected show", "需要 show" },
	{ "expected a results code of 34 characters",
	  "需要 34 个字符的成绩代码（RSC）" },
	{ "expected two standings, A and B", "需要两个奖牌榜 A 和 B" },
	{ "no Games in %s: try 'podium init'",
	  "%s 中没有运动会：试试 'podium init'" },
	{ "cannot write the output", "无法写出输出" },
	{ "%s is shown as published (%s) until its results are complete: "
	  "%s; %s@results ranks them",
	  "%s 在比赛成绩录入完成前显示公布的奖牌榜（%s）：%s；%s@results "
	  "为由成绩排出的奖牌榜" },
	{ "event %ld (%s) is official: moving it to %s takes its medals "
	  "away; say why with --reason",
	  "项目 %ld（%s）已是正式成绩：改为 %s 会撤下其奖牌；请用 --reason "
	  "说明原因" },
	{ "%s has its published table (%s@%s) but no official results, and %s "
	  "come from results: 'podium table --games %s' shows the table; "
	  "'podium import medals FILE --games %s' or 'podium result set' adds "
	  "results",
	  "%s 只有公布的奖牌榜（%s@%s），没有正式比赛成绩，而%s来自比赛成绩："
	  "'podium table --games %s' 显示奖牌榜；'podium import medals FILE "
	  "--games %s' 或 'podium result set' 可录入成绩" },
	{ "medals by sport", "分项奖牌" },
	{ "athletes", "运动员" },
	{ "medallists", "获奖运动员" },
	{ "taking a result out of event %ld is a correction: say why with "
	  "--reason",
	  "从项目 %ld 中删除成绩属于更正：请用 --reason 说明原因" },
	{ "expected 'set EVENT' or 'remove EVENT'",
	  "需要 'set EVENT' 或 'remove EVENT'" },
	{ "remove takes the competitor and --reason only",
	  "remove 只接受参赛者和 --reason" },
	{ "%s ready: Athens 2004 Paralympics as PG2004@seed (%zu NPCs)",
	  "%s 已就绪：2004年雅典残奥会奖牌榜为 PG2004@seed（%zu 个代表团）" },
};

const char *cli_msg_made(const char *text, char *out, size_t size)
{
	if (strcmp(cli_msg_lang(), "zh"))
		return text;
	return pd_msg_zh(text, out, size);
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
