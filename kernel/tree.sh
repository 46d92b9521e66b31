#!/bin/sh
# Prepare the kernel source trees in the cache, outside the repository.
#
#   tree.sh pristine            extract Debian's tarball into $PB_CACHE/src as a
#                               git repository whose first commit is the pristine tree
#   tree.sh patched SERIES_DIR  (re)build branch "patched" = pristine + git am SERIES_DIR/*.patch
#                               in the worktree $PB_CACHE/src-patched
#   tree.sh selfcheck SERIES_DIR SELFCHECK_DIR
#                               branch "selfcheck" = patched + SELFCHECK_DIR/*.patch (the
#                               planted cost of make selfcheck) in $PB_CACHE/src-selfcheck
#   tree.sh series SERIES_DIR   branch "series-HASH" = pristine + SERIES_DIR/*.patch (a series
#                               of the user's, kernel/source.sh) in $PB_CACHE/src-series-HASH
#   tree.sh bisect SERIES_DIR UPTO
#                               branch "bisect" = pristine + SERIES_DIR's patches up to
#                               number UPTO (make bisect) in $PB_CACHE/src-bisect
#   tree.sh for VARIANT SERIES_DIR
#                               the tree of its own a variant of kernel/variants is built
#                               from (selfcheck: SELFCHECK_DIR kernel/selfcheck; bisect: UPTO
#                               from the environment), nothing for pristine or patched
#   tree.sh debian X.Y          Debian's other packaged tree, linux-source-X.Y
#                               (/usr/src/linux-source-X.Y.tar.xz), extracted as it
#                               is into $PB_CACHE/trees/debian-X.Y (kernel/source.sh
#                               debian-X.Y); no series goes onto it
#
# Both steps are idempotent: they do nothing when the recorded state matches.
# A series that does not apply names the failing patch and leaves the previous
# patched tree untouched (the series is applied on a scratch branch first).
set -eu

: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=kernel/lock.sh
. "$here/lock.sh"
# shellcheck source=kernel/series.sh
. "$here/series.sh"
TARBALL=${PB_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
PKG=${PB_KERNEL_PKG:-linux-source-6.12}
WANT_LINUX=6.12
SRC=$PB_CACHE/src
PATCHED=$PB_CACHE/src-patched
GIT="git -c user.name=patchbench -c user.email=patchbench@localhost -c advice.detachedHead=false"

die() { echo "tree: error: $*" >&2; exit 1; }

pkg_version() {
	dpkg-query -W -f='${Version}' "$PKG" 2>/dev/null ||
		die "$PKG is not installed (run 'make setup')"
}

pristine() {
	ver=$(pkg_version)
	[ -r "$TARBALL" ] || die "$TARBALL missing: reinstall $PKG"
	if [ -f "$SRC/.pb-pristine" ] && [ "$(cat "$SRC/.pb-pristine")" = "$ver" ] &&
	   $GIT -C "$SRC" rev-parse -q --verify refs/tags/pristine >/dev/null 2>&1; then
		$GIT -C "$SRC" config gc.auto 0
		# A damaged tree (files changed or removed by hand) is restored, not trusted.
		if [ -n "$($GIT -C "$SRC" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
			echo "tree: pristine tree was modified; restoring it"
			$GIT -C "$SRC" checkout -q -f baseline && $GIT -C "$SRC" reset -q --hard pristine
		fi
		return 0
	fi
	echo "tree: extracting $TARBALL ($PKG $ver) into $SRC"
	# The series is written against 6.12: another tree would fail patch by patch.
	extract "$TARBALL" "$PKG" "$SRC.tmp" "$WANT_LINUX" \
		": install $PKG (apt-get install $PKG) or point PB_TARBALL at its tarball"
	rm -rf "$SRC" "$PATCHED" "$PB_CACHE/src-selfcheck" "$PB_CACHE/src-bisect"
	(
		cd "$SRC.tmp"
		$GIT init -q -b baseline
		# An automatic gc would run detached, holding the cache lock (fd 9)
		# for minutes while it repacks the whole tree.
		$GIT config gc.auto 0
		# The tree ships no .gitignore-tracked build products; commit it whole.
		$GIT add -A -f .
		$GIT commit -q -m "Debian $PKG $ver (pristine)"
		$GIT tag pristine
	)
	echo "$ver" > "$SRC.tmp/.git/pb-version"
	mv "$SRC.tmp" "$SRC"
	echo "$ver" > "$SRC/.pb-pristine"
	$GIT -C "$SRC" worktree prune
}

# debian X.Y: $PB_CACHE/trees/debian-X.Y = linux-source-X.Y's tarball, re-extracted
# when the package's version changed. Its .pb-tree (the id kernel/build.sh
# keys its build with) is the package and version: the tarball is the content.
debian_tree() {
	xy=$1 pkg=linux-source-$1
	case $xy in
	[0-9]*.[0-9]*) ;;
	*) die "debian-$xy: not a Linux version X.Y (debian-6.1, debian-6.12)" ;;
	esac
	tarball=/usr/src/$pkg.tar.xz
	ver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) ||
		die "$pkg is not installed (make setup BASELINE=debian-$xy, or apt-get install $pkg)"
	dest=$PB_CACHE/trees/debian-$xy
	want="$pkg $ver"
	[ "$(cat "$dest/.pb-tree" 2>/dev/null)" = "$want" ] && return 0
	[ -r "$tarball" ] || die "$tarball missing: reinstall $pkg"
	echo "tree: extracting $tarball ($want) into $dest"
	extract "$tarball" "$pkg" "$dest.tmp" "$xy" ""
	echo "$want" > "$dest.tmp/.pb-tree"
	# the builds of the previous version go with it
	rm -rf "$dest"
	mv "$dest.tmp" "$dest"
}

