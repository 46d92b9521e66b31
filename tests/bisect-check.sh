#!/bin/sh
# make test-bisect: make bisect on a user repository made from the cache's
# patched tree (tests/bisect-repo.sh: a shared clone, 8 commits on top, one
# of them a planted per-packet cost in mctp_route_lookup(), one a broken
# KUnit case). Bad input is refused before anything is built (GOOD not an
# ancestor of BAD, no commit between, an unknown suite or point, no git
# tree, a dirty tree without @WORKTREE, TEST= and SUITE= both or neither,
# CURVE=1 over more commits than CURVE_MAX); a second bisection of the
# cache is refused while one holds its lock; the bisection names the
# planted commit within 3 midpoint steps after the two ends, its report
# names it with figures and a reproducer, its plot is drawn; run again it
# reuses every step; git bisect run with bench/bisect/bisect-run.sh names it
# too; CURVE=1 over 3 commits around it has a row per commit, the planted
# one bad, and its plot. TEST=kunit KUNIT=mctp-route over the last 5
# commits names the KUnit commit, its report the failing case, the console's
# tail and a reproducer; GOOD failing the test or BAD passing it is
# refused, from steps already measured: nothing built.
# The repository's status, refs, worktrees, config and index are as before.
# Needs the cache's patched tree and kernel (make kernels): missing, that
# is a failure.
#   bisect-check.sh OUT.tap   (env: PB, MAKE, PB_CACHE)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
tap_scratch bisect-check
tap_start "$1" bisect
: "${PB_CACHE:=$HOME/.cache/patchbench}"
export PB_CACHE
MAKE=${MAKE:-make}
suite=mctp-route points='lookup=kernel routes=1'
started=$(date +%s)

finish() { tap_finish; exit $?; }
if [ ! -e "$PB_CACHE/src-patched/.git" ] || [ ! -f "$PB_CACHE/build/patched/.pb-stamp" ]; then
	result fail prerequisites "no patched tree and kernel in $PB_CACHE (run 'make kernels' first)"
	finish
fi
repo=$work/linux
if ! tests/bisect-repo.sh "$repo" > "$work/planted" 2>"$work/repo.err"; then
	result fail repository "tests/bisect-repo.sh failed: $(tail -n 1 "$work/repo.err")"
	finish
fi
result ok repository
planted=$(sed -n 1p "$work/planted") broken=$(sed -n 2p "$work/planted")
subject=$(git -C "$repo" log -1 --format=%s "$planted")

# What must not change in the user's repository.
state() {
	git --no-optional-locks -C "$repo" status --porcelain
	git -C "$repo" for-each-ref
	git -C "$repo" worktree list --porcelain
	git -C "$repo" config --local --list
	stat -c '%Y.%s' "$repo/.git/index"
	ls -a "$repo/.git"
}
state > "$work/before"
ls "$PB_CACHE/bisect" > "$work/steps-before" 2>/dev/null || true

bisect() { # bisect ARGS...: make bisect, its output in $work/out, its status returned
	# one round; more only while the noisiest point hides a 3 % shift
	"$MAKE" --no-print-directory -s bisect ROUNDS=1 TARGET_MDE=3 RESULTS_DIR="$work/results" "$@" > "$work/out" 2>&1
}
# refused NAME WORDS ARGS...: make bisect fails at once saying WORDS, building nothing
refused() {
	name=$1 words=$2
	shift 2
	if bisect "$@"; then
		result fail "$name" "make bisect $* succeeded"
	elif ! grep -q "$words" "$work/out"; then
		result fail "$name" "'$words' not in: $(grep -v '^make' "$work/out" | tail -n 1)"
	elif grep -q '^bisect: building\|^build: ' "$work/out"; then
		result fail "$name" "something was built before the error"
	else
		result ok "$name"
	fi
}
refused not-ancestor "is not an ancestor" GOOD="$repo@HEAD" BAD="$repo@HEAD~3" SUITE=$suite POINTS="$points"
refused nothing-between "no commit between" GOOD="$repo@HEAD~1" BAD="$repo@HEAD" SUITE=$suite POINTS="$points"
refused unknown-suite "no suite 'nosuch'" GOOD="$repo@HEAD~8" BAD="$repo" SUITE=nosuch
refused unknown-point "has no parameter 'frobs'" GOOD="$repo@HEAD~8" BAD="$repo" SUITE=$suite POINTS=frobs=1
mkdir -p "$work/plain"
refused no-git-tree "is not a git tree" GOOD="$work/plain@HEAD" BAD="$repo" SUITE=$suite POINTS="$points"
# a tracked file changed (the tree's .gitignore ignores new ones), then
# its content put back: the index is never written
cp -p "$repo/README" "$work/README"
echo changed >> "$repo/README"
refused dirty-tree "working tree of .* has changes" GOOD="$repo@HEAD~8" BAD="$repo" SUITE=$suite POINTS="$points"
cp -p "$work/README" "$repo/README"
refused test-and-suite "TEST= and SUITE= both given" GOOD="$repo@HEAD~8" BAD="$repo" SUITE=$suite TEST=kunit
refused neither "SUITE=name (a cost) or TEST=PATTERN" GOOD="$repo@HEAD~8" BAD="$repo"
refused test-no-job "chooses no job" GOOD="$repo@HEAD~8" BAD="$repo" TEST=nosuch
refused curve-too-long "more than CURVE_MAX=4; narrow the range" GOOD="$repo@HEAD~8" BAD="$repo" \
	SUITE=$suite POINTS="$points" CURVE=1 CURVE_MAX=4
