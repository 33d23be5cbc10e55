# Makefile -- build, test, run and install podium.
#
#   make            build ./podium (installs missing Debian packages first)
#   make run        build, create ./podium.db from the bundled data if absent,
#                   print the Athens 2004 medal table and serve it at
#                   http://127.0.0.1:8080 (PORT=N to change)
#   make test       unit tests (cmocka), golden CLI cases and the HTTP API
#                   tests (node --test), the store's on SQLite and on a
#                   throwaway PostgreSQL cluster; make calls; make layers
#   make test SAN=1 the same under ASan + UBSan
#   make calls      which file of src/http calls which; fails on a circle
#                   there or in any other folder of src/
#   make layers     each folder's #includes against docs/ARCHITECTURE.md
#   make man        docs/podium.1 from docs/podium.1.in and the help text
#   make pot        po/podium.pot from the words in src/, each po/LANG.po
#                   brought up to it (po/README)
#   make test-e2e   the web page in a headless Chromium (playwright-core)
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean

.DEFAULT_GOAL := all

# Every build uses all the cores unless the command line names its own -j
# (make -j1 for one compiler error at a time).
# (Only at the top: a sub-make shares the top one's jobs.)
ifeq ($(MAKELEVEL)$(filter -j%,$(MAKEFLAGS)),0)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif

PREFIX ?= /usr/local
DESTDIR ?=
CC ?= cc
SAN ?=

PORT ?= 8080

# The libraries every podium process loads at start ...
PKGS := sqlite3 jansson libutf8proc zlib libsodium
# ... and those it loads with dlopen when a command first needs one
# (src/store/postgres/pq_load.c, src/http/mhd_load.c, src/io/xml_load.c,
# src/http/http_client.c):
# podium is not linked with them, only compiled against their headers;
# each loader is told the soname to open.
LAZY_PKGS := libpq libmicrohttpd libxml-2.0 libcurl
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) $(LAZY_PKGS) 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lsqlite3 \
	   -ljansson -lutf8proc -lz -lsodium) -pthread

# $(call soname,PKG,FALLBACK): the soname of the library pkg-config names
# for PKG (what its lib*.so link points to, as objdump -p says), else
# FALLBACK, Debian 12's.  Evaluated only when a loader is compiled.
soname = $(or $(shell l=$$(pkg-config --libs-only-l $(1) 2>/dev/null | \
	sed 's/^-l//; s/ .*//'); d=$$(pkg-config --variable=libdir $(1) \
	2>/dev/null); [ -n "$$l" ] && objdump -p "$$d/lib$$l.so" 2>/dev/null | \
	awk '$$1 == "SONAME" { print $$2 }'),$(2))
PQ_SONAME ?= $(call soname,libpq,libpq.so.5)
MHD_SONAME ?= $(call soname,libmicrohttpd,libmicrohttpd.so.12)
XML_SONAME ?= $(call soname,libxml-2.0,libxml2.so.2)
CURL_SONAME ?= $(call soname,libcurl,libcurl.so.4)

# Under the sanitizers -O1, as ASan's own documentation advises: its
# checks are the same, and the tree compiles in about 30% less CPU time
# than at -O2 (the build is a good part of make test SAN=1).  -O1's
# weaker flow analysis calls variables maybe uninitialized that are not;
# the release build, at -O2, keeps that warning as an error.
ifeq ($(SAN),1)
CFLAGS ?= -O1 -g
else
CFLAGS ?= -O2 -g
endif
CFLAGS += -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror \
	  -Wshadow -Wstrict-prototypes -Wno-unused-parameter -Iinclude
ifeq ($(SAN),1)
B := build/san
CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer \
	  -fno-sanitize-recover=undefined -Wno-maybe-uninitialized
# The sanitizers' runtimes linked in, and no PIE: each process then starts
# without resolving libasan's interceptors through the dynamic loader nor
# applying the 3 MB of relocations ASan's global descriptors bring to a
# PIE.  podium table, 30 runs: 96 -> 64 ms of CPU a process (with the leak
# check at exit), and make test SAN=1 starts some thousands of processes.
LDFLAGS += -fsanitize=address,undefined -static-libasan -static-libubsan \
	   -no-pie
