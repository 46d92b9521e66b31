# shellcheck shell=sh
# The compiler a kernel variant is built with, for build.sh and modules.sh:
# gcc, or clang with LLVM's binutils and lld for the *-llvm variants
# (kbuild's LLVM=1). An external module must be built by its kernel's
# compiler, so modules.sh selects by the same variant name.

# compiler_select VARIANT: sets cc (the compiler, with ccache), llvm (1 or
# empty: kbuild's LLVM=) and cc_version (the version line of the compiler,
# the one kbuild records as CONFIG_CC_VERSION_TEXT)
# shellcheck disable=SC2034 # cc, llvm, cc_version: the sourcing script's
compiler_select() {
	case $1 in
	*-llvm) cs_bin=clang llvm=1 ;;
	*) cs_bin=gcc llvm= ;;
	esac
	command -v "$cs_bin" > /dev/null ||
		{ echo "compiler: $cs_bin not found (make setup installs it)" >&2; return 1; }
	cc="ccache $cs_bin"
	cc_version=$("$cs_bin" --version | head -n 1)
}
