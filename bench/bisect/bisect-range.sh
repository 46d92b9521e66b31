#!/bin/sh
# make bisect GOOD= BAD= SUITE=: the first commit of a git range that moves
# the suite's points from GOOD's figures to BAD's (docs/bisect.md).
#   bisect-range.sh GOOD BAD SUITE ROUNDS
#     (env: PB, INITRAMFS, ACCEL, PB_CACHE, PB_UNITS_OUT, BUDGET, PB_POINTS
#      (make's checked POINTS=), DIRECTION (slower|faster), FOLLOW (3),
#      RESULTS_DIR (default PB_CACHE/results/bisect), PROFILES (profiles):
#      where the project's own series' output goes)
# Both ends are benched first, one kernel at a time (kernel "step" in each
# result), and pb bisect-verdict names the points BAD differs on (POINTS=,
# or the FOLLOW largest of the whole suite's); nothing to bisect when there
# is none. Then each midpoint (kernel/range.sh next: git rev-list
# --bisect-all, read only) is built in the one scratch tree
# (kernel/bisect-tree.sh) and benched on those points, and pb
# bisect-verdict calls it good, bad or undecided; undecided gets more rounds
# while BUDGET allows, then is skipped, as is a step that fails to build,
# boot or run. Everything is kept under PB_CACHE/bisect/ID/ (ID: the range,
# suite, points and direction): a step's result is keyed by its commit, so
# an interrupted bisection run again reuses its finished steps. One
# bisection at a time per cache (PB_CACHE/bisect/.lock). The step log
# (git bisect log's form: git bisect replay takes it), the report
# (bench/bisect/bisect-report.sh), the results and ends.txt (what
# bench/bisect/bisect-run.sh, git bisect run's script, judges against) go
# to RESULTS_DIR/bisect-ID/, or for the project's own series (baseline,
# patched, the cache's tree repository) to PROFILES/SUITE/bisect-ID/.
# A step is bench/bisect/bisect-step.sh's.
set -eu
good_spec=$1 bad_spec=$2 suite=$3 rounds=$4
: "${PB:?}" "${PB_CACHE:?}"
points=${PB_POINTS:-} direction=${DIRECTION:-slower} follow=${FOLLOW:-3} budget=${BUDGET:-600}
units=${PB_UNITS_OUT:-$(pwd)/build}
started=$(date +%s)

die() { echo "bisect: error: $*" >&2; exit 1; }
# say, subject, short, run (build and bench a commit), judge (its verdict)
# shellcheck source=bench/bisect/bisect-step.sh
. bench/bisect/bisect-step.sh

# --- bad input: said before anything is built
"$PB" suites get "$suite" kernels > /dev/null || exit 1
[ "$("$PB" suites get "$suite" runner)" = bench/collect/run.sh ] ||
	die "SUITE=$suite keeps records, not samples of a cost: make bisect takes the suites bench/collect/run.sh runs"
[ -z "$points" ] || points=$("$PB" suites points "$suite" "$points") || exit 1
case $direction in
slower) faster= ;;
faster) faster=--faster ;;
*) die "DIRECTION=$direction: slower (a regression, the default) or faster (an improvement)" ;;
esac
range=$(kernel/range.sh resolve "$good_spec" "$bad_spec") || exit 1
# shellcheck disable=SC2086 # four words
set -- $range
path=$1 good=$2 bad=$3 wt=$4
GIT="git --no-optional-locks -C $path"
# the BPF suites' programs are built per kernel (vmlinux.h, skeletons): those needing BTF
bpf=
! "$PB" suites get "$suite" needs | grep -qx 'config:CONFIG_DEBUG_INFO_BTF' || bpf=1
# the project's own series (the cache's tree repository): under profiles/
# (PROFILES: RESULTS_DIR/profiles when given) as its other bisections;
# a user's range under RESULTS_DIR, never in this repository
results=${RESULTS_DIR:-$PB_CACHE/results/bisect}
[ "$(cd "$path" && pwd -P)" != "$(cd "$PB_CACHE/src-patched" 2>/dev/null && pwd -P)" ] ||
	results=${PROFILES:-profiles}/$suite
