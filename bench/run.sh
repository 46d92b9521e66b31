#!/bin/sh
# Run one benchmark suite on both kernels, interleaved boot by boot, and
# record the samples as results/<project commit>/<suite>.json.
#   run.sh SUITE ROUNDS      (env: PB, INITRAMFS, ACCEL, PB_CACHE, BENCH_OUT)
set -eu
suite=$1 rounds=$2
commit=$(git rev-parse --short=12 HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || commit=$commit-dirty
work=$BENCH_OUT/$suite
rm -rf "$work" && mkdir -p "$work"
inputs= accel_used=
for r in $(seq 1 "$rounds"); do
	for k in baseline patched; do
		dir=$work/$k-$r
		mkdir -p "$dir"
		echo "bench: $suite round $r/$rounds on $k"
		if ! "$PB" vm --label "$suite/$k/$r" --accel "$ACCEL" --fallback icount --timeout 1800 \
			--kernel "$PB_CACHE/build/$k/arch/x86/boot/bzImage" --initrd "$INITRAMFS" \
			--share "$(pwd)/build=build" --share "$dir=results:rw" --log "$dir/console.log" \
			--append "kunit.enable=0 pb.run=bench-$suite pb.args=$k" 2> "$dir/vm.err"; then
			cat "$dir/vm.err" >&2
			echo "bench: error: $suite on $k failed; no result recorded" >&2
			exit 1
		fi
		accel_used=$(sed -n 's/^vm: accel \([a-z]*\).*/\1/p' "$dir/vm.err" | head -n 1)
		inputs="$inputs $k=$dir/bench.txt"
	done
done
case $accel_used in
icount) unit="guest instructions (icount)" ;;
tcg) unit="ns (TCG wall clock: noisy)" ;;
*) unit="ns" ;;
esac
mkdir -p "results/$commit"
bench/meta.sh "$work/meta.txt" "$accel_used" "$rounds"
# shellcheck disable=SC2086
"$PB" bench-collect --suite "$suite" --unit "$unit" --accel "$accel_used" \
	--out "results/$commit/$suite.json" --meta-file "$work/meta.txt" $inputs
