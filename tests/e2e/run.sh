#!/bin/sh
# run.sh -- the web page end to end: 'podium serve' on a free loopback
# port, Debian's chromium driven by playwright-core (tests/e2e/package.json,
# pinned).  Installs what is missing through scripts/deps.sh e2e and npm;
# when chromium cannot be had, the test is skipped, saying why.
# The browser is Debian's chromium-headless-shell (the same source and
# Blink as the chromium package, built for automation without the
# browser's own windows, as playwright itself runs headless): the 50
# tests took 365 s of CPU (187 s) in chromium and take 203 s (108 s) in
# it.  CHROMIUM names another; without the shell, /usr/bin/chromium.
# usage: tests/e2e/run.sh PODIUM_BINARY
# Screenshots in docs/screenshots/ are renewed with E2E_UPDATE=1.
# Ends with the line 'N passed, N failed[, N skipped]'.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
shell=/usr/bin/chromium-headless-shell
chromium=${CHROMIUM:-$shell}

skip() {
	echo "skip e2e: $1"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
}

if [ ! -x "$chromium" ] || ! command -v npm >/dev/null 2>&1 ||
   ! command -v pdftoppm >/dev/null 2>&1 ||
   ! fc-list 2>/dev/null | grep -qi 'zenhei\|cjk'; then
	sh "$top/scripts/deps.sh" e2e >&2 ||
		echo "e2e: scripts/deps.sh e2e failed" >&2
fi
[ -z "${CHROMIUM:-}" ] && [ ! -x "$chromium" ] && chromium=/usr/bin/chromium
[ -x "$chromium" ] || skip "no $chromium (apt-get install chromium-headless-shell)"
command -v node >/dev/null 2>&1 || skip "node is not installed"
if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
	(cd "$here" && timeout 300 npm ci --no-audit --no-fund --silent) >&2 ||
		skip "cannot install playwright-core with npm"
fi
# the tests start podium through tests/api's server.mjs, which checks
# every answer against docs/openapi.yaml with ajv: its packages too
if [ ! -f "$top/tests/api/node_modules/ajv/package.json" ]; then
	(cd "$top/tests/api" && timeout 300 npm ci --no-audit --no-fund \
		--silent) >&2 || skip "cannot install tests/api's packages with npm"
fi
log=$(mktemp)
json=$(mktemp)
trap 'rm -f "$log" "$json"' EXIT
# docs/openapi.yaml parsed once for every file (tests/api/openapi.mjs)
node "$top/tests/api/openapi.mjs" --json >"$json" 2>/dev/null &&
	export PODIUM_OPENAPI_JSON="$json"
# Files two at a time (E2E_JOBS): each starts its own server on its own
# database and port and its own browser in a profile of its own.
PODIUM_BIN=$bin CHROMIUM=$chromium timeout 900 node --test \
	--test-reporter=tap --test-concurrency="${E2E_JOBS:-2}" \
	"$here"/*.test.mjs >"$log" 2>&1
rc=$?
p=$(sed -n 's/^# pass \([0-9]*\)/\1/p' "$log" | tail -n 1)
f=$(sed -n 's/^# fail \([0-9]*\)/\1/p' "$log" | tail -n 1)
p=${p:-0}
f=${f:-0}
[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
sed -n 's/^ok [0-9]* - \(.*\)/ok   e2e \1/p' "$log" | grep -v '\.mjs$'
if [ "$f" -ne 0 ]; then
	echo "FAIL e2e (node --test, rc $rc):"
	# the failures, without the timing block of every test that passed
	grep -v '^ *ok \|^ *# Subtest' "$log" |
		grep -Ev '^ *(duration_ms: .*|\.\.\.|---)$' |
		sed 's/^/    /' | head -n 150
fi
echo "screenshots: $here/artifacts/ (kept: docs/screenshots/, E2E_UPDATE=1 renews them)"
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
