#!/bin/sh
# make test-lava-bench: LAVA benchmark jobs' consoles become the result a
# local make bench writes, host only. The fixtures are lava-run's logs of
# make lava's page-pool jobs on baseline and patched (make lava-run, one
# round each); replayed through the collect path (bench/lava/lava-run.py
# results, pb lava-tap, bench/lava/lava-bench.sh) against the jobs make
# lava writes now, they must give a result filed where pb results path
# says, whose points equal what pb bench-collect makes of the same
# PB-BENCH lines (taken from the console here with sed, not by the
# collect path), with the jobs' hardware in its meta; a console whose
# lines were mangled, and jobs of another pair or guest architecture, give
# no result.
#   lava-bench.sh OUT.tap  (env: PB, PB_CACHE, INITRAMFS; PYTHON: Debian's python3)
set -u
. tests/tap-result.sh
. bench/lava/lava-lib.sh
tap_start "$1" lava-bench
py=${PYTHON:-/usr/bin/python3}
work=$(dirname "$1")/lava-bench
fixtures=tests/fixtures/lava-bench
rm -rf "$work" && mkdir -p "$work"
kernels="baseline patched"

check prerequisites "python3 with yaml, and jq" sh -c "$py -c 'import yaml' && command -v jq"
if bench/lava/lava.sh "$work/jobs" "$kernels" "" page-pool 1 > "$work/generate.log" 2>&1; then
	result ok generate
else
	result fail generate "bench/lava/lava.sh failed: $(tail -n 1 "$work/generate.log")"
fi
# replay: what make lava-run does after lava-run (bench/lava/lava-run.sh)
replay() { # replay RUNS: the fixtures' logs as make lava-run leaves them in RUNS
	for k in $kernels; do
		j=$k-bench-page-pool-round1 d=$1/$k-bench-page-pool-round1
		mkdir -p "$d"
		"$py" bench/lava/lava-run.py results "$work/jobs/$j.yaml" "$fixtures/$j.lava.log" \
			"$d/results.json" "$d/console.log" && lava_job_tap "$d" || return 1
	done
}
check replay "the recorded logs" replay "$work/runs"

results=$work/results
collect() { # collect RESULTS RUNS: lava-bench.sh's result of the jobs in RUNS
	RESULTS_DIR=$1 bench/lava/lava-bench.sh "$2/.bench" "$2"/*/
}
check collect "bench/lava/lava-bench.sh" collect "$results" "$work/runs"
result=$(RESULTS_DIR=$results "$PB" results path page-pool)
check filed "no result at $result, where make bench files it" [ -f "$result" ]

# The oracle: the lines between the markers, taken here by sed, through pb
# bench-collect as bench/collect/run.sh calls it
inputs=''
for k in $kernels; do
	sed -n '/^PB-RESULT-BEGIN bench.txt$/,/^PB-RESULT-END bench.txt /p' \
		"$work/runs/$k-bench-page-pool-round1/console.log" | sed '1d;$d' > "$work/$k.txt"
	inputs="$inputs $k=$work/$k.txt"
done
# shellcheck disable=SC2086 # the inputs are words
"$PB" bench-collect --suite page-pool --unit "guest instructions (icount)" --accel icount \
	--out "$work/oracle.json" $inputs > "$work/oracle.log" 2>&1
check lines "too few PB-BENCH lines in the consoles" \
	[ "$(cat "$work"/baseline.txt "$work"/patched.txt | grep -c '^PB-BENCH ')" -ge 20 ]
same() { # same FILTER: the result and the oracle agree on it
	a=$(jq -S "$1" "$result") && b=$(jq -S "$1" "$work/oracle.json") && [ -n "$a" ] && [ "$a" = "$b" ]
}
check same-points "the points differ from pb bench-collect's of the same lines" same .points
check same-unit "the suite, unit or accelerator differ" same '[.suite, .unit, .accel, .schema]'
job_meta() { "$PB" json-get "$work/runs/patched-bench-page-pool-round1/results.json" "metadata.$1"; }
meta() { # the result's meta says what the jobs and their run were
	for kv in project_commit="$(job_meta project_commit)" rounds=1 accel=icount \
		guest_cpu="$(job_meta guest_cpu)" guest_smp="$(job_meta guest_smp)" \
		guest_mem_mb="$(job_meta guest_mem_mb)"; do
		got=$(jq -r ".meta.${kv%%=*}" "$result")
		[ "$got" = "${kv#*=}" ] || { echo "meta ${kv%%=*}: $got, want ${kv#*=}"; return 1; }
	done
}
check meta "the result's meta" meta

# A console whose block was mangled in transit (a digit changed), and jobs
# made for another pair: no result, and saying why
refused() { # refused NAME WHY RUNS: lava-bench.sh fails on RUNS, says WHY, files nothing
	rm -rf "$work/none"
	if collect "$work/none" "$3" > "$work/$1.log" 2>&1; then
		result fail "$1" "collected"
	elif ! grep -q "$2" "$work/$1.log"; then
		result fail "$1" "not saying '$2': $(tail -n 1 "$work/$1.log")"
	elif [ -n "$(find "$work/none" -type f 2> /dev/null)" ]; then
		result fail "$1" "a result was written"
	else
		result ok "$1"
	fi
}
cp -r "$work/runs" "$work/mangled"
sed -i '/^PB-RESULT-BEGIN/,/^PB-RESULT-END/s/ns=81\.00 /ns=18.00 /' \
	"$work/mangled/patched-bench-page-pool-round1/console.log"
refused rejects-mangled "mangled on the console" "$work/mangled"
cp -r "$work/runs" "$work/other-pair"
f=$work/other-pair/baseline-bench-page-pool-round1/results.json
jq '.metadata.pair = "0123456789abcdef"' "$f" > "$f.tmp" && mv "$f.tmp" "$f"
refused rejects-other-pair "made for pair 0123456789abcdef, not" "$work/other-pair"
# made for another guest architecture (pb lava's metadata guest_arch)
cp -r "$work/runs" "$work/other-arch"
f=$work/other-arch/patched-bench-page-pool-round1/results.json
jq '.metadata.guest_arch = "other"' "$f" > "$f.tmp" && mv "$f.tmp" "$f"
refused rejects-other-arch "made for the guest architecture other, not" "$work/other-arch"
tap_finish
