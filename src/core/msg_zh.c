/* msg_zh.c -- the Chinese of the messages made below the front ends
 * (podium/msg_zh.h): a diag's text, formatted already, matched against
 * patterns in which each %s stands for any text; the zh form takes the
 * same texts, in the same order or by %N$s.  The CLI (src/cli/msg.c)
 * and the server (a refused write's "error", for a writer who asks for
 * Chinese) say them alike.  Pure: no I/O, no state. */
#include <stdio.h>
#include <string.h>

#include "podium/msg_zh.h"

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
	{ "no unit '%s' in %s: see 'podium schedule'",
	  "%2$s 中没有单元 '%1$s'：参见 'podium schedule'" },
	{ "rank '%s' is not a whole number from 1",
	  "名次 '%s' 不是从 1 起的整数" },
	{ "results code '%s' has %s characters, not 34",
	  "成绩代码 '%s' 有 %s 个字符，不是 34 个" },
	{ "result_WLT '%s' is not W, L or T", "result_WLT '%s' 不是 W、L 或 T" },
	{ "--walkover %s: no event of that code in the results",
	  "--walkover %s：成绩中没有该代码的项目" },
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

const char *pd_msg_zh(const char *text, char *out, size_t size)
{
	size_t i, cap[CAPS][2];

	for (i = 0; i < sizeof(made) / sizeof(made[0]); i++)
		if (match(made[i].en, text, text, cap, 0)) {
			fill(out, size, made[i].zh, text, cap);
			return out;
		}
	return text;
}