else
B := build/rel
endif

CORE_SRC := $(wildcard src/core/*.c)
IO_SRC := $(wildcard src/io/*.c)
STORE_SRC := $(wildcard src/store/*.c src/store/sqlite/*.c \
	     src/store/postgres/*.c)
APP_SRC := $(wildcard src/app/*.c)
HTTP_SRC := $(wildcard src/http/*.c)
HTTP_OBJ := $(HTTP_SRC:%.c=$(B)/%.o)
CLI_SRC := $(wildcard src/cli/*.c)
SYS_SRC := $(wildcard src/sys/*.c)
LIB_SRC := $(CORE_SRC) $(SYS_SRC) $(IO_SRC) $(STORE_SRC) $(APP_SRC) \
	   $(HTTP_SRC)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o) $(B)/gen/bundled.o $(B)/gen/web.o \
	   $(B)/gen/words.o $(B)/gen/schema_sqlite.o $(B)/gen/schema_postgres.o
CLI_OBJ := $(CLI_SRC:%.c=$(B)/%.o)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
BUNDLED := npcs=data/npcs.tsv games=data/games.tsv pg2004=data/PG2004.seed.txt \
	history=data/npc_history.tsv events=data/events.tsv \
	pg2004_facts=data/PG2004.facts.tsv pg2004_election=data/PG2004.election.tsv \
	pg2004_football5=data/PG2004.football5.tsv \
	medal_rules=data/medal_rules.tsv \
	qualification_rules=data/qualification_rules.tsv \
	zones=data/zones.tsv
# the store's migrations, a SQL file each, oldest first (data/schema/),
# carried in the binary as the arrays each backend runs (src/store/schema.h)
SCHEMA_sqlite := $(sort $(wildcard data/schema/sqlite/*.sql))
SCHEMA_postgres := $(sort $(wildcard data/schema/postgres/*.sql))
MIGRATIONS_sqlite := pd_migrations pd_nmigrations
MIGRATIONS_postgres := pd_pg_migrations pd_pg_nmigrations
# the web page, served from the binary with nothing beside it
WEB := web_app=web/app.js web_style=web/style.css \
	web_openapi=docs/openapi.yaml
# the operator's desk, at /desk
WEB += web_desk=web/desk.html web_desk_js=web/desk.js web_desk_css=web/desk.css
# the tab's icon, at /favicon.ico (a browser asks for it on every site)
WEB += web_favicon=web/favicon.ico web_embed=web/embed.js
DEPS_STAMP := build/.deps-ok

include tests/fuzz/fuzz.mk

.PHONY: bench rehearse calls crash soak all run test test-e2e unit cli-test install clean deps \
	layers man pot
all: podium

# The packages are checked once per change of the script, not every build.
$(DEPS_STAMP): scripts/deps.sh
	@mkdir -p build
	sh scripts/deps.sh
	@touch $@
deps: $(DEPS_STAMP)

podium: $(B)/podium
	rm -f $@ && cp $< $@

$(B)/podium: $(CLI_OBJ) $(B)/libpodium.a
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(B)/libpodium.a $(PKG_LIBS) -lm

$(B)/libpodium.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(B)/src/store/postgres/pq_load.o: CFLAGS += -DPD_PQ_SONAME='"$(PQ_SONAME)"'
$(B)/src/http/mhd_load.o: CFLAGS += -DPD_MHD_SONAME='"$(MHD_SONAME)"'
$(B)/src/io/xml_load.o: CFLAGS += -DPD_XML_SONAME='"$(XML_SONAME)"'
$(B)/src/http/http_client.o: CFLAGS += -DPD_CURL_SONAME='"$(CURL_SONAME)"'

$(B)/%.o: %.c $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -MMD -MP -c -o $@ $<

# Every src/cli/cmd_<name>.c defines `const struct cli_command cmd_<name>`;
# the command table is made from the file names, so a new command is one
# new file and nothing else.
$(B)/gen/commands.h: $(CLI_SRC)
	@mkdir -p $(dir $@)
	@for f in $(sort $(notdir $(wildcard src/cli/cmd_*.c))); do \
		n=$${f#cmd_}; echo "X($${n%.c})"; done > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp

$(CLI_OBJ): $(B)/gen/commands.h
$(CLI_OBJ): CFLAGS += -I$(B)/gen

$(B)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -o $@ $<

$(B)/gen/bundled.c: $(B)/tools/embed data/npcs.tsv data/games.tsv data/PG2004.seed.txt \
		data/npc_history.tsv data/events.tsv \
		data/PG2004.facts.tsv data/PG2004.election.tsv \
		data/PG2004.football5.tsv data/medal_rules.tsv \
		data/qualification_rules.tsv data/zones.tsv
	@mkdir -p $(dir $@)
	$(B)/tools/embed $@ $(BUNDLED)

$(B)/gen/bundled.o: $(B)/gen/bundled.c
	$(CC) $(CFLAGS) -c -o $@ $<

$(B)/gen/web.c: $(B)/tools/embed web/app.js web/style.css docs/openapi.yaml \
		web/desk.html web/desk.js web/desk.css web/favicon.ico
	@mkdir -p $(dir $@)
	$(B)/tools/embed $@ $(WEB)

$(B)/gen/web.o: $(B)/gen/web.c
	$(CC) $(CFLAGS) -c -o $@ $<

$(B)/gen/schema_sqlite.c: $(SCHEMA_sqlite)
$(B)/gen/schema_postgres.c: $(SCHEMA_postgres)
$(B)/gen/schema_%.c: $(B)/tools/embed
	@mkdir -p $(dir $@)
	$(B)/tools/embed $@ --list $(MIGRATIONS_$*) \
		$(foreach f,$(SCHEMA_$*),$*_$(basename $(notdir $(f)))=$(f))

$(B)/gen/schema_%.o: $(B)/gen/schema_%.c
	$(CC) $(CFLAGS) -c -o $@ $<

# The catalogue of words (include/podium/words.h): each po/LANG.po
# compiled by msgfmt (--check: a translation's conversions must be its
# English's) and carried in the binary, as the data is.
PO_LANGS := zh_CN fr
$(B)/po/%.mo: po/%.po $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

$(B)/gen/words.c: $(B)/tools/embed $(PO_LANGS:%=$(B)/po/%.mo)
	@mkdir -p $(dir $@)
	$(B)/tools/embed $@ $(foreach l,$(PO_LANGS),po_$(l)=$(B)/po/$(l).mo)

$(B)/gen/words.o: $(B)/gen/words.c
	$(CC) $(CFLAGS) -c -o $@ $<

# po/podium.pot from the words marked N_() and C_() in src/ (xgettext),
# and each po/LANG.po brought up to it (msgmerge): a new word then shows
# as untranslated, and tests/po/check.sh fails until it is translated.
POT_SRC = $(sort $(wildcard src/*/*.c src/*/*.h src/store/*/*.c))
POT_OUT = po/podium.pot
pot:
	xgettext --from-code=UTF-8 --keyword= --keyword=N_ --keyword=C_:1c,2 \
		--add-comments=TRANSLATORS: --add-location=file \
		--package-name=podium --msgid-bugs-address=podium \
		--copyright-holder= -o - $(POT_SRC) | \
		sed '/^"POT-Creation-Date: /d' >$(POT_OUT)
	[ "$(POT_OUT)" != po/podium.pot ] || for l in $(PO_LANGS); do \
		msgmerge --quiet --update --backup=none --no-fuzzy-matching \
			po/$$l.po po/podium.pot || exit 1; done

