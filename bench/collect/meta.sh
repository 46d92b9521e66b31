#!/bin/sh
# What every result records about how it was made, as K=V lines for the
# collectors' --meta-file:  meta.sh FILE ACCEL ROUNDS RUN_ID   (env: PB_CACHE)
# RUN_ID is the run id taken when the run started (pb results run-id), the
# one its result is filed under: the tree may change while a run goes on.
set -eu
out=$1 accel=$2 rounds=$3 commit=${4:?meta.sh: RUN_ID, as pb results run-id gave it}
{
	echo "project_commit=$commit"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "accel=$accel"
	echo "debian_package=$(cat "$PB_CACHE/src/.pb-pristine")"
	echo "baseline_kernel=$(git -C "$PB_CACHE/src" rev-parse --short=12 HEAD) stamp $(cat "$PB_CACHE/build/baseline/.pb-stamp")"
	echo "patched_kernel=$(git -C "$PB_CACHE/src-patched" rev-parse --short=12 HEAD) stamp $(cat "$PB_CACHE/build/patched/.pb-stamp")"
	echo "series=$(cut -d' ' -f2 "$PB_CACHE/src-patched/.pb-series")"
	echo "qemu=$(qemu-system-x86_64 --version | head -n 1)"
	echo "host_cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
	echo "rounds=$rounds"
} > "$out"
