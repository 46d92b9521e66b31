#!/bin/sh
# The crash-memory "suite": boot the kernel that has crashkernel=,cma (its
# manifest's needs) with crashkernel=320M and with crashkernel=64M
# crashkernel=256M,cma, let the crashkernel guest test measure memory in
# each, and record the run's crash-memory result (pb results path).
#   crash-memory.sh     (env: PB, INITRAMFS, ACCEL, PB_CACHE, BENCH_OUT)
# Of its manifest's kernels the last one that applies: the pair's second
# side when both have it (one boot per case: its figures are one kernel's).
set -eu
. bench/lib/guest.sh
kernel=''
for k in $("$PB" suites get crash-memory kernels); do
	na=$(suite_applies crash-memory "$k") || { [ $? = 10 ] || exit 1; echo "bench: crash-memory on $k: $na"; continue; }
	kernel=$k
done
[ -n "$kernel" ] || { echo "bench: error: crash-memory applies to none of the kernels: no result" >&2; exit 1; }
result=$("$PB" results path crash-memory)
run_id=$(basename "$(dirname "$result")")	# the run it is filed under, once
work=$BENCH_OUT/crash-memory
rm -rf "$work" && mkdir -p "$work"
inputs='' accel_used=''
for c in plain cma; do
	case $c in
	plain) cmdline="crashkernel=320M" ;;
	cma) cmdline="crashkernel=64M crashkernel=256M,cma" ;;
	esac
	dir=$work/$c
	echo "bench: crash-memory: $cmdline"
	guest_run "$kernel" "$dir" "crash-memory/$c" crashkernel "$kernel,$c $cmdline" --timeout 300 || {
		echo "bench: error: crash-memory $c failed (its checks: $dir/crashkernel.tap); no result recorded" >&2
		exit 1
	}
	accel_used=$(cat "$dir/accel")
	inputs="$inputs $dir/memory.txt"
done
mkdir -p "$(dirname "$result")"
bench/collect/meta.sh "$work/meta.txt" "$accel_used" 1 "$run_id" "$dir/hw.json" crash-memory
# shellcheck disable=SC2086
"$PB" records-collect --tag PB-MEM --suite crash-memory --kind memory --out "$result" --meta-file "$work/meta.txt" $inputs
