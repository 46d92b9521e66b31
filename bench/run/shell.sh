#!/bin/sh
# make shell: an interactive guest of a built kernel (docs/kernels.md), its
# console on this terminal: SHARE at /share, the host's / at /host, the
# guest programs at /build; poweroff or exit ends it.
#   shell.sh KERNEL     (env: PB, KBUILD, SHARE (default: here), ACCEL, INITRAMFS, PB_UNITS_OUT)
set -eu
kernel=$1 SHARE=${SHARE-$(pwd)}
img=$KBUILD/$kernel/$("$PB" arch image)
[ -f "$img" ] || { echo "make shell: no $kernel kernel at $img (make kernels, or make kernel-$kernel)" >&2; exit 1; }
[ -d "$SHARE" ] || { echo "make shell: SHARE=$SHARE is not a directory" >&2; exit 1; }
shared=$(cd "$SHARE" && pwd)
exec "$PB" vm --interactive --accel "$ACCEL" --fallback tcg --kernel "$img" --initrd "$INITRAMFS" \
	--share /=host --share "$PB_UNITS_OUT=build" --share "$shared=share:rw" \
	--append "quiet kunit.enable=0 pb.run=shell pb.kernel=$kernel"