case $(cd "$(dirname "$results")" 2>/dev/null && pwd)/$(basename "$results") in
"$(pwd)/results" | "$(pwd)/results/"*) die "RESULTS_DIR=$results is this repository's results/: a bisection files elsewhere" ;;
esac

id=$(printf '%s\n' "$path" "$good" "$bad" "$wt" "$suite" "$points" "$direction" "${KCONFIG:-}" |
	sha256sum | cut -c1-12)
DIR=$PB_CACHE/bisect/$id out=$results/bisect-$id
mkdir -p "$PB_CACHE/bisect"
exec 7> "$PB_CACHE/bisect/.lock"
flock -n 7 || die "another make bisect runs on $PB_CACHE (it holds $PB_CACHE/bisect/.lock): one at a time"
mkdir -p "$DIR/runs" "$out"
[ "$wt" = 0 ] || $GIT diff HEAD --binary | sha256sum | cut -c1-12 > "$DIR/worktree"
say "$path: $good_spec ($(echo "$good" | cut -c1-12)) .. $bad_spec ($(echo "$bad" | cut -c1-12)$(
	[ "$wt" = 0 ] || echo " + the working tree's changes")): $($GIT rev-list --count "$good..$bad") commits;" \
	"work in $DIR, output in $out"

# --- the ends, on the points asked for (the whole suite without POINTS=)
good_run=$good bad_run=$bad
[ "$wt" = 0 ] || bad_run=worktree
for c in "$good_run" "$bad_run"; do
	run "$c" "$rounds" "$points" ||
		die "the end $(short "$c") cannot be measured: $(cat "$DIR/runs/$c.why"); no bisection (to try again: rm $DIR/runs/$c.why)"
done
rc=0
# shellcheck disable=SC2086 # an option or nothing
"$PB" bisect-verdict --out "$DIR/followed.json" $faster --max "$follow" \
	"$DIR/runs/$good_run.json" "$DIR/runs/$bad_run.json" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 10 ] || exit 1
[ "$rc" = 0 ] || die "GOOD and BAD do not differ ($direction) on ${points:-any point of $suite} beyond noise: nothing to bisect (their results: $DIR/runs/)"
n=0 followed=''
while t=$("$PB" json-get "$DIR/followed.json" "followed.$n.text" 2>/dev/null); do
	followed="$followed${followed:+; }$t ($("$PB" json-get "$DIR/followed.json" "followed.$n.ratio")x)"
	n=$((n + 1))
done
filter=${points:-$("$PB" json-get "$DIR/followed.json" filter)}
say "BAD is $direction than GOOD on $n point(s)${points:+ of POINTS=$points}, followed: $followed"
say "each step runs ${filter:+the points }${filter:-the whole suite}"

# what bench/bisect/bisect-run.sh (git bisect run's script) judges against
printf '%s\n' "id=$id" "path=$path" "bad=$bad" "good_run=$good_run" "bad_run=$bad_run" "suite=$suite" \
	"filter=$filter" "rounds=$rounds" "bpf=$bpf" > "$out/ends.txt.tmp"
mv "$out/ends.txt.tmp" "$out/ends.txt"

log=$out/bisect-log.txt
{
	echo "# make bisect GOOD=$good_spec BAD=$bad_spec SUITE=$suite${points:+ POINTS=$points} DIRECTION=$direction"
	echo "# followed: $followed"
	echo "git bisect start '$bad' '$good'"
} > "$log.tmp"

