#!/bin/sh
# man.sh -- write docs/podium.1 from docs/podium.1.in and the help text of
# every command, as `podium help` and `podium help COMMAND` print it, so
# that the manual and the help never drift: one text, two renderings.
#
# usage: tools/man.sh PODIUM_BINARY [TEMPLATE] > podium.1
#
# Each command is an entry (.SS) of the COMMANDS section: its summary, its
# synopsis (the usage lines), then its paragraphs; an indented line
# "  TERM   text" (an option, a format, a value) is a tagged paragraph, an
# indented "- text" a bullet, any other indented line continues the one
# above.  tests/man/check.sh holds docs/podium.1 to this script's output.
set -eu
bin=$1
template=${2:-$(dirname "$0")/../docs/podium.1.in}

# the commands and their summaries, as 'podium help' lists them (the
# help is asked once, and each command's once: under make test SAN=1 a
# podium process costs 60 ms of CPU, and four per command took 9 s)
help=$("$bin" help)
commands=$(printf '%s\n' "$help" | awk '/^commands:$/ { on = 1; next }
	on && /^  [a-z]/ { print $1 }')

# roff text: backslashes as \e, hyphens as \-, and no line starting with
# a control character
esc() {
	sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
}

entries() {
	echo ".SH COMMANDS"
	for c in $commands; do
		summary=$(printf '%s\n' "$help" | awk -v c="$c" '$1 == c {
			sub(/^  [a-z]+ +/, ""); print }')
		text=$("$bin" help "$c")
		echo ".SS $c"
		printf '%s\n' "$summary" | esc
		echo ".PP"
		echo ".nf"
		printf '%s\n' "$text" | awk 'NF == 0 { exit } { print substr($0, 8) }' |
			esc | sed 's/^/\\fB/; s/$/\\fR/'
		echo ".fi"
		echo ".PP"
		printf '%s\n' "$text" | awk '
		BEGIN { body = 0 }
		!body { if (NF == 0) body = 1; next }
		NF == 0 { if (mode != "") print ".PP"; mode = ""; next }
		/^ +- / {
			sub(/^ +- /, ""); print ".IP \\(bu 2"; print; mode = "list"
			next
		}
		/^  [^ ]/ && match($0, /^  [^ ]+( [^ ]+)*  +/) && \
		    substr($0, RLENGTH + 1) != "" {
			term = substr($0, 3, RLENGTH - 2); sub(/ +$/, "", term)
			print ".TP"; print "\\fB" term "\\fR"
			print substr($0, RLENGTH + 1); mode = "list"; next
		}
		/^  [^ ]/ {
			term = substr($0, 3); print ".TP"; print "\\fB" term "\\fR"
			mode = "list"; next
		}
		/^ / { sub(/^ +/, ""); print; next }
		{
			if (mode == "list") print ".PP"
			mode = "text"; print
		}' | esc_body
	done
}

# the body: as esc, but the macros the awk above wrote stay macros and the
# \fB...\fR it put round a term stay fonts
esc_body() {
	sed -e '/^\.\(PP\|TP\|IP \\(bu 2\)$/b' \
	    -e 's/\\/\\e/g' -e 's/-/\\-/g' \
	    -e 's/^\\efB\(.*\)\\efR$/\\fB\1\\fR/' \
	    -e "s/^\\([.']\\)/\\\\\\&\\1/"
}

entries >"${TMPDIR:-/tmp}/podium-man.$$"
awk -v f="${TMPDIR:-/tmp}/podium-man.$$" '
	$0 == "@COMMANDS@" { while ((getline l < f) > 0) print l; next }
	{ print }' "$template"
rm -f "${TMPDIR:-/tmp}/podium-man.$$"
