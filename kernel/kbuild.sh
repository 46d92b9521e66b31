# shellcheck shell=sh
# Where the kernels the stages boot and build against are (sourced):
# PB_KBUILD, a pair of the user's (kernel/pair.sh, the Makefile exports
# it), else the cache's own, PB_CACHE/build (for a GUEST_ARCH other than
# the default, PB_CACHE/arch/NAME/build: pb arch cache_subdir).

# kbuild_dir [VARIANT]: that directory, or VARIANT's build in it
kbuild_dir() {
	echo "${PB_KBUILD:-${PB_CACHE:?PB_CACHE must be set}/$("${PB:-build/pb}" arch cache_subdir)build}${1:+/$1}"
}

# kbuild_pair: the pair's id (its directory's name) when PB_KBUILD names
# one, "none" for the cache's own kernels
kbuild_pair() {
	if [ -n "${PB_KBUILD:-}" ]; then basename "$PB_KBUILD"; else echo none; fi
}
