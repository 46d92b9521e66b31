#!/bin/sh
# make plots: each suite's plot (plots/SUITE.gp) from its newest result
# (bench/results-of.sh), through pb plotdata into DATA, drawn into OUT.
#   plots.sh OUT DATA      (env: PB)
# A gnuplot warning fails the plot: it means a line or a label went missing.
set -eu
out=$1 data=$2
PB=${PB:-build/pb}
mkdir -p "$out" "$data"

# draw SCRIPT RESULT: gnuplot SCRIPT with DATA, OUT and the result's SUITE,
# UNIT, ACCEL and COMMIT (pb plotvars, in DATA/NAME.vars)
draw() {
	name=$(basename "$1" .gp)
	"$PB" plotvars "$2" > "$data/$name.vars"
	if ! gnuplot -e "DATA='$data'; OUT='$out'; VARS='$data/$name.vars'" "$1" 2> "$data/$name.err" ||
		[ -s "$data/$name.err" ]; then
		cat "$data/$name.err" >&2
		echo "plots: gnuplot $1 failed or warned" >&2
		exit 1
	fi
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
echo "plots:" "$out"/*.png
