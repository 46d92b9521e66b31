#!/bin/sh
# make test-lava: the whole loop on a LAVA lab of this machine's own, from a
# clean state. bench/lava/lava-lab.sh starts the lab (PostgreSQL, lava-server's
# gunicorn, lava-scheduler, lava-worker, one qemu device); make lava's KUnit
# and mctp-net jobs on the patched kernel are submitted through lavacli
# (bench/lava/lava-submit.sh) and collected into TAP (bench/lava/lava-collect.sh);
# the server must have rendered for each job the qemu device make lava-run
# uses, the jobs must complete, and their TAP must equal what pb kunit and
# pb vm report for the same boots (tests/lava-same-as-pb-vm.sh, as make
# test-lava-run checks); make lava's page-pool jobs on baseline and patched
# (one round) must become the result make bench files (in the test's own
# RESULTS_DIR), its points those pb bench-collect makes of the PB-BENCH
# lines the guests printed; then the lab is stopped and nothing it started
# may be left running.
#   lava-lab.sh OUT.tap  (env: PB, PB_CACHE, INITRAMFS, ACCEL, BUILD_DIR, KBUILD,
#                         LAVA_LAB_PORT; PYTHON: Debian's python3)
set -u
. tests/tap-result.sh
. tests/lava-same-as-pb-vm.sh
lava_test_start "$1" lava-lab
lab=$work/lab
jobs="patched-kunit patched-mctp-net baseline-bench-page-pool-round1 patched-bench-page-pool-round1"
# a lab an earlier run left is ended by its own pids, then all is new
[ ! -d "$lab" ] || bench/lava/lava-lab.sh stop "$lab"
rm -rf "$work" && mkdir -p "$work"
elapsed() { echo $(($(date +%s) - $1)); }
complete() { # complete SHOW.json: the lab says the job completed
	h=$("$PB" json-get "$1" health)
	[ "$h" = Complete ] || { echo "health: $h"; return 1; }
}

t0=$(date +%s)
if bench/lava/lava-lab.sh start "$lab" "${LAVA_LAB_PORT:-8094}" > "$work/lab-start.log" 2>&1; then
	result ok lab-start
else
	result fail lab-start "bench/lava/lava-lab.sh start: $(tail -n 1 "$work/lab-start.log")"
fi
echo "lava-lab: the lab is up in $(elapsed "$t0") s"
cp "$lab/pids" "$work/lab.pids" 2> /dev/null

if bench/lava/lava.sh "$work/jobs" patched mctp-net "" 1 > "$work/generate.log" 2>&1 &&
   bench/lava/lava.sh "$work/bench-jobs" "baseline patched" "" page-pool 1 >> "$work/generate.log" 2>&1 &&
   cp "$work"/bench-jobs/*-bench-page-pool-round1.yaml "$work/jobs/"; then
	result ok generate
else
	result fail generate "bench/lava/lava.sh failed: $(tail -n 1 "$work/generate.log")"
fi
t1=$(date +%s)
# shellcheck disable=SC2046 # job files are words
check submit "bench/lava/lava-submit.sh" bench/lava/lava-submit.sh "$work/submit" pb-lab "$lab" \
	$(for j in $jobs; do echo "$work/jobs/$j.yaml"; done)
results=$work/results
RESULTS_DIR=$results PB=$PB bench/lava/lava-collect.sh "$work/submit" 1800 > "$work/collect.log" 2>&1
cat "$work/collect.log"
echo "lava-lab: 4 LAVA jobs submitted, run and collected in $(elapsed "$t1") s"
for j in $jobs; do
	check "complete.$j" "the lab's verdict on the job" complete "$work/submit/$j/show.json"
	check "device.$j" "the device the lab rendered" \
		"$py" bench/lava/lava-run.py same-device "$work/jobs/$j.yaml" "$work/submit/$j/config/device.yaml"
done

# The benchmark jobs' result, filed where make bench files it, against pb
# bench-collect of the lines between the guests' markers
result=$(RESULTS_DIR=$results "$PB" results path page-pool)
check bench-result "no result at $result" [ -f "$result" ]
for k in baseline patched; do
	sed -n '/^PB-RESULT-BEGIN bench.txt$/,/^PB-RESULT-END bench.txt /p' \
		"$work/submit/$k-bench-page-pool-round1/console.log" | sed '1d;$d' > "$work/$k.txt"
done
"$PB" bench-collect --suite page-pool --unit "guest instructions (icount)" --accel icount \
	--out "$work/oracle.json" baseline="$work/baseline.txt" patched="$work/patched.txt" > /dev/null 2>&1
same_points() { a=$(jq -S .points "$result") && [ -n "$a" ] && [ "$a" = "$(jq -S .points "$work/oracle.json")" ]; }
check bench-same-points "not pb bench-collect's points of the same lines" same_points

# The same boots through pb kunit and pb vm, as make test defines them.
lava_same_as_pb_vm "$work" "$work/submit"

t2=$(date +%s)
check lab-stop "bench/lava/lava-lab.sh stop" bench/lava/lava-lab.sh stop "$lab"
echo "lava-lab: the lab is stopped in $(elapsed "$t2") s"
check lab-removed "the lab's state is left in $lab" [ ! -e "$lab" ]
# every pid the lab recorded has ended, and no process names the lab's
# directory (lava-run and QEMU run in its worker directory)
left=$(while read -r name pid start; do
	st=$(sed 's/^.*) //' "/proc/$pid/stat" 2> /dev/null) || continue
	# the same process (its start time), and not a zombie
	if [ "$(echo "$st" | cut -d' ' -f20)" = "$start" ] && [ "${st%% *}" != Z ]; then
		echo "$name:$pid"
	fi
done < "$work/lab.pids"; pgrep -f "$lab/")
check nothing-left-running "still running: $(echo "$left" | tr '\n' ' ')" [ -z "$left" ]
tap_finish
