# shellcheck shell=sh
# What identifies the benchmarked kernels, for a result's meta (meta.sh)
# and an artefact's record (made_for.sh). Reads $PB_CACHE; with PB_KBUILD
# (a pair of the user's, kernel/pair.sh) the kernels linked there.
# shellcheck source=kernel/kbuild.sh
. kernel/kbuild.sh

# kernel_id TREE VARIANT: (TREE: under PB_CACHE, unless PB_KBUILD says) its commit and build stamp, and the hash of the
# edits made by hand in the tree when there are any (kernel/edits.sh). A
# tree extracted from the user's repository (kernel/source.sh) is no git
# repository: its tree id stands for the commit.
kernel_id() {
	ki_build=$(kbuild_dir "$2")
	ki_src=$PB_CACHE/$1
	[ -z "${PB_KBUILD:-}" ] || ki_src=$(dirname "$(readlink -f "$ki_build")")
	ki_edits=$(cat "$ki_build/.pb-edits" 2>/dev/null || true)
	if [ -f "$ki_src/.pb-tree" ]; then
		case $(cat "$ki_src/.pb-tree") in
		linux-source-*) ki_rev=$(cat "$ki_src/.pb-tree") ;;	# debian-X.Y: the package and version
		*) ki_rev="tree $(cut -c1-12 "$ki_src/.pb-tree")" ;;
		esac
	else
		ki_rev=$(git -C "$ki_src" rev-parse --short=12 HEAD)
	fi
	echo "$ki_rev stamp $(cat "$ki_build/.pb-stamp")${ki_edits:+ edits $ki_edits}"
}

# kernel_cc VARIANT: the version line of the compiler that built it, as
# kbuild recorded it (CONFIG_CC_VERSION_TEXT); nothing when not recorded
kernel_cc() {
	sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$(kbuild_dir "$1")/.config" 2>/dev/null || true
}

# kernel_config_hash VARIANT: the hash of its effective .config (16 hex
# digits of sha256sum); nothing without one
kernel_config_hash() {
	kch=${PB_KBUILD:-$PB_CACHE/build}/$1/.config
	[ ! -f "$kch" ] || sha256sum < "$kch" | cut -c1-16
}

# kernels_cc: the compiler of the benchmarked kernels, named per kernel when
# they differ; nothing unless both recorded it
kernels_cc() {
	kc_base=$(kernel_cc baseline) kc_patched=$(kernel_cc patched)
	if [ -z "$kc_base" ] || [ -z "$kc_patched" ]; then
		return 0
	elif [ "$kc_base" = "$kc_patched" ]; then
		echo "$kc_base"
	else
		echo "baseline $kc_base; patched $kc_patched"
	fi
}

# series_id KERNEL: the hash of the series applied to KERNEL's tree (make
# trees), "none" when that tree is no series on Debian's
series_id() {
	si_src=$(dirname "$(readlink -f "$(kbuild_dir "$1")")")
	if [ -f "$si_src/.pb-series" ]; then cut -d' ' -f2 "$si_src/.pb-series"; else echo none; fi
}
