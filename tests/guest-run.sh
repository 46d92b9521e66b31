#!/bin/sh
# Run one in-guest test on one kernel and leave its results as TAP.
#   guest-run.sh LABEL BZIMAGE TEST [ARG]
#   (env: PB, INITRAMFS, ACCEL, TEST_OUT, BUILD_DIR, KTAP_SUITES_<LABEL>_<TEST>,
#    GUEST_APPEND: more kernel command line, TIMEOUT, VARIANT: a name for one of
#    several boots of TEST, EXPECT_PANIC=1: a kdump run, see pb vm --expect-panic)
# The guest writes $TEST_OUT/guest-LABEL-TEST/TEST.tap through the 9p results
# share, or TEST.ktap (KUnit output of a module), which is turned into
# TEST.tap here, each suite in KTAP_SUITES_<LABEL>_<TEST> required. This script adds
# vm.tap with the verdict of the boot itself, so a guest that crashed or hung
# counts as a failure even if it wrote nothing. BUILD_DIR is shared as /build.
set -u
label=$1 kernel=$2 test=$3 arg=${4:-}
name=$test${VARIANT:+-$VARIANT}
out=$TEST_OUT/guest-$label-$name
rm -rf "$out" && mkdir -p "$out"
"$PB" vm --label "$label/$name" ${EXPECT_PANIC:+--expect-panic} --kernel "$kernel" --initrd "$INITRAMFS" --accel "$ACCEL" \
	--timeout "${TIMEOUT:-900}" --log "$out/console.log" --share /=host --share "$out=results:rw" \
	--share "${BUILD_DIR:?}=build" \
	--append "kunit.filter_glob=pb-* pb.run=$test${arg:+ pb.args=$arg} ${GUEST_APPEND:-}" \
	2> "$out/vm.err"
rc=$?
cat "$out/vm.err" >&2
if [ -f "$out/$test.ktap" ]; then
	eval "suites=\${KTAP_SUITES_${label}_$(echo "$test" | tr -c 'a-zA-Z0-9\n' _):-}"
	"$PB" ktap ${suites:+--suites "$suites"} "$out/$test.ktap" "guest.$label.$test" \
		> "$out/$test.tap.tmp"
	mv "$out/$test.tap.tmp" "$out/$test.tap"
fi
verdict=$(sed -n 's/^vm: [^:]*: \([^[]*\) \[.*/\1/p' "$out/vm.err" | head -n 1)
{
	echo "TAP version 13"
	echo "1..1"
	# A guest test that failed still ran cleanly; its own TAP says what failed.
	if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then
		echo "ok 1 - guest.$label.$name.(vm)"
	else
		echo "not ok 1 - guest.$label.$name.(vm) # ${verdict:-exit $rc} (log $out/console.log)"
	fi
} > "$out/vm.tap"
exit 0
