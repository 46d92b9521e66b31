# shellcheck shell=sh
# What identifies the benchmarked kernels, for a result's meta (meta.sh)
# and an artefact's record (made_for.sh). Reads $PB_CACHE.

# kernel_id TREE VARIANT: its commit and build stamp, and the hash of the
# edits made by hand in the tree when there are any (kernel/edits.sh)
kernel_id() {
	ki_edits=$(cat "$PB_CACHE/build/$2/.pb-edits" 2>/dev/null || true)
	echo "$(git -C "$PB_CACHE/$1" rev-parse --short=12 HEAD) stamp $(cat "$PB_CACHE/build/$2/.pb-stamp")${ki_edits:+ edits $ki_edits}"
}

# kernel_cc VARIANT: the version line of the compiler that built it, as
# kbuild recorded it (CONFIG_CC_VERSION_TEXT); nothing when not recorded
kernel_cc() {
	sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$PB_CACHE/build/$1/.config" 2>/dev/null || true
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

# series_id: the hash of the series applied to the patched tree (make trees)
series_id() {
	cut -d' ' -f2 "$PB_CACHE/src-patched/.pb-series"
}
