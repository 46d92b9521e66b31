#!/bin/sh
# make test-sources: the kernel source names of BASELINE= and PATCHED=
# (kernel/source.sh, kernel/pair.sh) on a small git repository of its own:
# a tree's id is its content (two names of one tree, one id), the user's
# repository is never written (status, refs, worktrees, index untouched),
# and bad input is a clear error: no git tree, an unknown revision, a
# dirty working tree unless taken explicitly (then +dirty), a series
# directory that is missing or empty. Extraction runs into a scratch
# PB_CACHE. Host only, no kernel.
#   source-check.sh OUT.tap
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
tap_scratch source-check
tap_start "$1" sources
export PB_CACHE="$work/cache"
SOURCE=$root/kernel/source.sh
GIT="git -c user.name=t -c user.email=t@localhost"

repo=$work/linux
mkdir -p "$repo/net"
$GIT init -q -b main "$repo"
echo 'VERSION = 6' > "$repo/Makefile"
echo 'int x;' > "$repo/net/route.c"
$GIT -C "$repo" add -A && $GIT -C "$repo" commit -q -m one && $GIT -C "$repo" tag v1
echo 'int y;' >> "$repo/net/route.c"
$GIT -C "$repo" commit -q -am two
# the same tree as v1, under another commit
$GIT -C "$repo" checkout -q -b same v1 && $GIT -C "$repo" commit -q --allow-empty -m same
$GIT -C "$repo" checkout -q main

# What must not change in the user's repository (read as source.sh reads it).
state() {
	git --no-optional-locks -C "$repo" status --porcelain
	git -C "$repo" for-each-ref
	git -C "$repo" worktree list --porcelain
	stat -c %Y.%s "$repo/.git/index"
	ls "$repo/.git"
}

# expect_error NAME WORDS SPEC: source.sh id SPEC fails, its message containing WORDS
expect_error() {
	if out=$("$SOURCE" id "$3" 2>&1); then
		result fail "$1" "source.sh id $3 succeeded ($out)"
	elif printf '%s' "$out" | grep -q "$2"; then
		result ok "$1"
	else
		result fail "$1" "source.sh id $3: '$2' not in: $out"
	fi
}

tree1=$(git -C "$repo" rev-parse 'v1^{tree}' | cut -c1-12)
id_tag=$("$SOURCE" id "$repo@v1")
id_branch=$("$SOURCE" id "$repo@same")
check tree-id "PATH@v1 is its tree's id" test "$id_tag" = "git:$tree1"
check same-tree-same-id "two commits of one tree are one source" test "$id_tag" = "$id_branch"
id_head=$("$SOURCE" id "$repo")
check head-of-clean-tree "PATH alone is HEAD's tree when clean" \
	test "$id_head" = "$("$SOURCE" id "$repo@HEAD")"
check other-rev-other-id "v1 and main differ" test "$id_head" != "$id_tag"
expect_error not-a-git-tree "is not a git tree" "$work"
expect_error no-directory "is no directory" "$work/nowhere@HEAD"
expect_error unknown-revision "v9 is no revision" "$repo@v9"
expect_error empty "an empty source" ""
expect_error series-missing "not found" "debian+$work/no-series"
mkdir -p "$work/empty-series"
expect_error series-empty "holds no \*.patch" "debian+$work/empty-series"

# A dirty working tree: refused by default (with the way to take it), taken
# explicitly as PATH@WORKTREE, recorded +dirty; a revision ignores it.
echo 'int z;' >> "$repo/net/route.c"
echo new > "$repo/net/new.c"
state > "$work/before"
sleep 1	# for find -newer
expect_error dirty-refused "PATH@WORKTREE\|@WORKTREE" "$repo"
id_dirty=$("$SOURCE" id "$repo@WORKTREE" 2>&1)
case $id_dirty in
"$id_head"+dirty-*) result ok dirty-explicit ;;
*) result fail dirty-explicit "PATH@WORKTREE gave '$id_dirty', not $id_head+dirty-HASH" ;;
esac
check dirty-rev-ignores-changes "PATH@v1 names v1's tree however dirty" \
	test "$("$SOURCE" id "$repo@v1")" = "$id_tag"

# Extraction into the cache: a tree of the revision, its id recorded; the
# dirty one carries the changes and the new file.
prep=$("$SOURCE" prepare "$repo@v1" 2>"$work/prep.err")
variant=${prep%% *}
dir=$PB_CACHE/trees/${variant#t-}
check prepare-extracts "prepare gave '$prep' ($(tail -n 1 "$work/prep.err"))" \
	test -f "$dir/net/route.c" -a "$(cat "$dir/net/route.c" 2>/dev/null)" = 'int x;'
check prepare-records-tree "no .pb-tree" grep -q "^$(git -C "$repo" rev-parse 'v1^{tree}')" "$dir/.pb-tree"
again=$("$SOURCE" prepare "$repo@same" 2>"$work/prep2.err")
check prepare-shares "another name of the tree: '$again', not $variant" test "${again%% *}" = "$variant"
check prepare-no-second-extract "extracted again: $(cat "$work/prep2.err")" test ! -s "$work/prep2.err"
dprep=$("$SOURCE" prepare "$repo@WORKTREE" 2>/dev/null)
ddir=$PB_CACHE/trees/${dprep%% *}
ddir=$PB_CACHE/trees/${ddir##*/t-}
check prepare-dirty "the working tree's changes are not in $ddir" \
	test "$(tail -n 1 "$ddir/net/route.c" 2>/dev/null)" = 'int z;' -a -f "$ddir/net/new.c"

state > "$work/after"
check repo-untouched "the user's repository changed: $(diff "$work/before" "$work/after" | tr '\n' ' ')" \
	cmp -s "$work/before" "$work/after"
written=$(find "$repo/.git" -newer "$work/before" -type f)
check repo-nothing-written "written into the user's repository: $written" test -z "$written"
tap_finish