$(B)/tests/%: tests/unit/%.c $(B)/libpodium.a $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(B)/libpodium.a \
		$(PKG_LIBS) -lcmocka -lm $(LDFLAGS)

# podium with loaders told sonames that no system has: tests/noload checks
# that a library that cannot be loaded is an error naming it and what to
# install, and that the commands that need none of them still work.
NOLOAD_OBJ := $(B)/tests/noload/pq_load.o $(B)/tests/noload/mhd_load.o \
	$(B)/tests/noload/xml_load.o
$(B)/tests/noload/pq_load.o: src/store/postgres/pq_load.c
$(B)/tests/noload/mhd_load.o: src/http/mhd_load.c
$(B)/tests/noload/xml_load.o: src/io/xml_load.c
$(NOLOAD_OBJ): $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -DPD_PQ_SONAME='"libpq.so.podium-noload"' \
		-DPD_MHD_SONAME='"libmicrohttpd.so.podium-noload"' \
		-DPD_XML_SONAME='"libxml2.so.podium-noload"' -MMD -MP -c -o $@ \
		$(filter %.c,$^)
$(B)/tests/podium-noload: $(CLI_OBJ) $(NOLOAD_OBJ) $(B)/libpodium.a
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(NOLOAD_OBJ) $(B)/libpodium.a \
		$(PKG_LIBS) -lm

