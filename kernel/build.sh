#!/bin/sh
# Build one kernel variant out of tree, with ccache, unless its stamp is current.
#
#   build.sh baseline|patched|debug|debug-llvm|selfcheck|bisect|check|fixes[-debug]|t-TREE[-debug]|s-HASH[-debug]
#
# baseline = pristine tree + bench.config; patched = patched tree + bench.config;
# debug = patched tree + bench.config + debug.config (sanitizers);
# debug-llvm = debug built with clang and lld (kbuild's LLVM=1, make test-llvm);
# fixes = make check-fixes' tree (kernel/check-fixes.sh), fixes-debug the same
# + debug.config (its kunit@debug tests);
# selfcheck = patched + kernel/selfcheck/ (make selfcheck's planted cost) + bench.config;
# bisect = pristine + the series up to one patch (make bisect) + bench.config;
# t-TREE = a tree of the user's (kernel/source.sh: $PB_CACHE/trees/TREE, its
# git tree id) + bench.config; s-HASH = pristine + a series of the user's
# ($PB_CACHE/src-series-HASH) + bench.config; with -debug, + debug.config.
# KCONFIG: one more fragment of the user's, on top. The tree's Linux
# version may add its override fragment after bench.config
# (kernel/fragments.sh, kernel/config/versions/); what is built and checked
# is the effective request of them all, $out/.pb-request.config.
# The stamp key covers the Debian package version, the source's content
# (its git tree id: two names of one tree share one build), the config
# fragments, this script and the compiler, so an unchanged variant is not
# even handed to kbuild.
# GUEST_ARCH (vm/arch/NAME.json, read through pb arch; the default without it)
# says kbuild's ARCH, the cross compiler, the image, the architecture's
# config fragment (after bench.config) and the suffix of its object tree
# (none for the default architecture: its trees keep their names) and the
# folder of its build links (PB_CACHE/build for the default,
# PB_CACHE/arch/NAME/build for another).
set -eu

: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)
variant=${1:?usage: build.sh baseline|patched|debug|debug-llvm|selfcheck|bisect|check|fixes[-debug]|t-TREE[-debug]|s-HASH[-debug]}
PB=${PB:-build/pb}
[ -x "$PB" ] || { echo "build: $PB missing (make tools builds it)" >&2; exit 1; }
suffix=$("$PB" arch tree_suffix) || exit 1
links=$PB_CACHE/$("$PB" arch cache_subdir)build
kbuild_arch=$("$PB" arch kbuild_arch)
image=$("$PB" arch image)
arch_config=$here/../vm/arch/$("$PB" arch config)
lock_shared=1
# shellcheck source=kernel/lock.sh
. "$here/lock.sh"
exec 8> "$PB_CACHE/.lock-build-$variant$suffix"
flock 8
# Run by make -j (make kernels builds them side by side), kbuild takes its
# jobs from make's jobserver, shared with the other kernels' builds: while
# one links and encodes BTF on one core, another compiles on the rest.
jobs="-j${PB_JOBS:-$(nproc)}"
# shellcheck disable=SC2086
auth=$(printf '%s\n' ${MAKEFLAGS:-} | sed -n 's/^--jobserver-auth=//p' | tail -n 1)
case $auth in
fifo:*) [ -p "${auth#fifo:}" ] && jobs= ;;
*,*) [ -e "/proc/$$/fd/${auth%,*}" ] && jobs= ;;
esac

