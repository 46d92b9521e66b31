#!/bin/sh
# make trace SUITE=name [FUNCS=f+g] [TRACE_ARGS=a,b]: run one benchmark suite
# under trace-cmd's function_graph tracer in a guest of each kernel
# (vm/guest/tests/trace: FUNCS graphed at depth 1, so each call's own
# duration), then write profiles/SUITE/trace.txt: per kernel and function,
# calls and the median, quartiles and 99th percentile of one call, on the
# guest's clock (icount: guest instructions), and trace.made-for.json: the
# run and series it was made for (bench/collect/made_for.sh), which
# RESULTS.md shows beside it. The raw reports stay in build/trace/SUITE/.
#   trace.sh SUITE FUNCS [ARGS]   (env: PB, INITRAMFS, ACCEL, PB_CACHE, PROFILES)
set -eu
. bench/lib/guest.sh
. bench/collect/tool_guest.sh
suite=$1 funcs=$2 args=${3:-}
raw=build/trace/$suite out=${PROFILES:-profiles}/$suite
rm -rf "$raw" && mkdir -p "$raw" "$out"
need_host_tool trace trace-cmd trace-cmd || exit 1
run=$("$PB" results run-id)
# until the new record is written, what is here is of no known series
rm -f "$out/trace.made-for.json"
{
	echo "# make trace SUITE=$suite: function_graph on $funcs, depth 1${args:+, suite args $args}"
	echo "# per call, in ns of the guest clock (under icount: guest instructions)"
} > "$out/trace.txt.tmp"
boot=$(suite_boot_options "$suite") || exit 1
for k in baseline patched; do
	dir=$raw/$k
	echo "trace: $suite on $k, function_graph on $funcs"
	if ! tool_guest_run trace "$suite" "$k" "$dir" "$k,$suite,$funcs${args:+,$args}" "$boot"; then
		rm -f "$out/trace.txt.tmp"
		exit 1
	fi
	accel=$(cat "$dir/accel")
	"$PB" durations "$dir/trace.txt" | sed "s/^/$k ($accel) /" >> "$out/trace.txt.tmp" ||
		{ rm -f "$out/trace.txt.tmp"; exit 1; }
done
mv "$out/trace.txt.tmp" "$out/trace.txt"
PB=$PB bench/collect/made_for.sh "$out/trace.made-for.json" trace "$run"
cat "$out/trace.txt"