mkdir -p "$PB_CACHE/bisect"
# (the holder is the sleep itself: killed, the lock is free)
(exec 8> "$PB_CACHE/bisect/.lock" && flock 8 && exec sleep 60) &
holder=$!
sleep 1
refused second-bisection "another make bisect runs" GOOD="$repo@HEAD~8" BAD="$repo" SUITE=$suite POINTS="$points"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
ls "$PB_CACHE/bisect" > "$work/steps-after" 2>/dev/null || true
check nothing-made "bad input left a bisection directory behind" cmp -s "$work/steps-before" "$work/steps-after"

t0=$(date +%s)
bisect GOOD="$repo@HEAD~8" BAD="$repo" SUITE=$suite POINTS="$points"
rc=$?
took=$(( $(date +%s) - t0 ))
cp "$work/out" "$(dirname "$1")/bisect-run.log"
echo "bisect: the bisection took $took s (log: $(dirname "$1")/bisect-run.log)"
check bisection "make bisect failed (exit $rc)" test "$rc" = 0
short=$(echo "$planted" | cut -c1-12)
check names-the-commit "make bisect did not name $short ($subject)" \
	grep -q "^bisect: first bad commit: $short " "$work/out"
out=$(sed -n 's/^bisect: report: //p' "$work/out")
log=$(dirname "${out:-/nonexistent}")/bisect-log.txt
steps=$(grep -c '^git bisect \(good\|bad\|skip\) ' "$log" 2>/dev/null || echo 0)
check three-steps "$((steps - 2)) midpoint steps after the two ends, more than 3" test $((steps - 2)) -le 3
check log-ends-with-it "the step log does not end with the planted commit" \
	grep -q "^# first bad commit: \[$planted\] $subject" "$log"
report=${out:-/nonexistent}
[ ! -f "$report" ] || cp "$report" "$(dirname "$1")/bisect-report.mbox"
# a PNG's first bytes: \211PNG
# shellcheck disable=SC2317 # called by check
png() { [ "$(head -c 4 "$1" 2>/dev/null | tail -c 3)" = PNG ]; }
check plot "no plot of the bisected commits: $(dirname "$report")/bisect.png" png "$(dirname "$report")/bisect.png"
[ ! -f "$(dirname "$report")/bisect.png" ] || cp "$(dirname "$report")/bisect.png" "$(dirname "$1")/bisect.png"
check report-subject "the report's subject does not name the commit's subject" \
	grep -q "^Subject: \[patchbench\] $subject: [0-9.]* % more guest instructions on $suite" "$report"
check report-commit "the report does not name the commit" grep -q "^  commit $planted" "$report"
check report-figures "the report has no parent and commit figures with an interval" \
	grep -q '^    commit  [0-9.]*   commit/parent [0-9.]*x (95 % [0-9.]*-[0-9.]*)' "$report"
check report-reproducer "the report has no reproducing command" \
	grep -q "^  make bench BASELINE=$repo@[0-9a-f]* PATCHED=$repo@$planted SUITE=$suite" "$report"
check report-addressees "the report names no maintainer of net/mctp (get_maintainer.pl)" \
	grep -q '^To: .*@' "$report"
state > "$work/after"
check repository-untouched "the repository changed: $(diff "$work/before" "$work/after" | head -n 3 | tr '\n' ' ')" \
	cmp -s "$work/before" "$work/after"

# again: every step is reused, nothing built or booted
bisect GOOD="$repo@HEAD~8" BAD="$repo" SUITE=$suite POINTS="$points"
rc=$?
check resumed "run again, make bisect failed or built or booted something" \
	sh -c "[ $rc = 0 ] && grep -q '^bisect: first bad commit: $short ' '$work/out' &&
		! grep -q '^bisect: building\|^bench: .* round' '$work/out'"