# extract TARBALL PKG DIR X.Y HINT: a Debian linux-source tarball into DIR
# (made anew), which must hold Linux X.Y; on failure DIR is gone and the
# error names the package (HINT: more to say when the version differs).
extract() {
	rm -rf "$3"
	mkdir -p "$3"
	tar -xJf "$1" -C "$3" --strip-components=1 ||
		{ rm -rf "$3"; die "cannot extract $1: reinstall $2"; }
	got=$(sed -n 's/^VERSION = //p;s/^PATCHLEVEL = //p' "$3/Makefile" 2>/dev/null | paste -sd.)
	[ "$got" = "$4" ] || { rm -rf "$3"; die "$1 holds Linux ${got:-?}, not $4$5"; }
}

series_hash() {
	for d in "$@"; do cat "$d"/*.patch 2>/dev/null; done | sha256sum | cut -c1-16
}

# apply TREE BRANCH SERIES_DIR...: TREE = pristine + every series in order.
apply() {
	tree=$1 branch=$2; shift 2
	dirs=
	for d in "$@"; do
		[ -d "$d" ] || die "series directory $d not found"
		dirs="$dirs $(cd "$d" && pwd)"
	done
	[ -f "$SRC/.pb-pristine" ] || die "no pristine tree: run 'tree.sh pristine' first"
	# shellcheck disable=SC2086
	want="$($GIT -C "$SRC" rev-parse pristine) $(series_hash $dirs)"
	if [ -f "$tree/.pb-series" ] && [ "$(cat "$tree/.pb-series")" = "$want" ]; then
		return 0
	fi
	# Edits made by hand in the tree (the edit loop, kernel/edits.sh) are
	# not thrown away with the old series.
	if [ -f "$tree/.pb-series" ] && [ -n "$($GIT -C "$tree" status --porcelain --untracked-files=no)" ]; then
		die "$tree has edits of yours and the series changed; keep them as a patch
  (git -C $tree diff > SERIES/NNNN-name.patch, or commit and git format-patch),
  or drop them (git -C $tree checkout -- .), then run this again"
	fi
	scratch=$PB_CACHE/src-scratch
	$GIT -C "$SRC" worktree remove -f "$scratch" 2>/dev/null || rm -rf "$scratch"
	$GIT -C "$SRC" worktree prune
	$GIT -C "$SRC" worktree add -q -f -B "$branch-try" "$scratch" pristine
	n=0
	# shellcheck disable=SC2086
	for p in $(for d in $dirs; do ls "$d"/*.patch 2>/dev/null; done); do
		n=$((n + 1))
		if ! series_mail "$p" | $GIT -C "$scratch" am -q --3way >"$scratch.am.log" 2>&1; then
			echo "tree: error: patch $(basename "$p") does not apply:" >&2
			sed 's/^/  /' "$scratch.am.log" >&2
			$GIT -C "$scratch" diff --name-only --diff-filter=U 2>/dev/null |
				sed 's/^/  conflict in /' >&2
			$GIT -C "$scratch" am --abort >/dev/null 2>&1 || true
			$GIT -C "$SRC" worktree remove -f "$scratch" 2>/dev/null || true
			rm -f "$scratch.am.log"
			exit 1
		fi
	done
	rm -f "$scratch.am.log"
	# The series applied: make it the branch, in place, so that the
	# out-of-tree build keeps its objects for unchanged files.
	head=$($GIT -C "$scratch" rev-parse HEAD)
	if [ -d "$tree/.git" ] || [ -f "$tree/.git" ]; then
		$GIT -C "$SRC" worktree remove -f "$scratch"
		$GIT -C "$tree" checkout -q -f -B "$branch" "$head"
	else
		# No tree yet: the scratch worktree becomes it, one checkout of
		# 1.5 GB instead of two (and a deletion).
		rm -rf "$tree"
		$GIT -C "$SRC" worktree prune
		$GIT -C "$SRC" worktree move "$scratch" "$tree"
		$GIT -C "$tree" checkout -q -B "$branch" "$head"
	fi
	$GIT -C "$SRC" branch -q -D "$branch-try"
	echo "$want" > "$tree/.pb-series"
	echo "tree: $branch = pristine + $n patches ($(echo "$want" | cut -d' ' -f2))"
}

case ${1:-} in
pristine) pristine ;;
patched) apply "$PATCHED" patched "${2:?usage: tree.sh patched SERIES_DIR}" ;;
selfcheck) apply "$PB_CACHE/src-selfcheck" selfcheck "${2:?usage: tree.sh selfcheck SERIES_DIR SELFCHECK_DIR}" \
	"${3:?usage: tree.sh selfcheck SERIES_DIR SELFCHECK_DIR}" ;;
series)	# a series of the user's on Debian's tree (kernel/source.sh debian+DIR)
	d=${2:?usage: tree.sh series SERIES_DIR}
	[ -d "$d" ] || die "series directory $d not found"
	ls "$d"/*.patch > /dev/null 2>&1 || die "series directory $d holds no *.patch"
	h=$(series_hash "$(cd "$d" && pwd)")
	apply "$PB_CACHE/src-series-$h" "series-$h" "$d" ;;
debian) debian_tree "${2:?usage: tree.sh debian X.Y}" ;;
for)	# make kernel-VARIANT
	v=${2:?usage: tree.sh for VARIANT SERIES_DIR} series=${3:?usage: tree.sh for VARIANT SERIES_DIR}
	case $(awk -v v="$v" '$1 == v { print $2 }' "$here/variants") in
	pristine | patched) ;;
	selfcheck) exec "$0" selfcheck "$series" "$here/selfcheck" ;;
	bisect) exec "$0" bisect "$series" "${UPTO:?make bisect: UPTO=NNNN, the last patch of the first part (e.g. UPTO=0029)}" ;;
	*) die "no variant $v in kernel/variants" ;;
	esac ;;
bisect)
	series=$(cd "${2:?usage: tree.sh bisect SERIES_DIR UPTO}" && pwd)
	upto=${3:?usage: tree.sh bisect SERIES_DIR UPTO}
	ls "$series/$upto"-*.patch > /dev/null 2>&1 || die "no patch $upto-*.patch in $series"
	part=$PB_CACHE/bisect-series
	rm -rf "$part" && mkdir -p "$part"
	for p in "$series"/*.patch; do
		n=$(basename "$p" | cut -d- -f1)
		[ "$n" -gt "$upto" ] || ln -s "$p" "$part/"	# both NNNN: checked above, git format-patch
	done
	apply "$PB_CACHE/src-bisect" bisect "$part" ;;
*) echo "usage: tree.sh pristine | patched SERIES_DIR | series SERIES_DIR | debian X.Y | selfcheck SERIES_DIR SELFCHECK_DIR | bisect SERIES_DIR UPTO | for VARIANT SERIES_DIR" >&2; exit 2 ;;
esac
