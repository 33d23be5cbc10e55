#!/bin/sh
# run.sh -- libpq, libmicrohttpd and libxml2 are loaded when first needed
# (pq_load.c, mhd_load.c, xml_load.c), not at every start: podium is not
# linked with them; the commands that need none of them work without them;
# and one that cannot be loaded is an error that names the library and
# the package to install (exit 3 for a store, as any store that cannot be
# opened), never a crash.
#
# The second binary is podium built with loaders told sonames that no
# system has (the Makefile's $(B)/tests/podium-noload); a library that is
# found but lacks a function is made here, an empty one.
# usage: tests/noload/run.sh PODIUM PODIUM_NOLOAD
# Prints one line per check, then 'noload: PASSED FAILED'.
set -u
bin=$1
noload=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0

ok() { echo "ok   noload $1"; passed=$((passed + 1)); }
fail() {
	echo "FAIL noload $1"
	[ -f "$dir/err" ] && sed 's/^/    /' "$dir/err"
	failed=$((failed + 1))
}

# check NAME WANT_RC TEXT COMMAND...: the exit status, and TEXT (if not
# empty) on stderr
check() {
	name=$1 want=$2 text=$3
	shift 3
	"$@" >"$dir/out" 2>"$dir/err"
	rc=$?
	if [ "$rc" -eq "$want" ] &&
	    { [ -z "$text" ] || grep -qF -- "$text" "$dir/err"; }; then
		ok "$name"
	else
		echo "    exit $rc, want $want and stderr with: $text" >>"$dir/err"
		fail "$name"
	fi
}

if ldd "$bin" | grep -E 'libpq|libmicrohttpd|libxml2|gnutls|icu|krb5' \
    >"$dir/err"; then
	fail "podium is linked with a library it should load when needed:"
else
	ok "podium is linked with none of libpq, libmicrohttpd, libxml2"
fi
rm -f "$dir/err"

db=$dir/podium.db
check "init on SQLite needs none of them" 0 "" \
	"$noload" --db "$db" init
check "table on SQLite needs none of them" 0 "" \
	"$noload" --db "$db" table --games PG2004@seed

pq="cannot load libpq.so.podium-noload (PostgreSQL stores need it: apt-get install libpq5): "
check "a PostgreSQL store without libpq: exit 3, what to install" 3 "$pq" \
	"$noload" --db "postgresql:///podium?host=$dir" table --games PG2004
check "podium init on PostgreSQL without libpq: exit 3" 3 "$pq" \
	"$noload" --db "postgresql:///podium?host=$dir" init

check "podium serve without libmicrohttpd says what to install" 2 \
	"cannot load libmicrohttpd.so.podium-noload (podium serve needs it: apt-get install libmicrohttpd12): " \
	"$noload" --db "$db" serve --port 0

xml="cannot load libxml2.so.podium-noload (the ODF messages need it: apt-get install libxml2): "
check "an ODF table without libxml2 says what to install" 2 "$xml" \
	"$noload" --db "$db" table --games PG2004@seed --format odf
"$bin" --db "$db" table --games PG2004@seed --format odf >"$dir/t.xml"
check "an ODF import without libxml2 says what to install" 2 "$xml" \
	"$noload" --db "$db" import odf "$dir/t.xml"

# found, but not the library podium needs: the missing function is named
printf 'int podium_noload;\n' >"$dir/empty.c"
if ${CC:-cc} -shared -fPIC -Wl,-soname,libpq.so.podium-noload \
    -o "$dir/libpq.so.podium-noload" "$dir/empty.c" 2>"$dir/err"; then
	check "a libpq without PQclear: exit 3, the function named" 3 \
		"undefined symbol: PQclear" env LD_LIBRARY_PATH="$dir" \
		"$noload" --db "postgresql:///podium?host=$dir" games
else
	fail "cannot build an empty library:"
fi

# found, with every function, but another release than podium was built
# for (sender.c and stream.c rely on 0.9.75's behaviour): refused, naming
# both versions, before a daemon is started
real=$(pkg-config --variable=libdir libmicrohttpd 2>/dev/null)/libmicrohttpd.so
built=$(sed -n 's/^#define MHD_VERSION 0x\(..\)\(..\)\(..\)..$/\1 \2 \3/p' \
	"$(pkg-config --variable=includedir libmicrohttpd 2>/dev/null || echo /usr/include)/microhttpd.h" |
	awk '{ printf "%d.%d.%d", $1, $2, $3 }')
nm -D --defined-only "$real" 2>/dev/null | awk '$2 == "T" && $3 != "MHD_get_version" {
	print "void " $3 "(void) {}" }' >"$dir/fake.c"
echo 'const char *MHD_get_version(void) { return "0.9.60"; }' >>"$dir/fake.c"
if [ -n "$built" ] && [ "$(wc -l <"$dir/fake.c")" -gt 10 ] &&
    ${CC:-cc} -shared -fPIC -w -Wl,-soname,libmicrohttpd.so.podium-noload \
    -o "$dir/libmicrohttpd.so.podium-noload" "$dir/fake.c" 2>"$dir/err"; then
	check "a libmicrohttpd of another release: exit 2, both versions named" 2 \
		"libmicrohttpd.so.podium-noload is libmicrohttpd 0.9.60; podium serve was built for $built" \
		env LD_LIBRARY_PATH="$dir" "$noload" --db "$db" serve --port 0
else
	fail "cannot build a libmicrohttpd of another release from $real (built for '$built')"
fi

echo "noload: $passed $failed"
