#!/bin/sh
# The host-only checks as tests/host-checks lists them (make test-NAME).
#   host-check.sh run NAME TEST_OUT   NAME's scripts in order, each writing
#                                     TEST_OUT/TAP.tap; fails when one whose
#                                     FAIL is stop fails
#   host-check.sh names [IN]          the names (IN: only those make test runs there)
#   host-check.sh taps IN...          the TAP files (names) of the lines run there
# (env of run: PB, MAKE and what the lines' arguments name: PB_CACHE, SERIES,
# UPSTREAM_OUT, UPSTREAM_TREE, BUILD)
set -eu
table=$(dirname "$0")/host-checks
lines() { grep -v '^#' "$table"; }
case ${1:-} in
names) lines | awk -v where="${2:-}" 'where == "" || $3 == where { if (!seen[$1]++) print $1 }' ;;
taps) shift; lines | awk -v ins=" $* " 'index(ins, " " $3 " ") { print $2 }' ;;
run)
	name=${2:?usage: host-check.sh run NAME TEST_OUT} out=${3:?usage: host-check.sh run NAME TEST_OUT}
	sel=$(lines | awk -v n="$name" '$1 == n')
	[ -n "$sel" ] || { echo "host-check: no check $name in $table" >&2; exit 2; }
	status=0
	while read -r _ tap _ fail script args <&3; do
		eval "set -- $args"
		if ! "$script" "$@" "$out/$tap.tap"; then
			case $fail in
			stop*) exit 1 ;;
			*) echo "host-check: $script failed (its TAP says how)" >&2 ;;
			esac
		fi
		case $fail in *+tally) "${PB:-build/pb}" tally "$out/$tap.tap" || status=1 ;; esac
	done 3<<-END
	$sel
	END
	exit "$status" ;;
*) echo "usage: host-check.sh run NAME TEST_OUT | names [IN] | taps IN..." >&2; exit 2 ;;
esac
