#!/bin/sh
# Build one kernel variant out of tree, with ccache, unless its stamp is current.
#
#   build.sh baseline|patched|debug|selfcheck|bisect|check
#
# baseline = pristine tree + bench.config; patched = patched tree + bench.config;
# debug = patched tree + bench.config + debug.config (sanitizers);
# selfcheck = patched + kernel/selfcheck/ (make selfcheck's planted cost) + bench.config;
# bisect = pristine + the series up to one patch (make bisect) + bench.config.
# The stamp key covers the Debian package version, the source commit, the
# config fragments, this script and the compiler, so an unchanged variant is
# not even handed to kbuild.
set -eu

: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)
variant=${1:?usage: build.sh baseline|patched|debug|selfcheck|bisect|check}
lock_shared=1
# shellcheck source=kernel/lock.sh
. "$here/lock.sh"
exec 8> "$PB_CACHE/.lock-build-$variant"
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

# The config fragments are the positional parameters from here on.
set -- "$here/config/bench.config"
case $variant in
baseline) src=$PB_CACHE/src ;;
patched) src=$PB_CACHE/src-patched ;;
debug) src=$PB_CACHE/src-patched; set -- "$@" "$here/config/debug.config" ;;
selfcheck) src=$PB_CACHE/src-selfcheck ;;
bisect) src=$PB_CACHE/src-bisect ;;	# make bisect
check) src=$PB_CACHE/src-check ;;	# kernel/check-series.sh
*) echo "build: unknown variant '$variant'" >&2; exit 2 ;;
esac
# The object tree is a direct subdirectory of its source tree: kbuild then
# uses the relative srctree "..", every variant compiles with identical
# command lines, and ccache shares objects between them.
out=$src/pb-build-$variant
[ -f "$src/Makefile" ] || { echo "build: no source tree at $src (run 'make trees')" >&2; exit 1; }

version=$(cat "$PB_CACHE/src/.pb-pristine")
commit=$(git -C "$src" rev-parse HEAD)
key=$(printf '%s\n' "$version" "$commit" "$(cat "$@" "$0")" "$(gcc --version | head -n 1)" |
	sha256sum | cut -c1-16)

if [ -f "$out/.pb-stamp" ] && [ "$(cat "$out/.pb-stamp")" = "$key" ] &&
   [ -f "$out/arch/x86/boot/bzImage" ] && [ -f "$out/vmlinux" ]; then
	echo "build: $variant kernel up to date ($key)"
	exit 0
fi

export CCACHE_DIR="${CCACHE_DIR:-$PB_CACHE/ccache}"
export CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"
export KBUILD_BUILD_TIMESTAMP='2024-01-01' KBUILD_BUILD_USER=patchbench KBUILD_BUILD_HOST=patchbench
kmake() { make -s -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }

mkdir -p "$out" "$PB_CACHE/build"
ln -sfn "$out" "$PB_CACHE/build/$variant"
exclude="$(git -C "$src" rev-parse --path-format=absolute --git-common-dir)/info/exclude"
grep -qx '/pb-build-\*' "$exclude" 2>/dev/null || echo '/pb-build-*' >> "$exclude"
rm -f "$out/.pb-stamp"
echo "build: configuring $variant ($src)"
kmake tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$@" >/dev/null
kmake olddefconfig >/dev/null
"$here/config-check.sh" "$out/.config" "$@"

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
