#!/bin/sh
# make test-makefile: the Makefile names targets, their prerequisites and the
# variables that choose, not what the folders declare (issue #38): no suite
# (suites/), component (components/) or guest test (tests/guest/) is named in
# it or in the makefiles it reads (kernel/pair.mk, bench/harness.mk,
# kernel/kernels.mk), and it stays about 300 lines. A Makefile with a planted
# suite name must fail the same check. Host only.
#   makefile-check.sh OUT.tap
set -u
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_scratch makefile
tap_start "$1" makefile
MAX_LINES=310

# named MAKEFILE...: the folders' names the makefiles name, as words
# (a name's - and . are its own: mctp does not match mctp-null's folder)
named() {
	for d in suites/*/ components/*/ tests/guest/*/; do
		n=$(basename "$d")
		grep -n -- "$n" "$@" /dev/null | grep -E "(^|[^-.A-Za-z0-9_])$n([^-.A-Za-z0-9_]|$)" |
			sed "s|^|$n: |"
	done
}

found=$(named Makefile kernel/pair.mk bench/harness.mk kernel/kernels.mk)
check no-folder-names "named in the makefiles: $(printf '%s\n' "$found" | head -n 3 | tr '\n' ' ')" \
	[ -z "$found" ]
cp Makefile "$work/Makefile"
for d in suites/*/; do
	echo "# planted: SUITE ?= $(basename "$d")" >> "$work/Makefile"
	break
done
check planted-name-caught "a suite's name planted in a copy of the Makefile was not found" \
	[ -n "$(named "$work/Makefile")" ]
lines=$(wc -l < Makefile)
check size "the Makefile has $lines lines, more than $MAX_LINES" [ "$lines" -le "$MAX_LINES" ]
tap_finish
