#!/bin/sh
# A kernel source named by the user, as a tree in the cache that
# kernel/build.sh builds (docs/kernels.md, "Your own kernel").
#
#   source.sh id SPEC        the source's id; reads only (nothing is written
#                            anywhere): make parses BASELINE= and PATCHED= with it
#   source.sh prepare SPEC   its tree made ready in $PB_CACHE; prints
#                            "VARIANT ID", VARIANT being kernel/build.sh's name
#
# SPEC is one of
#   baseline | debian | debian-6.12
#                         Debian's tree (the pristine tree of make trees)
#   debian-X.Y            Debian's other packaged tree linux-source-X.Y as it
#                         is (debian-6.1: Debian 12's other kernel), no series
#   patched               Debian's tree + $SERIES (default kernel/patches)
#   debian+DIR            Debian's tree + the series DIR/*.patch
#   PATH@REV              the git tree PATH at REV (commit, tag, branch)
#   PATH                  PATH's HEAD; refused when its working tree has changes
#   PATH@WORKTREE         PATH's working tree as it is, changes included
#                         (its id ends +dirty-HASH)
#
# A git source is keyed by its tree object id: if the cache already has a
# tree with that content (Debian's, the patched one, or one extracted
# before), that tree and its build are used. Otherwise it is extracted with
# git archive into $PB_CACHE/trees/. The user's repository is only read
# (git --no-optional-locks): no worktree, ref, index or config is written.
set -eu

: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)
SERIES=${SERIES:-$here/patches}
SRC=$PB_CACHE/src
RGIT="git --no-optional-locks"

die() { echo "source: error: $*" >&2; exit 1; }

