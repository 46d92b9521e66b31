#!/bin/sh
# Build every out-of-tree module in kernel/modules/ against one kernel build.
#   modules.sh VARIANT OUTDIR      -> OUTDIR/NAME.ko
# Sources are copied per variant, so the two kernels' objects never mix.
set -eu
: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)
variant=$1 out=$2
kbuild=$PB_CACHE/build/$variant
[ -f "$kbuild/Module.symvers" ] || { echo "modules: $variant kernel not built (make kernels)" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
for dir in "$here"/modules/*/; do
	name=$(basename "$dir")
	work=$out/src/$name
	mkdir -p "$work"
	cp -p "$dir"/* "$work/"
	if ! make -s -C "$kbuild" ARCH=x86_64 CC="ccache gcc" M="$work" modules > "$work/build.log" 2>&1; then
		echo "modules: $name failed to build against $variant:" >&2
		tail -n 20 "$work/build.log" >&2
		exit 1
	fi
	cp "$work"/*.ko "$out/"
done
