# lib.sh -- what the benchmarks share (sourced, not run).
#
# Every benchmark runs podium and its peers alternately, several rounds,
# on this machine in one run, and reports ratios: absolute times on a
# shared 2-core machine drift, ratios taken side by side hold.

set -u
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$BENCH_DIR/.." && pwd)
PODIUM=${PODIUM:-$TOP/build/rel/podium}
SHARED=$(cd "$TOP/../shared/data" 2>/dev/null && pwd || true)
ROUNDS=${ROUNDS:-5}
SMOKE=${SMOKE:-0}
RESULTS="$BENCH_DIR/results"
WORK=$(mktemp -d)

# Every process a benchmark starts is tracked (track PID...) and killed
# when the benchmark ends, however it ends: done, failed, Ctrl-C, or a
# timeout's TERM.  (Once a failed fanout.sh left its server holding
# 10,000 connections on port 18083.)  AT_EXIT is more to do then (a
# PostgreSQL cluster to stop).  A failure says so, with its status.
PIDS=""
AT_EXIT=""
track() { PIDS="$PIDS $*"; }
stop_all() {
	for p in $PIDS; do kill "$p" 2>/dev/null; done
	sleep 0.2
	for p in $PIDS; do kill -9 "$p" 2>/dev/null; done
	wait 2>/dev/null
	PIDS=""
}
on_exit() {
	rc=$?
	trap - EXIT
	stop_all
	[ -n "$AT_EXIT" ] && eval "$AT_EXIT"
	rm -rf "$WORK"
	[ "$rc" -ne 0 ] && say "bench $(basename "$0" .sh): failed (exit $rc); every process it started is stopped"
	exit "$rc"
}
trap on_exit EXIT
trap 'say "bench $(basename "$0" .sh): stopped by a signal"; exit 2' INT TERM HUP PIPE

say() { printf '%s\n' "$*" >&2; }

# Install Debian packages that are missing (root, or sudo).
need_deb() {
	missing=""
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q "install ok installed" || missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	say "bench: installing$missing"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
		--no-install-recommends $missing >/dev/null 2>&1 ||
		{ $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		  $sudo apt-get install -y -qq --no-install-recommends \
		  $missing >/dev/null; }
}

# Install the npm packages of bench/package.json once.
need_npm() {
	# node and npm may come from elsewhere (NodeSource bundles npm, and
	# Debian's npm then conflicts with it)
	command -v node >/dev/null 2>&1 || need_deb nodejs
	command -v npm >/dev/null 2>&1 || need_deb npm
	[ -d "$BENCH_DIR/node_modules/@duckdb/node-api" ] && return 0
	say "bench: npm install (DuckDB's node API)"
	(cd "$BENCH_DIR" && npm install --no-audit --no-fund --silent \
		>/dev/null 2>&1)
}

# timed LABEL CMD...: run CMD, append "LABEL SECONDS MAXRSS_KB" to
# $WORK/times; CMD's stdout goes to $WORK/out.LABEL.
timed() {
	label=$1
	shift
	/usr/bin/time -f "%e %M" -o "$WORK/t" "$@" >"$WORK/out.$label" \
		2>"$WORK/err.$label" || {
		say "bench: $label failed:"
		sed 's/^/    /' "$WORK/err.$label" >&2
		return 1
	}
	printf '%s %s\n' "$label" "$(tail -n 1 "$WORK/t")" >>"$WORK/times"
}

# stats LABEL: "median min max" of LABEL's times.
stats() {
	awk -v l="$1" '$1 == l { print $2 }' "$WORK/times" | sort -n |
		awk '{ v[NR] = $1 } END {
			if (NR == 0) { print "- - -"; exit }
			m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%.3f %.3f %.3f\n", m, v[1], v[NR] }'
}

# peak LABEL: the largest max RSS (KB) of LABEL's runs.
peak() {
	awk -v l="$1" '$1 == l && $3 > m { m = $3 } END { print m + 0 }' \
		"$WORK/times"
}

machine() {
	printf '%s, %s cores, %s' "$(uname -srm)" "$(nproc)" \
		"$(free -h | awk '/^Mem:/ { print $2 }') RAM"
}
