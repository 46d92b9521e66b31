#!/bin/sh
# A git range of a kernel tree for make bisect (bench/bisect/bisect.sh),
# read only: git --no-optional-locks, no ref (refs/bisect), worktree, index
# or config written in the user's repository.
#
#   range.sh resolve GOOD BAD     checks the range; prints "PATH GOOD BAD WT":
#                                 the repository's top, both commits in full,
#                                 WT 1 when BAD is PATH@WORKTREE with changes
#   range.sh next PATH BAD [GOOD... -- SKIP...]
#                                 the commit to try next (git rev-list
#                                 --bisect-all's order, skipped ones left
#                                 out), or nothing when none is left
#   range.sh left PATH BAD [GOOD... -- SKIP...]
#                                 the commits still suspect, newest first
#   range.sh tree PATH COMMIT     its tree id
#
# GOOD and BAD are kernel/source.sh's git forms (PATH@REV, PATH,
# PATH@WORKTREE for BAD only), or baseline and patched: the cache's tree
# repository ($PB_CACHE/src-patched), whose first commit is Debian's tree
# and whose others are the series' patches, one a commit.
set -eu

: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)
RGIT="git --no-optional-locks"

die() { echo "bisect: error: $*" >&2; exit 1; }

# spec SPEC: sets p (top of the repository) and c (commit) of a source
spec() {
	case $1 in
	baseline | debian | debian-6.12)
		p=$PB_CACHE/src-patched
		[ -e "$p/.git" ] || die "$1: the cache has no tree repository $p (run 'make trees')"
		c=$($RGIT -C "$p" rev-list --max-parents=0 HEAD) ;;
	patched)
		p=$PB_CACHE/src-patched
		[ -e "$p/.git" ] || die "$1: the cache has no tree repository $p (run 'make trees')"
		c=$($RGIT -C "$p" rev-parse HEAD) ;;
	*@*)
		"$here/source.sh" id "$1" > /dev/null || exit 1
		p=$($RGIT -C "${1%@*}" rev-parse --show-toplevel)
		r=${1##*@}
		[ "$r" != WORKTREE ] || r=HEAD
		c=$($RGIT -C "$p" rev-parse --verify -q "$r^{commit}") || die "$1: $r is no commit of $p" ;;
	*)
		"$here/source.sh" id "$1" > /dev/null || exit 1
		p=$($RGIT -C "$1" rev-parse --show-toplevel)
		c=$($RGIT -C "$p" rev-parse HEAD) ;;
	esac
}

resolve() {
	spec "$1"; gp=$p gc=$c
	case $1 in *@WORKTREE) die "GOOD=$1: a working tree is the last candidate, BAD= only" ;; esac
	spec "$2"; bp=$p bc=$c
	[ "$gp" = "$bp" ] || die "GOOD=$1 and BAD=$2 are two repositories ($gp, $bp): a range is of one"
	wt=0
	case $2 in
	*@WORKTREE) ! $RGIT -C "$bp" status --porcelain | grep -qv ' \.pb-' || wt=1 ;;
	esac
	[ "$gc" != "$bc" ] || [ "$wt" = 1 ] || die "GOOD=$1 and BAD=$2 are one commit ($gc): nothing to bisect"
	$RGIT -C "$bp" merge-base --is-ancestor "$gc" "$bc" ||
		die "GOOD=$1 ($(echo "$gc" | cut -c1-12)) is not an ancestor of BAD=$2 ($(echo "$bc" | cut -c1-12)): a bisection needs GOOD before BAD"
	n=$($RGIT -C "$bp" rev-list --count "$gc..$bc")
	[ $((n + wt)) -ge 2 ] ||
		die "GOOD=$1 and BAD=$2: BAD is GOOD's child, no commit between: $(echo "$bc" | cut -c1-12) is the first bad one without a bisection"
	echo "$bp $gc $bc $wt"
}

# args PATH BAD [GOOD... -- SKIP...]: sets path, bad, goods (^GOOD words), skips
args() {
	path=$1 bad=$2 goods='' skips=''
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do goods="$goods ^$1"; shift; done
	[ $# -eq 0 ] || shift
	skips=" $* "
}

left() {
	args "$@"
	# shellcheck disable=SC2086 # commit ids
	$RGIT -C "$path" rev-list "$bad" $goods
}

next() {
	args "$@"
	# with one commit left, that is the first bad one: nothing to try
	# shellcheck disable=SC2086 # commit ids
	[ "$($RGIT -C "$path" rev-list --count "$bad" $goods)" -gt 1 ] || return 0
	# shellcheck disable=SC2086
	$RGIT -C "$path" rev-list --bisect-all "$bad" $goods | while read -r c _; do
		[ "$c" != "$bad" ] || continue
		case $skips in *" $c "*) continue ;; esac
		echo "$c"
		break
	done
}

case ${1:-} in
resolve) resolve "${2:?usage: range.sh resolve GOOD BAD}" "${3:?usage: range.sh resolve GOOD BAD}" ;;
next) shift; next "$@" ;;
left) shift; left "$@" ;;
tree) $RGIT -C "${2:?}" rev-parse "${3:?}^{tree}" ;;
*) echo "usage: range.sh resolve GOOD BAD | next PATH BAD [GOOD... -- SKIP...] | left PATH BAD [GOOD... -- SKIP...] | tree PATH COMMIT" >&2; exit 2 ;;
esac
