# patchbench: Linux 6.12 (Debian) baseline against 6.12 + ported 6.17 features.
# `make help` lists the targets meant to be run by hand; README.md and docs/ say more.

export PB_CACHE ?= $(HOME)/.cache/patchbench
SERIES ?= kernel/patches
ACCEL ?= auto
BUILD := build
# GUEST_ARCH, not kbuild's ARCH (docs/arch.md); another one's outputs go under arch/NAME/
export GUEST_ARCH ?= $(ARCH_DEFAULT)
ARCH_DEFAULT := $(shell sed -n 's/^\#define ARCH_DEFAULT "\(.*\)"$$/\1/p' bench/lib/arch.h)
ARCHS := $(sort $(basename $(notdir $(wildcard vm/arch/*.json))))
$(if $(wildcard vm/arch/$(GUEST_ARCH).json),,$(error unknown GUEST_ARCH=$(GUEST_ARCH); known: $(ARCHS)))
ARCH_SUBDIR := $(if $(filter-out $(ARCH_DEFAULT),$(GUEST_ARCH)),arch/$(GUEST_ARCH)/)
TEST_OUT := $(BUILD)/$(ARCH_SUBDIR)test
KBUILD = $(PB_CACHE)/$(ARCH_SUBDIR)build

# $(call checked_shell,CMD[,PREFIX]): CMD's output, or make stops with it when CMD fails
checked_shell = $(call checked_output,$(shell $(1) 2>&1; echo " pb-exit:$$?"),$(2))
checked_output = $(if $(filter pb-exit:0,$(lastword $(1))),$(strip $(filter-out pb-exit:%,$(1))),$(error \
	$(2)$(filter-out pb-exit:%,$(1))))

include kernel/pair.mk
export KUNIT ?=
PB := $(BUILD)/pb
# One target at a time, but for the sub-make that compiles the harness (docs/design.md, "The Makefile")
ifeq ($(PB_PARALLEL_TOOLS),)
.NOTPARALLEL:
endif
.SECONDEXPANSION:
.DELETE_ON_ERROR:
# echo under make -n, before what a line that make -n runs (+, $(MAKE)) runs besides make
DRY_RUN = $(if $(findstring n,$(firstword -$(MAKEFLAGS))),echo)

# Debian packages per job: scripts/packages; a pair naming debian-X.Y adds its linux-source-X.Y
PAIR_SOURCES := $(sort $(patsubst debian-%,linux-source-%,$(filter-out debian-6.12,$(filter debian-%,$(BASELINE) $(PATCHED)))))

# Suites of the user's (docs/suites.md, "A suite of your own"): built and filed in the cache
export SUITES_DIR ?=
OWN_SUITES := $(strip $(SUITES_DIR)$(findstring /,$(SUITE)))
ifeq ($(OWN_SUITES),)
UNITS_OUT := $(BUILD)$(if $(ARCH_SUBDIR),/$(patsubst %/,%,$(ARCH_SUBDIR)))
else
OWN := $(call checked_shell,SUITES_DIR='$(SUITES_DIR)' PB_CACHE='$(PB_CACHE)' RESULTS_DIR='$(RESULTS_DIR)' PB=$(PB) \
	scripts/own-suites.sh $(SUITE))
own = $(patsubst $(1)=%,%,$(filter $(1)=%,$(OWN)))
ifneq ($(findstring /,$(SUITE)),)
override SUITE := $(call own,suite)
export PB_SUITE_PATHS := $(call own,paths)
endif
UNITS_OUT := $(call own,units)
export RESULTS_DIR := $(call own,results)
endif
export PB_UNITS_OUT := $(abspath $(UNITS_OUT))
INITRAMFS := $(UNITS_OUT)/initramfs.cpio

# Every guest boot of make test is a job of pb jobs (docs/testing.md, "Guest stages")
GUEST_STAGES := kunit guest crash debug harness lava
JOBS ?= $(shell nproc)
TEST_BUDGET ?= 5100
export PB_TEST_START := $(or $(PB_TEST_START),$(shell date +%s))
JOBS_ENV = PB_TEST_CHOICE='$(TEST)' PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) TEST_OUT=$(TEST_OUT) \
	BUILD_DIR=$(PB_UNITS_OUT) KBUILD=$(KBUILD) JOBS=$(JOBS) TEST_BUDGET=$(TEST_BUDGET)
RUN_JOBS = $(JOBS_ENV) $(PB) jobs run
stage_taps = $(shell PB_TEST_CHOICE='$(TEST)' TEST_OUT=$(TEST_OUT) $(PB) jobs taps $(1))

# Every target is phony: those docs/targets.json documents (make help), one for each line of the
# tables kernel/variants (kernel-NAME, modules-NAME, bpf-NAME) and tests/host-checks (test-NAME), these
VARIANTS := $(shell sed -n 's/^\([a-z][-a-z]*\).*/\1/p' kernel/variants)
HOST_CHECK_NAMES := $(shell tests/host-check.sh names)
.PHONY: $(shell sed -n 's/^ *"name": "\(.*\)",$$/\1/p' docs/targets.json) $(foreach s,kernel bpf modules,$(VARIANTS:%=$(s)-%)) \
	$(HOST_CHECK_NAMES:%=test-%) kernels-all guest-programs harness-files setup-arch setup-bench setup-flamegraph \
	setup-test suites-check test-arch units-out

# What each target is for: docs/targets.json, printed by pb targets
HELP_VARS := ACCEL BUILD GUEST_STAGES INITRAMFS JOBS KCIDB_OUT LAVA_LAB LAVA_LAB_PORT LAVA_OUT LAVA_RUN_OUT \
	LAVA_SUBMIT_OUT PB PB_CACHE SERIES TEST_BUDGET UPSTREAM_OUT
help:
	@$(MAKE) --no-print-directory -s $(PB) > /dev/null 2>&1 || \
		{ echo "patchbench: make setup tools, then make help lists the targets and suites"; exit 0; }; \
		$(PB) targets docs/targets.json $(foreach v,$(HELP_VARS),'$(v)=$($(v))') && $(PB) suites help
include bench/harness.mk
setup: setup-test setup-bench
setup-test setup-bench: setup-%: setup-flamegraph
	@scripts/apt-ensure.sh @kernel $(PAIR_SOURCES) @vm @harness @bpf $(if $(filter test,$*),@llvm )@$*
NPM_DIR := $(PB_CACHE)/npm
FLAMEGRAPH_TEMPLATE := $(NPM_DIR)/node_modules/d3-flame-graph/dist/templates/d3-flamegraph-base.html
setup-flamegraph:
	@scripts/npm-ensure.sh scripts/npm $(NPM_DIR)

# The kernels (docs/kernels.md); their scripts read the guest machine through pb (pb arch)
trees: $(PB)
	@kernel/tree.sh pristine
	@kernel/tree.sh patched $(SERIES)
kernel-debug: $(if $(PAIR),kernels-all)	# with a pair, the PATCHED source's sanitizer kernel, in the pair
$(patsubst %,kernel-%,$(filter-out $(if $(PAIR),debug),$(VARIANTS))): kernel-%: trees
	@kernel/tree.sh for $* $(SERIES)
	@kernel/edits.sh $*
	@kernel/build.sh $*
KERNEL_JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
# baseline and patched (kernels-all: and debug) side by side, or a pair's (kernel/pair.sh)
kernels kernels-all: $(if $(PAIR),$(PB),trees)
	+@$(if $(PAIR),$(DRY_RUN) $(PAIR_BUILD),$(MAKE) --no-print-directory -f kernel/kernels.mk -j$(KERNEL_JOBS) baseline \
		patched)$(if $(filter kernels-all,$@), debug)

# pb, its unit tests and the host programs they run
tools:
	+@$(MAKE) --no-print-directory PB_PARALLEL_TOOLS=1 -j$(shell nproc) harness-files
	@$(PB) build host $(BUILD)
harness-files: $(PB) $(UNIT_TESTS)

# What runs in the guest (docs/suites.md, "What a folder builds")
guest-programs: units-out tools
	@$(PB) build guest $(UNITS_OUT)
units-out:
	$(if $(OWN_SUITES),@scripts/units-own.sh $(UNITS_OUT) $(BUILD))
bpf_for = $(PB) build bpf $(UNITS_OUT) $(1) $(KBUILD)/$(1)
modules_for = PB=$(PB) kernel/modules.sh $(1) $(UNITS_OUT)/modules/$(1)
bpf modules: %: units-out kernels tools
	@$(call $*_for,baseline) && $(call $*_for,patched)
$(VARIANTS:%=bpf-%): bpf-%: kernel-% modules-% tools
	@$(call bpf_for,$*)
$(VARIANTS:%=modules-%): modules-%: kernel-% tools
	@$(call modules_for,$*)
initramfs: guest-programs
	@PB=$(PB) vm/mkinitramfs.sh $(INITRAMFS) $(UNITS_OUT)/guest

# make test (docs/testing.md; with a pair, the stages that boot its kernels, PAIR_STAGES)
PAIR_STAGES := kunit guest crash debug
# The host-only checks that need no kernel run beside the builds, the others' after them
# (docs/timing.md, "A cold run"; tests/host-checks' IN)
CHECKS_RUN = $(MAKE) --no-print-directory -k -j2 --output-sync=target $(strip $(1) $(patsubst %,test-%,$(shell tests/host-check.sh names $(2))))
HOST_CHECKS_LOG = $(TEST_OUT)/host-checks.log
TEST_BUILDS = $(MAKE) --no-print-directory kernels-all modules bpf bpf-debug initramfs
TEST_STAGES = $(if $(PAIR_ID),$(PAIR_STAGES),$(GUEST_STAGES))
test: setup-test $(if $(PAIR_ID),kernels-all modules bpf bpf-debug) tools $(if $(PAIR_ID),initramfs)
	@rm -rf $(TEST_OUT) && mkdir -p $(TEST_OUT)
ifneq ($(PAIR_ID),)
	@echo "make test: the kernels of pair $(PAIR_ID), stages $(PAIR_STAGES);" \
		"patchbench's own checks (host-only, harness, lava) are make test's without BASELINE=/PATCHED="
else
	+@$(if $(DRY_RUN),$(call CHECKS_RUN,test-unit,host); $(TEST_BUILDS),{ nice -n 19 $(call CHECKS_RUN,test-unit,host) > \
		$(HOST_CHECKS_LOG) 2>&1; } & checks=$$!; $(TEST_BUILDS); built=$$?; wait $$checks; cat $(HOST_CHECKS_LOG); exit $$built)
	-+@$(call CHECKS_RUN,,kernel)
endif
	-@$(RUN_JOBS) $(TEST_STAGES)
	@echo "== patchbench test summary$(if $(PAIR_ID), (pair $(PAIR_ID)))"
	@$(PB) tally $(if $(PAIR_ID),,$(UNIT_TAPS) $(patsubst %,$(TEST_OUT)/%.tap,$(shell tests/host-check.sh taps host kernel)) )$(call stage_taps,$(TEST_STAGES))

# The host-only checks (docs/testing.md, "Host-only stages"): make test-NAME runs NAME's lines
# of the table tests/host-checks (tests/host-check.sh), each writing TEST_OUT/TAP.tap (+: some run make)
HOST_CHECK = $(DRY_RUN) PB=$(PB) MAKE="$(MAKE)" FLAMEGRAPH_TEMPLATE=$(FLAMEGRAPH_TEMPLATE) INITRAMFS=$(INITRAMFS) \
	ROUNDS=$(ROUNDS) SERIES=$(SERIES) UPSTREAM_OUT=$(UPSTREAM_OUT) UPSTREAM_TREE=$(UPSTREAM_TREE) BUILD=$(BUILD) tests/host-check.sh
$(HOST_CHECK_NAMES:%=test-%): test-%: tools | $(TEST_OUT)
	+@$(HOST_CHECK) run $* $(TEST_OUT)
test-flamegraph: setup-flamegraph
test-clang: trees
test-bisect: setup-bench suites-check initramfs
test-lava-schema test-lava-bench: suites-check
test-unit: tools | $(TEST_OUT)
	@tests/unit-run.sh $(TEST_OUT) $(UNIT_TESTS)

# One stage of make test alone (docs/testing.md, "Guest stages"), tallied
test-kunit test-crash test-debug test-llvm test-harness: STAGES = $(@:test-%=%)
test-guest: STAGES := guest crash
test-lava-run: STAGES := lava
test-kunit test-guest test-crash test-harness test-lava-run: tools initramfs modules bpf
test-debug: setup-test kernel-debug bpf-debug tools initramfs
test-llvm: setup-test kernel-debug-llvm bpf-debug-llvm tools initramfs
test-kunit test-guest test-crash test-debug test-harness test-lava-run test-llvm: | $(TEST_OUT)
	$(if $(filter test-llvm,$@),-@$(MAKE) --no-print-directory test-clang)
	-@$(RUN_JOBS) $(STAGES)
	@$(PB) tally $(call stage_taps,$(STAGES))$(if $(filter test-llvm,$@), $(TEST_OUT)/clang.tap)

# Another guest architecture (docs/arch.md): the patched kernel's jobs, and the points of the
# suites whose manifests' "make" name test-arch, one boot each on it (tests/arch-test.sh)
setup-arch: tools
	@PB=$(PB) scripts/arch-setup.sh
$(patsubst %,test-%,$(filter-out $(ARCH_DEFAULT),$(ARCHS))): test-%:
	+@$(MAKE) --no-print-directory GUEST_ARCH=$* test-arch
test-arch: TEST := kunit/patched guest/patched/* crash/*
test-arch: setup-arch kernel-patched units-out tools bpf-patched initramfs
	@$(JOBS_ENV) tests/arch-test.sh $(shell $(PB_SUITES) list --make test-arch)

test-load: setup-test kernels-all modules bpf bpf-debug tools initramfs
	@$(JOBS_ENV) tests/load.sh $(or $(STAGES),$(GUEST_STAGES))

shell: tools initramfs
	@PB=$(PB) KBUILD=$(KBUILD) ACCEL=$(ACCEL) INITRAMFS=$(INITRAMFS) bench/run/shell.sh $(KERNEL)

# make run TEST=PATTERN... (or JOB=ID): those guest jobs, one after the other (tests/run-jobs.sh)
RUN_CHOICE = $(or $(TEST),$(JOB))
jobs: tools
	@$(PB) jobs list $(GUEST_STAGES) llvm
# (findstring: a filter pattern has one %, so %/debug/% matched no guest job)
run: tools initramfs $$(if $$(findstring debug-llvm,$$(RUN_CHOICE)),bpf-debug-llvm,$$(if \
		$$(findstring debug,$$(RUN_CHOICE)),bpf-debug,modules bpf))
	@set -f; $(JOBS_ENV) tests/run-jobs.sh $(RUN_CHOICE)

# The series patch by patch, and upstream (docs/testing.md)
UPSTREAM_OUT := $(BUILD)/upstream
UPSTREAM_TREE := $(BUILD)/upstream-tree
upstream: tools
	@$(DRY_RUN) PB=$(PB) kernel/upstream.sh $(SERIES) $(UPSTREAM_OUT) $(UPSTREAM_TREE)

check-series: setup-test trees tools | $(TEST_OUT)
	@PB=$(PB) ACCEL=$(ACCEL) kernel/check-series.sh $(SERIES) $(TEST_OUT)/series.tap
check-fixes: setup-test tools initramfs | $(TEST_OUT)
	@PB=$(PB) ACCEL=$(ACCEL) INITRAMFS=$(INITRAMFS) BUILD_DIR=$(PB_UNITS_OUT) kernel/check-fixes.sh $(SERIES) $(TEST_OUT)/fixes

# Benchmarks (docs/benchmarks.md); a target that lists the suites has suites-check first
PB_SUITES = SUITES_DIR='$(SUITES_DIR)' PB_SUITE_PATHS='$(PB_SUITE_PATHS)' $(PB) suites
SUITES = $(shell $(PB_SUITES) list)
SUITE ?= $(SUITES)
ROUNDS ?= 2
KERNEL ?= patched
BENCH_OUT := $(BUILD)/bench
suites-check: tools
	@$(PB) suites list > /dev/null

# POINTS= checked when the recipe is expanded (make -n too), as one word
bench_points = $(if $(strip $(POINTS)),$(if $(filter 1,$(words $(SUITE))),$(call checked_shell,$(PB_SUITES) \
	points $(SUITE) '$(POINTS)',make bench: POINTS=$(POINTS): ),$(error \
	make bench: POINTS= picks points of one suite: SUITE=name, one of: $(SUITES))))
VERDICT ?= $(if $(RESULTS_DIR),$(RESULTS_DIR),$(BENCH_OUT))/verdict.json
BENCH_ENV = PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) BENCH_OUT=$(BENCH_OUT)
bench: setup-bench suites-check kernels modules bpf tools initramfs
	@$(BENCH_ENV) PB_POINTS='$(bench_points)' VERDICT='$(VERDICT)' bench/run/bench.sh $(ROUNDS) $(SUITE)
	+@$(if $(or $(bench_points),$(and $(RESULTS_DIR),$(filter $(CURDIR),$(abspath $(REPORT_OUT))))),,$(MAKE) \
		--no-print-directory report)
	@PB=$(PB) BENCH_OUT=$(BENCH_OUT) PB_POINTS='$(bench_points)' bench/run/bench-end.sh $(SUITE)

export PROFILES ?= $(if $(RESULTS_DIR),$(RESULTS_DIR)/profiles,profiles)

# docs/bisect.md; SUITE= only as given (its default, every suite, is no choice here). The
# scripts a recipe runs keep the defaults of what they read alone: BUDGET, TARGET_MDE, ...
bisect_suite = $(if $(filter command line environment override,$(origin SUITE)),$(SUITE))
bisect: setup-bench suites-check tools initramfs $(if $(UPTO),kernels kernel-bisect modules modules-bisect)
	@$(BENCH_ENV) SERIES=$(SERIES) PB_POINTS='$(POINTS)' PB_TEST='$(TEST)' bench/bisect/bisect-args.sh $(ROUNDS) $(if $(UPTO),$(SUITE),$(bisect_suite))
selfcheck: setup-bench suites-check kernels kernel-selfcheck modules modules-selfcheck bpf tools initramfs
	@$(BENCH_ENV) SUITES="$(filter $(shell $(PB_SUITES) list --make selfcheck),$(SUITE))" bench/collect/selfcheck.sh
	@$(MAKE) --no-print-directory report

PLOT_DATA := $(BUILD)/plots
REPORT_OUT ?= .
PLOTS_OUT = $(REPORT_OUT)/plots
report plots: tools suites-check
	@PB=$(PB) REPORT_OUT=$(REPORT_OUT) bench/report/plots.sh $(PLOTS_OUT) $(PLOT_DATA)$(if $(filter report,$@), $(REPORT_OUT)/RESULTS.md)
# Another architecture's history and comparisons (its results, pb results) never draw over plots/
ARCH_PLOTS = $(if $(ARCH_SUBDIR),$(BUILD)/$(ARCH_SUBDIR)plots,$(PLOTS_OUT))
history: tools suites-check
	@PB=$(PB) bench/compare/history.sh "$(SUITE)" "$(FROM)" "$(TO)" $(ARCH_PLOTS) $(PLOT_DATA)$(if $(ARCH_SUBDIR),/$(ARCH_SUBDIR:/=))

compare: tools suites-check
	@PB=$(PB) COMPARE_OUT=$(BUILD)/$(ARCH_SUBDIR)compare bench/compare/compare.sh "$(A)" "$(B)" "$(SUITE)" "$(KERNEL)" \
		$(if $(RESULTS_DIR),$(RESULTS_DIR)/$(ARCH_SUBDIR)plots,$(ARCH_PLOTS))
profile trace: setup-bench suites-check kernels modules bpf tools initramfs
	@PB=$(PB) bench/run/one-suite.sh $@ $(SUITE)
	@PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) FLAMEGRAPH_TEMPLATE=$(FLAMEGRAPH_TEMPLATE) \
		bench/$(if $(filter profile,$@),collect/profile,run/trace).sh $(SUITE)
flamegraph: tools setup-flamegraph suites-check
	@PB=$(PB) FLAMEGRAPH_TEMPLATE=$(FLAMEGRAPH_TEMPLATE) bench/report/flamegraph.sh $(PROFILES) $(SUITE)

# KCIDB and LAVA (docs/lava-kcidb.md)
KCIDB_OUT := $(BUILD)/kcidb/kcidb.json
kcidb: tools
	@PB=$(PB) bench/kcidb/kcidb.sh $(KCIDB_OUT) $(TEST_OUT)
LAVA_OUT := $(BUILD)/$(ARCH_SUBDIR)lava
LAVA_SUITES = $(shell $(PB_SUITES) list --guest)
lava_given = $(if $(filter command line environment,$(origin $(1))),'$(2)=$($(1))')
lava: tools suites-check $(if $(PAIR),kernels modules)
	@PB=$(PB) INITRAMFS=$(INITRAMFS) PB_TEST='$(TEST)' LAVA_SUITES="$(LAVA_SUITES)" bench/lava/lava-choose.sh $(LAVA_OUT) $(ROUNDS) \
		$(call lava_given,KERNEL,kernel) $(call lava_given,SUITE,suite)
LAVA_RUN_OUT := $(BUILD)/$(ARCH_SUBDIR)lava-run
LAVA_JOBS ?= $(wildcard $(LAVA_OUT)/*.yaml)
lava-run: tools initramfs
	@PB=$(PB) bench/lava/lava-run.sh $(LAVA_RUN_OUT) $(LAVA_JOBS)
LAVA_LAB := $(BUILD)/lava-lab
LAVA_LAB_PORT ?= 8093
lava-lab:
	@scripts/apt-ensure.sh @vm @harness @test @lava-lab
	@bench/lava/lava-lab.sh start $(LAVA_LAB) $(LAVA_LAB_PORT)
lava-lab-stop:
	@bench/lava/lava-lab.sh stop $(LAVA_LAB)
LAVA_SUBMIT_OUT := $(BUILD)/lava-submit
LAVA_IDENTITY ?= pb-lab
lava-submit:
	@bench/lava/lava-submit.sh $(LAVA_SUBMIT_OUT) $(LAVA_IDENTITY) $(LAVA_LAB) $(LAVA_JOBS)
lava-collect: tools
	@PB=$(PB) bench/lava/lava-collect.sh $(LAVA_SUBMIT_OUT) $(LAVA_WAIT)
test-lava: kernel-patched tools initramfs | $(TEST_OUT)
	@scripts/apt-ensure.sh @vm @harness @test @lava-lab
	-@PB=$(PB) INITRAMFS=$(INITRAMFS) ACCEL=$(ACCEL) BUILD_DIR=$(CURDIR)/$(BUILD) KBUILD=$(KBUILD) \
		LAVA_LAB_PORT=$(LAVA_TEST_PORT) tests/lava-lab.sh $(TEST_OUT)/lava-lab.tap
	@$(PB) tally $(TEST_OUT)/lava-lab.tap
LAVA_TEST_PORT ?= 8094
$(TEST_OUT):
	@mkdir -p $@
cache-status cache-clean: cache-%:
	@$(DRY_RUN) kernel/cache.sh $* $(if $(ALL),--all)
clean:
	rm -rf $(BUILD)
distclean: clean
	rm -rf $(PB_CACHE)
