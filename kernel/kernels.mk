# Kernels side by side: make -f kernel/kernels.mk -jN VARIANT... builds
# each (kernel/build.sh VARIANT) at once, kbuild taking its jobs from this
# make's jobserver, so that the cores one build leaves idle (configuring,
# linking, encoding BTF) go to another's compiles. The trees must be
# prepared first (make trees); the main Makefile is .NOTPARALLEL, hence
# this file.
VARIANTS := baseline patched debug
.PHONY: $(VARIANTS)
$(VARIANTS):
	+@kernel/build.sh $@
