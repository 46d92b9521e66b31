# A pair of the user's kernel sources (docs/kernels.md, "Your own kernel"; kernel/pair.sh)
KCONFIG ?=
export KCONFIG
KUNITCONFIG ?=
ifneq ($(strip $(KUNITCONFIG)),)
$(if $(wildcard $(KUNITCONFIG)),,$(error KUNITCONFIG=$(KUNITCONFIG): no such file))
$(if $(filter-out $(strip $(KUNITCONFIG)),$(strip $(KCONFIG))),$(error \
	KUNITCONFIG= and KCONFIG= are one fragment: put the .kunitconfig's lines into $(KCONFIG)))
KCONFIG := $(KUNITCONFIG)
endif
SETUP_GOALS := setup setup-test setup-bench setup-flamegraph
PAIR := $(if $(and $(strip $(BASELINE)$(PATCHED)$(KCONFIG)),$(filter-out $(SETUP_GOALS),$(or $(MAKECMDGOALS),all))),$(call \
	checked_shell,PB_CACHE='$(PB_CACHE)' KCONFIG='$(KCONFIG)' SERIES='$(SERIES)' kernel/pair.sh id \
	'$(or $(BASELINE),baseline)' '$(or $(PATCHED),patched)'))
ifneq ($(PAIR),)
PAIR_ID := $(firstword $(PAIR))
KBUILD = $(PB_CACHE)/pairs/$(PAIR_ID)
RESULTS_DIR ?= $(PB_CACHE)/results/pair-$(PAIR_ID)
ifeq ($(abspath $(RESULTS_DIR)),$(CURDIR)/results)
$(error RESULTS_DIR=$(RESULTS_DIR) is this repository's results/: a pair of your own files elsewhere)
endif
export RESULTS_DIR
PAIR_BUILD = SERIES='$(SERIES)' KERNEL_JOBS=$(KERNEL_JOBS) kernel/pair.sh build \
	'$(or $(BASELINE),baseline)' '$(or $(PATCHED),patched)'
export PB_KBUILD = $(KBUILD)
endif