series_hash() { cat "$1"/*.patch | sha256sum | cut -c1-16; }

debian_version() {
	dpkg-query -W -f='${Version}' "${PB_KERNEL_PKG:-linux-source-6.12}" 2>/dev/null ||
		die "${PB_KERNEL_PKG:-linux-source-6.12} is not installed (run 'make setup')"
}

# Changes in a git working tree (tracked or new, not ignored), as status lists them.
changes() { $RGIT -C "$1" status --porcelain | grep -v ' \.pb-' || true; }

# resolve SPEC: sets kind (debian|series|git), id, and for series dir and
# hash, for git path, rev, tree (40 hex) and dirty (a hash of the changes).
resolve() {
	spec=$1 dirty=
	case $spec in
	'') die "an empty source: give baseline, patched, debian-X.Y, debian+DIR, PATH@REV or PATH" ;;
	baseline | debian | debian-6.12) kind=debian id="debian:$(debian_version)"; return ;;
	debian-*)
		xy=${spec#debian-}
		case $xy in
		[0-9]*.[0-9]*) ;;
		*) die "$spec: not a Debian kernel source: debian-X.Y names linux-source-X.Y (debian-6.1)" ;;
		esac
		"$here/fragments.sh" known "$xy" "$spec" > /dev/null || exit 1
		v=$(dpkg-query -W -f='${Version}' "linux-source-$xy" 2>/dev/null) ||
			die "$spec: linux-source-$xy is not installed (make setup BASELINE=$spec, or apt-get install linux-source-$xy)"
		kind=dtree id="$spec:$v"
		return ;;
	patched) spec="debian+$SERIES" ;;
	esac
	case $spec in
	debian+*)
		dir=${spec#debian+}
		[ -d "$dir" ] || die "$spec: series directory $dir not found"
		ls "$dir"/*.patch > /dev/null 2>&1 || die "$spec: $dir holds no *.patch"
		dir=$(cd "$dir" && pwd)
		hash=$(series_hash "$dir")
		kind=series id="debian:$(debian_version)+series:$hash"
		return ;;
	esac
	kind=git
	case $spec in
	*@*) path=${spec%@*} rev=${spec##*@} ;;
	*) path=$spec rev= ;;
	esac
	[ -d "$path" ] || die "$spec: $path is no directory"
	top=$($RGIT -C "$path" rev-parse --show-toplevel 2>/dev/null) ||
		die "$spec: $path is not a git tree"
	path=$top
	[ -n "$rev" ] || [ -z "$(changes "$path")" ] ||
		die "$spec: the working tree of $path has changes ($(changes "$path" | wc -l) files);
  commit them and name the commit ($path@HEAD), or take the working tree
  as it is, changes included: $path@WORKTREE (recorded as +dirty)"
	case $rev in
	'' | WORKTREE) r=HEAD ;;
	*) r=$rev ;;
	esac
	tree=$($RGIT -C "$path" rev-parse -q --verify "$r^{tree}" 2>/dev/null) ||
		die "$spec: $r is no revision of $path"
	id="git:$(echo "$tree" | cut -c1-12)"
	if [ "$rev" = WORKTREE ] && [ -n "$(changes "$path")" ]; then
		dirty=$({ $RGIT -C "$path" diff HEAD --binary
			$RGIT -C "$path" ls-files -o --exclude-standard -z | (cd "$path" && xargs -0r sha256sum)
			} | sha256sum | cut -c1-12)
		id="$id+dirty-$dirty"
	fi
	return 0
}

# the tree id of a cached git tree when it is clean (its build is then that tree's), or nothing
clean_tree() {
	[ -d "$1/.git" ] || [ -f "$1/.git" ] || return 0
	[ -z "$(changes "$1")" ] || return 0
	$RGIT -C "$1" rev-parse 'HEAD^{tree}'
}

# extract: $PB_CACHE/trees/NAME = the git source (with its changes when dirty)
extract() {
	dest=$PB_CACHE/trees/$1
	[ -f "$dest/.pb-tree" ] && return 0
	echo "source: extracting $path${rev:+@$rev} (tree $(echo "$tree" | cut -c1-12)) into $dest" >&2
	rm -rf "$dest.tmp"
	mkdir -p "$dest.tmp"
	if ! $RGIT -C "$path" archive --format=tar "$tree" | tar -x -C "$dest.tmp"; then
		rm -rf "$dest.tmp"
		die "cannot extract $path at $tree"
	fi
	if [ -n "$dirty" ]; then
		if ! $RGIT -C "$path" diff HEAD --binary | (cd "$dest.tmp" && git apply --whitespace=nowarn); then
			rm -rf "$dest.tmp"
			die "cannot copy the changes of $path's working tree"
		fi
		$RGIT -C "$path" ls-files -o --exclude-standard -z |
			(cd "$path" && tar --null -T - -cf -) | tar -x -C "$dest.tmp"
	fi
	echo "$tree${dirty:+ dirty $dirty}" > "$dest.tmp/.pb-tree"
	mv "$dest.tmp" "$dest"
}

prepare() {
	resolve "$1"
	# shellcheck source=kernel/lock.sh
	. "$here/lock.sh"
	case $kind in
	debian)
		"$here/tree.sh" pristine >&2
		echo "baseline $id" ;;
	series)
		"$here/tree.sh" pristine >&2
		if [ "$hash" = "$(series_hash "$(cd "$SERIES" && pwd)")" ]; then
			"$here/tree.sh" patched "$SERIES" >&2
			echo "patched $id"
		else
			"$here/tree.sh" series "$dir" >&2
			echo "s-$hash $id"
		fi ;;
	dtree)
		"$here/tree.sh" debian "$xy" >&2
		echo "t-$spec $id" ;;
	git)
		if [ -z "$dirty" ] && [ -f "$SRC/.pb-pristine" ] && [ "$tree" = "$(clean_tree "$SRC")" ]; then
			echo "baseline $id"
		elif [ -z "$dirty" ] && [ "$tree" = "$(clean_tree "$PB_CACHE/src-patched")" ]; then
			echo "patched $id"
		else
			name=$(echo "$tree" | cut -c1-12)${dirty:+-d$dirty}
			extract "$name"
			echo "t-$name $id"
		fi ;;
	esac
}

case ${1:-} in
id) resolve "${2?usage: source.sh id SPEC}"; echo "$id" ;;
prepare) prepare "${2?usage: source.sh prepare SPEC}" ;;
*) echo "usage: source.sh id SPEC | prepare SPEC" >&2; exit 2 ;;
esac
