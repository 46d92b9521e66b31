# patchbench: Linux 6.12 (Debian) baseline against 6.12 + ported 6.17 features.
# `make help` lists every target.

PB_CACHE ?= $(HOME)/.cache/patchbench
export PB_CACHE
SERIES ?= kernel/patches
ACCEL ?= auto
BUILD := build
TEST_OUT := $(BUILD)/test
KBUILD = $(PB_CACHE)/build

CC := gcc
CFLAGS := -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -O2 -g -Ibench -Ivm
.NOTPARALLEL:
.SECONDEXPANSION:
.DELETE_ON_ERROR:

# Debian packages, per job; setup installs only what is missing.
PKGS_KERNEL := linux-source-6.12 bc bison flex libelf-dev libssl-dev dwarves ccache \
	xz-utils git make gcc
PKGS_VM := qemu-system-x86 busybox-static cpio
PKGS_HOST := libcmocka-dev libjansson-dev pkg-config kexec-tools python3-jsonschema python3-rfc3987 lava-common
PKGS_BPF := clang llvm libbpf-dev bpftool zlib1g-dev
PKGS_BENCH := linux-perf hyperfine gnuplot-nox trace-cmd

HARNESS_SRC := $(wildcard bench/*.c) $(wildcard vm/*.c)
HARNESS_HDR := $(wildcard bench/*.h) $(wildcard vm/*.h)
PB := $(BUILD)/pb
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))
UNIT_TAPS := $(patsubst $(BUILD)/tests/%,$(TEST_OUT)/unit-%.tap,$(UNIT_TESTS))
HARNESS_LIB_SRC := $(filter-out bench/pb.c bench/cmd_%.c,$(HARNESS_SRC))
INITRAMFS := $(BUILD)/initramfs.cpio
GUEST_FILES := vm/guest/init $(wildcard vm/guest/tests/* vm/guest/lib/*) vm/mkinitramfs.sh

# Static programs that run inside the guest (workloads/), put into the initramfs.
GUEST_CFLAGS := -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -O2 -g -static
GUEST_BINS := $(BUILD)/guest/mctp $(BUILD)/guest/serial-relay $(BUILD)/guest/mctp-echo \
	$(BUILD)/guest/mctp-nlbad $(BUILD)/guest/mctp-bench $(BUILD)/guest/memhog $(BUILD)/guest/vmcore-check \
	$(BUILD)/guest/mctp-nlfuzz

# In-guest tests run on both kernels; each leaves TEST.tap and vm.tap.
GUEST_TESTS := mctp-net mctp-nlbad mctp-nlfuzz mctp-serialfault netmem bpf-strings bpf-streams
# Module KUnit suites each kernel's guest test must report (see guest-run.sh).
export KTAP_SUITES_baseline_netmem := pb-netmem
export KTAP_SUITES_patched_netmem := pb-netmem,pb-netmem-desc
export KTAP_SUITES_debug_netmem := $(KTAP_SUITES_patched_netmem)
DEBUG_TAPS := $(TEST_OUT)/kunit-debug.tap $(foreach t,$(GUEST_TESTS),\
	$(TEST_OUT)/guest-debug-$(t)/vm.tap $(TEST_OUT)/guest-debug-$(t)/$(t).tap)
GUEST_TAPS := $(foreach k,baseline patched,$(foreach t,$(GUEST_TESTS),\
	$(TEST_OUT)/guest-$(k)-$(t)/vm.tap $(TEST_OUT)/guest-$(k)-$(t)/$(t).tap))
# crashkernel=size,cma: one boot per command line, then a kdump (tests/crashkernel.sh).
CRASH_CASES := patched-crashkernel-cma patched-crashkernel-plain patched-crashkernel-empty \
	patched-crashkernel-abc patched-crashkernel-huge patched-crashkernel-offset \
	baseline-crashkernel-unsupported
CRASH_TAPS := $(foreach c,$(CRASH_CASES),$(TEST_OUT)/guest-$(c)/vm.tap \
	$(TEST_OUT)/guest-$(c)/crashkernel.tap) $(TEST_OUT)/guest-patched-kdump/vm.tap \
	$(TEST_OUT)/guest-patched-kdump/kdump.tap $(TEST_OUT)/guest-patched-kdump/kdump-capture.tap

# Suites each kernel must report; a suite that vanishes is a failure.
KUNIT_FILTER := mctp*
KUNIT_SUITES_baseline := mctp
KUNIT_SUITES_patched := mctp-route,mctp-sock

.PHONY: help setup setup-test setup-bench trees kernels kernel-baseline kernel-patched \
	kernel-debug tools initramfs bpf bpf-debug modules-debug test test-debug test-debug-run test-unit test-kunit test-guest test-crash test-harness bench selfcheck kernel-selfcheck modules-selfcheck kernel-bisect modules-bisect bisect profile trace \
	compare report plots modules check-series clean distclean kcidb test-kcidb lava test-lava-schema

help:
	@echo "patchbench targets:"
	@echo "  make test        set up, build both kernels, run every test; ends 'N passed, N failed'"
	@echo "  make bench       set up, build, run the benchmark suites (SUITE=name, ROUNDS=n,"
	@echo "                   BUDGET=s and TARGET_MDE=% for adaptive rounds)"
	@echo "  make modules     build kernel/modules/* against both kernels"
	@echo "  make setup       install the Debian packages every target needs (apt, if missing)"
	@echo "  make trees       extract the Debian tree into PB_CACHE and apply the series"
	@echo "  make kernels     build the baseline and patched kernels (skipped when current)"
	@echo "  make kernel-debug  build the sanitizer kernel (patched + debug.config)"
	@echo "  make tools       build the host harness ($(PB)) and its unit tests"
	@echo "  make initramfs   build the guest initramfs ($(INITRAMFS))"
	@echo "  make bpf         build workloads/bpf/*.bpf.c and their libbpf runners per kernel"
	@echo "  make test-unit   host unit tests of the harness only"
	@echo "  make test-kunit  KUnit on baseline and patched only"
	@echo "  make test-guest  in-guest tests on both kernels ($(GUEST_TESTS)), then test-crash"
	@echo "  make test-crash  crashkernel=size,cma boots (good and malformed values) and a real kdump"
	@echo "  make check-series  build and KUnit-test the series patch by patch (slow)"
	@echo "  make test-harness  guest fault handling (panic, hang, exit codes, broken patch)"
	@echo "  make test-debug  KUnit and guest tests on the sanitizer kernel (KASAN, lockdep, kmemleak)"
	@echo "  make selfcheck   A/A false flags, planted-regression power, noise (AA_RUNS= POWER_RUNS= TCG_RUNS=)"
	@echo "  make profile     perf record inside the guest (SUITE=name)"
	@echo "  make trace       trace-cmd function_graph on a suite's hot functions (SUITE=name [FUNCS=f+g])"
	@echo "  make bisect      SUITE=name UPTO=NNNN: baseline, the series up to patch NNNN, the whole series"
	@echo "  make compare     A=rev [B=rev]: B against A per suite, or A's two kernels; exit 3 on regression"
	@echo "  make report      regenerate plots/*.png and RESULTS.md from results/"
	@echo "  make kcidb       the newest results and make test's TAP as one KCIDB v5 document"
	@echo "                   ($(KCIDB_OUT); KCIDB_URL= where its files are published)"
	@echo "  make test-kcidb  make kcidb on the committed results validates (host only)"
	@echo "  make lava        LAVA v2 jobs in $(LAVA_OUT)/: [TEST=name|SUITE=name] [KERNEL=k] [ROUNDS=n]"
	@echo "                   (LAVA_ARTEFACT_URL=, LAVA_BUILD_DIR=, LAVA_ACCEL=)"
	@echo "  make test-lava-schema  every job make lava writes passes LAVA's submission schema"
	@echo "  make plots       draw plots/*.png (gnuplot) from the newest results"
	@echo "  make clean       remove $(BUILD)/ (harness objects, test logs)"
	@echo "  make distclean   clean, and remove the kernel cache $(PB_CACHE)"
	@echo "variables: PB_CACHE=$(PB_CACHE) ACCEL=$(ACCEL) (auto|kvm|tcg|icount) SERIES=$(SERIES)"

setup: setup-test setup-bench
setup-test:
	@scripts/apt-ensure.sh $(PKGS_KERNEL) $(PKGS_VM) $(PKGS_HOST) $(PKGS_BPF)
setup-bench:
	@scripts/apt-ensure.sh $(PKGS_KERNEL) $(PKGS_VM) $(PKGS_HOST) $(PKGS_BPF) $(PKGS_BENCH)

trees:
	@kernel/tree.sh pristine
	@kernel/tree.sh patched $(SERIES)

kernel-baseline:
	@kernel/tree.sh pristine
	@kernel/build.sh baseline
kernel-patched: trees
	@kernel/build.sh patched
kernel-debug: trees
	@kernel/build.sh debug
# make selfcheck's third kernel: patched + the planted cost of kernel/selfcheck/.
SELFCHECK_SERIES := kernel/selfcheck
kernel-selfcheck: trees
	@kernel/tree.sh selfcheck $(SERIES) $(SELFCHECK_SERIES)
	@kernel/build.sh selfcheck
# make bisect's third kernel: pristine + the series up to patch UPTO.
UPTO ?=
kernel-bisect: trees
	@[ -n "$(UPTO)" ] || { echo "make bisect: UPTO=NNNN, the last patch of the first part (e.g. UPTO=0019)" >&2; exit 1; }
	@kernel/tree.sh bisect $(SERIES) $(UPTO)
	@kernel/build.sh bisect
kernels: kernel-baseline kernel-patched

tools: $(PB) $(UNIT_TESTS)

$(PB): $(HARNESS_SRC) $(HARNESS_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(HARNESS_SRC) -ljansson -lm

$(BUILD)/tests/%: tests/unit/%.c $(HARNESS_LIB_SRC) $(HARNESS_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DSRCDIR='"tests/unit"' -o $@ $< $(HARNESS_LIB_SRC) -lcmocka -ljansson -lm

$(BUILD)/guest/mctp: $(wildcard workloads/mctp/*.[ch]) workloads/nl.c workloads/nl.h
	@mkdir -p $(@D)
	$(CC) $(GUEST_CFLAGS) -o $@ $(filter %.c,$^)
# Guest programs that speak rtnetlink through workloads/nl.c.
NL_GUEST_BINS := $(BUILD)/guest/mctp-bench $(BUILD)/guest/mctp-nlbad $(BUILD)/guest/mctp-nlfuzz
$(NL_GUEST_BINS): $(BUILD)/guest/%: workloads/%.c workloads/nl.c workloads/nl.h
	@mkdir -p $(@D)
	$(CC) $(GUEST_CFLAGS) -o $@ $(filter %.c,$^)
$(BUILD)/guest/%: workloads/%.c
	@mkdir -p $(@D)
	$(CC) $(GUEST_CFLAGS) -o $@ $<

# BPF programs and their libbpf runners, per kernel: vmlinux.h comes from
# that kernel's BTF, the skeletons embed the objects, and the static runners
# reach the guest through the /build share (build/bpf/KERNEL/).
BPF_KERNELS := baseline patched
BPF_PROGS := strings strings_badproto strbench_alt strbench_kfunc streams streambench_alt \
	streambench_kfunc
BPF_RUNNERS := bpf-strings bpf-strbench bpf-streams stream-cat bpf-streambench
BPF_BINS := $(foreach k,$(BPF_KERNELS) debug,$(addprefix $(BUILD)/bpf/$(k)/,$(BPF_RUNNERS)))
BPF_CFLAGS := -O2 -g -Wall -Werror -target bpf -mcpu=v3 -D__TARGET_ARCH_x86 -Iworkloads/bpf

BPF_KEEP := $(foreach k,$(BPF_KERNELS) debug,$(BUILD)/bpf/$(k)/vmlinux.h \
	$(foreach p,$(BPF_PROGS),$(BUILD)/bpf/$(k)/$(p).bpf.o $(BUILD)/bpf/$(k)/$(p).skel.h))
.SECONDARY: $(BPF_KEEP)

bpf: kernels $(filter-out $(BUILD)/bpf/debug/%,$(BPF_BINS))
bpf-debug: kernel-debug modules-debug $(addprefix $(BUILD)/bpf/debug/,$(BPF_RUNNERS))

$(BUILD)/bpf/%/vmlinux.h: $(KBUILD)/%/vmlinux
	@mkdir -p $(@D)
	bpftool btf dump file $< format c > $@.tmp && mv $@.tmp $@
$(BUILD)/bpf/%.bpf.o: workloads/bpf/$$(notdir $$*).bpf.c $(wildcard workloads/bpf/*.h) \
		$(BUILD)/bpf/$$(*D)/vmlinux.h
	clang $(BPF_CFLAGS) -I$(@D) -c $< -o $@
$(BUILD)/bpf/%.skel.h: $(BUILD)/bpf/%.bpf.o
	bpftool gen skeleton $< name $(notdir $*) > $@.tmp && mv $@.tmp $@
$(BPF_BINS): $(BUILD)/bpf/%: workloads/$$(notdir $$*).c $(wildcard workloads/bpf/*.h) \
		workloads/bpf/runner.c \
		$$(foreach p,$(BPF_PROGS),$(BUILD)/bpf/$$(*D)/$$p.skel.h)
	$(CC) $(GUEST_CFLAGS) -pthread -Iworkloads/bpf -I$(@D) -o $@ $< workloads/bpf/runner.c \
		-lbpf -lelf -lz

initramfs: $(INITRAMFS)
$(INITRAMFS): $(GUEST_FILES) $(GUEST_BINS)
	@mkdir -p $(@D)
	@vm/mkinitramfs.sh $@ $(GUEST_BINS)

# Every stage writes $(TEST_OUT)/*.tap and never stops the others; the tally
# at the end is the verdict.
test: setup-test kernels kernel-debug modules bpf bpf-debug tools initramfs
	@rm -rf $(TEST_OUT) && mkdir -p $(TEST_OUT)
	-@$(MAKE) --no-print-directory test-unit
	-@$(MAKE) --no-print-directory test-kcidb
	-@$(MAKE) --no-print-directory test-lava-schema
	-@$(MAKE) --no-print-directory test-kunit
	-@$(MAKE) --no-print-directory test-guest
	-@$(MAKE) --no-print-directory test-debug-run
	-@$(MAKE) --no-print-directory test-harness
	@echo "== patchbench test summary"
	@$(PB) tally $(UNIT_TAPS) $(TEST_OUT)/kcidb.tap $(TEST_OUT)/lava-schema.tap \
		$(TEST_OUT)/kunit-baseline.tap \
		$(TEST_OUT)/kunit-patched.tap $(GUEST_TAPS) $(CRASH_TAPS) $(DEBUG_TAPS) \
		$(TEST_OUT)/harness.tap

test-unit: tools
	@mkdir -p $(TEST_OUT)
	@for t in $(UNIT_TESTS); do \
		CMOCKA_MESSAGE_OUTPUT=TAP $$t > $(TEST_OUT)/unit-$${t##*/}.tap 2>&1 || \
			echo "unit: $${t##*/} failed (see $(TEST_OUT)/unit-$${t##*/}.tap)"; \
	done

