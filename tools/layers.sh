#!/bin/sh
# layers.sh -- hold the code to the layers of docs/ARCHITECTURE.md: every
# #include of every file under src/ must name a header of a layer that the
# file's own layer may include.  The rules are read from the table that
# follows the line '<!-- layers -->' in the document, one row a layer:
#
#   | layer | folder | its public headers | may include |
#   | core  | src/core | error buf ... | core |
#
# 'folder' may be '-' (a layer of headers only, such as the renderers);
# headers are named without include/podium/ and .h.  A quoted include
# without a folder ("cli.h") is the file's own folder's and always allowed;
# "../store/x.h" belongs to that folder's layer.
#
# A second list, after '<!-- store writes -->' (backquoted names), is the
# store's writes: no file of src/cli or src/http may call one (writes are
# src/app's).
#
# usage: tools/layers.sh [ROOT]     (ROOT: the tree, default .)
# Prints each violation as FILE:LINE: what; exit 0 none, 1 some, 2 the
# table is missing or names an unknown layer.
set -u
root=${1:-.}
doc=$root/docs/ARCHITECTURE.md
if [ ! -f "$doc" ]; then
	echo "layers: no $doc" >&2
	exit 2
fi
rules=$(mktemp)
out=$(mktemp)
trap 'rm -f "$rules" "$out"' EXIT
# the table: layer|folder|headers|allowed
awk '/<!-- layers -->/ { on = 1; next }
     on && /^\|/ {
	n = split($0, c, "|")
	if (n < 6) next
	for (i = 2; i <= 5; i++) { gsub(/^[ \t`]+|[ \t`]+$/, "", c[i]); gsub(/`/, "", c[i]) }
	if (c[2] == "layer" || c[2] ~ /^-+$/) next
	gsub(/,/, " ", c[5])
	print c[2] "|" c[3] "|" c[4] "|" c[5]
	next
     }
     on && !/^\|/ && seen { exit }
     on && /^\|/ { seen = 1 }' "$doc" >"$rules"
if [ ! -s "$rules" ]; then
	echo "layers: $doc has no table after '<!-- layers -->'" >&2
	exit 2
fi

{ find "$root/src" -name '*.[ch]'; find "$root/include/podium" -name '*.h'; } 2>/dev/null | sort | awk -v rules="$rules" -v root="$root/" '
BEGIN {
	FS = "|"
	while ((getline line < rules) > 0) {
		split(line, f, "|")
		layer = f[1]; layers[layer] = 1
		if (f[2] != "-") folder[f[2]] = layer
		nh = split(f[3], h, " ")
		for (i = 1; i <= nh; i++) header[h[i]] = layer
		na = split(f[4], a, " ")
		for (i = 1; i <= na; i++) may[layer, a[i]] = 1
	}
	FS = " "
	bad = 0
}
# the layer of a path such as src/store/sqlite/x.c: its longest folder
function layer_of(path,    best, d, l) {
	best = ""; l = ""
	for (d in folder)
		if (index(path, d "/") == 1 && length(d) > length(best)) {
			best = d; l = folder[d]
		}
	return l
}
{
	file = $0
	rel = substr(file, length(root) + 1)
	if (rel ~ /^include\/podium\//) {
		hd = rel; sub(/^include\/podium\//, "", hd); sub(/\.h$/, "", hd)
		own = (hd in header) ? header[hd] : ""
	} else
		own = layer_of(rel)
	if (own == "") {
		printf "%s: in no layer of the table\n", rel
		bad = 1
		next
	}
	dir = rel; sub(/\/[^\/]*$/, "", dir)
	n = 0
	while ((getline line < file) > 0) {
		n++
		if (line !~ /^[ \t]*#[ \t]*include[ \t]*"/) continue
		inc = line; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
		if (inc ~ /^podium\// || rel ~ /^include\//) {
			if (inc !~ /^podium\//) inc = "podium/" inc
			hd = inc; sub(/^podium\//, "", hd); sub(/\.h$/, "", hd)
			if (!(hd in header)) {
				printf "%s:%d: %s is in no layer of the table\n", rel, n, inc
				bad = 1
				continue
			}
			to = header[hd]
		} else if (inc ~ /\//) {
			p = dir "/" inc
			while (p ~ /[^\/]+\/\.\.\//) sub(/[^\/]+\/\.\.\//, "", p)
			to = layer_of(p)
			if (to == "") to = own
		} else {
			continue	# a header of the file'"'"'s own folder
		}
		if (to != own && !((own, to) in may)) {
			printf "%s:%d: includes %s (%s): %s may include only what the table allows\n", rel, n, inc, to, own
			bad = 1
		}
	}
	close(file)
}
END { exit bad }'
status=$?

# the store's writes, outside src/app and src/store
writes=$(awk '/<!-- store writes -->/ { on = 1; next }
	on { line = $0; q += gsub(/`/, " ", line); printf "%s ", line;
	     if (q >= 2) exit }' "$doc" | tr -s ' \t' '\n' |
	grep '^pd_store_' | sort -u)
if [ -z "$writes" ]; then
	echo "layers: $doc has no list after '<!-- store writes -->'" >&2
	exit 2
fi
re=$(printf '%s\n' $writes | paste -sd'|' -)
for f in $(find "$root/src/cli" "$root/src/http" -name '*.[ch]' 2>/dev/null | sort); do
	grep -nE "(^|[^a-z_])($re)[ \t]*\(" "$f" | while IFS=: read -r n text; do
		name=$(printf '%s' "$text" | grep -oE "($re)[ \t]*\(" | head -n 1 | tr -d ' \t(')
		echo "${f#"$root"/}:$n: calls $name, a store write: writes are src/app's"
	done
done >"$out"
if [ -s "$out" ]; then
	cat "$out"
	status=1
fi
exit $status
