#!/bin/sh
# make bisect GOOD= BAD= SUITE= | TEST=: the first commit of a git range
# that moves the suite's points from GOOD's figures to BAD's, or where the
# selected tests start failing (docs/bisect.md).
#   bisect-range.sh GOOD BAD SUITE ROUNDS
#     (env: PB, INITRAMFS, ACCEL, PB_CACHE, PB_UNITS_OUT, BUDGET, PB_POINTS
#      (make's checked POINTS=), DIRECTION (slower|faster), FOLLOW (3),
#      PB_TEST (TEST=: pb jobs' patterns; SUITE then empty), KUNIT,
#      CURVE (1: every commit benched and plotted), CURVE_MAX (16),
#      RESULTS_DIR (default PB_CACHE/results/bisect), PROFILES (profiles):
#      where the project's own series' cost bisections go)
# A cost: both ends are benched first, one kernel at a time (kernel "step"
# in each result), and pb bisect-verdict names the points BAD differs on
# (POINTS=, or the FOLLOW largest of the whole suite's); nothing to bisect
# when there is none. Then each midpoint (kernel/range.sh next: git
# rev-list --bisect-all, read only) is built in the one scratch tree
# (kernel/bisect-tree.sh) and benched on those points, and pb
# bisect-verdict calls it good, bad or undecided; undecided gets more rounds
# while BUDGET allows, then is skipped, as is a step that fails to build,
# boot or run. CURVE=1 benches every commit of the range instead (first
# parents, at most CURVE_MAX) and plots them. A test: the jobs TEST= chooses
# (pb jobs select, as make run) boot each step's kernel; GOOD must
# pass them and BAD fail them; a step that fails them is bad, one that passes
# good, one without the test (no KUnit suite the glob matches, not
# applicable, BAD's failing cases absent) or that fails to build is skipped.
# Everything is kept under PB_CACHE/bisect/REPO/ (REPO: the repository and
# KCONFIG): the scratch tree, and per what is measured (the suite and
# points, or the jobs) each commit's result, which any range of the
# repository reuses (an interrupted bisection run again too). One
# bisection at a time per cache (PB_CACHE/bisect/.lock). The step log (git
# bisect log's form: git bisect replay takes it), the report
# (bench/bisect/bisect-report.sh), the plot, the results and ends.txt (what
# bench/bisect/bisect-run.sh, git bisect run's script, judges against) go
# to RESULTS_DIR/bisect-ID/, or for a cost of the project's own series
# (baseline, patched, the cache's tree repository) to
# PROFILES/SUITE/bisect-ID/ (ID: the range and what is followed).
# A step is bench/bisect/bisect-step.sh's.
set -eu
good_spec=$1 bad_spec=$2 suite=$3 rounds=$4
: "${PB:?}" "${PB_CACHE:?}"
points=${PB_POINTS:-} direction=${DIRECTION:-slower} follow=${FOLLOW:-3} budget=${BUDGET:-600}
tests=${PB_TEST:-} curve=${CURVE:-} curve_max=${CURVE_MAX:-16}
units=${PB_UNITS_OUT:-$(pwd)/build}
started=$(date +%s)
mode=cost jobs='' bpf='' modules=1 filter='' kunit=''
[ -z "$tests" ] || mode='test'

die() { echo "bisect: error: $*" >&2; exit 1; }
# say, subject, short, build_step, run and test_run (a commit measured),
# judge (its verdict), why
# shellcheck source=bench/bisect/bisect-step.sh
. bench/bisect/bisect-step.sh
# caps_file (a step's capabilities, for its KUnit suites)
# shellcheck source=bench/lib/caps.sh
. bench/lib/caps.sh