test-kunit: tools
	@mkdir -p $(TEST_OUT)
	-@$(PB) kunit --name kunit.baseline --filter '$(KUNIT_FILTER)' \
		--suites $(KUNIT_SUITES_baseline) --accel $(ACCEL) --timeout 300 \
		--kernel $(KBUILD)/baseline/arch/x86/boot/bzImage --tap $(TEST_OUT)/kunit-baseline.tap
	-@$(PB) kunit --name kunit.patched --filter '$(KUNIT_FILTER)' \
		--suites $(KUNIT_SUITES_patched) --accel $(ACCEL) --timeout 300 \
		--kernel $(KBUILD)/patched/arch/x86/boot/bzImage --tap $(TEST_OUT)/kunit-patched.tap

test-guest: tools initramfs modules bpf
	@for k in baseline patched; do for t in $(GUEST_TESTS); do \
		PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) TEST_OUT=$(TEST_OUT) BUILD_DIR=$(CURDIR)/$(BUILD) \
			tests/guest-run.sh $$k $(KBUILD)/$$k/arch/x86/boot/bzImage $$t $$k; \
	done; done
	@$(MAKE) --no-print-directory test-crash
test-crash: tools initramfs
	@mkdir -p $(TEST_OUT)
	@PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) TEST_OUT=$(TEST_OUT) BUILD_DIR=$(CURDIR)/$(BUILD) \
		tests/crashkernel.sh $(KBUILD)