# logline C VERDICT: the step log's lines of C
logline() {
	tm=$(cat "$DIR/runs/$1.time" 2>/dev/null || echo "build=- bench=-")
	figs='' i=0
	if [ -f "$DIR/runs/$1.verdict.json" ]; then
		while t=$("$PB" json-get "$DIR/runs/$1.verdict.json" "points.$i.text" 2>/dev/null); do
			figs="$figs; $t: $("$PB" json-get "$DIR/runs/$1.verdict.json" "points.$i.step" 2>/dev/null || echo -)"
			figs="$figs (good $("$PB" json-get "$DIR/followed.json" "followed.$i.good")"
			figs="$figs, bad $("$PB" json-get "$DIR/followed.json" "followed.$i.bad"))"
			i=$((i + 1))
		done
	fi
	echo "# $2: [$1] $(subject "$1") ($tm s${figs}$([ ! -f "$DIR/runs/$1.why" ] || echo "; $(cat "$DIR/runs/$1.why")"))"
	[ "$1" = worktree ] || echo "git bisect $2 $1"
}
logline "$good" good >> "$log.tmp"
logline "$bad_run" bad >> "$log.tmp"

goods=$good skips='' steps=0
cur_bad=$bad
if [ "$wt" = 1 ]; then	# the working tree is the last candidate: is BAD's commit bad already?
	steps=1
	v=$(judge "$bad")
	logline "$bad" "$v" >> "$log.tmp"
	say "step 1: $(short "$bad") is $v"
	case $v in
	good) goods="$goods $bad" cur_bad=worktree ;;
	skip) skips="$skips $bad" ;;
	esac
fi
while [ "$cur_bad" != worktree ]; do
	# shellcheck disable=SC2086 # commit ids
	c=$(kernel/range.sh next "$path" "$cur_bad" $goods -- $skips)
	[ -n "$c" ] || break
	steps=$((steps + 1))
	# shellcheck disable=SC2086 # commit ids
	say "step $steps: $(short "$c") $(subject "$c"), $(kernel/range.sh left "$path" "$cur_bad" $goods | wc -l) suspects left"
	v=$(judge "$c")
	logline "$c" "$v" >> "$log.tmp"
	say "step $steps: $(short "$c") is $v"
	case $v in
	good) goods="$goods $c" ;;
	bad) cur_bad=$c ;;
	*) skips="$skips $c" ;;
	esac
done
if [ "$cur_bad" = worktree ]; then
	first=worktree candidates=worktree
else
	# shellcheck disable=SC2086 # commit ids
	candidates=$(kernel/range.sh left "$path" "$cur_bad" $goods)
	first=
	[ "$(echo "$candidates" | wc -l)" != 1 ] || first=$candidates
fi
total=$(( $(date +%s) - started ))
if [ -n "$first" ]; then
	echo "# first bad commit: [$first] $(subject "$first")" >> "$log.tmp"
else
	echo "# only skipped commits left: the first bad commit is one of $(echo "$candidates" | tr '\n' ' ')" >> "$log.tmp"
fi
echo "# $steps midpoint steps after the two ends; this run $total s (a step's build and bench seconds above)" >> "$log.tmp"
mv "$log.tmp" "$log"
cp "$DIR"/runs/*.json "$DIR/followed.json" "$out/" 2>/dev/null || true
cat "$log"
if [ -n "$first" ]; then
	parent=$(if [ "$first" = worktree ]; then echo "$bad"; else $GIT rev-parse "$first^"; fi)
	[ -f "$DIR/runs/$parent.json" ] || parent=$good
	again="make bisect GOOD=$good_spec BAD=$bad_spec SUITE=$suite${points:+ POINTS=$points}${faster:+ DIRECTION=faster}"
	PB_BISECT_DIR=$DIR bench/bisect/bisect-report.sh "$path" "$first" "$parent" "$good_run" "$bad_run" \
		"$suite" "$out" "$again" ||
		die "the report could not be written"
	echo "bisect: first bad commit: $(short "$first") $(subject "$first")"
	echo "bisect: report: $out/report.mbox"
else
	echo "bisect: the first bad commit is one of: $(echo "$candidates" | cut -c1-12 | tr '\n' ' ')(skipped steps: see the log)"
fi
echo "bisect: $steps steps after the ends, this run $total s; step log: $log"
echo "bisect: disk: $(du -sh "$DIR" | cut -f1) in $DIR (make cache-clean removes it)"
