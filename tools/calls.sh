#!/bin/sh
# calls.sh -- which object file calls which, and whether they form a circle.
#
#   sh tools/calls.sh FILE.o...
#
# A file calls another when one of its undefined symbols (nm's U) is one
# the other defines; symbols defined outside the files given (libc, MHD,
# the rest of libpodium) are not edges.  Prints one "a -> b" line per
# edge, sorted, then exits 1 naming one circle ("cycle: a -> b -> a") if
# the edges have one, 0 if they do not, 2 on bad usage.  Names are the
# objects' base names without .o, so src/http/view.o prints as "view".
#
# Written for the rule in docs/internals/http.md that src/http's call
# graph has no circle: a circle there is how a split file grows back into
# one that cannot be read on its own.

if [ $# -eq 0 ]; then
	echo "usage: sh tools/calls.sh FILE.o..." >&2
	exit 2
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

for f in "$@"; do
	if [ ! -f "$f" ]; then
		echo "calls.sh: '$f' does not exist" >&2
		exit 2
	fi
	n=$(basename "$f" .o)
	# nm -P: "name type value size"; defined globals are upper case
	# letters other than U (weak V/W count as defined too)
	nm -P "$f" | awk -v n="$n" '$2 ~ /^[A-TV-Z]$/ { print $1, n }' \
		>> "$tmp/defs"
	nm -P -u "$f" | awk -v n="$n" '{ print $1, n }' >> "$tmp/uses"
done
touch "$tmp/defs" "$tmp/uses"

# edges "caller callee": a use matched to its definer, no self edges
awk 'NR == FNR { def[$1] = $2; next }
     ($1 in def) && def[$1] != $2 { print $2, def[$1] }' \
	"$tmp/defs" "$tmp/uses" | sort -u > "$tmp/edges"
awk '{ print $1, "->", $2 }' "$tmp/edges"

# depth-first search over the edges; the first back edge found is a
# circle, printed from where it closes
awk '
{ out[$1] = out[$1] " " $2; node[$1] = 1; node[$2] = 1 }
function visit(v,    i, k, w, m, path) {
	state[v] = 1; stack[++depth] = v
	m = split(out[v], w, " ")
	for (i = 1; i <= m; i++) {
		if (state[w[i]] == 1) {
			for (k = depth; stack[k] != w[i]; k--)
				;
			path = stack[k]
			for (k++; k <= depth; k++)
				path = path " -> " stack[k]
			print "cycle: " path " -> " w[i]
			found = 1
			return 1
		}
		if (!state[w[i]] && visit(w[i]))
			return 1
	}
	depth--; state[v] = 2
	return 0
}
END {
	for (v in node)
		if (!state[v] && visit(v))
			exit 1
	exit 0
}' "$tmp/edges" >&2
