#!/bin/sh
# make kcidb: the newest results and the TAP files of the last make test as
# one KCIDB v5 document (pb kcidb), with what pb cannot know itself: the
# patch set each kernel was built from (exported from git, hashed as KCIDB
# defines patchset_hash), the kernels in PB_CACHE and their compiler.
#   kcidb.sh OUT TAPDIR   (env: PB, PB_CACHE, KCIDB_URL: where a reader finds
#                          this repository's files, default file://$PWD;
#                          RESULTS_DIR: the results, pb results)
# Files the document links to (the patches) are written under OUT's folder.
# GUEST_ARCH (pb arch): the results (pb results: arch/NAME/ for another than
# the default), the kernels (PB_CACHE/arch/NAME/build) and the builds'
# architecture are that guest architecture's.
set -eu
out=$1 tapdir=$2
url=${KCIDB_URL:-file://$(pwd)}
work=$(dirname "$out")
mkdir -p "$work"
die() { echo "kcidb: error: $*" >&2; exit 1; }

# series DIR: patchbench's own name of a patch set (kernel/tree.sh's key).
series() { cat "$1"/*.patch | sha256sum | cut -c1-16; }
# patchset_hash DIR: KCIDB's, "sha256sum *.patch | cut -c-64 | sha256sum | cut -c-64".
patchset_hash() { (cd "$1" && LC_ALL=C sha256sum ./*.patch | cut -c-64 | sha256sum | cut -c-64); }

# each suite's newest result (pb results newest), most recently made first
newest=$("$PB" kcidb --newest | head -n 1)
[ -n "$newest" ] || die "no results of $("$PB" arch name) under ${RESULTS_DIR:-results}/"
commit=$("$PB" json-get "$newest" meta.project_commit) || die "$newest records no project commit"

# The series the newest results were made from: kernel/patches at the
# project commit they record; the working tree's if git has no such commit
# (a -dirty run, a shallow clone).
rm -rf "$work/patches" && mkdir -p "$work/patches/results"
if git rev-parse -q --verify "${commit%-dirty}^{commit}" > /dev/null &&
	[ "$commit" = "${commit%-dirty}" ]; then
	for p in $(git ls-tree --name-only "$commit" kernel/patches/ | grep '\.patch$'); do
		git show "$commit:$p" > "$work/patches/results/${p##*/}"
	done
else
	echo "kcidb: $commit is not a commit here; the results' patch set is taken from kernel/patches" >&2
	cp kernel/patches/*.patch "$work/patches/results/"
fi
set --	# from here: the --compiler options, whose values have spaces
add_series() { # add_series DIR: pass DIR's patch set to pb kcidb
	s=$(series "$1")
	checkouts="$checkouts --checkout $s=$(patchset_hash "$1")"
	for p in "$1"/*.patch; do checkouts="$checkouts --patch $s=$p"; done
}
checkouts=
add_series "$work/patches/results"
results_series=$(series "$work/patches/results")

# The kernels in PB_CACHE, which the TAP files of make test came from.
kernels=
cache_series=$(cut -d' ' -f2 "$PB_CACHE/src-patched/.pb-series" 2>/dev/null || true)
if [ -n "$cache_series" ] && [ "$cache_series" != "$results_series" ]; then
	if [ "$(series kernel/patches)" = "$cache_series" ]; then
		mkdir -p "$work/patches/tree"
		cp kernel/patches/*.patch "$work/patches/tree/"
		add_series "$work/patches/tree"
	fi
fi
links=$PB_CACHE/$("$PB" arch cache_subdir)build
for k in baseline patched debug debug-llvm; do
	b=$links/$k
	[ -f "$b/.pb-stamp" ] || continue
	# the series its own tree carries (kernel/tree.sh), none: Debian's as shipped
	ks=$(cut -d' ' -f2 "$(dirname "$(readlink -f "$b")")/.pb-series" 2>/dev/null || true)
	kernels="$kernels --kernel $k=$(cat "$b/.pb-stamp"),${ks:-none}"
	cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$b/.config" 2>/dev/null || true)
	[ -z "$cc" ] || set -- "$@" --compiler "$k=$cc"
done

# TAP files by the kernel they ran on; host-only stages (unit tests, this
# export, the series check's per-patch kernels) belong to no build.
taps=
for f in $(find "$tapdir" -name '*.tap' | LC_ALL=C sort); do
	case ${f#"$tapdir"/} in
	kunit-*.tap) k=${f##*/kunit-}; k=${k%.tap} ;;
	guest-debug-llvm-*/*.tap) k=debug-llvm ;;	# make test-llvm's
	guest-*/*.tap) k=${f#"$tapdir"/guest-}; k=${k%%-*} ;;
	harness.tap) k=baseline ;;	# tests/harness.sh boots the baseline kernel
	*) echo "kcidb: $f: not a kernel's results, left out" >&2; continue ;;
	esac
	case $k in baseline | patched | debug | debug-llvm) taps="$taps --tap $k=$f" ;;
	*) echo "kcidb: $f: unknown kernel '$k', left out" >&2 ;;
	esac
done

# Each kernel's config fragments in kernel/build.sh's order: bench.config,
# the guest architecture's (vm/arch/, pb arch config), the sanitizers'.
fragment=vm/arch/$("$PB" arch config)
configs=
for k in baseline patched debug debug-llvm; do
	configs="$configs --config $k=kernel/config/bench.config --config $k=$fragment"
	case $k in debug*) configs="$configs --config $k=kernel/config/debug.config" ;; esac
done
# shellcheck disable=SC2086 # the option lists are words by construction
"$PB" kcidb --out "$out" --url-base "$url" --bench-logs build/bench $checkouts $kernels $taps \
	$configs "$@"
