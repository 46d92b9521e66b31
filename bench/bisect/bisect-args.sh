#!/bin/sh
# make bisect's arguments checked before anything runs (docs/bisect.md),
# then the bisection: UPTO=NNNN splits the project's series
# (bisect.sh SUITE UPTO ROUNDS SERIES); GOOD= and BAD= bisect a git range
# for a cost (SUITE=, one suite) or a failing test (TEST=), not both
# (bisect-range.sh GOOD BAD SUITE ROUNDS).
#   bisect-args.sh ROUNDS [SUITE]     (SUITE: SUITE= as given; env: PB, UPTO, SERIES,
#                                     GOOD, BAD, PB_TEST and the scripts')
set -eu
rounds=$1
suite=${2:-}
if [ -n "${UPTO:-}" ]; then
	shift
	bench/run/one-suite.sh bisect "$@"
	exec bench/bisect/bisect.sh "$suite" "$UPTO" "$rounds" "$SERIES"
fi
if [ -z "${GOOD:-}" ] || [ -z "${BAD:-}" ]; then
	echo "make bisect: GOOD=SOURCE BAD=SOURCE and SUITE=name [POINTS=...] (a cost) or TEST=PATTERN" \
		"(a failing test), or UPTO=NNNN SUITE=name" >&2
	exit 1
fi
if [ -n "${PB_TEST:-}" ]; then
	[ -z "$suite" ] || { echo "make bisect: TEST= and SUITE= both given: a bisection" \
		"follows a failing test (TEST=) or a cost (SUITE=), not both" >&2; exit 1; }
elif [ -z "$suite" ]; then
	echo "make bisect: SUITE=name (a cost) or TEST=PATTERN (a failing" \
		"test, docs/testing.md: Choosing tests): neither given" >&2
	exit 1
elif [ $# -ne 2 ]; then
	all=$("$PB" suites list | tr '\n' ' ')
	echo "make bisect: SUITE= one suite, of: ${all% }" >&2
	exit 1
fi
exec bench/bisect/bisect-range.sh "$GOOD" "$BAD" "$suite" "$rounds"
