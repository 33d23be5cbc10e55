#!/bin/sh
# deps.sh -- install the Debian packages podium needs to build and test,
# only those missing: PostgreSQL too (libpq to build the backend, the
# server for the tests' throwaway clusters, scripts/pg-cluster.sh).
# npm installs the API tests' OpenAPI validator (tests/api/package.json),
# libxml2 writes and reads the ODF messages and xmllint checks them;
# gettext compiles the catalogue of words (po/*.po) into the binary;
# tzdata is the zone files a unit's local time is read from
# (/usr/share/zoneinfo, src/io/tzif.c).
# libpq, libmicrohttpd, libxml2 and libcurl (podium rehearse, a client)
# are not linked but loaded with dlopen
# when a command needs one (docs/ARCHITECTURE.md): their -dev packages are
# for the build (headers, and the .so links whose sonames the Makefile
# reads), and their runtime packages, which podium opens by soname, are
# named here too although the -dev packages pull them in.
# Run by the Makefile; safe to run again.
# usage: scripts/deps.sh [e2e]    e2e: also what the browser test needs
# (chromium for 'podium book --format pdf', chromium-headless-shell that
# the tests drive, npm, a CJK font, and poppler-utils to render the
# printed book's pages), run by 'make test-e2e'.
set -eu

pkgs="gcc make pkg-config libsqlite3-dev sqlite3 libjansson-dev
libutf8proc-dev libsodium-dev zlib1g-dev libcmocka-dev libmicrohttpd-dev
libpq-dev postgresql nodejs npm curl libxml2-dev libxml2-utils
libpq5 libmicrohttpd12 libxml2 gettext tzdata libcurl4-openssl-dev libcurl4"
if [ "${1:-}" = "e2e" ]; then
	pkgs="$pkgs chromium chromium-headless-shell fonts-wqy-zenhei
poppler-utils"
fi

missing=""
for p in $pkgs; do
	# node and npm may come from elsewhere (NodeSource bundles npm)
	case $p in
	nodejs) command -v node >/dev/null 2>&1 && continue ;;
	npm) command -v npm >/dev/null 2>&1 && continue ;;
	esac
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done

[ -z "$missing" ] && exit 0

echo "deps.sh: installing:$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "deps.sh: need root to install:$missing" >&2
	echo "deps.sh: run as root: apt-get install -y$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >&2
