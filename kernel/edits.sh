#!/bin/sh
# The edit loop: a change made by hand in a cached tree is built like a
# patch. build.sh keys its stamp on the tree's commit, which an edit does not
# move; this notices edits (tracked files that differ from the commit, new
# files git does not ignore) and, when they differ from those the last build
# of VARIANT saw, removes its stamp, so build.sh rebuilds (kbuild recompiles
# only what the edit touched). Their hash stays in the build as .pb-edits,
# which results record (bench/collect/meta.sh). It only reads the tree: no
# index refresh (--no-optional-locks), no ref or file written there.
#   edits.sh baseline|patched|debug|debug-llvm|selfcheck|bisect|check|fixes|fixes-debug|baseline-debug|s-HASH[-debug]|t-TREE[-debug]
set -eu
: "${PB_CACHE:?PB_CACHE must be set}"
variant=${1:?usage: edits.sh VARIANT}
case $variant in
baseline | baseline-debug) src=$PB_CACHE/src ;;
patched | debug | debug-llvm) src=$PB_CACHE/src-patched ;;
selfcheck | bisect | check | fixes) src=$PB_CACHE/src-$variant ;;
fixes-debug) src=$PB_CACHE/src-fixes ;;
s-*) src=$PB_CACHE/src-series-${variant#s-}; src=${src%-debug} ;;
t-*) exit 0 ;;	# a user's tree, extracted by kernel/source.sh: nobody edits it there
*) echo "edits: unknown variant '$variant'" >&2; exit 2 ;;
esac
kc=$("$(dirname "$0")/fragments.sh" kconfig-suffix) || exit 1
# (the guest architecture's object tree: pb arch tree_suffix, kernel/build.sh)
suffix=$("${PB:-build/pb}" arch tree_suffix) || exit 1
out=$src/pb-build-$variant$kc$suffix
[ -d "$src/.git" ] || [ -f "$src/.git" ] || exit 0	# no tree yet: build.sh says so
changed=$(git --no-optional-locks -C "$src" status --porcelain | grep -v ' \.pb-' || true)
if [ -n "$changed" ]; then
	edits=$({ git -C "$src" diff HEAD --binary
		git -C "$src" ls-files -o --exclude-standard -z | grep -zv '^\.pb-' |
			xargs -0r sha256sum; } | sha256sum | cut -c1-16)
else
	edits=
fi
[ -d "$out" ] || exit 0
if [ "$(cat "$out/.pb-edits" 2>/dev/null)" != "$edits" ]; then
	if [ -n "$edits" ]; then
		echo "build: $variant: edits in $src ($(echo "$changed" | wc -l) files: $(echo "$changed" |
			cut -c4- | head -n 3 | tr '\n' ' ')): rebuilding"
	else
		echo "build: $variant: the edits in $src are gone: rebuilding"
	fi
	rm -f "$out/.pb-stamp"
	printf '%s\n' "$edits" > "$out/.pb-edits.tmp" && mv "$out/.pb-edits.tmp" "$out/.pb-edits"
fi
