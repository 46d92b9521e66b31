#!/bin/sh
# make run: the guest jobs of make test that the patterns choose
# (docs/testing.md, "Choosing tests"; make jobs lists the ids), one after the
# other, each booted by tests/job-run.sh and printed with its verdict in make
# test's words, what failed, its TAP files, console log and output.
#   run-jobs.sh PATTERN...   (env: PB, TEST_OUT, and what tests/job-run.sh takes)
set -u
set -f
ids=$("$PB" jobs select "$@") || exit 2
mkdir -p "$TEST_OUT"
status=0
for job in $ids; do
	start=$(date +%s)
	out=$TEST_OUT/run-$(echo "$job" | tr / _).out
	# shellcheck disable=SC2086 # $taps: TAP paths, one a word (and globbing is off)
	taps=$("$PB" jobs taps-of "$job") && rm -f $taps || exit 1
	tests/job-run.sh "$job" > "$out" 2>&1
	# shellcheck disable=SC2086 # as above
	if "$PB" tally $taps > "$out.tally" 2>&1; then v=pass; else v=FAIL; status=1; fi
	echo "$job: $v [$(($(date +%s) - start)) s]"
	grep '^FAIL' "$out.tally" | sed 's/^/    /'
	for t in $taps; do echo "  TAP: $t"; done
	for d in $(for t in $taps; do dirname "$t"; done | sort -u); do
		[ -f "$d/console.log" ] && echo "  console: $d/console.log"
	done
	echo "  output: $out"
done
exit $status