run: podium
	@if [ ! -f podium.db ]; then ./podium init; fi
	./podium table --games PG2004@seed
	./podium serve --port $(PORT)

# the tests run $(B)/podium: under SAN=1 the user's ./podium stays the
# release build
test: $(if $(filter 1,$(SAN)),$(B)/podium,podium) $(UNIT_BIN) $(REPLAY_BIN) \
	$(B)/tests/podium-noload
	@$(MAKE) --no-print-directory calls CALLS_QUIET=1
	@PODIUM_TEST_PG_GOLDEN=$(if $(filter 1,$(SAN)),0,1) sh tests/run.sh $(B)

# Each folder's #includes against the table of docs/ARCHITECTURE.md, and
# no store write outside src/app (tests/run.sh runs it, and its own test
# that it fails on a bad include or write).
layers:
	@sh tools/layers.sh .

# The manual is made from the help text of every command (tools/man.sh);
# make test fails when docs/podium.1 is not what this makes.
man: podium
	sh tools/man.sh ./podium > docs/podium.1.tmp && mv docs/podium.1.tmp docs/podium.1

# The files of src/http call each other without a circle (server.c calls
# everything, nothing calls back; docs/internals/http.md), and so do the
# files of every other folder of src/ (docs/ARCHITECTURE.md).  The checker
# is checked first, on two files that do call each other.
CALLS_DIRS := core sys io store store/sqlite store/postgres app cli
calls: $(LIB_OBJ) $(CLI_OBJ)
	@CC="$(CC)" sh tests/calls/run.sh $(B)/tests/calls
	@for d in $(CALLS_DIRS); do \
		sh tools/calls.sh $(B)/src/$$d/*.o >/dev/null || \
		{ echo "calls: src/$$d has a circle (above)" >&2; exit 1; }; \
	done
ifeq ($(CALLS_QUIET),1)
	@sh tools/calls.sh $(HTTP_OBJ) >$(B)/tests/calls/http.edges && \
		echo "ok   calls: src/http has no circle ($$(wc -l <$(B)/tests/calls/http.edges) edges; make calls lists them), nor any other folder of src/"
else
	@echo "src/http calls (tools/calls.sh):"
	@sh tools/calls.sh $(HTTP_OBJ)
endif

# The page in a real headless browser: Debian's chromium driven by
# playwright-core from npm, both installed by the script when missing.
test-e2e: podium
	@sh tests/e2e/run.sh $(B)/podium

# The long runs of the hardening work (README: "Hardening").
soak: podium
	sh tests/soak/soak.sh

# The crash tests: import-kill, then serve-kill and pg-restart at once.
crash: podium
	sh tests/crash/run.sh $(B)/podium 20

# Benchmarks against named peers, in one run, as ratios (bench/README.md).
# The short Games-day rehearsal (bench/rehearse.sh short: an hour of
# Paris 2024 on PostgreSQL, two nodes, 300 readers, a fault of each kind);
# it says it skips without ../shared
rehearse: podium
	sh bench/rehearse.sh short ./podium

bench: podium
	sh bench/run

install: podium
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 podium $(DESTDIR)$(PREFIX)/bin/podium
	install -m 644 docs/podium.1 $(DESTDIR)$(PREFIX)/share/man/man1/podium.1

clean:
	rm -rf build podium

-include $(shell find build -name '*.d' 2>/dev/null)