# step_jobs: the jobs TEST= chooses (pb jobs select), on the kernel
# "step": KUnit and the in-guest tests, whichever kernel they named
step_jobs() {
	# shellcheck disable=SC2086 # the patterns are words, not globbed here
	sel=$(set -f; "$PB" jobs select $tests 2>&1) || { echo "bisect: error: $sel" >&2; return 1; }
	sj=''
	for j in $sel; do
		case $j in
		*/debug*)
			die "TEST=$tests chooses $j: a step's kernel is built with the bench config, not a sanitizer kernel's" ;;
		kunit/*) s=kunit/step ;;
		guest/*/*) s=guest/step/${j#guest/*/} ;;
		*) die "TEST=$tests chooses $j: make bisect boots KUnit (kunit/...) and the in-guest tests (guest/KERNEL/TEST) on each step" ;;
		esac
		case " $sj " in *" $s "*) ;; *) sj="$sj${sj:+ }$s" ;; esac
	done
	echo "$sj"
}

# --- bad input: said before anything is built
case $mode in
cost)
	"$PB" suites get "$suite" kernels > /dev/null || exit 1
	[ "$("$PB" suites get "$suite" runner)" = bench/collect/run.sh ] ||
		die "SUITE=$suite keeps records, not samples of a cost: make bisect takes the suites bench/collect/run.sh runs"
	[ -z "$points" ] || points=$("$PB" suites points "$suite" "$points") || exit 1
	# the BPF suites' programs are built per kernel (vmlinux.h, skeletons): those needing BTF
	! "$PB" suites get "$suite" needs | grep -qx 'config:CONFIG_DEBUG_INFO_BTF' || bpf=1 ;;
test)
	[ -z "$suite" ] || die "TEST= and SUITE= both given: a bisection follows a failing test (TEST=) or a cost (SUITE=)"
	[ -z "$curve" ] || die "CURVE=1 plots a cost along the range: it takes SUITE=, not TEST="
	[ -z "$points" ] || die "POINTS= are a suite's: TEST= bisects a failing test"
	jobs=$(step_jobs) || exit 1
	# the in-guest tests load their modules and BPF programs (make run builds them)
	case " $jobs " in *" guest/"*) bpf=1 ;; *) modules=0 ;; esac
	kunit=$("$PB" tests kunit) ;;
esac
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
if [ -n "$curve" ]; then
	n=$(( $($GIT rev-list --count --first-parent "$good..$bad") + wt ))
	[ "$n" -le "$curve_max" ] ||
		die "CURVE=1 benches every commit: $good_spec..$bad_spec has $n (first parents), more than CURVE_MAX=$curve_max; narrow the range (a make bisect without CURVE=1 first names the commit: then GOOD= and BAD= a few commits either side of it)"
fi
# a cost of the project's own series (the cache's tree repository): under
# profiles/ (PROFILES: RESULTS_DIR/profiles when given) as its other
# bisections; a user's range under RESULTS_DIR, never in this repository
results=${RESULTS_DIR:-$PB_CACHE/results/bisect}
[ "$mode" = test ] || [ "$(cd "$path" && pwd -P)" != "$(cd "$PB_CACHE/src-patched" 2>/dev/null && pwd -P)" ] ||
	results=${PROFILES:-profiles}/$suite
case $(cd "$(dirname "$results")" 2>/dev/null && pwd)/$(basename "$results") in
"$(pwd)/results" | "$(pwd)/results/"*) die "RESULTS_DIR=$results is this repository's results/: a bisection files elsewhere" ;;
esac

# REPO: the scratch tree; RUNS: each commit's result, per what is measured
# (with BAD's working tree, per its changes); RANGE: this range's verdicts
hash() { sha256sum | cut -c1-12; }
dirty=
[ "$wt" = 0 ] || dirty=$($GIT diff HEAD --binary | hash)
if [ "$mode" = cost ]; then
	id=$(printf '%s\n' "$path" "$good" "$bad" "$wt" "$suite" "$points" "$direction" "${KCONFIG:-}" | hash)
	what=$(printf '%s\n' "$suite" "$points" "$dirty" | hash)
else
	id=$(printf '%s\n' "$path" "$good" "$bad" "$wt" "test" "$jobs" "$kunit" "${KCONFIG:-}" | hash)
	what=$(printf '%s\n' test "$jobs" "$kunit" "$dirty" | hash)
