#!/bin/sh
# make TARGET's SUITE= check: exactly one suite, one whose manifest lets
# TARGET run it (pb suites list --make TARGET); else the error names them.
#   one-suite.sh TARGET SUITE...     (env: PB)
set -eu
target=$1
shift
can=$("$PB" suites list --make "$target" | tr '\n' ' ')
if [ $# -eq 1 ]; then
	for s in $can; do
		[ "$s" != "$1" ] || exit 0
	done
fi
echo "make $target: SUITE= one of: ${can% }" >&2
exit 1
