#!/bin/sh
# Build every out-of-tree module the folders declare (pb build module-dirs:
# components/, tests/guest/, the suites) against one kernel build.
#   modules.sh VARIANT OUTDIR      -> OUTDIR/NAME.ko      (env: PB)
# Sources are copied per variant, so the two kernels' objects never mix.
set -eu
: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)
variant=$1 out=$2
# shellcheck source=kernel/kbuild.sh
kbuild=$(. "$here/kbuild.sh" && kbuild_dir "$variant")	# PB_KBUILD: a pair of the user's (kernel/pair.sh)
[ -f "$kbuild/Module.symvers" ] || { echo "modules: $variant kernel not built (make kernels)" >&2; exit 1; }
# kbuild builds a module with its kernel's compiler or refuses it
# shellcheck source=kernel/compiler.sh
. "$here/compiler.sh"
compiler_select "$variant"
mkdir -p "$out"
out=$(cd "$out" && pwd)
# An external module's .ko is not relinked when only vmlinux changed, so its
# BTF would keep the old kernel's string offsets and the kernel would refuse
# it ("failed to validate module BTF"). Each module is rebuilt from scratch
# when its kernel's stamp or its sources change, and skipped otherwise.
stamp=$(cat "$kbuild/.pb-stamp" 2>/dev/null || echo none)
dirs=$("${PB:-build/pb}" build module-dirs) || exit 1
# the guest architecture (GUEST_ARCH): kbuild's ARCH, and the architectures
# a module's code is for, when its folder's file "arch" names them (one a
# line: code of one architecture's, str-byteloop); another's build.log says
# so, and pb probe reports the module as not built for this kernel
arch=$("${PB:-build/pb}" arch name) && kbuild_arch=$("${PB:-build/pb}" arch kbuild_arch) || exit 1
failed=
for dir in $dirs; do
	name=$(basename "$dir")
	work=$out/src/$name
	key="$stamp $(cat "$dir"/* | sha256sum | cut -c1-16)"
	if [ -f "$work/.pb-stamp" ] && [ "$(cat "$work/.pb-stamp")" = "$key" ] &&
	   ls "$work"/*.ko > /dev/null 2>&1; then
		continue
	fi
	# failed against this very build before: its build.log says why
	if [ -f "$work/.pb-failed" ] && [ "$(cat "$work/.pb-failed")" = "$key" ]; then
		failed="$failed $name"
		continue
	fi
	# the module's .ko files, by its Kbuild: another kernel's must not stay
	if [ -f "$dir/arch" ] && ! grep -qx "$arch" "$dir/arch"; then
		rm -rf "$work" && mkdir -p "$work"
		echo "error: not for this architecture: $name's code is for $(paste -sd' ' "$dir/arch") only ($dir/arch), the guest is $arch" > "$work/build.log"
		continue
	fi
	kos=$(sed -n 's/^obj-m[[:space:]]*[+:]*=[[:space:]]*//p' "$dir/Kbuild" | sed 's/\.o\b/.ko/g')
	# shellcheck disable=SC2086 # names of .ko files, no blanks
	(cd "$out" && rm -f $kos)
	rm -rf "$work"
	mkdir -p "$work"
	cp -p "$dir"/* "$work/"
	if ! make -s -C "$kbuild" ARCH="$kbuild_arch" ${cross:+CROSS_COMPILE="$cross"} ${llvm:+LLVM=1} CC="$cc" M="$work" modules > "$work/build.log" 2>&1; then
		echo "modules: $name failed to build against $variant:" >&2
		tail -n 20 "$work/build.log" >&2
		echo "$key" > "$work/.pb-failed"
		failed="$failed $name"
		continue
	fi
	cp "$work"/*.ko "$out/"
	echo "$key" > "$work/.pb-stamp"
done
[ -n "$failed" ] || exit 0
# The project's kernels build every module. A kernel of the user's (a pair,
# PB_KBUILD) may not: Linux 6.1 has no netmem. pb probe reads each failure
# from its build.log, and the suites and tests that need the module say
# "not applicable: KERNEL lacks module NAME" (docs/suites.md, Needs).
if [ -n "${PB_KBUILD:-}" ]; then
	echo "modules: not built against $variant:$failed (build.log in $out/src/NAME/);" \
		"what needs them is not applicable there" >&2
	exit 0
fi
echo "modules: error: not built against $variant:$failed" >&2
exit 1
