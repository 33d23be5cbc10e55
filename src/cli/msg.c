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
	{ "event %s (%s) has no result of %s (%s)",
	  "项目 %s（%s）没有 %s（%s）的成绩" },
	{ "event %s (%s) is decided by its matches ('podium match'): a mark "
	  "such as '%s' belongs to another event",
	  "项目 %s（%s）由比赛场次决定（'podium match'）：成绩 '%s' 属于另一个项目" },
	{ "no published table %s: import one with %s",
	  "没有公布的奖牌榜 %s：用 %s 导入" },
	{ "row has %s fields, the header %s: restore the fields the row lost",
	  "该行有 %s 个字段，表头有 %s 个：请补回该行缺失的字段" },
	{ "row has %s fields, the header %s: quote a field that holds a "
	  "comma, or remove the extra fields",
	  "该行有 %s 个字段，表头有 %s 个：含逗号的字段请加引号，或删去多余的字段" },
	{ "%s '%s' in column '%s' holds a control character or invalid UTF-8 "
	  "(shown as \\xHH): remove it from the file",
	  "%s '%s'（'%s' 列）含控制字符或无效的 UTF-8（显示为 \\xHH）：请从文件中删去" },
	{ "row has %s fields, the header %s: quote a field that holds a "
	  "comma, or remove the extra fields (%s)",
	  "该行有 %s 个字段，表头有 %s 个：含逗号的字段请加引号，或删去多余的字段（%s）" },
	{ "no podium store here: 'podium init' makes one",
	  "此处没有 podium 数据库：用 'podium init' 创建" },
	{ "a SQLite database, but not podium's (it holds other tables): "
	  "give podium a file of its own (--db)",
	  "这是 SQLite 数据库，但不是 podium 的（其中有别的表）：请给 podium "
	  "一个单独的文件（--db）" },
	{ "'%s' names a database that SQLite throws away when podium exits, "
	  "and what is written there with it: give a file (or a "
	  "postgresql:// URI)",
	  "'%s' 是 SQLite 在 podium 退出时丢弃的数据库，写入其中的也随之丢失："
	  "请给出一个文件（或 postgresql:// URI）" },
	{ "the database cannot be written (its file, folder or mount is "
	  "read-only): a write needs it writable; reads work as they are",
	  "数据库无法写入（其文件、目录或挂载为只读）：写入需要可写；读取照常" },
	{ "not a regular file (%s): podium reads files",
	  "不是普通文件（%s）：podium 只读取文件" },
	{ "event %s (%s) holds %s results from source '%s': a feed replaces "
	  "another source's results only with --replace",
	  "项目 %1$s（%2$s）已有来源 '%4$s' 的 %3$s 条成绩：只有加 "
	  "--replace，数据流才会替换其他来源的成绩" },
	{ "that key does not open election %s's ballots",
	  "该密钥打不开选举 %s 的选票" },
	{ "election %s's ballots open only with its key: %s hexadecimal "
	  "digits", "选举 %s 的选票只能用其密钥打开：%s 位十六进制数字" },
	{ "election %s is %s: its register is settled",
	  "选举 %s 为 %s：选民名册已确定" },
	{ "%s is blank: white space alone names no one",
	  "%s 是空白的：只有空白不能指代任何人" },
	{ "%s: byte %s is %s, an invisible format character (a name is the "
	  "letters it shows)",
	  "%s：第 %s 字节是 %s，一个不可见的格式字符（名字只由显示出的字母组成）" },
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
