#!/bin/sh
# The config a tree is built with: bench.config, then the override fragment
# of the tree's Linux version (kernel/config/versions/V.config, when the
# version needs one), then the fragments given (debug.config, KCONFIG).
#
#   fragments.sh version TREE         VERSION.PATCHLEVEL of TREE's Makefile
#   fragments.sh list TREE [FRAG...]  the fragments, in order, one a line
#   fragments.sh known X.Y            whether Linux X.Y can be built: its
#                                     version fragment, or nothing for 6.12
#                                     and later; an error for the others
#   fragments.sh kconfig-suffix       what KCONFIG (a fragment of the user's)
#                                     adds to a variant's object tree and
#                                     build link: -k and 8 hex digits of its
#                                     content, nothing without KCONFIG; a
#                                     tree built with it never replaces one
#                                     built without
#   fragments.sh effective FRAG...    the request they make together: a
#                                     later fragment's line for an option
#                                     overrides an earlier one's, and
#                                     "drop CONFIG_X" withdraws the request
#                                     for X; each option is preceded by a
#                                     "# from FRAG" line naming its fragment
#
# bench.config is written for 6.12: a later tree takes it as it is (the
# check after olddefconfig names an option it renamed), an earlier one only
# with its version's fragment, which says why each of its lines differs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
BASE_VERSION=6.12

die() { echo "fragments: error: $*" >&2; exit 1; }

version() {
	[ -f "$1/Makefile" ] || die "$1: no Makefile, not a kernel tree"
	v=$(sed -n 's/^VERSION = \([0-9][0-9]*\)$/\1/p' "$1/Makefile")
	p=$(sed -n 's/^PATCHLEVEL = \([0-9][0-9]*\)$/\1/p' "$1/Makefile")
	if [ -z "$v" ] || [ -z "$p" ]; then
		die "$1/Makefile gives no VERSION and PATCHLEVEL"
	fi
	echo "$v.$p"
}

# older A B: A is an earlier Linux version than B
older() {
	[ "${1%.*}" -lt "${2%.*}" ] ||
		{ [ "${1%.*}" -eq "${2%.*}" ] && [ "${1#*.}" -lt "${2#*.}" ]; }
}

# known X.Y [WHAT]: the version's fragment (or nothing); WHAT names the tree in the error
known() {
	case $1 in
	[0-9]*.[0-9]*) ;;
	*) die "${2:-$1}: '$1' is no Linux version X.Y" ;;
	esac
	if [ -f "$here/config/versions/$1.config" ]; then
		echo "$here/config/versions/$1.config"
	elif older "$1" "$BASE_VERSION"; then
		have=
		for f in "$here"/config/versions/*.config; do
			[ -f "$f" ] && f=${f##*/} && have="$have ${f%.config}"
		done
		die "${2:-Linux $1}: Linux $1 is not supported: bench.config is written for $BASE_VERSION, and a
  tree before it needs kernel/config/versions/$1.config naming what differs
  (there are:${have:- none}; docs/kernels.md, \"Linux versions\")"
	fi
	return 0
}

list() {
	tree=$1; shift
	v=$(version "$tree")
	echo "$here/config/bench.config"
	known "$v" "$tree"
	for f in "$@"; do
		[ -f "$f" ] || die "$f: no such fragment"
		echo "$f"
	done
}

effective() {
	# (a variable first: the exit status of the reading awk would be lost in a pipe)
	lines=$(for f in "$@"; do
		[ -f "$f" ] || die "$f: no such fragment"
		awk -v from="$(basename "$f")" '
			/^CONFIG_[A-Za-z0-9_]+=/ { printf "%s\t%s\t%s\n", from, substr($0, 1, index($0, "=") - 1), $0; next }
			/^drop CONFIG_[A-Za-z0-9_]+[[:space:]]*$/ { printf "%s\t%s\tdrop\n", from, $2; next }
			/^drop/ { printf "fragments: error: %s: %s: not \"drop CONFIG_X\"\n", from, $0 > "/dev/stderr"; exit 1 }
		' "$f" || exit 1
	done) || exit 1
	printf '%s\n' "$lines" | awk -F '\t' '
		!($2 in at) { order[++n] = $2; at[$2] = n }
		{ src[$2] = $1; line[$2] = $3 }
		END {
			for (i = 1; i <= n; i++) {
				o = order[i]
				if (line[o] == "drop")
					continue
				if (src[o] != last)
					print "# from " src[o]
				last = src[o]
				print line[o]
			}
		}'
}

kconfig_suffix() {
	[ -n "${KCONFIG:-}" ] || return 0
	[ -f "$KCONFIG" ] || die "KCONFIG=$KCONFIG: no such file"
	echo "-k$(sha256sum < "$KCONFIG" | cut -c1-8)"
}

case ${1:-} in
kconfig-suffix) kconfig_suffix ;;
version) version "${2:?usage: fragments.sh version TREE}" ;;
known) known "${2:?usage: fragments.sh known X.Y [WHAT]}" "${3:-}" ;;
list) [ $# -ge 2 ] || die "usage: fragments.sh list TREE [FRAG...]"; shift; list "$@" ;;
effective) [ $# -ge 2 ] || die "usage: fragments.sh effective FRAG..."; shift; effective "$@" ;;
*) echo "usage: fragments.sh version TREE | known X.Y | list TREE [FRAG...] | kconfig-suffix | effective FRAG..." >&2; exit 2 ;;
esac
