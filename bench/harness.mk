# How pb and its unit tests compile (the Makefile's tools target builds them).
CC := gcc
CFLAGS := -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -O2 -g -Ibench -I.
HARNESS_SRC := $(wildcard bench/*.c bench/*/*.c) $(wildcard vm/*.c)
HARNESS_HDR := $(wildcard bench/*.h bench/*/*.h) $(wildcard vm/*.h)
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))
UNIT_TAPS := $(patsubst $(BUILD)/tests/%,$(TEST_OUT)/unit-%.tap,$(UNIT_TESTS))
# Every object but main() in one library that pb and the unit tests link
HARNESS_LIB_SRC := $(filter-out bench/pb.c,$(HARNESS_SRC))
LIBPB := $(BUILD)/libpb.a
HARNESS_LIBS := -ljansson -lbpf -lelf -lz -lm
obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

$(BUILD)/obj/%.o: %.c $(HARNESS_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

$(LIBPB): $(call obj,$(HARNESS_LIB_SRC))
	@rm -f $@
	ar rcs $@ $^

$(PB): $(call obj,bench/pb.c) $(LIBPB)
	$(CC) $(CFLAGS) -o $@ $^ $(HARNESS_LIBS)

PB_RUN := $(call obj,tests/unit/pb_run.c)
$(PB_RUN): CFLAGS += -DPB_BIN='"$(PB)"'
$(PB_RUN): tests/unit/pb_run.h
$(BUILD)/tests/%: tests/unit/%.c $(PB_RUN) $(LIBPB) $(HARNESS_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itests/unit -DSRCDIR='"tests/unit"' -o $@ $< $(PB_RUN) $(LIBPB) -lcmocka $(HARNESS_LIBS)

# pb probe's unit test reads a stand-in build, a tiny vmlinux with BTF
PROBE_FIXTURE := $(BUILD)/fixtures/probe-build
$(BUILD)/tests/test_probe: $(PROBE_FIXTURE)/vmlinux
$(PROBE_FIXTURE)/vmlinux: tests/fixtures/probe/vmlinux.c tests/fixtures/probe/config
	@mkdir -p $(@D)
	$(CC) -gbtf -O0 -c -o $@.o $<
	$(CC) -nostdlib -no-pie -Wl,-e,0 -o $@ $@.o
	cp tests/fixtures/probe/config $(@D)/.config
	echo fixture-stamp > $(@D)/.pb-stamp
	ln -sfn $(CURDIR)/tests/fixtures/probe/src $(@D)/source
