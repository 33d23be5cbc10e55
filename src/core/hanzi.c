/* hanzi.c -- Traditional Chinese characters to their Simplified forms,
 * for the characters of NPC names (中國香港 is 中国香港, 中華台北 is
 * 中华台北), so that a name typed in either script matches the
 * registry's.  Not a converter for running text: one character for one,
 * no words, and only the characters the registry's names use.
 *
 * Why not OpenCC (libopencc, the converter made for this): its t2s
 * converter reads 1.2 MB of dictionaries from /usr/share/opencc when it
 * is opened, 1.0 ms measured here against 10 ms for a whole 'podium
 * resolve', and it would put file I/O into core, which is pure.  For the
 * registry's names, one character to one, this table is the whole job;
 * a name with a character missing here simply does not match, and says
 * so through the resolver's "did you mean". */
#include <stddef.h>

#include "podium/npc.h"

static const struct {
	unsigned trad, simp;
} pairs[] = {	/* sorted by trad */
	{ 0x4E9E, 0x4E9A },	/* 亞 亚 */
	{ 0x4F86, 0x6765 },	/* 來 来 */
	{ 0x500B, 0x4E2A },	/* 個 个 */
	{ 0x502B, 0x4F26 },	/* 倫 伦 */
	{ 0x5049, 0x4F1F },	/* 偉 伟 */
	{ 0x5167, 0x5185 },	/* 內 内 */
	{ 0x51F1, 0x51EF },	/* 凱 凯 */
	{ 0x5225, 0x522B },	/* 別 别 */
	{ 0x525B, 0x521A },	/* 剛 刚 */
	{ 0x52D5, 0x52A8 },	/* 動 动 */
	{ 0x52DE, 0x52B3 },	/* 勞 劳 */
	{ 0x5340, 0x533A },	/* 區 区 */
	{ 0x53C3, 0x53C2 },	/* 參 参 */
	{ 0x54E1, 0x5458 },	/* 員 员 */
	{ 0x570B, 0x56FD },	/* 國 国 */
	{ 0x5716, 0x56FE },	/* 圖 图 */
	{ 0x5718, 0x56E2 },	/* 團 团 */
	{ 0x5805, 0x575A },	/* 堅 坚 */
	{ 0x5967, 0x5965 },	/* 奧 奥 */
	{ 0x596A, 0x593A },	/* 奪 夺 */
	{ 0x5B6B, 0x5B59 },	/* 孫 孙 */
	{ 0x5BE7, 0x5B81 },	/* 寧 宁 */
	{ 0x5C46, 0x5C4A },	/* 屆 届 */
	{ 0x5C6C, 0x5C5E },	/* 屬 属 */
	{ 0x5CA1, 0x5188 },	/* 岡 冈 */
	{ 0x5CF6, 0x5C9B },	/* 島 岛 */
	{ 0x5DBC, 0x5C7F },	/* 嶼 屿 */
	{ 0x5E7E, 0x51E0 },	/* 幾 几 */
	{ 0x5EAB, 0x5E93 },	/* 庫 库 */
	{ 0x611B, 0x7231 },	/* 愛 爱 */
	{ 0x64BE, 0x631D },	/* 撾 挝 */
	{ 0x6558, 0x53D9 },	/* 敘 叙 */
	{ 0x6578, 0x6570 },	/* 數 数 */
	{ 0x6642, 0x65F6 },	/* 時 时 */
	{ 0x6703, 0x4F1A },	/* 會 会 */
	{ 0x6771, 0x4E1C },	/* 東 东 */
	{ 0x6B0A, 0x6743 },	/* 權 权 */
	{ 0x6B50, 0x6B27 },	/* 歐 欧 */
	{ 0x6B98, 0x6B8B },	/* 殘 残 */
	{ 0x6E6F, 0x6C64 },	/* 湯 汤 */
	{ 0x6EAB, 0x6E29 },	/* 溫 温 */
	{ 0x6F22, 0x6C49 },	/* 漢 汉 */
	{ 0x6FDF, 0x6D4E },	/* 濟 济 */
	{ 0x7063, 0x6E7E },	/* 灣 湾 */
	{ 0x70CF, 0x4E4C },	/* 烏 乌 */
	{ 0x723E, 0x5C14 },	/* 爾 尔 */
	{ 0x734E, 0x5956 },	/* 獎 奖 */
	{ 0x7368, 0x72EC },	/* 獨 独 */
	{ 0x746A, 0x739B },	/* 瑪 玛 */
	{ 0x76E7, 0x5362 },	/* 盧 卢 */
	{ 0x773E, 0x4F17 },	/* 眾 众 */
	{ 0x7955, 0x79D8 },	/* 祕 秘 */
	{ 0x7D04, 0x7EA6 },	/* 約 约 */
	{ 0x7D0D, 0x7EB3 },	/* 納 纳 */
	{ 0x7D10, 0x7EBD },	/* 紐 纽 */
	{ 0x7D2E, 0x624E },	/* 紮 扎 */
	{ 0x7D39, 0x7ECD },	/* 紹 绍 */
	{ 0x7DAD, 0x7EF4 },	/* 維 维 */
	{ 0x7DEC, 0x7F05 },	/* 緬 缅 */
	{ 0x7E3D, 0x603B },	/* 總 总 */
	{ 0x7F85, 0x7F57 },	/* 羅 罗 */
	{ 0x7FA9, 0x4E49 },	/* 義 义 */
	{ 0x8056, 0x5723 },	/* 聖 圣 */
	{ 0x806F, 0x8054 },	/* 聯 联 */
	{ 0x812B, 0x8131 },	/* 脫 脱 */
	{ 0x81D8, 0x814A },	/* 臘 腊 */
	{ 0x81FA, 0x53F0 },	/* 臺 台 */
	{ 0x8207, 0x4E0E },	/* 與 与 */
	{ 0x8208, 0x5174 },	/* 興 兴 */
	{ 0x8332, 0x5179 },	/* 茲 兹 */
	{ 0x83EF, 0x534E },	/* 華 华 */
	{ 0x840A, 0x83B1 },	/* 萊 莱 */
	{ 0x84CB, 0x76D6 },	/* 蓋 盖 */
	{ 0x85A9, 0x8428 },	/* 薩 萨 */
	{ 0x8607, 0x82CF },	/* 蘇 苏 */
	{ 0x862D, 0x5170 },	/* 蘭 兰 */
	{ 0x885B, 0x536B },	/* 衛 卫 */
	{ 0x88CF, 0x91CC },	/* 裏 里 */
	{ 0x88E1, 0x91CC },	/* 裡 里 */
	{ 0x8A08, 0x8BA1 },	/* 計 计 */
	{ 0x8AFE, 0x8BFA },	/* 諾 诺 */
	{ 0x8C9D, 0x8D1D },	/* 貝 贝 */
	{ 0x8CB7, 0x4E70 },	/* 買 买 */
	{ 0x8CD3, 0x5BBE },	/* 賓 宾 */
	{ 0x8CFD, 0x8D5B },	/* 賽 赛 */
	{ 0x8D0A, 0x8D5E },	/* 贊 赞 */
	{ 0x9023, 0x8FDE },	/* 連 连 */
	{ 0x904B, 0x8FD0 },	/* 運 运 */
	{ 0x9054, 0x8FBE },	/* 達 达 */
	{ 0x9130, 0x90BB },	/* 鄰 邻 */
	{ 0x9280, 0x94F6 },	/* 銀 银 */
	{ 0x9285, 0x94DC },	/* 銅 铜 */
	{ 0x932B, 0x9521 },	/* 錫 锡 */
	{ 0x9577, 0x957F },	/* 長 长 */
	{ 0x9580, 0x95E8 },	/* 門 门 */
	{ 0x958B, 0x5F00 },	/* 開 开 */
	{ 0x95DC, 0x5173 },	/* 關 关 */
	{ 0x9678, 0x9646 },	/* 陸 陆 */
	{ 0x968A, 0x961F },	/* 隊 队 */
	{ 0x96E3, 0x96BE },	/* 難 难 */
	{ 0x97CB, 0x97E6 },	/* 韋 韦 */
	{ 0x97D3, 0x97E9 },	/* 韓 韩 */
	{ 0x9805, 0x9879 },	/* 項 项 */
	{ 0x9813, 0x987F },	/* 頓 顿 */
	{ 0x985B, 0x98A0 },	/* 顛 颠 */
	{ 0x99AC, 0x9A6C },	/* 馬 马 */
	{ 0x9AD4, 0x4F53 },	/* 體 体 */
	{ 0x9B6F, 0x9C81 },	/* 魯 鲁 */
	{ 0x9BAE, 0x9C9C },	/* 鮮 鲜 */
	{ 0x9EA5, 0x9EA6 },	/* 麥 麦 */
	{ 0x9F8D, 0x9F99 },	/* 龍 龙 */
};

static unsigned simplified(unsigned cp)
{
	size_t lo = 0, hi = sizeof(pairs) / sizeof(pairs[0]), mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (pairs[mid].trad == cp)
			return pairs[mid].simp;
		if (pairs[mid].trad < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return cp;
}

/* Every pair is of two three-byte characters (U+4E00..U+9FFF), so the
 * string keeps its length and is rewritten in place. */
char *pd_hanzi_simplify(char *s)
{
	unsigned char *p = (unsigned char *)s;
	unsigned cp, to;

	for (; *p; p++) {
		if ((p[0] & 0xF0) != 0xE0 || (p[1] & 0xC0) != 0x80 ||
		    (p[2] & 0xC0) != 0x80)
			continue;
		cp = (unsigned)(p[0] & 0x0F) << 12 |
		     (unsigned)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
		if ((to = simplified(cp)) != cp) {
			p[0] = (unsigned char)(0xE0 | to >> 12);
			p[1] = (unsigned char)(0x80 | (to >> 6 & 0x3F));
			p[2] = (unsigned char)(0x80 | (to & 0x3F));
		}
		p += 2;
	}
	return s;
}
