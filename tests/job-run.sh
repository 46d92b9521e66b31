#!/bin/sh
# One guest job of make test booted: how each kind of job runs (pb kunit,
# pb vm through tests/guest-run.sh, a harness self-test), whether its kernel
# has what it needs, which kernel a crash boot takes and the sanitizer
# kernels' command lines. Which jobs there are, their TAP files and how
# they are chosen and scheduled is pb's (pb jobs, bench/jobs/).
#   job-run.sh JOB   (pb jobs run runs it per job; make run, make lava and
#                     make bisect for one)
# (env: PB, default build/pb (make tools); INITRAMFS, ACCEL, TEST_OUT,
#  BUILD_DIR, KBUILD, TIMEOUT_CAP: no boot may be given longer than this
#  many seconds)
set -u
PB=${PB:-build/pb}
[ -x "$PB" ] || { echo "job-run.sh: no $PB: make tools builds it" >&2; exit 2; }
# shellcheck source=bench/lib/caps.sh
. bench/lib/caps.sh
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
# shellcheck source=tests/debug-append.sh
. tests/debug-append.sh
# shellcheck source=tests/crash-boot.sh
. tests/crash-boot.sh

# The guest tests are folders, tests/guest/NAME/ (docs/testing.md, "A guest
# test is one folder"): test.json says what each needs of a kernel (pb
# needs: KIND:NAME, docs/suites.md, Needs), its vCPUs, timeout, the module
# KTAP suites it must report and, for the crash stage, its boots; pb tests
# reads them. A guest-stage test boots on each kernel; one that lacks what
# it needs gets the test as a skip saying "not applicable: KERNEL lacks
# WHAT", and no boot. What a test expects of a kernel that has them follows
# its features and fixes (pb.has=, vm/guest/lib/has.sh); the known bugs and
# the expectations they flip are bench/probe/features.json's "fixes", which
# the manifests name.

# A harness script of vm/guest/tests/ booted as a guest job (the lava
# stage's panic) has no manifest: no needs, no KTAP suites, 2 vCPUs, 900 s.
harness_script() { [ ! -d "tests/guest/$1" ] && [ -f "vm/guest/tests/$1" ]; }
test_get() { # test_get TEST KEY
	if harness_script "$1"; then
		case $2 in needs) echo ;; cpus) echo 2 ;; timeout) echo 900 ;; *) return 1 ;; esac
	else
		"$PB" tests get "$@"
	fi
}
# KUnit on the console: the filter glob (KUNIT=, pb tests kunit); each kernel
# must report every built-in suite it matches (pb probe reads them from the
# build's vmlinux).
kunit_suites() { # kunit_suites CAPS GLOB
	ks=$("$PB" needs --caps "$1" --kunit "$2") || return 1
	[ -n "$ks" ] || { echo "job-run.sh: no built-in KUnit suite matches $2 in $1" >&2; return 1; }
	echo "$ks"
}
# test_needs CAPS TEST: pb needs on what TEST needs (its manifest's needs,
# or the words in NEEDS when set): 0 it holds, 10 not (saying why), else
# it cannot be evaluated. The one needs check of a test here.
test_needs() {
	# shellcheck disable=SC2046,SC2086 # the needs are words
	"$PB" needs --caps "$1" ${NEEDS-$(test_get "$2" needs)}
}
# not_applicable DIR LABEL TEST CAPS [MORE]: if the kernel lacks what TEST
# needs (its manifest's needs, or the words in NEEDS when set), leave
# DIR/TEST.tap (and DIR/M.tap for each M in MORE, "vm" when there is no
# boot) as a skip saying why; a need pb needs cannot evaluate is a failure.
# With NEEDS_UNDECIDED=1 (make lava: it defines a job for every test,
# modules unbuilt) nothing is decided here.
not_applicable() {
	[ "${NEEDS_UNDECIDED:-}" != 1 ] || return 1
	na=$(test_needs "$4" "$3" 2>&1)
	case $? in
	0) return 1 ;;
	10) verdict=ok why="SKIP $na" ;;
	*) verdict=fail why="cannot evaluate its needs: $na" ;;
	esac
	for f in "$3" ${5:-}; do
		tap_start "$1/$f.tap" "guest.$2"
		result "$verdict" "$3" "$why" 2> /dev/null
		tap_finish > /dev/null || :
	done
	echo "$2/$3: $na" >&2
}
# The crash stage's boots (pb tests crash): a crash-stage test without cases
# (kdump), or each case of one (crashkernel's, one command line each), booted
# once, on the first side of the pair whose kernel has what it needs: the
# patched one, else the baseline (the "unsupported" case needs to lack
# crashkernel=,cma). Neither: "not applicable", no boot. A kernel that is
# not built is no choice (make test-arch, for another guest architecture,
# builds the patched one only).
crash_kernel() { # crash_kernel NEEDS...: patched, baseline, or nothing
	for ck in patched baseline; do
		[ -e "$KBUILD/$ck/.pb-stamp" ] || [ "${NEEDS_UNDECIDED:-}" = 1 ] || continue
		ck_caps=$(caps_file "$ck" "$KBUILD/$ck") || return 1
		[ "${NEEDS_UNDECIDED:-}" != 1 ] || { echo "$ck"; return 0; }
		"$PB" needs --caps "$ck_caps" "$@" > /dev/null
		case $? in
		0) echo "$ck"; return 0 ;;
		10) ;;
		*) return 1 ;;
		esac
	done
}