# The sanitizer kernel (patched + debug.config: KASAN, KFENCE, lockdep,
# kmemleak) runs KUnit and every guest test with the patched kernel's
# expectations; any report fails the boot (vm/console.c) and stays in
# its console.log. Part of make test.
# Two emulated CPUs of a KASAN kernel can go 20 s without the RCU kthread
# running (seen at boot under TCG): a stall then says nothing about the code.
DEBUG_APPEND := rcupdate.rcu_cpu_stall_timeout=300
test-debug: setup-test kernel-debug bpf-debug tools initramfs
	@mkdir -p $(TEST_OUT)
	-@$(MAKE) --no-print-directory test-debug-run
	@$(PB) tally $(DEBUG_TAPS)

test-debug-run: tools initramfs
	@mkdir -p $(TEST_OUT)
	-@$(PB) kunit --name kunit.debug --filter '$(KUNIT_FILTER)' \
		--suites $(KUNIT_SUITES_patched) --accel $(ACCEL) --timeout 600 \
		--append '$(DEBUG_APPEND)' \
		--kernel $(KBUILD)/debug/arch/x86/boot/bzImage --tap $(TEST_OUT)/kunit-debug.tap
	@for t in $(GUEST_TESTS); do \
		PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) TEST_OUT=$(TEST_OUT) BUILD_DIR=$(CURDIR)/$(BUILD) \
		GUEST_APPEND="pb.kmemleak=1 pb.slow=6 $(DEBUG_APPEND)" TIMEOUT=2400 \
			tests/guest-run.sh debug $(KBUILD)/debug/arch/x86/boot/bzImage $$t patched,debug; \
	done

