#!/bin/sh
# make profile SUITE=name: run one benchmark suite under perf record -g in a
# guest of each kernel (vm/guest/tests/profile), then, on the host, write
# under profiles/SUITE/: KERNEL.report.txt (perf report --stdio, symbols from
# the guest's own kallsyms through perf's build-id cache), KERNEL.folded
# (folded stacks, `pb fold`), diff.txt (perf diff baseline -> patched) and
# flamegraph-KERNEL.html (d3-flame-graph's page of the folded stacks,
# bench/report/flamegraph.sh), then profile.made-for.json: the run and
# series they were made for (bench/collect/made_for.sh), which RESULTS.md
# shows beside the diff.
# The raw perf.data, perf script output and build-id cache stay in
# build/profile/SUITE/.
#   profile.sh SUITE     (env: PB, INITRAMFS, ACCEL, PB_CACHE, FLAMEGRAPH_TEMPLATE,
#                         PROFILES: instead of profiles/, a pair's)
set -eu
. bench/lib/guest.sh
. bench/collect/tool_guest.sh
suite=$1
raw=build/profile/$suite out=${PROFILES:-profiles}/$suite
rm -rf "$raw" && mkdir -p "$raw/home" "$out"
need_host_tool profile perf linux-perf || exit 1
run=$("$PB" results run-id)
# until the new record is written, what is here is of no known series
rm -f "$out/profile.made-for.json"
boot=$(suite_boot_options "$suite") || exit 1
for k in baseline patched; do
	dir=$raw/$k
	echo "profile: $suite on $k under perf record -g (cpu-clock)"
	tool_guest_run profile "$suite" "$k" "$dir" "$k,$suite" "$boot" || exit 1
	# one build-id cache with both kernels' symbols, for perf diff
	cp -a --remove-destination "$dir/buildid/.debug" "$raw/home/"
	cp "$dir/report.txt" "$out/$k.report.txt.tmp" && mv "$out/$k.report.txt.tmp" "$out/$k.report.txt"
	"$PB" fold "$dir/perf.script" > "$out/$k.folded.tmp" && mv "$out/$k.folded.tmp" "$out/$k.folded"
done
HOME=$(pwd)/$raw/home perf diff "$raw/baseline/perf.data" "$raw/patched/perf.data" \
	> "$out/diff.txt.tmp" 2> "$raw/diff.err" ||
	{ cat "$raw/diff.err" >&2; rm -f "$out/diff.txt.tmp"; exit 1; }
mv "$out/diff.txt.tmp" "$out/diff.txt"
PB=$PB bench/report/flamegraph.sh "${PROFILES:-profiles}" "$suite" > /dev/null
PB=$PB bench/collect/made_for.sh "$out/profile.made-for.json" profile "$run"
echo "profile: $out/{baseline,patched}.report.txt, .folded, diff.txt, flamegraph-{baseline,patched}.html, profile.made-for.json"
