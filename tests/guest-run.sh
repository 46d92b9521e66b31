#!/bin/sh
# Run one in-guest test on one kernel and leave its results as TAP.
#   guest-run.sh LABEL BZIMAGE TEST[+TEST...] [ARG]
#   (env: PB, INITRAMFS, ACCEL, TEST_OUT, BUILD_DIR, KTAP_SUITES: the module
#    KUnit suites TEST must report, GUEST_APPEND: more kernel command line,
#    KTAP_MAP: "TEST:SUITES ...", the same per test when one boot runs
#    several (TEST+TEST: one after the other, one results directory),
#    TIMEOUT, VARIANT: a name for one of several boots of TEST,
#    EXPECT_PANIC=1: a kdump run, see pb vm --expect-panic; SMP: guest CPUs;
#    FALLBACK: what auto becomes without KVM, icount unless set; GUEST_OUT: the
#    results directory, default $TEST_OUT/guest-LABEL-TEST[-VARIANT])
# The guest writes GUEST_OUT/TEST.tap through the 9p results
# share, or TEST.ktap (KUnit output of a module), which is turned into
# TEST.tap here, each suite in KTAP_SUITES required. pb vm adds vm.tap with
# the verdict of the boot itself, so a guest that crashed or hung counts as
# a failure even if it wrote nothing. BUILD_DIR is shared as /build.
# Without KVM the guest runs under icount: its clock counts instructions, so
# its timeouts mean the same on any host, however busy, and idle waits are
# skipped.
set -u
label=$1 kernel=$2 test=$3 arg=${4:-}
name=$test${VARIANT:+-$VARIANT}
out=${GUEST_OUT:-$TEST_OUT/guest-$label-$name}
rm -rf "$out" && mkdir -p "$out"
"$PB" vm --label "$label/$name" ${EXPECT_PANIC:+--expect-panic} ${SMP:+--smp "$SMP"} \
	--kernel "$kernel" \
	--initrd "$INITRAMFS" --accel "$ACCEL" --fallback "${FALLBACK:-icount}" --timeout "${TIMEOUT:-900}" \
	--log "$out/console.log" --tap "$out/vm.tap" \
	--share /=host --share "$out=results:rw" --share "${BUILD_DIR:?}=build" \
	--append "kunit.filter_glob=pb-* pb.run=$test${arg:+ pb.args=$arg} ${GUEST_APPEND:-}" \
	2> "$out/vm.err"
for t in $(echo "$test" | tr + ' '); do
	[ -f "$out/$t.ktap" ] || continue
	suites=${KTAP_SUITES:-}
	for m in ${KTAP_MAP:-}; do [ "${m%%:*}" = "$t" ] && suites=${m#*:}; done
	"$PB" ktap ${suites:+--suites "$suites"} "$out/$t.ktap" "guest.$label.$t" > "$out/$t.tap.tmp"
	mv "$out/$t.tap.tmp" "$out/$t.tap"
done
exit 0
