#!/bin/sh
# run.sh -- the HTTP API tests: node's own test runner (node --test) against
# 'podium serve' on a free loopback port with a temporary database, every
# response checked against docs/openapi.yaml by ajv (tests/api/package.json,
# pinned; installed here with npm ci when missing, as tests/e2e does).
# usage: tests/api/run.sh PODIUM_BINARY
# Prints the runner's failures, then 'api: PASSED FAILED SKIPPED'.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
	echo "skip api: node is not installed (scripts/deps.sh installs it)"
	echo "api: 0 0 1"
	exit 0
fi
if [ ! -f "$here/node_modules/ajv/package.json" ] ||
   [ ! -f "$here/node_modules/yaml/package.json" ]; then
	if ! command -v npm >/dev/null 2>&1 ||
	   ! (cd "$here" && timeout 300 npm ci --no-audit --no-fund --silent) >&2; then
		echo "FAIL api: cannot install the OpenAPI validator (npm ci in tests/api)"
		echo "api: 0 1 0"
		exit 0
	fi
fi
log=$(mktemp)
log2=$(mktemp)
json=$(mktemp)
trap 'rm -f "$log" "$log2" "$json"' EXIT
# docs/openapi.yaml parsed once for every file (openapi.mjs); when that
# fails, each file parses it and says why
node "$here/openapi.mjs" --json >"$json" 2>/dev/null &&
	export PODIUM_OPENAPI_JSON="$json"
# Two lanes at once: the files that stop and start the shared test
# cluster (PODIUM_TEST_PG), one after the other, and every other file,
# API_JOBS at a time (default 2; each starts its own server on its own
# database and on a port the kernel picks).  Three leave fewer cores idle
# (some files mostly wait, on a request head's 10 s deadline; alone: 47
# -> 32 s), but under SAN=1 at three, slow_reader once saw a version's
# results without its standings first (2026-12-04): two until that is
# understood.  Every test bounds its own waits; timeout bounds the whole run
# (it runs beside the golden cases, so with room for a busy machine).
cluster="$here/cluster.test.mjs $here/outage.test.mjs"
others=$(ls "$here"/*.test.mjs | grep -v '/cluster\.test\.mjs$\|/outage\.test\.mjs$')
# shellcheck disable=SC2086
PODIUM_BIN=$bin timeout 900 node --test --test-reporter=tap \
	--test-concurrency=1 $cluster >"$log2" 2>&1 &
lane=$!
# shellcheck disable=SC2086
PODIUM_BIN=$bin timeout 900 node --test --test-reporter=tap \
	--test-concurrency=${API_JOBS:-2} $others >"$log" 2>&1
rc=$?
wait "$lane" || rc=$?
cat "$log2" >>"$log"
p=$(sed -n 's/^# pass \([0-9]*\)/\1/p' "$log" | awk '{ n += $1 } END { print n + 0 }')
f=$(sed -n 's/^# fail \([0-9]*\)/\1/p' "$log" | awk '{ n += $1 } END { print n + 0 }')
[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
sed -n 's/^ok [0-9]* - \(.*\)/ok   api \1/p' "$log" | grep -v '^ok   api .*\.test\.mjs$'
if [ "$f" -ne 0 ]; then
	echo "FAIL api (node --test, rc $rc):"
	# the failures, without the timing block of every test that passed
	grep -v '^ *ok \|^ *# Subtest' "$log" |
		grep -Ev '^ *(duration_ms: .*|\.\.\.|---)$' |
		sed 's/^/    /' | head -n 150
fi
echo "api: $p $f 0"
