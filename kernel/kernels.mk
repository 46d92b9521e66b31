# make -f kernel/kernels.mk -jN VARIANT...: the kernels side by side in one
# jobserver, the trees prepared (docs/design.md, "The Makefile")
DRY_RUN = $(if $(findstring n,$(firstword -$(MAKEFLAGS))),echo)
VARIANTS := $(sort $(or $(MAKECMDGOALS),baseline patched debug))
.PHONY: $(VARIANTS)
$(VARIANTS):
	@kernel/edits.sh $@
	+@$(DRY_RUN) kernel/build.sh $@
