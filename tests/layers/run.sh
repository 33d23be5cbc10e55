#!/bin/sh
# run.sh -- 'make layers' and its own tests: the tree's includes follow the
# table of docs/ARCHITECTURE.md, and the checker really fails when a core
# file includes a store header or a CLI file calls a store write (in a
# copy of the tree, never this one).
# usage: tests/layers/run.sh      Prints 'layers: PASSED FAILED SKIPPED'.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
p=0 f=0
out=$(sh "$top/tools/layers.sh" "$top" 2>&1)
if [ $? -eq 0 ]; then
	echo "ok   layers the tree follows docs/ARCHITECTURE.md"
	p=$((p + 1))
else
	echo "FAIL layers the tree breaks docs/ARCHITECTURE.md:"
	printf '%s\n' "$out" | sed 's/^/    /'
	f=$((f + 1))
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/docs" "$tmp/src"
cp "$top/docs/ARCHITECTURE.md" "$tmp/docs/"
cp -r "$top/include" "$tmp/"
cp -r "$top/src/core" "$tmp/src/"
printf '#include "podium/store.h"\nint zz_bad;\n' >"$tmp/src/core/zz_bad.c"
out=$(sh "$top/tools/layers.sh" "$tmp" 2>&1)
rc=$?
if [ $rc -eq 1 ] && printf '%s\n' "$out" |
		grep -q '^src/core/zz_bad.c:1: includes podium/store.h (store)'; then
	echo "ok   layers a core file that includes a store header fails"
	p=$((p + 1))
else
	echo "FAIL layers a core file including store.h was not caught (rc $rc):"
	printf '%s\n' "$out" | sed 's/^/    /'
	f=$((f + 1))
fi
# and a CLI file that writes through the store, not through src/app
rm -f "$tmp/src/core/zz_bad.c"
mkdir -p "$tmp/src/cli"
printf '#include "podium/store.h"\nint zz(struct pd_store *s)\n{\n\treturn pd_store_change(s, "X", "a", "c", "", 0, 0);\n}\n' \
	>"$tmp/src/cli/zz_write.c"
out=$(sh "$top/tools/layers.sh" "$tmp" 2>&1)
rc=$?
if [ $rc -eq 1 ] && printf '%s\n' "$out" |
		grep -q '^src/cli/zz_write.c:4: calls pd_store_change, a store write'; then
	echo "ok   layers a CLI file that calls a store write fails"
	p=$((p + 1))
else
	echo "FAIL layers a store write from src/cli was not caught (rc $rc):"
	printf '%s\n' "$out" | sed 's/^/    /'
	f=$((f + 1))
fi
echo "layers: $p $f 0"
[ "$f" -eq 0 ]
