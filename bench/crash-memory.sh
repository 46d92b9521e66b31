#!/bin/sh
# The crash-memory "suite": boot the patched kernel with crashkernel=320M and
# with crashkernel=64M crashkernel=256M,cma, let the crashkernel guest test
# measure memory in each, and record results/<project commit>/crash-memory.json.
#   crash-memory.sh     (env: PB, INITRAMFS, ACCEL, PB_CACHE, BENCH_OUT)
set -eu
commit=$(git rev-parse --short=12 HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || commit=$commit-dirty
work=$BENCH_OUT/crash-memory
rm -rf "$work" && mkdir -p "$work"
inputs= accel_used=
for c in plain cma; do
	case $c in
	plain) cmdline="crashkernel=320M" ;;
	cma) cmdline="crashkernel=64M crashkernel=256M,cma" ;;
	esac
	dir=$work/$c
	mkdir -p "$dir"
	echo "bench: crash-memory: $cmdline"
	if ! "$PB" vm --label "crash-memory/$c" --accel "$ACCEL" --fallback icount --timeout 300 \
		--kernel "$PB_CACHE/build/patched/arch/x86/boot/bzImage" --initrd "$INITRAMFS" \
		--share "$dir=results:rw" --log "$dir/console.log" \
		--append "kunit.enable=0 pb.run=crashkernel pb.args=patched,$c $cmdline" \
		2> "$dir/vm.err"; then
		cat "$dir/vm.err" >&2
		echo "bench: error: crash-memory $c failed (its checks: $dir/crashkernel.tap); no result recorded" >&2
		exit 1
	fi
	accel_used=$(sed -n 's/^vm: accel \([a-z]*\).*/\1/p' "$dir/vm.err" | head -n 1)
	inputs="$inputs $dir/memory.txt"
done
mkdir -p "results/$commit"
bench/meta.sh "$work/meta.txt" "$accel_used" 1
# shellcheck disable=SC2086
"$PB" records-collect --tag PB-MEM --suite crash-memory --kind memory --out "results/$commit/crash-memory.json" --meta-file "$work/meta.txt" $inputs
