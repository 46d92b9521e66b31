# shellcheck shell=sh
# Sourced by the scripts that change $PB_CACHE: take $PB_CACHE/.lock (fd 9)
# for the rest of the script, so that two runs on one cache take turns
# instead of building into the same trees at once.
mkdir -p "$PB_CACHE"
exec 9> "$PB_CACHE/.lock"
if ! flock -n 9; then
	echo "$(basename "$0"): another patchbench run holds $PB_CACHE/.lock; waiting for it" >&2
	flock 9
fi
