#!/bin/sh
# run.sh -- tools/calls.sh itself: it must name the circle of two files
# that call each other and exit 1, and pass a chain without one.  A
# checker that passes everything would let src/http tangle unseen.
#
#   sh tests/calls/run.sh OUTDIR      (CC from the environment, else cc)

out=${1:?usage: sh tests/calls/run.sh OUTDIR}
cc=${CC:-cc}
here=$(dirname "$0")
fail=0

mkdir -p "$out" || exit 1
for f in ping pong leaf; do
	"$cc" -c -o "$out/$f.o" "$here/$f.c" || exit 1
done

# ping -> pong -> ping
sh "$here/../../tools/calls.sh" "$out/ping.o" "$out/pong.o" \
	> "$out/cycle.out" 2> "$out/cycle.err"
rc=$?
if [ $rc -ne 1 ] || ! grep -Eq '^cycle: (ping -> pong -> ping|pong -> ping -> pong)$' \
	"$out/cycle.err"; then
	echo "tests/calls: a circle was not found (rc $rc):" >&2
	cat "$out/cycle.out" "$out/cycle.err" >&2
	fail=1
fi

# ping -> leaf's pong -> leaf: no circle
sh "$here/../../tools/calls.sh" "$out/ping.o" "$out/leaf.o" \
	> "$out/chain.out" 2> "$out/chain.err"
rc=$?
if [ $rc -ne 0 ] || [ "$(cat "$out/chain.out")" != "ping -> leaf" ]; then
	echo "tests/calls: a chain without a circle was refused (rc $rc):" >&2
	cat "$out/chain.out" "$out/chain.err" >&2
	fail=1
fi
exit $fail
