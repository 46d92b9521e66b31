#!/bin/sh
# make bisect's one scratch tree (bench/bisect/bisect.sh): each step's
# commit built in DIR/cache/trees/step and its object tree, updated from
# the previous step's by the files that differ, so kbuild recompiles only
# what the step changed (ccache shared with the cache's kernels).
#
#   bisect-tree.sh build DIR PATH COMMIT WT   prints the kernel build directory
#
# WT 1: COMMIT with PATH's uncommitted changes and new files (BAD=PATH@WORKTREE).
# A commit whose tree is the cache's pristine or patched tree, clean and
# built, is that build: nothing is copied or compiled. The scratch tree
# starts as a copy of the cache's patched tree and its object tree (read
# under its build lock), so even the first step is incremental; it is
# DIR's own from then on. kernel/build.sh builds it as variant t-step with
# DIR/cache as its PB_CACHE: its stamp, lock and links stay in DIR. PATH is
# only read (git --no-optional-locks): no ref, index, worktree or config
# written there.
set -eu

: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)
RGIT="git --no-optional-locks --literal-pathspecs"

die() { echo "bisect: error: $*" >&2; exit 1; }

# clean_build SRC VARIANT: the build of VARIANT if SRC's clean tree is $tree and it is built
clean_build() {
	[ "$wt" = 0 ] && [ -e "$1/.git" ] || return 1
	[ "$($RGIT -C "$1" rev-parse 'HEAD^{tree}')" = "$tree" ] || return 1
	! $RGIT -C "$1" status --porcelain | grep -qv ' \.pb-' || return 1
	b=$(readlink -f "$PB_CACHE/build/$2$kc") || return 1
	[ -f "$b/.pb-stamp" ] && [ -f "$b/$("${PB:-build/pb}" arch image)" ] || return 1
	echo "$b"
}

# seed: the scratch tree and its objects copied from the cache's patched tree
seed() {
	src=$PB_CACHE/src-patched obj=$PB_CACHE/src-patched/pb-build-patched$kc
	if [ ! -e "$src/.git" ] || [ ! -f "$obj/.pb-stamp" ]; then
		mkdir -p "$scratch"
		return 0
	fi
	echo "bisect: the scratch tree starts as a copy of $src and its build" >&2
	rm -rf "$scratch.tmp"
	mkdir -p "$scratch.tmp"
	# under patched's build lock: no build writes it meanwhile
	# shellcheck disable=SC2016 # the inner shell's parameters
	flock "$PB_CACHE/.lock-build-patched" sh -c '
		cd "$1" && find . -mindepth 1 -maxdepth 1 ! -name .git ! -name "pb-build-*" ! -name ".pb-*" \
			-exec cp -a -t "$2" {} + && cp -a "$3" "$2/pb-build-t-step$4"' sh "$src" "$scratch.tmp" "$obj" "$kc" ||
		die "cannot copy $src into $scratch"
	rm -f "$scratch.tmp/pb-build-t-step$kc/.pb-stamp"
	# its edits (files that differ from its commit) are re-extracted at once
	$RGIT -C "$src" status --porcelain | grep -v ' \.pb-' | cut -c4- > "$DIR/cache/dirty-paths" || true
	$RGIT -C "$src" rev-parse 'HEAD^{tree}' > "$scratch.tmp/.pb-tree"
	mv "$scratch.tmp" "$scratch"
}

# extract TREE: PATHS on stdin (NUL-ended) written from PATH's TREE, new
# mtimes; none: nothing (tar refuses an empty archive)
extract() {
	cat > "$DIR/cache/extract.list"
	[ -s "$DIR/cache/extract.list" ] || return 0
	xargs -0r git --no-optional-locks --literal-pathspecs -C "$path" archive --format=tar "$1" -- \
		< "$DIR/cache/extract.list" | tar -xmi -C "$scratch"
}

update() {
	old=$(cut -d' ' -f1 "$scratch/.pb-tree" 2>/dev/null || true)
	if [ -z "$old" ] || ! $RGIT -C "$path" cat-file -e "$old^{tree}" 2>/dev/null; then
		# the scratch tree is of a tree PATH lacks: whole, from scratch
		echo "bisect: extracting $commit into the scratch tree" >&2
		find "$scratch" -mindepth 1 -maxdepth 1 ! -name 'pb-build-*' -exec rm -rf {} +
		$RGIT -C "$path" archive --format=tar "$tree" | tar -xm -C "$scratch"
	else
		# the last step's uncommitted files (or the seed's edits) first
		if [ -s "$DIR/cache/dirty-paths" ]; then
			(cd "$scratch" && tr '\n' '\0' < "$DIR/cache/dirty-paths" | xargs -0r rm -rf --)
			tr '\n' '\0' < "$DIR/cache/dirty-paths" |
				xargs -0r git --no-optional-locks --literal-pathspecs -C "$path" ls-tree -r -z --name-only "$tree" -- | extract "$tree"
		fi
		$RGIT -C "$path" diff --no-renames -z --name-only --diff-filter=D "$old" "$tree" |
			(cd "$scratch" && xargs -0r rm -f --)
		n=$($RGIT -C "$path" diff --no-renames -z --name-only --diff-filter=d "$old" "$tree" | tr -cd '\0' | wc -c)
		echo "bisect: scratch tree $(echo "$old" | cut -c1-12) -> $(echo "$commit" | cut -c1-12): $n files rewritten" >&2
		$RGIT -C "$path" diff --no-renames -z --name-only --diff-filter=d "$old" "$tree" | extract "$tree"
	fi
	: > "$DIR/cache/dirty-paths"
	state=$tree
	if [ "$wt" = 1 ]; then
		$RGIT -C "$path" diff HEAD --binary | (cd "$scratch" && git apply --whitespace=nowarn) ||
			die "cannot copy the changes of $path's working tree"
		$RGIT -C "$path" ls-files -o --exclude-standard -z |
			(cd "$path" && tar --null -T - -cf -) | tar -x -C "$scratch"
		{ $RGIT -C "$path" diff HEAD --name-only; $RGIT -C "$path" ls-files -o --exclude-standard; } \
			> "$DIR/cache/dirty-paths"
		dirty=$({ $RGIT -C "$path" diff HEAD --binary
			$RGIT -C "$path" ls-files -o --exclude-standard -z | (cd "$path" && xargs -0r sha256sum)
			} | sha256sum | cut -c1-12)
		state="$tree dirty $dirty"
	fi
	echo "$state" > "$scratch/.pb-tree"
}

build() {
	DIR=$1 path=$2 commit=$3 wt=$4
	kc=$("$here/fragments.sh" kconfig-suffix) || exit 1
	tree=$($RGIT -C "$path" rev-parse "$commit^{tree}") || die "$commit is no commit of $path"
	if clean_build "$PB_CACHE/src-patched" patched || clean_build "$PB_CACHE/src" baseline; then
		return 0
	fi
	scratch=$DIR/cache/trees/step
	mkdir -p "$DIR/cache/trees"
	[ -f "$scratch/.pb-tree" ] || seed
	update
	ccache=${CCACHE_DIR:-$PB_CACHE/ccache}
	PB_CACHE=$DIR/cache CCACHE_DIR=$ccache PB_LOCK_HELD='' "$here/build.sh" t-step >&2 || return 1
	readlink -f "$DIR/cache/build/t-step$kc"
}

case ${1:-} in
build) build "${2:?usage: bisect-tree.sh build DIR PATH COMMIT WT}" "${3:?}" "${4:?}" "${5:?}" ;;
*) echo "usage: bisect-tree.sh build DIR PATH COMMIT WT" >&2; exit 2 ;;
esac
