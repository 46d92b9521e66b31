#!/bin/sh
# make plots: each suite's plot (plots/SUITE.gp) from its newest result
# (bench/results-of.sh), through pb plotdata into DATA, drawn into OUT; and
# each timing suite's history-SUITE.png where it has results at two commits
# or more (plots/history.gp).
#   plots.sh OUT DATA      (env: PB)
# A gnuplot warning fails the plot: it means a line or a label went missing.
set -eu
out=$1 data=$2
PB=${PB:-build/pb}
. bench/gnuplot.sh
mkdir -p "$out" "$data"

# draw SCRIPT RESULT: gnuplot SCRIPT with the result's SUITE, UNIT, ACCEL
# and COMMIT (pb plotvars, in DATA/NAME.vars)
draw() {
	"$PB" plotvars "$2" > "$data/$(basename "$1" .gp).vars"
	gnuplot_draw "$1" "$data/$(basename "$1" .gp).vars" "$out" "$data"
}

r=$(bench/results-of.sh mctp-route)
if [ -n "$r" ]; then
	"$PB" plotdata "$r" routes --name 'sendmsg()' depth=0 size=1 > "$data/mctp-route-send.dat"
	"$PB" plotdata "$r" routes --name 'lookup alone' depth=0 lookup=kernel > "$data/mctp-route-lookup.dat"
	"$PB" plotdata "$r" depth --kernel patched --derived routes --name 'sendmsg()' 'depth!=0' size=1 \
		> "$data/mctp-route-depth-send.dat"
	"$PB" plotdata "$r" depth --kernel patched --derived routes --name 'lookup alone' 'depth!=0' lookup=kernel \
		> "$data/mctp-route-depth-lookup.dat"
	draw plots/mctp-route.gp "$r"
fi
r=$(bench/results-of.sh mctp-fragment)
if [ -n "$r" ]; then
	for m in tx local; do for k in baseline patched; do
		"$PB" plotdata "$r" size --kernel $k --name $k --derived packets mode=$m via=dev \
			> "$data/mctp-fragment-$m-$k.dat"
	done; done
	draw plots/mctp-fragment.gp "$r"
fi
r=$(bench/results-of.sh page-pool)
if [ -n "$r" ]; then
	"$PB" plotdata "$r" path > "$data/page-pool.dat"
	draw plots/page-pool.gp "$r"
fi
r=$(bench/results-of.sh bpf-strings)
if [ -n "$r" ]; then
	for fn in strlen strchr strcmp; do
		"$PB" plotdata "$r" L --kernel patched fn=$fn > "$data/bpf-strings-$fn.dat"
	done
	draw plots/bpf-strings.gp "$r"
fi
r=$(bench/results-of.sh bpf-stream)
if [ -n "$r" ]; then
	"$PB" plotdata "$r" size --kernel patched 'ctx!=perf_event' > "$data/bpf-stream-syscall.dat"
	"$PB" plotdata "$r" size --kernel patched ctx=perf_event > "$data/bpf-stream-perf.dat"
	draw plots/bpf-stream.gp "$r"
fi
for s in mctp-route mctp-fragment page-pool bpf-strings bpf-stream commands; do
	# shellcheck disable=SC2046 # one path a line, no spaces
	set -- $(bench/results-of.sh --all "$s")
	[ $# -lt 2 ] || history_draw "$s" "$out" "$data" "$@"
done
echo "plots:" "$out"/*.png