# The fragments after bench.config and the version's are the positional
# parameters from here on.
set --
case $variant in
baseline) src=$PB_CACHE/src ;;
patched) src=$PB_CACHE/src-patched ;;
debug | debug-llvm) src=$PB_CACHE/src-patched; set -- "$@" "$here/config/debug.config" ;;
baseline-debug) src=$PB_CACHE/src; set -- "$@" "$here/config/debug.config" ;;
selfcheck) src=$PB_CACHE/src-selfcheck ;;
bisect) src=$PB_CACHE/src-bisect ;;	# make bisect
check) src=$PB_CACHE/src-check ;;	# kernel/check-series.sh
fixes) src=$PB_CACHE/src-fixes ;;	# kernel/check-fixes.sh
fixes-debug) src=$PB_CACHE/src-fixes; set -- "$@" "$here/config/debug.config" ;;
t-*-debug) src=$PB_CACHE/trees/${variant#t-}; src=${src%-debug}; set -- "$@" "$here/config/debug.config" ;;
t-*) src=$PB_CACHE/trees/${variant#t-} ;;
s-*-debug) src=$PB_CACHE/src-series-${variant#s-}; src=${src%-debug}; set -- "$@" "$here/config/debug.config" ;;
s-*) src=$PB_CACHE/src-series-${variant#s-} ;;
*) echo "build: unknown variant '$variant'" >&2; exit 2 ;;
esac
set -- "$arch_config" "$@"
# The object tree is a direct subdirectory of its source tree: kbuild then
# uses the relative srctree "..", every variant compiles with identical
# command lines, and ccache shares objects between them. With KCONFIG it
# is a tree of its own (and so is its link in $PB_CACHE/build): the user's
# fragment never replaces the project's kernels.
kc=$("$here/fragments.sh" kconfig-suffix) || exit 1
out=$src/pb-build-$variant$kc$suffix
[ -f "$src/Makefile" ] || { echo "build: no source tree at $src (run 'make trees')" >&2; exit 1; }
# The compiler per variant (kernel/compiler.sh): gcc, or clang for *-llvm;
# the key has the version line of the one used.
# shellcheck source=kernel/compiler.sh
. "$here/compiler.sh"
compiler_select "$variant"

if [ -n "${KCONFIG:-}" ]; then
	[ -f "$KCONFIG" ] || { echo "build: error: KCONFIG=$KCONFIG: no such file" >&2; exit 1; }
	set -- "$@" "$(cd "$(dirname "$KCONFIG")" && pwd)/$(basename "$KCONFIG")"
fi
frags=$("$here/fragments.sh" list "$src" "$@") || exit 1
# shellcheck disable=SC2086 # the fragments' paths have no blanks (they are checked out or cd'd)
request=$("$here/fragments.sh" effective $frags) || exit 1
version=$(cat "$PB_CACHE/src/.pb-pristine" 2>/dev/null || echo none)
# A tree of the user's is no git repository (git archive, kernel/source.sh):
# its tree id is in .pb-tree.
if [ -f "$src/.pb-tree" ]; then
	tree=$(cat "$src/.pb-tree")
else
	tree=$(git -C "$src" rev-parse 'HEAD^{tree}')
fi
key=$(printf '%s\n' "$version" "$tree" "$request" "$(cat "$0" "$here/fragments.sh")" "$cc_version" |
	sha256sum | cut -c1-16)

if [ -f "$out/.pb-stamp" ] && [ "$(cat "$out/.pb-stamp")" = "$key" ] &&
   [ -f "$out/$image" ] && [ -f "$out/vmlinux" ]; then
	echo "build: $variant kernel up to date ($key)"
	exit 0
fi

export CCACHE_DIR="${CCACHE_DIR:-$PB_CACHE/ccache}"
export CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"
export KBUILD_BUILD_TIMESTAMP='2024-01-01' KBUILD_BUILD_USER=patchbench KBUILD_BUILD_HOST=patchbench
# (CROSS_COMPILE only when there is one: the default's command lines stay as they were)
kmake() {
	make -s -C "$src" O="$out" ARCH="$kbuild_arch" ${cross:+CROSS_COMPILE="$cross"} \
		${llvm:+LLVM=1} CC="$cc" HOSTCC="$hostcc" "$@"
}

mkdir -p "$out" "$links"
ln -sfn "$out" "$links/$variant$kc"
# (absolute: for a main repository git says ".git", relative to the caller)
if [ ! -f "$src/.pb-tree" ]; then
	exclude=$(git -C "$src" rev-parse --path-format=absolute --git-common-dir)/info/exclude
	grep -qx '/pb-build-\*' "$exclude" 2>/dev/null || echo '/pb-build-*' >> "$exclude"
fi
rm -f "$out/.pb-stamp"
echo "build: configuring $variant ($src)"
printf '%s\n' "$request" > "$out/.pb-request.config"
kmake tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$out/.pb-request.config" >/dev/null
kmake olddefconfig >/dev/null
PB_SRCTREE=$src "$here/config-check.sh" "$out/.config" "$out/.pb-request.config"

echo "build: building $variant with ${jobs:-the jobs of make -j} (log: $out/build.log)"
start=$(date +%s)
# shellcheck disable=SC2086
if ! kmake $jobs all >"$out/build.log" 2>&1; then
	echo "build: error: $variant kernel failed to build; last lines of $out/build.log:" >&2
	tail -n 30 "$out/build.log" >&2
	exit 1
fi
echo "$key" > "$out/.pb-stamp"
echo "build: $variant kernel built in $(( $(date +%s) - start )) s"