fi
DIR=$PB_CACHE/bisect/$(printf '%s\n' "$path" "${KCONFIG:-}" | hash)
RUNS=$DIR/runs-$what RANGE=$DIR/runs-$what/range-$id out=$results/bisect-$id
mkdir -p "$PB_CACHE/bisect"
exec 7> "$PB_CACHE/bisect/.lock"
flock -n 7 || die "another make bisect runs on $PB_CACHE (it holds $PB_CACHE/bisect/.lock): one at a time"
mkdir -p "$RANGE" "$out"
say "$path: $good_spec ($(echo "$good" | cut -c1-12)) .. $bad_spec ($(echo "$bad" | cut -c1-12)$(
	[ "$wt" = 0 ] || echo " + the working tree's changes")): $($GIT rev-list --count "$good..$bad") commits;" \
	"work in $DIR, output in $out"

good_run=$good bad_run=$bad
[ "$wt" = 0 ] || bad_run=worktree
if [ "$mode" = cost ]; then
	# --- the ends, on the points asked for (the whole suite without POINTS=)
	for c in "$good_run" "$bad_run"; do
		run "$c" "$rounds" "$points" ||
			die "the end $(short "$c") cannot be measured: $(why "$c"); no bisection (to try again: rm $RUNS/$c.why)"
	done
	rc=0
	# shellcheck disable=SC2086 # an option or nothing
	"$PB" bisect-verdict --out "$RANGE/followed.json" $faster --max "$follow" \
		"$RUNS/$good_run.json" "$RUNS/$bad_run.json" || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 10 ] || exit 1
	[ "$rc" = 0 ] || die "GOOD and BAD do not differ ($direction) on ${points:-any point of $suite} beyond noise: nothing to bisect (their results: $RUNS/)"
	n=0 followed=''
	while t=$("$PB" json-get "$RANGE/followed.json" "followed.$n.text" 2>/dev/null); do
		followed="$followed${followed:+; }$t ($("$PB" json-get "$RANGE/followed.json" "followed.$n.ratio")x)"
		n=$((n + 1))
	done
	filter=${points:-$("$PB" json-get "$RANGE/followed.json" filter)}
	if [ -z "$points" ]; then
		# the steps bench the followed points only: their results are kept
		# apart from the whole suite's, the ends' copied there
		keyed=$DIR/runs-$(printf '%s\n' "$suite" "$filter" "$dirty" | hash)
		mkdir -p "$keyed/range-$id"
		for c in "$good_run" "$bad_run"; do
			[ -f "$keyed/$c.json" ] || cp "$RUNS/$c.json" "$RUNS/$c.time" "$keyed/"
		done
		mv "$RANGE/followed.json" "$keyed/range-$id/"
		RUNS=$keyed RANGE=$keyed/range-$id
	fi
	say "BAD is $direction than GOOD on $n point(s)${points:+ of POINTS=$points}, followed: $followed"
	say "each step runs ${filter:+the points }${filter:-the whole suite}"
	asked="SUITE=$suite${points:+ POINTS=$points}${faster:+ DIRECTION=faster}"
else
	# --- the ends: GOOD passes the tests, BAD fails them
	followed="TEST=$tests (${jobs}; KUnit glob $kunit)"
	say "each step boots $jobs"
	for c in "$good_run" "$bad_run"; do
		test_run "$c" || die "the end $(short "$c") cannot be tested: $(why "$c"); no bisection"
	done
	v=$(test_verdict "$good_run") || v=error
	[ "$v" = pass ] || die "GOOD=$good_spec does not pass TEST=$tests ($v: $("$PB" json-get "$RANGE/$good_run.verdict.json" \
		failures.0.path 2>/dev/null || "$PB" json-get "$RANGE/$good_run.verdict.json" why)): a bisection needs GOOD passing (its logs: $RUNS/$good_run.log)"
	v=$(test_verdict "$bad_run") || v=error
	[ "$v" = fail ] || die "BAD=$bad_spec does not fail TEST=$tests ($v): nothing to bisect (its logs: $RUNS/$bad_run.log)"
	say "BAD fails $("$PB" json-get "$RUNS/$bad_run.json" failed) result(s), the first $("$PB" json-get "$RUNS/$bad_run.json" failures.0.path)"
	asked="TEST='$tests'"
	[ -z "${KUNIT:-}" ] || asked="$asked KUNIT='$KUNIT'"
