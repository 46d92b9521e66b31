#!/bin/sh
# What the kernel cache holds and takes, and reclaiming it.
#
#   cache.sh status        each source tree with its builds, the pairs, own suites' builds, the results
#   cache.sh clean [--all] remove the user's sources (trees/, src-series-*),
#                          their builds, the pairs, own/ and make bisect's bisect/; --all: the default
#                          trees and their builds too (make trees rebuilds them)
#
# Results (PB_CACHE/results) and ccache are never removed here: results are
# the user's record, ccache is bounded by CCACHE_MAXSIZE.
set -eu
: "${PB_CACHE:?PB_CACHE must be set}"

size() { du -sh "$1" 2>/dev/null | cut -f1; }

# the user's sources: extracted git trees and series of their own on Debian's
user_sources() {
	for d in "$PB_CACHE"/trees/* "$PB_CACHE"/src-series-*; do
		[ -d "$d" ] && echo "$d"
	done
	return 0
}

default_sources() {
	for d in "$PB_CACHE"/src "$PB_CACHE"/src-patched "$PB_CACHE"/src-selfcheck "$PB_CACHE"/src-bisect \
		"$PB_CACHE"/src-check "$PB_CACHE"/src-fixes; do
		[ -d "$d" ] && echo "$d"
	done
	return 0
}

show() {	# show DIR KIND: one line for the tree, one per build in it
	if [ -f "$1/.pb-tree" ]; then
		case $(cat "$1/.pb-tree") in
		linux-source-*) what=$(cat "$1/.pb-tree") ;;
		*) what="tree $(cut -c1-12 "$1/.pb-tree")" ;;
		esac
	elif [ -e "$1/.git" ]; then what="$(git --no-optional-locks -C "$1" rev-parse --abbrev-ref HEAD)"
	else what='?'; fi
	printf '%-8s %-7s %s (%s)\n' "$2" "$(size "$1")" "$1" "$what"
	for b in "$1"/pb-build-*; do
		[ -d "$b" ] && printf '%-8s %-7s   build %s\n' "" "$(size "$b")" "${b##*/pb-build-}"
	done
	return 0
}

status() {
	[ -d "$PB_CACHE" ] || { echo "cache: $PB_CACHE does not exist"; return 0; }
	echo "cache: $PB_CACHE, $(size "$PB_CACHE") in all"
	default_sources | while read -r d; do show "$d" default; done
	user_sources | while read -r d; do show "$d" yours; done
	for p in "$PB_CACHE"/pairs/*/pair.txt; do
		[ -f "$p" ] || continue
		echo "pair     $(sed -n 's/^pair=//p' "$p"): $(sed -n 's/^baseline_spec=//p' "$p")" \
			"against $(sed -n 's/^patched_spec=//p' "$p")"
	done
	[ ! -d "$PB_CACHE/own" ] || echo "own      $(size "$PB_CACHE/own") $PB_CACHE/own (what suites of your own built, make bench SUITE=PATH)"
	[ ! -d "$PB_CACHE/bisect" ] || echo "bisect   $(size "$PB_CACHE/bisect") $PB_CACHE/bisect (make bisect's scratch tree and steps)"
	[ ! -d "$PB_CACHE/results" ] || echo "results  $(size "$PB_CACHE/results") $PB_CACHE/results (never removed by cache-clean)"
	[ ! -d "$PB_CACHE/ccache" ] || echo "ccache   $(size "$PB_CACHE/ccache") $PB_CACHE/ccache"
	echo "cache: 'make cache-clean' removes the trees marked yours, their builds, the pairs, own/ and bisect/;" \
		"ALL=1 the default trees too"
}

remove_tree() {
	echo "cache: removing $1 ($(size "$1"))"
	case $1 in
	"$PB_CACHE"/src) ;;	# the repository the others are worktrees of: last
	"$PB_CACHE"/src-*) git -C "$PB_CACHE/src" worktree remove -f "$1" 2>/dev/null || true ;;
	esac
	rm -rf "$1"
	for l in "$PB_CACHE"/build/*; do
		[ -L "$l" ] && [ ! -e "$l" ] && rm -f "$l"
	done
	return 0
}

clean() {
	[ -d "$PB_CACHE" ] || return 0
	# shellcheck source=kernel/lock.sh
	. "$(cd "$(dirname "$0")" && pwd)/lock.sh"
	user_sources | while read -r d; do remove_tree "$d"; done
	rm -rf "$PB_CACHE/pairs" "$PB_CACHE/own"
	# make bisect's (bench/bisect/bisect-range.sh), unless one runs
	if [ -d "$PB_CACHE/bisect" ]; then
		if flock -n "$PB_CACHE/bisect/.lock" rm -rf "$PB_CACHE/bisect"; then
			echo "cache: removed make bisect's $PB_CACHE/bisect"
		else
			echo "cache: a make bisect runs: $PB_CACHE/bisect left" >&2
		fi
	fi
	if [ "${1:-}" = --all ]; then
		default_sources | grep -v "^$PB_CACHE/src\$" | while read -r d; do remove_tree "$d"; done
		[ ! -d "$PB_CACHE/src" ] || remove_tree "$PB_CACHE/src"
	fi
	[ ! -d "$PB_CACHE/src" ] || git -C "$PB_CACHE/src" worktree prune
	for b in $(git -C "$PB_CACHE/src" branch --list 'series-*' --format='%(refname:short)' 2>/dev/null); do
		git -C "$PB_CACHE/src" branch -q -D "$b"
	done
	echo "cache: now $(size "$PB_CACHE")"
}

case ${1:-} in
status) status ;;
clean) clean "${2:-}" ;;
*) echo "usage: cache.sh status | clean [--all]" >&2; exit 2 ;;
esac