# image KERNEL: its bootable image, where the guest architecture's
# description says (GUEST_ARCH, pb arch image)
image() { echo "$KBUILD/$1/$("$PB" arch image)"; }
# cap SECONDS: a boot's limit, never past what the run's budget leaves.
cap() { if [ "${TIMEOUT_CAP:-}" ] && [ "$TIMEOUT_CAP" -lt "$1" ]; then echo "$TIMEOUT_CAP"; else echo "$1"; fi; }

run_job() { # run_job JOB
	case $1 in
	kunit/*)
		k=${1#kunit/} append=
		case $k in debug | debug-llvm) append=$DEBUG_APPEND ;; esac
		glob=$("$PB" tests kunit) && caps=$(caps_file "$k" "$KBUILD/$k") &&
			suites=$(kunit_suites "$caps" "$glob") || return 1
		"$PB" kunit --name "kunit.$k" --filter "$glob" --suites "$suites" \
			--accel "$ACCEL" --fallback icount --timeout "$(cap 600)" --append "$append" \
			--kernel "$(image "$k")" --tap "$TEST_OUT/kunit-$k.tap" > "$TEST_OUT/kunit-$k.out" 2>&1 ;;
	guest/debug/* | guest/debug-llvm/*)
		# the group boots the tests that apply; the others are skips saying why
		k=${1#guest/}; t=${k#*/}; k=${k%%/*} map='' run='' skipped=''
		caps=$(caps_file "$k" "$KBUILD/$k") && has=$(caps_append "$caps") || return 1
		for one in $(echo "$t" | tr + ' '); do
			if [ "${NEEDS_UNDECIDED:-}" = 1 ] || test_needs "$caps" "$one" > /dev/null 2>&1; then
				run=${run:+$run+}$one
			else
				skipped="$skipped $one"
			fi
			suites=$("$PB" tests ktap --caps "$caps" "$one") || return 1
			[ -n "$suites" ] && map="$map $one:$suites"
		done
		[ -z "$run" ] || KTAP_MAP=$map GUEST_APPEND="$has $DEBUG_GUEST_APPEND" \
			SMP=$(test_get "${t%%+*}" cpus) TIMEOUT=$(cap 2400) \
			tests/guest-run.sh "$k" "$(image "$k")" "$run" "patched,$k"
		# guest-run.sh's results directory is named by what it booted
		[ -z "$run" ] || [ "$run" = "$t" ] || { mkdir -p "$TEST_OUT/guest-$k-$t" &&
			cp "$TEST_OUT/guest-$k-$run"/*.tap "$TEST_OUT/guest-$k-$t/"; }
		vm=vm
		[ -z "$run" ] || vm=
		for one in $skipped; do
			not_applicable "$TEST_OUT/guest-$k-$t" "$k" "$one" "$caps" $vm
			vm=
		done ;;
	guest/*/*)
		k=${1#guest/}; t=${k#*/}; k=${k%%/*}
		caps=$(caps_file "$k" "$KBUILD/$k") && has=$(caps_append "$caps") || return 1
		not_applicable "$TEST_OUT/guest-$k-$t" "$k" "$t" "$caps" vm && return 0
		suites=$(harness_script "$t" || "$PB" tests ktap --caps "$caps" "$t") &&
			smp=$(test_get "$t" cpus) &&
			limit=$(test_get "$t" timeout) || return 1
		KTAP_SUITES=$suites SMP=$smp TIMEOUT=$(cap "$limit") \
			GUEST_APPEND=$has tests/guest-run.sh "$k" "$(image "$k")" "$t" "$k" ;;
	crash/*)
		c=${1#crash/} d=$TEST_OUT/crash-${1#crash/}
		crash_boot "$c" || return 1
		# shellcheck disable=SC2086 # the needs are words
		k=$(crash_kernel $cb_needs) || return 1
		caps=$(caps_file "${k:-patched}" "$KBUILD/${k:-patched}") || return 1
		NEEDS=$cb_needs not_applicable "$d" "${k:-patched}" "$cb_test" "$caps" "vm $cb_taps" && return 0
		# the guest's arguments: KERNEL[,CASE][,IMAGE]; a capture kernel is
		# the booted kernel itself, read through the host share
		arg=$k$cb_case
		[ "$cb_capture" != true ] ||
			arg=$arg,/host$(cd "$(dirname "$(image "$k")")" && pwd -P)/$(basename "$(image "$k")")
		GUEST_OUT=$d VARIANT=$cb_variant GUEST_APPEND=$cb_append FALLBACK=$cb_fallback \
			SMP=$(test_get "$cb_test" cpus) EXPECT_PANIC=$([ "$cb_panic" = true ] && echo 1) \
			TIMEOUT=$(cap "$cb_limit") tests/guest-run.sh "$k" "$(image "$k")" "$cb_test" "$arg" ;;
	harness)
		PB=$PB INITRAMFS=$INITRAMFS KERNEL=$(image baseline) ACCEL=$ACCEL OUT=$TEST_OUT/harness \
			timeout "$(cap 1200)" tests/harness.sh "$TEST_OUT/harness.tap" \
			> "$TEST_OUT/harness.out" 2>&1 ;;
	pair)
		PB=$PB MAKE=${MAKE:-make} timeout "$(cap 900)" tests/pair-check.sh "$TEST_OUT/pair.tap" \
			> "$TEST_OUT/pair.out" 2>&1 ;;
	own-suite)
		PB=$PB MAKE=${MAKE:-make} timeout "$(cap 900)" tests/own-suite-check.sh \
			"$TEST_OUT/own-suite.tap" > "$TEST_OUT/own-suite.out" 2>&1 ;;
	shell)
		OUT=$TEST_OUT/shell KBUILD=$KBUILD timeout "$(cap 600)" tests/shell-check.sh \
			"$TEST_OUT/shell.tap" > "$TEST_OUT/shell.out" 2>&1 ;;
	nonroot)
		PB=$PB INITRAMFS=$INITRAMFS KERNEL=$(image patched) ACCEL=$ACCEL OUT=$TEST_OUT/nonroot \
			timeout "$(cap 600)" tests/nonroot-check.sh "$TEST_OUT/nonroot.tap" \
			> "$TEST_OUT/nonroot.out" 2>&1 ;;
	lava/patched)
		PB=$PB INITRAMFS=$INITRAMFS ACCEL=$ACCEL BUILD_DIR=$BUILD_DIR KBUILD=$KBUILD \
			timeout "$(cap 900)" tests/lava-run.sh "$TEST_OUT/lava-run.tap" \
			> "$TEST_OUT/lava-run.out" 2>&1 ;;
	*) echo "job-run.sh: unknown job '$1'" >&2; return 1 ;;
	esac
}

run_job "${1:?JOB}"
