#!/bin/sh
# make lava's choice of jobs, then bench/lava/lava.sh: KERNEL= (given) or
# baseline, patched and debug; SUITE= (given: those suites' jobs alone) or
# TEST= (those guest tests alone), else every guest test and every suite
# with a guest part.
#   lava-choose.sh OUTDIR ROUNDS [kernel=KERNELS] [suite=SUITES]
#   (env: PB, PB_TEST: TEST=, LAVA_SUITES: the guest suites, and lava.sh's)
set -eu
out=$1 rounds=$2
shift 2
kernels="baseline patched debug" suites=${LAVA_SUITES:-} given=
for a in "$@"; do
	case $a in
	kernel=*) kernels=${a#kernel=} ;;
	suite=*) suites=${a#suite=} given=1 ;;
	esac
done
tests=
if [ -n "$given" ]; then
	:
elif [ -n "${PB_TEST:-}" ]; then
	# shellcheck disable=SC2086 # PB_TEST: patterns, one a word, not globbed
	tests=$(set -f; "$PB" jobs tests-of $PB_TEST 2> /dev/null | paste -sd' ' || true)
else
	tests=$("$PB" tests list --stage guest | paste -sd' ')
fi
[ -z "${PB_TEST:-}" ] || suites=
exec bench/lava/lava.sh "$out" "$kernels" "$tests" "$suites" "$rounds"
