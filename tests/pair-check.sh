#!/bin/sh
# make test-pair: the acceptance check of "your kernel, your change"
# (docs/kernels.md, "Your own kernel"). The user's tree is a clone of the
# cache's own repository (git clone --shared: cheap), whose tag pristine is
# Debian's tree and branch origin/patched the series applied.
#   make bench BASELINE=CLONE@pristine PATCHED=CLONE@origin/patched
#     SUITE=mctp-route POINTS=<one point> RESULTS_DIR=<scratch>
# must reuse the cached baseline and patched kernels (the same tree ids:
# no kernel compiled, no source extracted), file its result under
# RESULTS_DIR (not results/), record the pair, give the committed
# figures of that point (pb compare: no significant change either way,
# icount being exact) and leave the clone as it was (status, refs,
# worktrees, its index's mtime). bpf-strings' kfunc point is then "not
# applicable: baseline lacks bpf_strlen", by probing the kernel.
#   pair-check.sh OUT.tap     (env: PB, MAKE, PB_CACHE)
set -u
PB=${PB:-build/pb} MAKE=${MAKE:-make}
: "${PB_CACHE:?PB_CACHE must be set}"
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
tap_start "$1" pair
SUITE=mctp-route POINT='routes=1 depth=0 size=1 iters=2000'
work=$(mktemp -d "${TMPDIR:-/tmp}/pb-pair-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
clone=$work/linux
log=$(dirname "$1")/pair-bench.log

give_up() { result fail "$1" "$2"; tap_finish; exit 1; }

committed=$("$PB" results newest "$SUITE") ||
	give_up committed-result "no committed result of $SUITE in results/ to compare with"
git -C "$PB_CACHE/src" rev-parse -q --verify refs/tags/pristine > /dev/null ||
	give_up cache "no pristine tree in $PB_CACHE/src (make trees)"
# A user's tree with a work tree, but only its top-level files checked out
# (sparse): the 1.5 GB checkout and its deletion took minutes of the check.
{ git clone -q --shared --no-checkout "$PB_CACHE/src" "$clone" &&
  git -C "$clone" sparse-checkout set --no-cone /Makefile /README &&
  git -C "$clone" checkout -q baseline; } ||
	give_up clone "git clone --shared $PB_CACHE/src (sparse) failed"

state() {
	git --no-optional-locks -C "$clone" status --porcelain
	git -C "$clone" for-each-ref
	git -C "$clone" worktree list --porcelain
	stat -c %Y.%N "$clone/.git/index"
}
state > "$work/before"

# where the run files it: asked before it starts, as bench/collect/run.sh asks
result=$(RESULTS_DIR=$work/results "$PB" results path --partial "$SUITE") ||
	give_up results-path "pb results path --partial $SUITE failed"
start=$(date +%s)
if "$MAKE" --no-print-directory -C "$root" bench PB_CACHE="$PB_CACHE" BASELINE="$clone@pristine" \
	PATCHED="$clone@origin/patched" SUITE="$SUITE" POINTS="$POINT" RESULTS_DIR="$work/results" \
	> "$log" 2>&1; then
	result ok bench-runs
else
	give_up bench-runs "make bench on the pair failed: $(tail -n 3 "$log" | tr '\n' ' ') (log: $log)"
fi
echo "pair: make bench of the pair took $(($(date +%s) - start)) s" >&2

reused=$(grep -E 'build: (configuring|building)|extracting' "$log")
check kernels-reused "the pair compiled or extracted: $reused" test -z "$reused"
check both-up-to-date "the log does not say both kernels are up to date" \
	test "$(grep -c 'build: \(baseline\|patched\) kernel up to date' "$log")" = 2
check filed-in-results-dir "no result at $result" test -f "$result"
check not-in-results "the pair's run wrote into results/: $(git -C "$root" status --porcelain results)" \
	test -z "$(git -C "$root" status --porcelain results)"
pair=$("$PB" json-get "$result" meta.pair meta.baseline_source meta.patched_source 2>&1)
tree_b=$(git -C "$clone" rev-parse 'pristine^{tree}' | cut -c1-12)
tree_p=$(git -C "$clone" rev-parse 'origin/patched^{tree}' | cut -c1-12)
check pair-recorded "meta gives '$pair', not the pair git:$tree_b, git:$tree_p" \
	test "$(echo "$pair" | sed -n 2,3p | tr '\n' ' ')" = "git:$tree_b git:$tree_p "

# The figures: the committed full result's at that point, on each kernel.
for k in baseline patched; do
	out=$work/compare-$k.json
	"$PB" compare --json "$committed:$k" "$result:$k" > "$out" 2> "$work/compare-$k.err"
	rc=$?
	verdict=$("$PB" json-get "$out" points.0.verdict 2>/dev/null)
	ratio=$("$PB" json-get "$out" points.0.ratio 2>/dev/null)
	if [ "$rc" -ne 0 ]; then
		result fail "same-figure-$k" "pb compare $committed:$k $result:$k exited $rc: $(tail -n 1 "$work/compare-$k.err")"
	elif "$PB" json-get "$out" points.1 > /dev/null 2>&1 || [ -z "$verdict" ]; then
		result fail "same-figure-$k" "pb compare did not compare exactly the one point ($out)"
	else
		case $verdict in
		faster | slower*) result fail "same-figure-$k" "$k: $verdict (ratio $ratio) against $committed" ;;
		*) result ok "same-figure-$k"; echo "pair: $k against $committed: $verdict, ratio $ratio" >&2 ;;
		esac
	fi
done

# What the baseline cannot do is probed, not named: bpf-strings' kfunc
# point is not applicable there, with the probe's reason in the result.
bs_log=$(dirname "$1")/pair-bench-bpf-strings.log
bs_result=$(RESULTS_DIR=$work/results "$PB" results path --partial bpf-strings) ||
	give_up results-path "pb results path --partial bpf-strings failed"
if "$MAKE" --no-print-directory -C "$root" bench PB_CACHE="$PB_CACHE" BASELINE="$clone@pristine" \
	PATCHED="$clone@origin/patched" SUITE=bpf-strings POINTS='fn=strlen L=64 impl=kfunc' \
	ROUNDS=1 RESULTS_DIR="$work/results" > "$bs_log" 2>&1; then
	na=$("$PB" json-get "$bs_result" points.0.not_applicable.baseline 2>&1)
	check kfunc-not-applicable "the baseline's kfunc point: '$na', not 'baseline lacks bpf_strlen'" \
		test "$na" = "baseline lacks bpf_strlen"
	check kfunc-measured-on-patched "the patched kernel's kfunc point has no samples" \
		"$PB" json-get "$bs_result" points.0.patched.samples.0
else
	result fail kfunc-not-applicable "make bench SUITE=bpf-strings on the pair failed: $(tail -n 3 "$bs_log" | tr '\n' ' ')"
fi

state > "$work/after"
check clone-untouched "the clone changed: $(diff "$work/before" "$work/after" | tr '\n' ' ')" \
	cmp -s "$work/before" "$work/after"
tap_finish
