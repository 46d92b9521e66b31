# shellcheck shell=sh
# The compiler a kernel variant is built with, for build.sh and modules.sh:
# gcc, or clang with LLVM's binutils and lld for the *-llvm variants
# (kbuild's LLVM=1). An external module must be built by its kernel's
# compiler, so modules.sh selects by the same variant name.

# compiler_select VARIANT: sets cc (the compiler, with ccache), llvm (1 or
# empty: kbuild's LLVM=) and cc_version (the version line of the compiler,
# the one kbuild records as CONFIG_CC_VERSION_TEXT), cross (the guest
# architecture's cross-compiler prefix, pb arch cross_compile: empty for
# the host's) and hostcc (the compiler of kbuild's host programs)
# shellcheck disable=SC2034 # cc, llvm, cc_version, cross, hostcc: the sourcing script's
compiler_select() {
	cross=$("${PB:-build/pb}" arch cross_compile) || return 1
	case $1 in
	*-llvm) cs_bin=clang llvm=1 ;;
	*) cs_bin=${cross}gcc llvm= ;;
	esac
	command -v "$cs_bin" > /dev/null ||
		{ echo "compiler: $cs_bin not found (make setup installs it${cross:+: $("${PB:-build/pb}" arch cross_packages)})" >&2; return 1; }
	cc="ccache $cs_bin"
	if [ -n "$cross" ]; then hostcc="ccache gcc"; else hostcc=$cc; fi
	cc_version=$("$cs_bin" --version | head -n 1)
}
