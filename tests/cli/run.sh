#!/bin/sh
# run.sh -- golden CLI cases: each folder tests/cli/NNNN-<command>-<detail>/
# holds `cmd` (a shell script run with `podium` on PATH), expected.out,
# expected.err and expected.rc.  Each case runs in a fresh empty directory
# holding `fixtures` (tests/fixtures) and, when ../shared/data exists,
# `shared` (that folder); PODIUM_DB is ./podium.db there.  A case with a
# file `needs-shared` is skipped, saying so, when ../shared is absent.
#
# With PODIUM_TEST_PG set to a cluster's folder (scripts/pg-cluster.sh),
# every case that names no database file (no podium.db, sqlite3 or --db
# in its cmd or expected output) runs a second time on a fresh PostgreSQL
# database of that cluster, against the same expected files: the two
# backends' outputs are byte for byte the same.
#
# usage: tests/cli/run.sh PODIUM_BINARY [--update] [CASE...]
# Prints one line per case (and per PostgreSQL run), then
# 'cli: PASSED FAILED SKIPPED'.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
update=0
if [ "${1:-}" = "--update" ]; then
	update=1
	shift
fi
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
shared=$(cd "$top/../shared/data" 2>/dev/null && pwd)
bindir=$(mktemp -d)
ln -s "$bin" "$bindir/podium"
trap 'rm -rf "$bindir"' EXIT
passed=0 failed=0 skipped=0

# run_case DIR NAME DB SUFFIX: one run of a case with PODIUM_DB=DB,
# compared with its expected files ("cli" or "cli-pg" in the report)
run_case() {
	work=$(mktemp -d)
	ln -s "$top/tests/fixtures" "$work/fixtures"
	[ -n "$shared" ] && ln -s "$shared" "$work/shared"
	(cd "$work" && PATH="$bindir:$PATH" PODIUM_DB=$3 LANG=C \
		LC_ALL=C NO_COLOR= sh "$1/cmd" >"$work/.out" 2>"$work/.err" \
		</dev/null)
	echo $? >"$work/.rc"
	if [ "$update" = 1 ]; then
		cp "$work/.out" "$1/expected.out"
		cp "$work/.err" "$1/expected.err"
		cp "$work/.rc" "$1/expected.rc"
	fi
	ok=1
	for f in out err rc; do
		if ! cmp -s "$work/.$f" "$1/expected.$f"; then
			ok=0
			echo "FAIL cli$4 $2: $f differs"
			diff -u "$1/expected.$f" "$work/.$f" 2>&1 | head -40 |
				sed 's/^/    /'
		fi
	done
	if [ "$ok" = 1 ]; then
		echo "ok   cli$4 $2"
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
	rm -rf "$work"
}

cases=${*:-$(ls -d "$here"/[0-9]*/ | sed 's:/$::')}
for c in $cases; do
	[ -d "$c" ] || c="$here/$c"
	c=$(cd "$c" && pwd)
	name=$(basename "$c")
	if [ -f "$c/needs-shared" ] && [ -z "$shared" ]; then
		echo "skip $name: ../shared/data is not here (a user's clone)"
		skipped=$((skipped + 1))
		continue
	fi
	work=$(mktemp -d)
	ln -s "$top/tests/fixtures" "$work/fixtures"
	[ -n "$shared" ] && ln -s "$shared" "$work/shared"
	(cd "$work" && PATH="$bindir:$PATH" PODIUM_DB=podium.db LANG=C \
		LC_ALL=C NO_COLOR= sh "$c/cmd" >"$work/.out" 2>"$work/.err" \
		</dev/null)
	echo $? >"$work/.rc"
	if [ "$update" = 1 ]; then
		cp "$work/.out" "$c/expected.out"
		cp "$work/.err" "$c/expected.err"
		cp "$work/.rc" "$c/expected.rc"
	fi
	ok=1
	for f in out err rc; do
		if ! cmp -s "$work/.$f" "$c/expected.$f"; then
			ok=0
			echo "FAIL cli $name: $f differs"
			diff -u "$c/expected.$f" "$work/.$f" 2>&1 | head -40 |
				sed 's/^/    /'
		fi
	done
	if [ "$ok" = 1 ]; then
		echo "ok   cli $name"
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
	rm -rf "$work"
done
echo "cli: $passed $failed $skipped"
[ "$failed" -eq 0 ]
