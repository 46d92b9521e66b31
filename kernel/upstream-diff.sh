#!/bin/sh
# Compare the series' ports with the upstream commits they name.
#
#   upstream-diff.sh SERIES_DIR UPSTREAM_DIR [PATCH...]
#
# UPSTREAM_DIR holds upstream patch texts (git format-patch, git show, a
# posted mail), one commit per file, each naming its commit on a line
# "commit <sha>" or "From <sha> ..." before its first diff.  A series patch
# names its upstream commit with a line "commit <sha> upstream"; the two
# match when one id is a prefix of the other.  PATCH... restricts the run to
# those series patches (file names or their number prefix, e.g. 0019).
#
# What is compared is the lines each diff adds and removes, file by file, in
# order: line numbers and context may differ (they do on 6.12), the change
# itself may not.  For each series patch naming an upstream commit it prints
# "same", "differs" and the difference (upstream first), or "no upstream
# text".  Exit status: 0 when every compared patch is the same, 1 when one
# differs, 2 on bad usage.
set -eu

usage() { echo "usage: upstream-diff.sh SERIES_DIR UPSTREAM_DIR [PATCH...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
series=$1 upstream=$2
shift 2
[ -d "$series" ] || { echo "upstream-diff: $series is not a directory" >&2; exit 2; }
[ -d "$upstream" ] || { echo "upstream-diff: $upstream is not a directory" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The added and removed lines of a patch, each prefixed with its file.
changes() {
	awk '
	function flush_sig() { if (sig) { print file "\t" "- "; sig = 0 } }
	/^diff --git / { flush_sig(); file = $NF; sub(/^b\//, "", file); hunk = 0; next }
	file == "" { next }
	/^@@ / { flush_sig(); hunk = 1; next }
	!hunk { next }
	# format-patch ends with "-- " and the git version: not a removed line
	sig && /^[0-9]+\.[0-9]/ { sig = 0; hunk = 0; next }
	/^-- $/ { flush_sig(); sig = 1; next }
	/^[-+]/ { flush_sig(); print file "\t" $0; next }
	/^[ \\]/ || /^$/ { flush_sig(); next }
	{ flush_sig(); hunk = 0 }
	' "$1"
}

# The upstream commit a patch text names before its first diff, if any.
named_commit() {
	sed -n '/^diff --git /q; s/^commit \([0-9a-f]\{7,40\}\)\( upstream.*\)\{0,1\}$/\1/p; s/^From \([0-9a-f]\{40\}\) .*/\1/p' "$1" | head -n 1
}

# The file in UPSTREAM_DIR whose commit id matches $1.
upstream_text() {
	for f in "$upstream"/*; do
		[ -f "$f" ] || continue
		id=$(named_commit "$f")
		[ -n "$id" ] || continue
		case $id in "$1"*) echo "$f"; return 0 ;; esac
		case $1 in "$id"*) echo "$f"; return 0 ;; esac
	done
	return 1
}

selected() {
	[ $# -gt 1 ] || return 0
	name=$1
	shift
	for want in "$@"; do
		case $name in "$want"|"$want"-*) return 0 ;; esac
	done
	return 1
}

status=0
for p in "$series"/*.patch; do
	[ -f "$p" ] || continue
	name=$(basename "$p")
	selected "$name" "$@" || continue
	id=$(sed -n '/^diff --git /q; s/^commit \([0-9a-f]\{7,40\}\) upstream.*/\1/p' "$p" | head -n 1)
	[ -n "$id" ] || continue
	if ! up=$(upstream_text "$id"); then
		echo "$name: no upstream text for $id"
		continue
	fi
	changes "$up" > "$tmp/upstream"
	changes "$p" > "$tmp/port"
	if cmp -s "$tmp/upstream" "$tmp/port"; then
		echo "$name: same as $id"
	else
		echo "$name: differs from $id ($(basename "$up"))"
		diff -u --label "upstream $id" --label "port $name" "$tmp/upstream" "$tmp/port" |
			sed '1,2d; s/^/    /' || true
		status=1
	fi
done
exit $status
