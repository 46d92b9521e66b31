#!/bin/sh
# make lava-run: run LAVA jobs (make lava's) with Debian's lava-run on this
# machine, and turn each job's results back into patchbench's TAP.
#   lava-run.sh OUTDIR JOB.yaml...
#   (env: PB, PYTHON: Debian's python3, whose yaml lava-run uses,
#    LAVA_JOB_PREFIX: lava-run job ids are PREFIX-1, PREFIX-2...)
# Per job, in OUTDIR/NAME/: device.yaml, the qemu device this machine is
# (bench/lava/lava-run.py device: the job's context rendered as LAVA's qemu
# device type renders it); validate.log, lava-run --validate's; lava.log,
# lava-run's log; results.json (LAVA's cases, the job's outcome, its
# actions' durations, the job's metadata) and console.log, what LAVA
# recorded; then, as pb kunit or pb vm and the guest would leave them,
# kunit.tap, or vm.tap and TEST.tap (pb lava-tap). A job lava-run refuses
# stops here (exit 1); a job that ran and failed is in its TAP, and the
# run goes on. Then the benchmark jobs' PB-BENCH lines become each suite's
# result, where make bench files it (bench/lava/lava-bench.sh, its work in
# OUTDIR/.bench). Exit 0 when every job ran to its TAP and every suite
# with jobs gave its result, and then pb tally of the jobs' TAP its status.
set -u
. bench/lava/lava-lib.sh
py=${PYTHON:-/usr/bin/python3}
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
shift
[ $# -gt 0 ] || { echo "lava-run: no jobs (make lava writes them, LAVA_JOBS= names some)" >&2; exit 1; }
command -v lava-run > /dev/null ||
	{ echo "lava-run: lava-run is not installed (make setup: lava-dispatcher)" >&2; exit 1; }
mkdir -p "$out"
# lava-run works out the dispatcher's address from the default route,
# which a machine without a network lacks; nothing here serves the guest
printf 'dispatcher_ip: 127.0.0.1\n' > "$out/dispatcher.yaml"
bad=0 n=0 prefix=${LAVA_JOB_PREFIX:-pb$$} ran=
for job in "$@"; do
	name=$(basename "$job" .yaml) d=$out/$(basename "$job" .yaml)
	rm -rf "$d" && mkdir -p "$d"
	n=$((n + 1)) id=$prefix-$n
	run() { # run validate|run: lava-run on this job, its log in $d/$1.log
		lava-run --job-id "$id" --output-dir "$d/lava" --device "$d/device.yaml" \
			--dispatcher "$out/dispatcher.yaml" ${2:+"$2"} "$job" > "$d/$1.log" 2>&1
	}
	if ! "$py" "$here/bench/lava/lava-run.py" device "$job" "$d/device.yaml" ||
	   ! run validate --validate; then
		echo "lava-run: $name: lava-run --validate refused it: $(tail -n 1 "$d/validate.log")" >&2
		bad=1
		continue
	fi
	run lava
	if ! "$py" "$here/bench/lava/lava-run.py" results "$job" "$d/lava.log" "$d/results.json" \
		"$d/console.log"; then
		echo "lava-run: $name: no results in $d/lava.log" >&2
		bad=1
		continue
	fi
	lava_job_tap "$d" || bad=1
	echo "lava-run: $name: $(lava_job_summary "$d")"
	ran="$ran $d"
done
# shellcheck disable=SC2086 # job directories are words
bench/lava/lava-bench.sh "$out/.bench" $ran || bad=1
[ "$bad" = 0 ] || exit "$bad"
exec "${PB:-build/pb}" tally "$out"/*/*.tap
