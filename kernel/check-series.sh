#!/bin/sh
# Bisectability: apply the series one patch at a time, build the kernel and
# run make test's KUnit suites after each patch (the glob KUNIT=, default
# mctp*: pb tests kunit).
#   check-series.sh SERIES_DIR OUT.tap     (env: PB_CACHE, PB, ACCEL, KUNIT, STEPS)
# Ends with pb tally of OUT-checkpatch.tap and OUT.tap: its exit status.
# The suites expected after each patch are the built-in ones the glob
# matches in that build (pb probe), as make test's kunit jobs expect them.
# STEPS="NNNN ...": only those steps are built and tested, the others
# applied (a skip each): a step costs a kernel link, minutes on a slow host.
# A step whose KUnit fails is an expected failure ("ok ... # XFAIL", as
# kselftest writes one) when a later patch's Fixes: names it: the series
# keeps upstream's order, and the fix follows it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
series=$(cd "$1" && pwd) out=$2
src=$PB_CACHE/src-check
GIT="git -c user.name=patchbench -c user.email=patchbench@localhost"
# shellcheck source=kernel/series.sh
. "$here/series.sh"

# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh

# checkpatch_own OUT.tap: checkpatch --strict on every project-own patch
# (kernel/series.sh says which), one TAP line each, before any build and
# whether or not the series builds.
checkpatch_own() {
	tap_start "$1" checkpatch
	for co_p in $(series_own_patches "$series"); do
		co_name=$(basename "$co_p" .patch)
		if co_log=$(series_checkpatch "$PB_CACHE/src" "$series" "$co_p" 2>&1); then
			result ok "$co_name"
		else
			result fail "$co_name" "$(printf '%s\n' "$co_log" | grep -m 1 .)" 2> /dev/null
			tap_diag "$co_log"
		fi
	done
	tap_finish
}
checkpatch_own "${out%.tap}-checkpatch.tap"

# kunit_counts: the last pb kunit's counts (its --json), or why there are none
kunit_counts() {
	if [ -s "$out.kunit.json" ] &&
		kc=$("$PB" json-get "$out.kunit.json" passed failed skipped suites seconds accel); then
		printf '%s\n' "$kc" | {
			read -r kc_p; read -r kc_f; read -r kc_s; read -r kc_suites; read -r kc_sec; read -r kc_accel
			printf '%s passed, %s failed, %s skipped (suites %s, %.1f s, accel %s)' \
				"$kc_p" "$kc_f" "$kc_s" "$kc_suites" "$kc_sec" "$kc_accel"
		}
	else
		printf 'no result (pb kunit: %s)' "$(tail -n 1 "$out.kunit.out")"
	fi
}
# shellcheck source=bench/lib/caps.sh
. bench/lib/caps.sh
glob=$("$PB" tests kunit) || exit 1

$GIT -C "$PB_CACHE/src" worktree remove -f "$src" 2>/dev/null || rm -rf "$src"
$GIT -C "$PB_CACHE/src" worktree prune
$GIT -C "$PB_CACHE/src" worktree add -q -f -B check "$src" pristine || exit 1
# a patch after one that failed to apply, build or be probed is not reached:
# a failure too, as it was when the plan named it and no line followed
tap_start "$out" series
stop=
for p in "$series"/*.patch; do
	name=$(basename "$p" .patch)
	if [ -n "$stop" ]; then
		why="not reached: $stop did not apply, build or probe"
	elif ! series_mail "$p" | $GIT -C "$src" am -q --3way > "$out.am.log" 2>&1; then
		why="does not apply" stop=$name
	elif [ -n "${STEPS:-}" ] && ! printf ' %s ' "$STEPS" | grep -q " ${name%%-*} "; then
		result ok "$name" "SKIP applied, not built (STEPS=$STEPS)"
		continue
	elif ! "$here/build.sh" check > "$out.build.log" 2>&1; then
		why="does not build (see $out.build.log)" stop=$name
	elif ! caps=$(caps_file check "$src/pb-build-check") ||
		! suites=$("$PB" needs --caps "$caps" --kunit "$glob"); then
		why="cannot probe its build" stop=$name
	elif rm -f "$out.kunit.json" &&
		"$PB" kunit --name "series.$name" --filter "$glob" --suites "$suites" --accel "$ACCEL" \
		--kernel "$src/pb-build-check$("$PB" arch tree_suffix)/$("$PB" arch image)" \
		--tap "$out.kunit.tap" --json "$out.kunit.json" > "$out.kunit.out" 2>&1; then
		result ok "$name" "builds; $(kunit_counts)"
		echo "series: ok $name"
		continue
	else
		why="KUnit: $(kunit_counts)"
		# a later patch's Fixes: names this one: upstream's order, known
		if fixer=$(series_fixed_by "$series" "$p"); then
			result ok "$name" "XFAIL $why; fixed by $(basename "$fixer" .patch)"
			echo "series: xfail $name (fixed by $(basename "$fixer" .patch))"
			continue
		fi
	fi
	result fail "$name" "$why"
done
tap_finish || :
exec "$PB" tally "${out%.tap}-checkpatch.tap" "$out"
