# shellcheck shell=sh
# Sourced by the scripts that change $PB_CACHE: take $PB_CACHE/.lock (fd 9)
# for the rest of the script, so that two runs on one cache take turns
# instead of building into the same trees at once. A script that only reads
# the trees sets lock_shared=1 first (build.sh: its object tree is its own,
# locked apart): kernels then build side by side while a tree change waits.
# A script run by one that holds the lock exclusively (source.sh prepare
# runs tree.sh) is under that lock already: taking it again on a new open
# file would wait for its own parent forever.
if [ "${PB_LOCK_HELD:-}" != "$PB_CACHE" ]; then
	mkdir -p "$PB_CACHE"
	exec 9> "$PB_CACHE/.lock"
	if ! flock -n ${lock_shared:+-s} 9; then
		echo "$(basename "$0"): another patchbench run holds $PB_CACHE/.lock; waiting for it" >&2
		flock ${lock_shared:+-s} 9
	fi
	[ -n "${lock_shared:-}" ] || export PB_LOCK_HELD="$PB_CACHE"
fi