# Slow (one kernel build per patch): not part of make test.
check-series: setup-test trees tools
	@mkdir -p $(TEST_OUT)
	@PB=$(PB) ACCEL=$(ACCEL) kernel/check-series.sh $(SERIES) $(TEST_OUT)/series.tap
	@$(PB) tally $(TEST_OUT)/series.tap

test-harness: tools initramfs
	@mkdir -p $(TEST_OUT)
	@PB=$(PB) INITRAMFS=$(INITRAMFS) KERNEL=$(KBUILD)/baseline/arch/x86/boot/bzImage \
		ACCEL=$(ACCEL) OUT=$(TEST_OUT)/harness tests/harness.sh $(TEST_OUT)/harness.tap

# Benchmarks: both kernels in one invocation, interleaved; results are kept
# per project commit in results/ and RESULTS.md is regenerated from them.
SUITES := mctp-route mctp-fragment page-pool bpf-strings bpf-stream commands crash-memory
SUITE ?= $(SUITES)
# Past ROUNDS, more rounds run while the noisiest point cannot detect a
# TARGET_MDE % shift and another round fits in BUDGET seconds per suite.
BUDGET ?= 600
TARGET_MDE ?= 1
ROUNDS ?= 2
KERNEL ?= patched
A ?=
B ?=
BENCH_OUT := $(BUILD)/bench

