#!/bin/sh
# Run one in-guest test on one kernel and leave its results as TAP.
#   guest-run.sh LABEL BZIMAGE TEST [ARG]     (env: PB, INITRAMFS, ACCEL, TEST_OUT)
# The guest writes $TEST_OUT/guest-LABEL-TEST/TEST.tap through the 9p results
# share; this script adds vm.tap with the verdict of the boot itself, so a
# guest that crashed or hung counts as a failure even if it wrote nothing.
set -u
label=$1 kernel=$2 test=$3 arg=${4:-}
out=$TEST_OUT/guest-$label-$test
rm -rf "$out" && mkdir -p "$out"
"$PB" vm --label "$label/$test" --kernel "$kernel" --initrd "$INITRAMFS" --accel "$ACCEL" \
	--timeout "${TIMEOUT:-900}" --log "$out/console.log" --share /=host --share "$out=results:rw" \
	--append "kunit.enable=0 pb.run=$test${arg:+ pb.args=$arg}" 2> "$out/vm.err"
rc=$?
cat "$out/vm.err" >&2
verdict=$(sed -n 's/^vm: [^:]*: \([^[]*\) \[.*/\1/p' "$out/vm.err" | head -n 1)
{
	echo "TAP version 13"
	echo "1..1"
	# A guest test that failed still ran cleanly; its own TAP says what failed.
	if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then
		echo "ok 1 - guest.$label.$test.(vm)"
	else
		echo "not ok 1 - guest.$label.$test.(vm) # ${verdict:-exit $rc} (log $out/console.log)"
	fi
} > "$out/vm.tap"
exit 0
