#!/bin/sh
# Sourced by make lava-run's and make lava-collect's scripts (bench/lava/lava-run.sh,
# bench/lava/lava-collect.sh): what they do alike with a LAVA job that ran.
# (env: PB)

# lava_job_tap DIR: DIR/results.json and DIR/console.log (bench/lava/lava-run.py
# results) as pb kunit or pb vm and the guest would leave them: kunit.tap,
# or vm.tap and TEST.tap (pb lava-tap), in DIR. Exit 1 when pb lava-tap fails.
lava_job_tap() {
	ljt_suites=$("$PB" json-get "$1/results.json" metadata.kunit_suites 2> /dev/null)
	if [ -n "$ljt_suites" ]; then
		"$PB" lava-tap --results "$1/results.json" --console "$1/console.log" \
			--label "$("$PB" json-get "$1/results.json" metadata.kunit_name)" \
			--kunit "$ljt_suites" --tap "$1/kunit.tap"
	else
		ljt_test=$("$PB" json-get "$1/results.json" metadata.test)
		"$PB" lava-tap --results "$1/results.json" --console "$1/console.log" \
			--label "$("$PB" json-get "$1/results.json" metadata.kernel)/$ljt_test" \
			--vm-tap "$1/vm.tap" --test-tap "$1/$ljt_test.tap"
	fi
}

# lava_job_summary DIR: LAVA's verdict on the job and how long its test ran
lava_job_summary() {
	echo "LAVA job $("$PB" json-get "$1/results.json" job.result)," \
		"test $("$PB" json-get "$1/results.json" durations.lava-test-monitor) s, TAP in $1/"
}

# lava_cli IDENTITY LAB_DIR COMMAND ARGS...: COMMAND (lavacli or a
# script of lavacli's) as lavacli IDENTITY, one of ~/.config/lavacli.yaml's,
# or pb-lab: make lava-lab's, in LAB_DIR/lavacli.yaml
lava_cli() {
	lc_id=$1 lc_lab=$2 lc_cmd=$3
	shift 3
	[ "$lc_cmd" != lavacli ] || set -- -i "$lc_id" "$@"
	if [ "$lc_id" = pb-lab ]; then
		[ -f "$lc_lab/lavacli.yaml" ] ||
			{ echo "lava: no lab in $lc_lab (make lava-lab)" >&2; return 1; }
		XDG_CONFIG_HOME=$lc_lab "$lc_cmd" "$@"
	else
		"$lc_cmd" "$@"
	fi
}