modules: kernels
	@kernel/modules.sh baseline $(BUILD)/modules/baseline
	@kernel/modules.sh patched $(BUILD)/modules/patched
modules-debug: kernel-debug
	@kernel/modules.sh debug $(BUILD)/modules/debug
modules-selfcheck: kernel-selfcheck
	@kernel/modules.sh selfcheck $(BUILD)/modules/selfcheck
modules-bisect: kernel-bisect
	@kernel/modules.sh bisect $(BUILD)/modules/bisect

bench: setup-bench kernels modules bpf tools initramfs
	@for s in $(SUITE); do \
		case $$s in crash-memory) run="bench/crash-memory.sh" ;; \
		*) run="bench/run.sh $$s $(ROUNDS)" ;; esac; \
		PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) BENCH_OUT=$(BENCH_OUT) BUDGET=$(BUDGET) \
			TARGET_MDE=$(TARGET_MDE) $$run || exit 1; \
	done
	@$(MAKE) --no-print-directory report

# Which patches a suite's shift comes from (bench/bisect.sh): baseline, the
# series up to UPTO and the whole series, compared pairwise into
# profiles/SUITE/bisect-UPTO.txt. The suites that need no BPF objects.
BISECT_SUITES := mctp-route mctp-fragment page-pool
bisect: setup-bench kernels kernel-bisect modules modules-bisect tools initramfs
	@[ -n "$(filter $(SUITE),$(BISECT_SUITES))" ] && [ "$(words $(SUITE))" = 1 ] || \
		{ echo "make bisect: SUITE= one of: $(BISECT_SUITES)" >&2; exit 1; }
	@PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) BENCH_OUT=$(BENCH_OUT) BUDGET=$(BUDGET) \
		TARGET_MDE=$(TARGET_MDE) bench/bisect.sh $(SUITE) $(UPTO) $(ROUNDS) $(SERIES)

