# fuzz.mk -- libFuzzer harnesses (included by the Makefile).
#
#   make fuzz                 run every harness for FUZZ_TIME seconds each
#   make fuzz FUZZ_TIME=600   the 10-minute runs the hardening issue asks for
#   make fuzz FUZZERS=fuzz_csv
#
# Each harness tests/fuzz/fuzz_<name>.c starts from its seeds (real files
# in tests/fuzz/seeds/<harness>/) plus a working corpus in build/fuzz/;
# a crash, hang or leak is written to tests/fuzz/regress/<harness>/, which
# 'make test' replays (tests/fuzz/replay.c) so it never comes back.

FUZZERS ?= $(basename $(notdir $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_TIME ?= 60
FUZZ_CC ?= clang
FZ := build/fuzz
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer-no-link,address,undefined \
	      -fno-sanitize-recover=all -std=c11 -D_POSIX_C_SOURCE=200809L \
	      -Iinclude -Itests/fuzz
FUZZ_LIB_SRC := $(LIB_SRC) $(B)/gen/bundled.c $(B)/gen/web.c \
		$(B)/gen/schema_sqlite.c $(B)/gen/schema_postgres.c

# Each object is named for its whole path: two files of one name in two
# folders (src/store/sqlite/x.c, src/store/postgres/x.c) would both be
# x.o, the second overwriting the first.
$(FZ)/libpodium.a: $(FUZZ_LIB_SRC)
	@rm -rf $(FZ)/obj && mkdir -p $(FZ)/obj
	@for f in $(FUZZ_LIB_SRC); do \
		o=$$(echo "$${f%.c}" | tr / _).o; \
		echo "$(FUZZ_CC) -c $$f"; \
		$(FUZZ_CC) $(FUZZ_FLAGS) $(PKG_CFLAGS) -c -o $(FZ)/obj/$$o \
			$$f || exit 1; \
	done
	rm -f $@
	ar rcs $@ $(FZ)/obj/*.o

$(FZ)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FZ)/libpodium.a
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $< \
		$(FZ)/libpodium.a $(PKG_LIBS) -lm

.PHONY: fuzz
fuzz: $(FUZZERS:%=$(FZ)/%)
	@for f in $(FUZZERS); do \
		mkdir -p $(FZ)/corpus/$$f tests/fuzz/regress/$$f; \
		echo "== $$f for $(FUZZ_TIME)s"; \
		$(FZ)/$$f -max_total_time=$(FUZZ_TIME) -max_len=16384 \
			-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
			-artifact_prefix=tests/fuzz/regress/$$f/ \
			$(FZ)/corpus/$$f tests/fuzz/seeds/$$f 2>&1 | \
			grep -E '^(stat::|Done|==[0-9]+==ERROR|SUMMARY|artifact)' \
			|| true; \
	done

# Replaying kept inputs needs no libFuzzer: replay.c supplies main().
$(B)/tests/replay-fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c \
		tests/fuzz/fuzz.h $(B)/libpodium.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -Itests/fuzz -o $@ $< tests/fuzz/replay.c \
		$(B)/libpodium.a $(PKG_LIBS) -lm $(LDFLAGS)

REPLAY_BIN := $(FUZZERS:%=$(B)/tests/replay-%)
