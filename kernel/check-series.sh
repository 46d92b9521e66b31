#!/bin/sh
# Bisectability: apply the series one patch at a time, build the kernel and
# run make test's KUnit suites after each patch (the glob KUNIT=, default
# mctp*: pb tests kunit).
#   check-series.sh SERIES_DIR OUT.tap     (env: PB_CACHE, PB, ACCEL, KUNIT)
# The suites expected after each patch are the built-in ones the glob
# matches in that build (pb probe), as make test's kunit jobs expect them.
set -u
here=$(cd "$(dirname "$0")" && pwd)
series=$(cd "$1" && pwd) out=$2
src=$PB_CACHE/src-check
GIT="git -c user.name=patchbench -c user.email=patchbench@localhost"
# shellcheck source=kernel/series.sh
. "$here/series.sh"

# checkpatch_own OUT.tap: checkpatch --strict on every project-own patch
# (kernel/series.sh says which), one TAP line each, before any build and
# whether or not the series builds.
checkpatch_own() {
	: > "$1.tmp"
	co_n=0
	for co_p in $(series_own_patches "$series"); do
		co_n=$((co_n + 1))
		co_name=$(basename "$co_p" .patch)
		if co_log=$(series_checkpatch "$PB_CACHE/src" "$series" "$co_p" 2>&1); then
			echo "ok $co_n - checkpatch.$co_name" >> "$1.tmp"
		else
			echo "not ok $co_n - checkpatch.$co_name # $(printf '%s\n' "$co_log" | grep -m 1 .)" >> "$1.tmp"
			printf '%s\n' "$co_log" | sed 's/^/# /' >> "$1.tmp"
		fi
	done
	{ echo "TAP version 13"; echo "1..$co_n"; cat "$1.tmp"; } > "$1.part" && mv "$1.part" "$1"
	rm -f "$1.tmp"
	echo "series: checkpatch: $(grep -c '^ok' "$1") of $co_n project-own patches clean ($1)"
}
checkpatch_own "${out%.tap}-checkpatch.tap"
# shellcheck source=bench/lib/caps.sh
. bench/lib/caps.sh
glob=$("$PB" tests kunit) || exit 1

$GIT -C "$PB_CACHE/src" worktree remove -f "$src" 2>/dev/null || rm -rf "$src"
$GIT -C "$PB_CACHE/src" worktree prune
$GIT -C "$PB_CACHE/src" worktree add -q -f -B check "$src" pristine || exit 1
: > "$out.tmp"
n=0
for p in "$series"/*.patch; do
	n=$((n + 1))
	name=$(basename "$p" .patch)
	if ! series_mail "$p" | $GIT -C "$src" am -q --3way > "$out.am.log" 2>&1; then
		echo "not ok $n - series.$name # does not apply" >> "$out.tmp"
		break
	fi
	if ! "$here/build.sh" check > "$out.build.log" 2>&1; then
		echo "not ok $n - series.$name # does not build (see $out.build.log)" >> "$out.tmp"
		break
	fi
	if ! caps=$(caps_file check "$src/pb-build-check") ||
		! suites=$("$PB" needs --caps "$caps" --kunit "$glob"); then
		echo "not ok $n - series.$name # cannot probe its build" >> "$out.tmp"
		break
	fi
	if "$PB" kunit --name "series.$name" --filter "$glob" --suites "$suites" --accel "$ACCEL" \
		--kernel "$src/pb-build-check$("$PB" arch tree_suffix)/$("$PB" arch image)" --tap "$out.kunit.tap" > "$out.kunit.out" 2>&1; then
		echo "ok $n - series.$name # builds; $(sed -n 's/^kunit: [^:]*: //p' "$out.kunit.out")" >> "$out.tmp"
	else
		echo "not ok $n - series.$name # KUnit: $(sed -n 's/^kunit: [^:]*: //p' "$out.kunit.out")" >> "$out.tmp"
	fi
	echo "series: $(tail -n 1 "$out.tmp")"
done
set -- "$series"/*.patch
{ echo "TAP version 13"; echo "1..$#"; cat "$out.tmp"; } > "$out"
rm -f "$out.tmp"
