/* words.h -- the catalogue of words: every message, label, page word,
 * report sentence and desk word a person reads, in English in the code
 * and in po/LANG.po for each other language (GNU gettext, see po/README).
 *
 * The code writes a word in English, marked N_("...") (or C_("context",
 * "...") where one English word has two meanings) so that `make pot`
 * (xgettext) finds it, and asks pd_word() for it in a language where it
 * is read.  The .po files are compiled at build time and carried in the
 * binary: a lookup needs no locale installed and no process-wide state,
 * so the server answers each request in its own language at once.
 *
 * A language is "en", "zh" or "fr" (pd_lang() names them); a word a
 * catalogue lacks stays English. */
#ifndef PODIUM_WORDS_H
#define PODIUM_WORDS_H

/* Marks a word for xgettext; translated where it is used. */
#define N_(s) s
/* Marks a word with the context that tells it from the same English
 * word in another sense ("column" Total, "sum row" Total): the key is
 * "CONTEXT\004WORD", as the .mo file stores it (gettext's pgettext does
 * the same), and pd_word() gives WORD where no catalogue has it. */
#define C_(ctx, s) ctx "\004" s

/* msgid (N_() or C_()) in lang: the catalogue's translation, else the
 * English (msgid without its context).  A format stays a format with the
 * same conversions (msgfmt --check).  The string is static. */
const char *pd_word(const char *lang, const char *msgid);
/* The language a tag names: "zh" for zh, zh-CN, zh_CN.UTF-8 ..., "fr"
 * for fr, fr-FR ..., "en" for en...; NULL for any other or NULL. */
const char *pd_lang(const char *tag);

#endif
