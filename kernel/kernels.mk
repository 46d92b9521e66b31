# Kernels side by side: make -f kernel/kernels.mk -jN VARIANT... builds
# each (kernel/build.sh VARIANT) at once, kbuild taking its jobs from this
# make's jobserver, so that the cores one build leaves idle (configuring,
# linking, encoding BTF) go to another's compiles. The trees must be
# prepared first (make trees); the main Makefile is .NOTPARALLEL, hence
# this file.
# The + hands kbuild this make's jobserver, and also runs the line under
# make -n: there DRY_RUN makes it print the command instead (the Makefile's
# DRY_RUN, the same test).
DRY_RUN = $(if $(findstring n,$(firstword -$(MAKEFLAGS))),echo)
# Any variant kernel/build.sh knows (the sources of kernel/pair.sh too).
VARIANTS := $(sort $(or $(MAKECMDGOALS),baseline patched debug))
.PHONY: $(VARIANTS)
$(VARIANTS):
	@kernel/edits.sh $@
	+@$(DRY_RUN) kernel/build.sh $@
