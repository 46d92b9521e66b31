#!/bin/sh
# Run the guest boots of some stages of make test (tests/jobs.sh), up to
# JOBS at once, each with its own console log, results directory and 9p
# shares. Prints one line per finished job, "[k/N] JOB: verdict [time]",
# what failed under it, and the slowest jobs at the end.
#   run-jobs.sh STAGE...     (PB_TEST_CHOICE=PATTERN...: those jobs of them)
# (env: as jobs.sh run; JOBS, default the number of CPUs; TEST_BUDGET: the
#  seconds the whole run may take from PB_TEST_START (epoch seconds, default
#  now): a job that would start past it is not run and fails, naming its
#  stage and the time spent; a running job's limit is cut to what is left)
set -u

# --job JOB (run by xargs): run it, or fail it when the budget is spent.
if [ "${1:-}" = --job ]; then
	job=$2 start=$(date +%s) state=$TEST_OUT/.jobs
	left=$((PB_TEST_START + TEST_BUDGET - start))
	log=$state/$(echo "$job" | tr / _)
	taps=$(tests/jobs.sh taps-of "$job")
	# Under a minute left: a boot would only be cut short.
	if [ "$left" -lt 60 ]; then
		for tap in $taps; do
			mkdir -p "$(dirname "$tap")"
			printf 'TAP version 13\n1..1\nnot ok 1 - %s.(budget) # not run: %s\n' \
				"$(echo "$job" | tr / .)" \
				"the budget of $TEST_BUDGET s was spent after $((start - PB_TEST_START)) s" > "$tap"
		done
		verdict="FAIL (not run: budget spent)"
	else
		TIMEOUT_CAP=$left tests/jobs.sh run "$job" > "$log.out" 2>&1
		# shellcheck disable=SC2086 # one word per TAP file
		if "$PB" tally $taps > "$log.tally" 2>&1; then verdict=pass; else verdict=FAIL; fi
	fi
	took=$(($(date +%s) - start))
	# shellcheck disable=SC2016 # expanded by the inner shell
	k=$(flock "$state/count" sh -c 'n=$(($(cat "$1") + 1)); echo $n > "$1"; echo "$2 $3" >> "$4"; echo $n' \
		_ "$state/count" "$took" "$job" "$state/times")
	{
		echo "[$k/$RUN_TOTAL] $job: $verdict [$took s]"
		[ "$verdict" = FAIL ] && grep '^FAIL' "$log.tally" | sed 's/^/    /'
	} | flock "$state/count" cat
	exit 0
fi

: "${JOBS:=$(nproc)}" "${TEST_BUDGET:=5100}" "${PB_TEST_START:=$(date +%s)}"
case $JOBS in '' | *[!0-9]* | 0) echo "run-jobs.sh: JOBS must be a positive number, not '$JOBS'" >&2; exit 2 ;; esac
jobs=$(tests/jobs.sh list "$@") || exit 2
# chosen (make test TEST=): what the jobs run themselves is not filtered
unset PB_TEST_CHOICE
state=$TEST_OUT/.jobs
rm -rf "$state" && mkdir -p "$state"
echo 0 > "$state/count"
: > "$state/times"
RUN_TOTAL=$(echo "$jobs" | wc -l)
export PB_TEST_START TEST_BUDGET RUN_TOTAL
start=$(date +%s)
echo "== $RUN_TOTAL guest boots ($*), $JOBS at a time; $((PB_TEST_START + TEST_BUDGET - start)) s of the budget left"
echo "$jobs" | xargs -P "$JOBS" -n 1 tests/run-jobs.sh --job
echo "== $RUN_TOTAL guest boots in $(($(date +%s) - start)) s; the slowest:"
sort -rn "$state/times" | head -n 5 | while read -r s j; do echo "    $j $s s"; done