# git driving, with patchbench's script (the steps reused): the same commit
(cd "$repo" && git bisect start HEAD HEAD~8 > /dev/null &&
	git bisect run "$root/bench/bisect/bisect-run.sh" "$(dirname "$report")"; git bisect reset) > "$work/gbr" 2>&1
check git-bisect-run "git bisect run with bench/bisect/bisect-run.sh did not name $short: $(tail -n 1 "$work/gbr")" \
	grep -q "^$planted is the first bad commit" "$work/gbr"
# (git's own bisection wrote its index: what make bisect must leave as it is from here)
state > "$work/before"
# the repository's directory in the cache (its scratch tree, every step):
# this repository is gone at exit
dir=$(sed -n 's/.*work in \([^,]*\), output in.*/\1/p' "$work/out" | head -n 1)

# CURVE=1 over the 3 commits up to the one after the planted one: a row per
# commit (GOOD's too), the planted one bad, its parent good; the steps the
# bisection measured are reused
t0=$(date +%s)
after=$(git -C "$repo" rev-list --reverse "$planted..HEAD" | head -n 1)
bisect GOOD="$repo@$planted~2" BAD="$repo@$after" SUITE=$suite POINTS="$points" CURVE=1
rc=$?
echo "bisect: CURVE=1 over 3 commits took $(( $(date +%s) - t0 )) s"
cp "$work/out" "$(dirname "$1")/bisect-curve.log"
curve=$(sed -n 's/^bisect: curve: \([^,]*\.png\), .*/\1/p' "$work/out")
table=${curve%.png}.md
check curve "make bisect CURVE=1 failed (exit $rc)" test "$rc" = 0
check curve-rows "the curve's table has not a row for each of the 4 commits (GOOD and 3)" \
	test "$(grep -c '^| [0-9a-f]\{7\} | ' "$table" 2>/dev/null)" = 4
check curve-planted "the curve's table does not call the planted commit bad" \
	grep -q "^| $(echo "$planted" | cut -c1-7) | .* | bad | [0-9.]* \[" "$table"
check curve-plot "no curve plot: ${curve:-none named}" png "${curve:-/nonexistent}"
[ ! -f "${curve:-/nonexistent}" ] || cp "$curve" "$table" "$(dirname "$1")/"

# A failing test: TEST=kunit KUNIT=mctp-route over the last 5 commits
t0=$(date +%s)
bisect TEST=kunit KUNIT=mctp-route GOOD="$repo@HEAD~5" BAD="$repo"
rc=$?
echo "bisect: the KUnit bisection took $(( $(date +%s) - t0 )) s"
cp "$work/out" "$(dirname "$1")/bisect-kunit.log"
check kunit-bisection "make bisect TEST=kunit failed (exit $rc)" test "$rc" = 0
kshort=$(echo "$broken" | cut -c1-12)
check kunit-names-the-commit "make bisect TEST=kunit did not name $kshort" \
	grep -q "^bisect: first bad commit: $kshort " "$work/out"
kreport=$(sed -n 's/^bisect: report: //p' "$work/out")
kreport=${kreport:-/nonexistent}
[ ! -f "$kreport" ] || cp "$kreport" "$(dirname "$1")/bisect-kunit-report.mbox"
check kunit-report-case "the report does not name the failing case" \
	grep -q "^Subject: \[patchbench\] .*: kunit mctp-route.mctp_test_route_gw_loop fails" "$kreport"
check kunit-report-log "the report has no console tail" grep -q '^  == kunit-step.tap.log' "$kreport"
check kunit-report-reproducer "the report has no make run reproducer" \
	grep -q "^  make run TEST='kunit/patched' KUNIT='mctp-route' PATCHED=$repo@$broken" "$kreport"
# the ends checked first; both measured by the bisection above, so nothing is built
refused good-fails "does not pass TEST=kunit" TEST=kunit KUNIT=mctp-route GOOD="$repo@$broken" BAD="$repo"
refused bad-passes "does not fail TEST=kunit" TEST=kunit KUNIT=mctp-route GOOD="$repo@HEAD~5" BAD="$repo@$broken~1"
state > "$work/after"
check repository-untouched-at-the-end "the repository changed: $(diff "$work/before" "$work/after" | head -n 3 | tr '\n' ' ')" \
	cmp -s "$work/before" "$work/after"
case $dir in "$PB_CACHE"/bisect/?*) rm -rf "$dir" ;; esac
echo "bisect: test-bisect took $(( $(date +%s) - started )) s"
finish
