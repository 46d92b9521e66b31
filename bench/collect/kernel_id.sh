# shellcheck shell=sh
# What identifies the benchmarked kernels, for a result's meta (meta.sh)
# and an artefact's record (made_for.sh). Reads $PB_CACHE.

# kernel_id TREE VARIANT: its commit and build stamp, and the hash of the
# edits made by hand in the tree when there are any (kernel/edits.sh)
kernel_id() {
	ki_edits=$(cat "$PB_CACHE/build/$2/.pb-edits" 2>/dev/null || true)
	echo "$(git -C "$PB_CACHE/$1" rev-parse --short=12 HEAD) stamp $(cat "$PB_CACHE/build/$2/.pb-stamp")${ki_edits:+ edits $ki_edits}"
}

# series_id: the hash of the series applied to the patched tree (make trees)
series_id() {
	cut -d' ' -f2 "$PB_CACHE/src-patched/.pb-series"
}
