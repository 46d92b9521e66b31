#!/bin/sh
# make test-arch (docs/arch.md): on another guest architecture, the patched
# kernel's guest jobs of make test that TEST= chooses (kunit, guest, crash:
# pb jobs run), then one boot of each SUITE's points (tests/arch-suites.sh),
# and the summary of both. A job's or a point's failure is in its TAP; the
# exit status is pb tally's.
#   arch-test.sh SUITE...     (env: what pb jobs run reads, make's JOBS_ENV:
#                              PB, PB_TEST_CHOICE, TEST_OUT, INITRAMFS, ACCEL,
#                              BUILD_DIR, KBUILD, JOBS, TEST_BUDGET; GUEST_ARCH)
set -u
PB=${PB:-build/pb}
: "${TEST_OUT:?TEST_OUT must be set}"
rm -rf "$TEST_OUT" && mkdir -p "$TEST_OUT/bench"
"$PB" jobs run kunit guest crash || :
BENCH_OUT=$(cd "$TEST_OUT/bench" && pwd) tests/arch-suites.sh "$TEST_OUT/arch-suites.tap" "$@" || :
echo "== patchbench test summary ($GUEST_ARCH)"
# shellcheck disable=SC2046 # pb jobs taps prints paths, one a word
exec "$PB" tally $("$PB" jobs taps kunit guest crash) "$TEST_OUT/arch-suites.tap"
