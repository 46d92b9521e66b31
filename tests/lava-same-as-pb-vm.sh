# shellcheck shell=sh
# Sourced by tests/lava-run.sh and tests/lava-lab.sh (after tests/tap-result.sh):
#   lava_test_start OUT.tap NAME
# begins the stage's TAP (tap_start) and sets py, Debian's python3 (PYTHON),
# and work, the stage's folder beside OUT.tap (not made);
#   lava_same_as_pb_vm WORK RUNS
# boots KUnit and the mctp-net guest test on the patched kernel through
# pb kunit and pb vm, exactly as make test boots them (tests/job-run.sh),
# into WORK/pb-vm, and checks that the TAP made from LAVA's results of the
# same boots, RUNS/patched-kunit/ and RUNS/patched-mctp-net/ (make lava's
# job names), has the same cases with the same verdicts.
# (env: PB, INITRAMFS, ACCEL, BUILD_DIR, KBUILD; PYTHON: Debian's python3)
# shellcheck disable=SC2034 # py and work are for the script that sources this
lava_test_start() {
	tap_start "$1" "$2"
	py=${PYTHON:-/usr/bin/python3}
	work=$(dirname "$1")/$2
}

lava_same_as_pb_vm() {
	lsapv_py=${PYTHON:-/usr/bin/python3}
	mkdir -p "$1/pb-vm"
	for j in kunit/patched guest/patched/mctp-net; do
		PB=$PB INITRAMFS=$INITRAMFS ACCEL=$ACCEL TEST_OUT=$1/pb-vm BUILD_DIR=$BUILD_DIR \
			KBUILD=$KBUILD tests/job-run.sh "$j" >> "$1/pb-vm.log" 2>&1
	done
	check kunit-same-as-pb-kunit "LAVA's TAP" "$lsapv_py" bench/lava/lava-run.py same-tap \
		"$2/patched-kunit/kunit.tap" -- "$1/pb-vm/kunit-patched.tap"
	check mctp-net-same-as-pb-vm "LAVA's TAP" "$lsapv_py" bench/lava/lava-run.py same-tap \
		"$2/patched-mctp-net/vm.tap" "$2/patched-mctp-net/mctp-net.tap" -- \
		"$1/pb-vm/guest-patched-mctp-net/vm.tap" "$1/pb-vm/guest-patched-mctp-net/mctp-net.tap"
}