# A/A false flags, planted-regression power and noise (bench/selfcheck.sh);
# AA_RUNS, POWER_RUNS, TCG_RUNS set how many comparisons of each.
AA_RUNS ?= 3
POWER_RUNS ?= 10
TCG_RUNS ?= 5
selfcheck: setup-bench kernels kernel-selfcheck modules modules-selfcheck bpf tools initramfs
	@PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) BENCH_OUT=$(BENCH_OUT) \
		SUITES="$(filter-out crash-memory commands,$(SUITE))" AA_RUNS=$(AA_RUNS) POWER_RUNS=$(POWER_RUNS) \
		TCG_RUNS=$(TCG_RUNS) bench/selfcheck.sh
	@$(MAKE) --no-print-directory report

# The newest result of each suite, by file time.
latest = $(shell ls -t results/*/$(1).json 2>/dev/null | head -n 1)
PLOT_DATA := $(BUILD)/plots
UNIT_LABEL := guest instructions (icount)

report: tools plots
	@$(PB) report RESULTS.md $(foreach s,$(SUITES) selfcheck,$(call latest,$(s)))

# gnuplot draws plots/*.png from the newest results (plots/*.gp).
plots: tools
	@mkdir -p $(PLOT_DATA)
	@r=$(call latest,mctp-route); [ -z "$$r" ] || { \
		$(PB) plotdata $$r routes depth=0 > $(PLOT_DATA)/mctp-route-routes.dat && \
		$(PB) plotdata $$r depth --kernel patched 'depth!=0' > $(PLOT_DATA)/mctp-route-depth.dat && \
		gnuplot -e "DATA='$(PLOT_DATA)'; OUT='plots'; UNIT='$(UNIT_LABEL)'" plots/mctp-route.gp; }
	@r=$(call latest,mctp-fragment); [ -z "$$r" ] || { \
		for m in tx local; do \
			$(PB) plotdata $$r size --series mtu mode=$$m via=dev \
				> $(PLOT_DATA)/mctp-fragment-$$m.dat || exit 1; done && \
		gnuplot -e "DATA='$(PLOT_DATA)'; OUT='plots'; UNIT='$(UNIT_LABEL)'" plots/mctp-fragment.gp; }
	@r=$(call latest,page-pool); [ -z "$$r" ] || { \
		$(PB) plotdata $$r path > $(PLOT_DATA)/page-pool.dat && \
		gnuplot -e "DATA='$(PLOT_DATA)'; OUT='plots'; UNIT='$(UNIT_LABEL)'" plots/page-pool.gp; }
	@r=$(call latest,bpf-strings); [ -z "$$r" ] || { \
		for fn in strlen strchr strcmp; do \
			$(PB) plotdata $$r L --series impl --kernel patched fn=$$fn \
				> $(PLOT_DATA)/bpf-strings-$$fn.dat || exit 1; done && \
		gnuplot -e "DATA='$(PLOT_DATA)'; OUT='plots'; UNIT='$(UNIT_LABEL)'" plots/bpf-strings.gp; }
	@r=$(call latest,bpf-stream); [ -z "$$r" ] || { \
		$(PB) plotdata $$r size --series impl --kernel patched > $(PLOT_DATA)/bpf-stream.dat && \
		gnuplot -e "DATA='$(PLOT_DATA)'; OUT='plots'; UNIT='$(UNIT_LABEL)'" plots/bpf-stream.gp; }
	@echo "plots: $$(ls plots/*.png | tr '\n' ' ')"

# A=<rev> [B=<rev>]: see bench/compare.sh; exits 3 on a significant regression.
compare: tools
	@PB=$(PB) bench/compare.sh "$(A)" "$(B)" "$(SUITE)" "$(KERNEL)"

# perf record -g of one suite in a guest of each kernel, then perf report,
# folded stacks and perf diff under profiles/SUITE/ (bench/profile.sh).
profile: setup-bench kernels modules bpf tools initramfs
	@[ -n "$(filter $(SUITE),$(filter-out crash-memory,$(SUITES)))" ] && [ "$(words $(SUITE))" = 1 ] || \
		{ echo "make profile: SUITE= one of: $(filter-out crash-memory,$(SUITES))" >&2; exit 1; }
	@PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) bench/profile.sh $(SUITE)

# function_graph (trace-cmd) on one suite's hot functions, per kernel:
# profiles/SUITE/trace.txt (bench/trace.sh). FUNCS=f+g picks the functions
# (default for the MCTP suites below), TRACE_ARGS=a,b the suite's arguments.
TRACE_FUNCS_mctp-route := mctp_route_lookup
TRACE_ARGS_mctp-route := 4096
TRACE_FUNCS_mctp-fragment := mctp_do_fragment_route
trace: setup-bench kernels modules bpf tools initramfs
	@[ -n "$(filter $(SUITE),$(filter-out crash-memory,$(SUITES)))" ] && [ "$(words $(SUITE))" = 1 ] || \
		{ echo "make trace: SUITE= one of: $(filter-out crash-memory,$(SUITES))" >&2; exit 1; }
	@f='$(or $(FUNCS),$(TRACE_FUNCS_$(SUITE)))'; [ -n "$$f" ] || \
		{ echo "make trace: no default functions for $(SUITE): FUNCS=f+g" >&2; exit 1; }; \
	PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) bench/trace.sh $(SUITE) "$$f" \
		'$(or $(TRACE_ARGS),$(TRACE_ARGS_$(SUITE)))'

# KCIDB export (bench/kcidb.sh, pb kcidb): the newest result of each suite
# and the TAP files of the last make test, as KCIDB v5.3 JSON; the patch
# files it links to are exported next to it. KCIDB_URL: where a reader
# finds this repository's files (default: file:// this checkout).
KCIDB_OUT := $(BUILD)/kcidb/kcidb.json
KCIDB_URL ?= file://$(CURDIR)
kcidb: tools
	@mkdir -p $(dir $(KCIDB_OUT))
	@PB=$(PB) KCIDB_URL=$(KCIDB_URL) bench/kcidb.sh $(KCIDB_OUT) $(TEST_OUT)

test-kcidb: tools
	@mkdir -p $(TEST_OUT)
	-@PB=$(PB) tests/kcidb.sh $(TEST_OUT)/kcidb.tap

# LAVA job definitions (bench/lava.sh, pb lava): one per kernel x guest test
# and per kernel x suite round, from pb vm --dry-run of the invocations make
# test-guest and make bench make. TEST=name or SUITE=name picks one,
# KERNEL=name one kernel. LAVA_ARTEFACT_URL: where a lab fetches
# KERNEL/bzImage and initramfs.cpio (default: file:// the local artefacts);
# LAVA_BUILD_DIR: where its worker has this build/ tree (the /build share);
# LAVA_ACCEL: kvm|tcg|icount (default: pb vm's fallback without KVM).
TEST ?=
LAVA_OUT := $(BUILD)/lava
LAVA_SUITES := $(filter-out crash-memory,$(SUITES))
# as test-debug-run gives the sanitizer kernel's guest tests
DEBUG_GUEST_APPEND := pb.kmemleak=1 pb.slow=6 $(DEBUG_APPEND)
DEBUG_GUEST_TIMEOUT := 2400
lava_given = $(filter command line environment,$(origin $(1)))
LAVA_KERNELS = $(if $(call lava_given,KERNEL),$(KERNEL),baseline patched debug)
LAVA_TEST_LIST = $(if $(call lava_given,SUITE),,$(or $(TEST),$(GUEST_TESTS)))
LAVA_SUITE_LIST = $(if $(TEST),,$(SUITE))
LAVA_ENV = PB=$(PB) INITRAMFS=$(INITRAMFS) LAVA_ARTEFACT_URL=$(LAVA_ARTEFACT_URL) \
	LAVA_BUILD_DIR=$(LAVA_BUILD_DIR) LAVA_ACCEL=$(LAVA_ACCEL) \
	DEBUG_GUEST_APPEND='$(DEBUG_GUEST_APPEND)' DEBUG_GUEST_TIMEOUT=$(DEBUG_GUEST_TIMEOUT)
lava: tools
	@[ -z "$(filter-out $(GUEST_TESTS),$(TEST))" ] || \
		{ echo "make lava: TEST= one of: $(GUEST_TESTS)" >&2; exit 1; }
	@[ -z "$(filter-out $(LAVA_SUITES),$(LAVA_SUITE_LIST))" ] || \
		{ echo "make lava: SUITE= one of: $(LAVA_SUITES)" >&2; exit 1; }
	@[ -z "$(filter-out baseline patched debug,$(LAVA_KERNELS))" ] || \
		{ echo "make lava: KERNEL= baseline, patched or debug" >&2; exit 1; }
	@$(LAVA_ENV) bench/lava.sh $(LAVA_OUT) "$(LAVA_KERNELS)" "$(LAVA_TEST_LIST)" \
		"$(LAVA_SUITE_LIST)" $(ROUNDS)

test-lava-schema: tools
	@mkdir -p $(TEST_OUT)
	-@$(LAVA_ENV) LAVA_TESTS="$(GUEST_TESTS)" LAVA_SUITES="$(LAVA_SUITES)" ROUNDS=$(ROUNDS) \
		tests/lava-schema.sh $(TEST_OUT)/lava-schema.tap

clean:
	rm -rf $(BUILD)

distclean: clean
	rm -rf $(PB_CACHE)
