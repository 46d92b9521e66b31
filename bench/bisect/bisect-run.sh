#!/bin/sh
# git bisect run's script (docs/bisect.md), for a bisection driven by git in
# your own tree, against the ends a make bisect benched:
#   make bisect GOOD=~/linux@v1 BAD=~/linux@v2 SUITE=...    (once: the ends,
#                                   its output directory RESULTS_DIR/bisect-ID)
#   cd ~/linux && git bisect start v2 v1
#   git bisect run PATCHBENCH/bench/bisect/bisect-run.sh RESULTS_DIR/bisect-ID
# Builds the commit git checked out (HEAD) in make bisect's scratch tree,
# benches the followed points (or boots the TEST= jobs) and judges them
# as make bisect does (bench/bisect/bisect-step.sh), calling pb directly;
# exits as git bisect run expects: 0 good, 1 bad, 125 skip (it failed to
# build, boot or run, stayed undecided or lacks the test), 128 when it
# cannot work at all (git then stops): no ends.txt there, another tree,
# patchbench not built (make tools initramfs), another bisection holding
# the cache.
set -u
ref=${1:-}
here=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "bisect-run: error: $*" >&2; exit 128; }
head=$(git --no-optional-locks rev-parse HEAD) || fail "not in a git tree"
top=$(git --no-optional-locks rev-parse --show-toplevel)
[ -f "$ref/ends.txt" ] || fail "${ref:-(no directory given)}: no ends.txt: name the output directory of a make bisect GOOD= BAD= SUITE= of this tree"
get() { sed -n "s/^$1=//p" "$ref/ends.txt"; }
path=$(get path)
[ "$path" = "$top" ] || fail "$ref is a bisection of $path, not of $top"
cd "$here" || exit 128
export PB="$here/build/pb" PB_CACHE="${PB_CACHE:-$HOME/.cache/patchbench}" INITRAMFS="$here/build/initramfs.cpio" \
	ACCEL="${ACCEL:-auto}" PB_UNITS_OUT="$here/build"
{ [ -x "$PB" ] && [ -f "$INITRAMFS" ]; } || fail "patchbench is not built in $here: make tools initramfs"
id=$(get id) suite=$(get suite) bad=$(get bad) good_run=$(get good_run) bad_run=$(get bad_run)
filter=$(get filter) rounds=$(get rounds) bpf=$(get bpf) budget=${BUDGET:-600} units=$PB_UNITS_OUT
DIR=$(get dir) RUNS=$(get runs) RANGE=$(get range) mode=$(get mode) jobs=$(get jobs) modules=$(get modules)
KUNIT=$(get kunit)
export KUNIT
GIT="git --no-optional-locks -C $path"
[ -f "$RUNS/$bad_run.json" ] || fail "$RUNS/$bad_run.json is gone (make cache-clean?): run the make bisect again"
exec 7> "$PB_CACHE/bisect/.lock"
flock -n 7 || fail "another make bisect runs on $PB_CACHE"
# shellcheck source=bench/bisect/bisect-step.sh
. bench/bisect/bisect-step.sh
# shellcheck source=bench/lib/caps.sh
. bench/lib/caps.sh
v=$(judge "$head")
say "$(short "$head") $(subject "$head"): $v"
case $v in
good) exit 0 ;;
bad) exit 1 ;;
*) exit 125 ;;
esac
