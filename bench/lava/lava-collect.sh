#!/bin/sh
# make lava-collect: wait for the jobs make lava-submit submitted and turn
# what the server recorded into patchbench's TAP, as make lava-run does.
#   lava-collect.sh OUTDIR [WAIT]  (env: PB; PYTHON: Debian's python3)
# WAIT: the most seconds to wait for each job (default 7200). Per job, in
# OUTDIR/NAME/: show.json (lavacli jobs show: state, health, the lab's
# start and end times), config/ (the definition and the device
# configuration the server rendered for it: bench/lava/lava-config.py, lavacli
# jobs config as it should be), lava.log
# (its log: lavacli jobs logs --raw), then as make lava-run: results.json,
# console.log and kunit.tap, or vm.tap and TEST.tap; the benchmark jobs'
# PB-BENCH lines become each suite's result where make bench files it
# (bench/lava/lava-bench.sh, its work in OUTDIR/.bench). Exit 1 when a job
# did not finish in time or gave no results, or a suite with jobs gave no
# result; a job that ran and failed is in its TAP. Then pb tally of the
# jobs' TAP, its exit status.
set -u
. bench/lava/lava-lib.sh
py=${PYTHON:-/usr/bin/python3}
out=${1:?usage: lava-collect.sh OUTDIR [WAIT]} wait=${2:-7200}
if [ ! -f "$out/jobs" ] || [ ! -f "$out/server" ]; then
	echo "lava-collect: no submitted jobs in $out (make lava-submit)" >&2
	exit 1
fi
identity=$(sed -n 's/^identity=//p' "$out/server") lab=$(sed -n 's/^lab=//p' "$out/server")
bad=0 got=
while read -r name id; do
	d=$out/$name
	rm -rf "$d" && mkdir -p "$d"
	cli() { lava_cli "$identity" "$lab" lavacli "$@"; }
	if ! cli jobs wait --polling 5 --timeout "$wait" "$id" > "$d/wait.log" 2>&1; then
		echo "lava-collect: $name: job $id not finished after $wait s: $(tail -n 1 "$d/wait.log")" >&2
		bad=1
		continue
	fi
	if ! cli jobs show --json "$id" > "$d/show.json" ||
	   ! lava_cli "$identity" "$lab" "$py" bench/lava/lava-config.py "$identity" "$id" "$d/config" ||
	   ! cli jobs logs --raw --no-follow "$id" > "$d/lava.log" ||
	   ! "$py" bench/lava/lava-run.py results "$d/config/definition.yaml" "$d/lava.log" \
		"$d/results.json" "$d/console.log"; then
		echo "lava-collect: $name: job $id: no results from the server" >&2
		bad=1
		continue
	fi
	lava_job_tap "$d" || bad=1
	got="$got $d"
	echo "lava-collect: $name: job $id $("$PB" json-get "$d/show.json" health)," \
		"$("$py" bench/lava/lava-run.py lab-time "$d/show.json") s on the lab; $(lava_job_summary "$d")"
done < "$out/jobs"
# shellcheck disable=SC2086 # job directories are words
bench/lava/lava-bench.sh "$out/.bench" $got || bad=1
[ "$bad" = 0 ] || exit "$bad"
exec "$PB" tally "$out"/*/*.tap