fi

# what bench/bisect/bisect-run.sh (git bisect run's script) judges against
printf '%s\n' "id=$id" "dir=$DIR" "runs=$RUNS" "range=$RANGE" "mode=$mode" "path=$path" "bad=$bad" \
	"good_run=$good_run" "bad_run=$bad_run" "suite=$suite" "filter=$filter" "rounds=$rounds" "bpf=$bpf" \
	"modules=$modules" "jobs=$jobs" "kunit=${kunit:-}" > "$out/ends.txt.tmp"
mv "$out/ends.txt.tmp" "$out/ends.txt"

log=$out/bisect-log.txt
{
	echo "# make bisect GOOD=$good_spec BAD=$bad_spec $asked${curve:+ CURVE=1}"
	echo "# followed: $followed"
	echo "git bisect start '$bad' '$good'"
} > "$log.tmp"

# figures C: the followed points' figures of C (a cost) or its failures (a test)
figures() {
	[ -f "$RANGE/$1.verdict.json" ] || return 0
	i=0
	if [ "$mode" = test ]; then
		printf '; passed %s, failed %s' "$("$PB" json-get "$RANGE/$1.verdict.json" passed)" \
			"$("$PB" json-get "$RANGE/$1.verdict.json" failed)"
		while [ $i -lt 3 ] && t=$("$PB" json-get "$RANGE/$1.verdict.json" "failures.$i.path" 2>/dev/null); do
			printf ' %s' "$t"
			i=$((i + 1))
		done
		return 0
	fi
	while t=$("$PB" json-get "$RANGE/$1.verdict.json" "points.$i.text" 2>/dev/null); do
		printf '; %s: %s' "$t" "$("$PB" json-get "$RANGE/$1.verdict.json" "points.$i.step" 2>/dev/null || echo -)"
		printf ' (good %s, bad %s)' "$("$PB" json-get "$RANGE/followed.json" "followed.$i.good")" \
			"$("$PB" json-get "$RANGE/followed.json" "followed.$i.bad")"
		i=$((i + 1))
	done
}
# logline C VERDICT: the step log's lines of C; C and VERDICT kept for the plot
logline() {
	tm=$(cat "$RUNS/$1.time" 2>/dev/null || echo "build=- bench=-")
	w=$(why "$1")
	echo "# $2: [$1] $(subject "$1") ($tm s$(figures "$1")${w:+; $w})" >> "$log.tmp"
	[ "$1" = worktree ] || echo "git bisect $2 $1" >> "$log.tmp"
	echo "$1 $2" >> "$RANGE/measured"
}
: > "$RANGE/measured"
[ "$mode" = test ] || for c in "$good_run" "$bad_run"; do cost_verdict "$c" > /dev/null || true; done
logline "$good" good
logline "$bad_run" bad

# plot NAME TITLE [MARK]: the followed points along the commits in
# RANGE/measured, in range order (pb bisect-curve, plots/bisect.gp):
# OUT/NAME.md and OUT/NAME.png
plot() {
	{ echo "$good"; $GIT rev-list --reverse "$good..$bad"; [ "$wt" = 0 ] || echo worktree; } |
	while read -r c; do
		v=$(sed -n "s/^$c //p" "$RANGE/measured" | tail -n 1)
		[ -n "$v" ] || continue
		[ "$c" != "$good" ] || v="good (GOOD)"
		[ "$c" != "$bad_run" ] || v="bad (BAD)"
		[ "$v" != skip ] || v="skip ($(why "$c"))"
		r=$RUNS/$c.json
		[ -f "$r" ] || r=-
		printf '%s\t%s\t%s\t%s\n' "$r" "$v" "$(short "$c" | cut -c1-7)" "$(subject "$c" | tr '\t' ' ')"
	done > "$RANGE/$1.steps"
	mark=0
	[ -z "${3:-}" ] || mark=$(grep -n "$(printf '\t%s\t' "$(short "$3" | cut -c1-7)")" "$RANGE/$1.steps" | cut -d: -f1)
	mkdir -p "$RANGE/plot"
	"$PB" bisect-curve --followed "$RANGE/followed.json" --good "$RUNS/$good.json" --data "$RANGE/plot" \
		--name "$1" --table "$out/$1.md" --title "$2" --mark "$((${mark:-0} - 1))" "$RANGE/$1.steps" &&
		gnuplot_draw plots/bisect.gp "$RANGE/plot/$1.vars" "$out" "$RANGE/plot"
}
# shellcheck source=bench/lib/gnuplot.sh
. bench/lib/gnuplot.sh
# keep: the results of the commits measured beside the log (and followed.json)
keep() {
	cut -d' ' -f1 "$RANGE/measured" | sort -u | while read -r c; do
		[ ! -f "$RUNS/$c.json" ] || cp "$RUNS/$c.json" "$out/"
	done
	[ ! -f "$RANGE/followed.json" ] || cp "$RANGE/followed.json" "$out/"
}

