#!/bin/sh
# check.sh -- the catalogue of words (po/, include/podium/words.h) is
# whole: po/podium.pot holds every word marked in src/ (as 'make pot'
# extracts it), each po/LANG.po has every word of the .pot, and
# 'msgfmt --check --statistics' passes for it with no fuzzy and no
# untranslated message (a translation whose conversions differ from its
# English's fails --check).  First it checks itself: a .po with a fuzzy,
# an untranslated or a mismatched message must fail.
#
# usage: tests/po/check.sh          (from the top of the tree)
# Ends with the line 'po: P F'.
set -u
p=0 f=0
tmp=$(mktemp -d)
trap 'rm -f -r "$tmp"' EXIT

ok() { echo "ok   po: $1"; p=$((p + 1)); }
bad() { echo "FAIL po: $1"; f=$((f + 1)); }

# po_whole FILE: 0 when msgfmt --check passes with every message
# translated; its statistics line in $tmp/stat
po_whole() {
	msgfmt --check --statistics -o /dev/null "$1" >"$tmp/stat" 2>&1 ||
		return 1
	grep -q 'fuzzy\|untranslated' "$tmp/stat" && return 1
	grep -q '^[0-9]* translated message' "$tmp/stat"
}

# the check fails on what it must catch
hdr='msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
'
printf '%s\n#, fuzzy\nmsgid "a"\nmsgstr "b"\n' "$hdr" >"$tmp/fuzzy.po"
printf '%s\nmsgid "a"\nmsgstr ""\n' "$hdr" >"$tmp/untranslated.po"
printf '%s\n#, c-format\nmsgid "a %%s"\nmsgstr "b %%d"\n' "$hdr" \
	>"$tmp/mismatched.po"
printf '%s\n#, c-format\nmsgid "a %%s"\nmsgstr "b %%s"\n' "$hdr" >"$tmp/good.po"
for t in fuzzy untranslated mismatched; do
	if po_whole "$tmp/$t.po"; then
		bad "the check passes a .po with a $t message"
	else
		ok "the check fails a .po with a $t message"
	fi
done
if po_whole "$tmp/good.po"; then
	ok "the check passes a whole .po"
else
	bad "the check fails a whole .po: $(cat "$tmp/stat")"
fi

# po/podium.pot is what 'make pot' makes from src/ now
make --no-print-directory -s pot POT_OUT="$tmp/podium.pot" \
	>"$tmp/pot.log" 2>&1 || cat "$tmp/pot.log"
if [ -f "$tmp/podium.pot" ] && cmp -s "$tmp/podium.pot" po/podium.pot; then
	ok "po/podium.pot holds the words marked in src/"
else
	bad "po/podium.pot is not what 'make pot' extracts from src/ (run make pot):"
	diff po/podium.pot "$tmp/podium.pot" 2>&1 | sed -n '1,20s/^/    /p'
fi

for po in po/*.po; do
	if msgcmp "$po" po/podium.pot >"$tmp/cmp" 2>&1; then
		ok "$po has every word of po/podium.pot"
	else
		bad "$po lacks words of po/podium.pot (run make pot):"
		sed 's/^/    /' "$tmp/cmp" | head -n 20
	fi
	if po_whole "$po"; then
		ok "$po: $(cat "$tmp/stat")"
	else
		bad "$po: msgfmt --check --statistics:"
		sed 's/^/    /' "$tmp/stat"
	fi
done
echo "po: $p $f"
[ "$f" -eq 0 ]
