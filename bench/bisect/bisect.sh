#!/bin/sh
# make bisect SUITE=name UPTO=NNNN: which part of the series a suite's shift
# comes from. The suite runs on three kernels, interleaved boot by boot:
# baseline, the series up to patch UPTO ("bisect") and the whole series;
# profiles/SUITE/bisect-UPTO.txt then holds pb compare of the first part
# against baseline and of the rest against the first part. Halve the range
# and run again to narrow it down, as with git bisect.
#   bisect.sh SUITE UPTO ROUNDS SERIES_DIR   (env: PB, INITRAMFS, ACCEL, PB_CACHE,
#                                               BENCH_OUT, BUDGET, TARGET_MDE, PROFILES)
set -eu
suite=$1 upto=$2 rounds=$3 series=$4
json=$BENCH_OUT/bisect/$suite-$upto.json out=${PROFILES:-profiles}/$suite/bisect-$upto.txt
KERNELS="baseline bisect patched" RESULT=$json BENCH_OUT=$BENCH_OUT/bisect \
	bench/collect/run.sh "$suite" "$rounds"
mkdir -p "$(dirname "$out")"
# count FILE...: how many files a glob matched (0 when it matched none)
count() { if [ -e "$1" ]; then echo $#; else echo 0; fi; }
# compare A B TITLE: one pb compare; exit 3 (a regression) is a finding here
compare() {
	echo "== $3"
	rc=0
	"$PB" compare "$json:$1" "$json:$2" || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 3 ] || exit 1
	echo
}
{
	echo "# make bisect SUITE=$suite UPTO=$upto: the first $(count "$PB_CACHE/bisect-series"/*)" \
		"of $(count "$series"/*.patch) patches, $(date -u +%Y-%m-%d)"
	echo
	compare baseline bisect "patches up to $upto against baseline"
	compare bisect patched "the patches after $upto against those up to $upto"
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
