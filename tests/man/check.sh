#!/bin/sh
# check.sh -- the manual against the help: docs/podium.1 is what
# tools/man.sh makes of the binary's help text (so neither drifts), and
# every command 'podium help' lists is an entry of it and every option
# each command's help names is in that entry.
# usage: tests/man/check.sh PODIUM_BINARY
# Prints one line per check, then 'man: PASSED FAILED'.
set -u
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
passed=0 failed=0

if sh "$top/tools/man.sh" "$bin" >"$out" 2>&1 &&
    cmp -s "$out" "$top/docs/podium.1"; then
	echo "ok   man docs/podium.1 is tools/man.sh's output"
	passed=$((passed + 1))
else
	echo "FAIL man docs/podium.1 is not tools/man.sh's output (make man):"
	diff -u "$top/docs/podium.1" "$out" | head -20 | sed 's/^/    /'
	failed=$((failed + 1))
fi

# the page's text as a reader sees it: no \- or font escapes
plain=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$top/docs/podium.1")
for c in $("$bin" help | awk '/^commands:$/ { on = 1; next }
    on && /^  [a-z]/ { print $1 }'); do
	entry=$(printf '%s\n' "$plain" | awk -v c="$c" '
		/^\.SS / { on = ($2 == c) } /^\.SH / && on { on = 0 } on')
	if [ -z "$entry" ]; then
		echo "FAIL man: 'podium $c' has no entry"
		failed=$((failed + 1))
		continue
	fi
	# each option the help names, looked for in the entry in one pass
	missing=$("$bin" help "$c" | grep -oE -- '--[a-z][a-z0-9-]*' |
	    sort -u | E=$entry awk '!index(ENVIRON["E"], $0) { printf " %s", $0 }')
	if [ -n "$missing" ]; then
		echo "FAIL man: the entry of 'podium $c' lacks$missing"
		failed=$((failed + 1))
	else
		echo "ok   man podium $c"
		passed=$((passed + 1))
	fi
done
echo "man: $passed $failed"
