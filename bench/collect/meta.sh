#!/bin/sh
# What every result records about how it was made, as K=V lines for the
# collectors' --meta-file:  meta.sh FILE ACCEL ROUNDS RUN_ID   (env: PB_CACHE)
# RUN_ID is the run id taken when the run started (pb results run-id), the
# one its result is filed under: the tree may change while a run goes on.
set -eu
out=$1 accel=$2 rounds=$3 commit=${4:?meta.sh: RUN_ID, as pb results run-id gave it}
# kernel_id TREE VARIANT: its commit and build stamp, and the hash of the
# edits made by hand in the tree when there are any (kernel/edits.sh)
kernel_id() {
	ki_edits=$(cat "$PB_CACHE/build/$2/.pb-edits" 2>/dev/null || true)
	echo "$(git -C "$PB_CACHE/$1" rev-parse --short=12 HEAD) stamp $(cat "$PB_CACHE/build/$2/.pb-stamp")${ki_edits:+ edits $ki_edits}"
}
{
	echo "project_commit=$commit"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "accel=$accel"
	echo "debian_package=$(cat "$PB_CACHE/src/.pb-pristine")"
	echo "baseline_kernel=$(kernel_id src baseline)"
	echo "patched_kernel=$(kernel_id src-patched patched)"
	echo "series=$(cut -d' ' -f2 "$PB_CACHE/src-patched/.pb-series")"
	echo "qemu=$(qemu-system-x86_64 --version | head -n 1)"
	echo "host_cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
	echo "rounds=$rounds"
} > "$out"