if [ -n "$curve" ]; then
	# --- every commit of the range, first parents, oldest first
	steps=0
	for c in $($GIT rev-list --reverse --first-parent "$good..$bad") $([ "$wt" = 0 ] || echo worktree); do
		[ "$c" != "$bad_run" ] || continue
		steps=$((steps + 1))
		say "commit $steps: $(short "$c") $(subject "$c")"
		v=skip
		! run "$c" "$rounds" "$filter" || v=$(cost_verdict "$c") || v=skip
		logline "$c" "$v"
		say "commit $steps: $(short "$c") is $v"
	done
	total=$(( $(date +%s) - started ))
	echo "# CURVE=1: $steps commits between the ends benched; this run $total s" >> "$log.tmp"
	mv "$log.tmp" "$log"
	plot curve "$(basename "$path") $(short "$good" | cut -c1-7)..$(short "$bad_run" | cut -c1-7): every commit" ||
		die "the curve could not be drawn"
	keep
	cat "$out/curve.md"
	echo "bisect: curve: $out/curve.png, table $out/curve.md, log $log"
	echo "bisect: $steps commits between the ends, this run $total s"
	echo "bisect: disk: $(du -sh "$DIR" | cut -f1) in $DIR (make cache-clean removes it)"
	exit 0
fi

goods=$good skips='' steps=0
cur_bad=$bad
if [ "$wt" = 1 ]; then	# the working tree is the last candidate: is BAD's commit bad already?
	steps=1
	v=$(judge "$bad")
	logline "$bad" "$v"
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
	logline "$c" "$v"
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
echo "# $steps midpoint steps after the two ends; this run $total s (a step's build and $([ "$mode" = cost ] &&
	echo bench || echo test) seconds above)" >> "$log.tmp"
mv "$log.tmp" "$log"
keep
cat "$log"
[ "$mode" = test ] || plot bisect "$(basename "$path") $(short "$good" | cut -c1-7)..$(short "$bad_run" | cut -c1-7): the commits bisected" "$first" ||
	die "the plot of the bisected commits could not be drawn"
if [ -n "$first" ]; then
	parent=$(if [ "$first" = worktree ]; then echo "$bad"; else $GIT rev-parse "$first^"; fi)
	[ -f "$RUNS/$parent.json" ] || parent=$good
	again="make bisect GOOD=$good_spec BAD=$bad_spec $asked"
	PB_BISECT_RUNS=$RUNS PB_BISECT_RANGE=$RANGE PB_BISECT_MODE=$mode PB_BISECT_JOBS=$jobs \
		bench/bisect/bisect-report.sh "$path" "$first" "$parent" "$good_run" "$bad_run" \
		"${suite:-$tests}" "$out" "$again" ||
		die "the report could not be written"
	echo "bisect: first bad commit: $(short "$first") $(subject "$first")"
	echo "bisect: report: $out/report.mbox"
else
	echo "bisect: the first bad commit is one of: $(echo "$candidates" | cut -c1-12 | tr '\n' ' ')(skipped steps: see the log)"
fi
[ "$mode" = test ] || echo "bisect: plot: $out/bisect.png (table $out/bisect.md)"
echo "bisect: $steps steps after the ends, this run $total s; step log: $log"
echo "bisect: disk: $(du -sh "$DIR" | cut -f1) in $DIR (make cache-clean removes it)"
