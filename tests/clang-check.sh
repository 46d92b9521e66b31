#!/bin/sh
# make test-clang: every object that the project's own patches (those
# kernel/series.sh's series_own finds in the series) touch compiles with clang (LLVM=1), once as the
# patched tree configures it (tinyconfig + bench.config) and once with asm
# goto outputs forced on, as gcc >= 12.4/13.3/14 and clang >= 17 take them:
# __get_kernel_nofault() then jumps straight to its label, and a jump out
# of a cleanup scope (scoped_guard) is an error for clang, a skipped cleanup
# for gcc. Bookworm's gcc 12.2 and clang 14 both configure without them, so
# the kernels make test builds never see that code. One TAP line per object
# and mode; the compiler output in OUT.log. Host only, needs the patched
# tree (make trees); its objects go to $PB_CACHE/src-patched/pb-build-clang
# and pb-build-clang-asm-goto-output.
#   clang-check.sh SERIES_DIR OUT.tap     (env: PB_CACHE, CCACHE_DIR)
set -u
series=${1:?usage: clang-check.sh SERIES_DIR OUT.tap}
tap=${2:?usage: clang-check.sh SERIES_DIR OUT.tap}
log=${tap%.tap}.log
root=$(cd "$(dirname "$0")/.." && pwd)
: "${PB_CACHE:?PB_CACHE must be set}"
src=$PB_CACHE/src-patched
out=$src/pb-build-clang
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
tap_scratch clang-check
# shellcheck source=kernel/series.sh
here=$root/kernel	# series.sh reads kernel/upstream/base-commits from here
. "$root/kernel/series.sh"
tap_start "$tap" clang
: > "$log.tmp"

# The objects of the project's own patches: each .c file they touch, or
# the file that #includes it (the KUnit tests of net/mctp/test/).
objects() {
	for p in $(series_own_patches "$series"); do
		series_files "$p" | grep '\.c$'
	done | LC_ALL=C sort -u | while read -r f; do
		[ -f "$src/$f" ] || continue
		by=$(grep -rl --include='*.c' "^#include \"$(basename "$(dirname "$f")")/$(basename "$f")\"" \
			"$src/$(dirname "$(dirname "$f")")" 2>/dev/null | head -n 1)
		[ -z "$by" ] || f=${by#"$src/"}
		echo "${f%.c}.o"
	done | LC_ALL=C sort -u
}

# compile_one MODE OBJECT: one TAP line
compile_one() {
	if kmake "$2" > "$work/out" 2>&1; then
		result ok "$1.$2"
	else
		{ echo "== $1.$2"; cat "$work/out"; } >> "$log.tmp"
		first=$(grep -m 1 'error' "$work/out" || tail -n 1 "$work/out")
		result fail "$1.$2" "$(grep -c 'error:' "$work/out") errors (see $log), first: $first"
	fi
}

# configure: tinyconfig + the patched kernel's fragment with LLVM=1 into
# $out, skipped when the tree's Kconfig files, the fragment and clang are
# those of the last time (a reconfigured tree costs minutes of kbuild).
configure() {
	key=$(printf '%s\n' "$(git -C "$src" ls-tree -r HEAD | grep 'Kconfig' | sha256sum)" "$(cat "$@")" \
		"$(clang --version | head -n 1)" "$KCFLAGS" | sha256sum | cut -c1-16)
	[ -f "$out/.pb-stamp" ] && [ "$(cat "$out/.pb-stamp")" = "$key" ] && [ -f "$out/.config" ] && return 0
	mkdir -p "$out"
	rm -f "$out/.pb-stamp"
	kmake tinyconfig > "$work/out" 2>&1 &&
		"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$@" >> "$work/out" 2>&1 &&
		kmake olddefconfig >> "$work/out" 2>&1 &&
		echo "$key" > "$out/.pb-stamp"
}

# check MODE: every object, in one make on a warm run; only when that fails,
# one make per object to say which (kbuild rebuilds an object whose command
# line changed, so an object that is there compiled as configured now).
check_mode() {
	out=$src/pb-build-clang${KCFLAGS:+-$1}
	if ! configure "$root/kernel/config/bench.config"; then
		{ echo "== $1.config"; cat "$work/out"; } >> "$log.tmp"
		result fail "$1.config" "configuring $out with LLVM=1 failed: $(tail -n 1 "$work/out")"
		return
	fi
	result ok "$1.config"
	# shellcheck disable=SC2046 # one object a word: kbuild paths, no spaces
	if kmake -k $(cat "$work/objects") > "$work/out" 2>&1; then
		while read -r o; do
			result ok "$1.$o"
		done < "$work/objects"
	else
		while read -r o; do
			compile_one "$1" "$o"
		done < "$work/objects"
	fi
}

export CCACHE_DIR="${CCACHE_DIR:-$PB_CACHE/ccache}" CCACHE_NOHASHDIR=1
kmake() { make -s -C "$src" O="$out" ARCH=x86_64 LLVM=1 CC="ccache clang" KCFLAGS="$KCFLAGS" "$@"; }

if ! command -v clang > /dev/null || ! command -v ld.lld > /dev/null; then
	result fail "(tool)" "clang or ld.lld is not installed (make setup-test installs clang, lld, llvm)"
elif [ ! -f "$src/.pb-series" ]; then
	result fail "(tree)" "no patched tree at $src (make trees)"
else
	objects > "$work/objects"
	if [ ! -s "$work/objects" ]; then
		result fail "(objects)" "no .c file touched by a project-own patch in $series"
	else
		KCFLAGS=
		check_mode configured
		# Forced on, in an object tree of its own: neither mode recompiles
		# the other's objects on a warm run. No upstream code of these
		# objects fails this way (measured on 6.12): nothing is excluded.
		KCFLAGS=-DCONFIG_CC_HAS_ASM_GOTO_OUTPUT=1
		check_mode asm-goto-output
	fi
fi

mv "$log.tmp" "$log"
tap_finish
