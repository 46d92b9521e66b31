#!/bin/sh
# make check-fixes: every fix of the series proves itself. A fix is a
# project-own patch with a Fixes: tag (kernel/series.sh); kernel/fix-tests
# names its tests. The full series is built and its tests run once ("with");
# then, for each fix, the full series with only that fix reverted (its
# tests, in patches of their own, stay) is built and the same tests run
# ("without"). A fix is proven when its tests pass with it and fail without.
#   check-fixes.sh SERIES_DIR OUT_DIR
#   (env: PB_CACHE, PB, ACCEL, INITRAMFS and BUILD_DIR for guest tests,
#    FIXES: the patch numbers to check, blank-separated, default every fix)
# Writes OUT_DIR/fixes.json (one object per fix), OUT_DIR/fixes.tap and a
# table on stdout, then pb tally of fixes.tap; exits 1 unless every fix
# checked is proven.
# The variants build in $PB_CACHE/src-fixes (kernel/build.sh fixes): one
# object tree, so each variant recompiles only the files its revert touches;
# a kunit@debug test's in a second one there, with the sanitizer kernel's
# config (kernel/build.sh fixes-debug: + debug.config, as make test's debug
# kernel, whose objects ccache shares), built only when a test asks for it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
series=$(cd "$1" && pwd) out=$2
src=$PB_CACHE/src-fixes
map=$here/fix-tests
GIT="git -c user.name=patchbench -c user.email=patchbench@localhost -c advice.detachedHead=false"
# shellcheck source=kernel/series.sh
. "$here/series.sh"
# shellcheck source=bench/lib/caps.sh
. bench/lib/caps.sh
# shellcheck source=tests/crash-boot.sh
. tests/crash-boot.sh
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
# shellcheck source=tests/debug-append.sh
. tests/debug-append.sh
mkdir -p "$out"
PB=${PB:-build/pb}
"$here/tree.sh" pristine || exit 1	# Debian's tree, which src-fixes is made from
tree_suffix=$("$PB" arch tree_suffix) && image_name=$("$PB" arch image) || exit 1
# image_of CONFIG: the variant's kernel image, CONFIG "" or -debug
image_of() { echo "$src/pb-build-fixes$1$tree_suffix/$image_name"; }
die() { echo "check-fixes: error: $*" >&2; exit 1; }

# fix_tests SUBJECT: the tests kernel/fix-tests names for it
fix_tests() {
	awk -F '\t' -v s="$1" '!/^#/ && $1 == s { print $2; exit }' "$map"
}

# json_str TEXT: TEXT as a JSON string
json_str() {
	printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"
}

# The fixes, in series order: N PATCH per line
fixes=$(n=0; for p in "$series"/*.patch; do
	n=$((n + 1))
	series_own "$p" || continue
	series_message "$p" | grep -q "^Fixes: " || continue
	num=$(basename "$p" | cut -d- -f1)
	if [ -n "${FIXES:-}" ]; then
		case " $FIXES " in *" $num "*) ;; *) continue ;; esac
	fi
	echo "$n $p"
done)
[ -n "$fixes" ] || die "no fix in $series${FIXES:+ among FIXES=$FIXES}"

# The tree: pristine + the series, one commit per patch (kept while the
# series is unchanged: its .pb-series says which it holds).
want="$($GIT -C "$PB_CACHE/src" rev-parse pristine) $(cat "$series"/*.patch | sha256sum | cut -c1-16)"
if [ "$(cat "$src/.pb-series" 2>/dev/null)" != "$want" ]; then
	$GIT -C "$PB_CACHE/src" worktree remove -f "$src" 2>/dev/null || rm -rf "$src"
	$GIT -C "$PB_CACHE/src" worktree prune
	$GIT -C "$PB_CACHE/src" worktree add -q -f -B fixes "$src" pristine || exit 1
	for p in "$series"/*.patch; do
		series_mail "$p" | $GIT -C "$src" am -q --3way > "$out/am.log" 2>&1 ||
			die "$(basename "$p") does not apply (see $out/am.log)"
	done
	$GIT -C "$src" tag -f fixes-full > /dev/null
	echo "$want" > "$src/.pb-series"
fi
full=$($GIT -C "$src" rev-parse fixes-full) || exit 1

# test_config TEST: the config TEST runs on, as a suffix of the variant's
# name: -debug for a kunit@debug test, else nothing
test_config() { case $1 in *@debug:*) echo -debug ;; esac; }

# run_test VARIANT TEST: pass or fail (a boot that failed or a case that
# did not report is a failure), the boot's output kept in OUT/VARIANT/.
# Guest tests are told the full series' features and fixes ($has). A
# kunit@debug test boots the sanitizer variant with the debug kernel's
# command line, and the boot's own result counts too: pb kunit fails it
# for a sanitizer report, a warning or a crash anywhere on the console
# (vm/console.c: KASAN, UBSAN, KFENCE, lockdep, "WARNING:", "BUG:"), even
# one after the case passed.
run_test() {
	rt_dir=$out/$1
	mkdir -p "$rt_dir"
	case $2 in
	kunit:* | kunit@debug:*)
		rt_cfg=$(test_config "$2") rt_append=
		[ -z "$rt_cfg" ] || rt_append=$DEBUG_APPEND
		rt_suite=${2#*:}; rt_case=${rt_suite#*.}
		[ "$rt_case" != "$rt_suite" ] || rt_case=
		rt_suite=${rt_suite%%.*}
		rt_tap=$rt_dir/kunit$rt_cfg-$rt_suite.tap
		# one boot per suite, variant and config
		[ -f "$rt_tap" ] || "$PB" kunit --name "$1$rt_cfg" --filter "$rt_suite" --suites "$rt_suite" \
			--accel "$ACCEL" --fallback icount --timeout 600 --append "$rt_append" \
			--kernel "$(image_of "$rt_cfg")" --tap "$rt_tap" > "$rt_dir/kunit$rt_cfg-$rt_suite.out" 2>&1
		# the suite's leaf cases, or the named case's (one a parameter);
		# on the sanitizer kernel the boot's result as well
		awk -v p="$1$rt_cfg.$rt_suite${rt_case:+.$rt_case}" -v boot="${rt_cfg:+$1$rt_cfg.(boot)}" '
			/^(not )?ok / {
				name = $0; sub(/^(not )?ok [0-9]+ - /, "", name); sub(/ #.*/, "", name)
				if (name == boot) {
					booted++
					if (/^not ok/) bad++
					next
				}
				if (name != p && index(name, p ".") != 1) next
				seen++
				if (/^not ok/) bad++
			}
			END { exit !(seen && !bad && (boot == "" || booted)) }' "$rt_tap" && echo pass || echo fail ;;
	guest:*)
		# LABEL the variant, BUILD patched: the guest programs, BPF objects
		# and modules make built for the full series; as many vCPUs as the
		# test's manifest asks; the test's own TAP must exist (vm.tap is
		# only the boot's verdict: a test that exits before writing its TAP
		# leaves vm.tap ok)
		rt_t=${2#guest:} rt_g=$rt_dir/guest-$1-${2#guest:}
		rt_smp=$("$PB" tests get "$rt_t" cpus) || rt_smp=1
		TEST_OUT=$rt_dir GUEST_APPEND=$has SMP=$rt_smp TIMEOUT=900 \
			tests/guest-run.sh "$1" "$(image_of '')" "$rt_t" "$1,patched" > "$rt_dir/guest-$rt_t.out" 2>&1
		[ -f "$rt_g/$rt_t.tap" ] && "$PB" tally "$rt_g"/*.tap > "$rt_dir/guest-$rt_t.tally" 2>&1 &&
			echo pass || echo fail ;;
	crash:*)
		# one boot of the crash stage (pb tests crash): its test with the
		# boot's command line and the arguments make test gives it, the
		# variant's label as KERNEL; a boot that expects a panic is not one
		rt_c=${2#crash:}
		crash_boot "$rt_c" || { echo fail; return; }
		[ "$cb_panic" != true ] || { echo "crash:$rt_c expects a panic: not a check-fixes test" >&2; echo fail; return; }
		rt_g=$rt_dir/guest-$1-$cb_test${cb_variant:+-$cb_variant}
		VARIANT=$cb_variant TEST_OUT=$rt_dir GUEST_APPEND=$cb_append FALLBACK=$cb_fallback \
			TIMEOUT=$cb_limit SMP=$("$PB" tests get "$cb_test" cpus) \
			tests/guest-run.sh "$1" "$(image_of '')" "$cb_test" "$1$cb_case" > "$rt_dir/crash-$rt_c.out" 2>&1
		[ -f "$rt_g/$cb_test.tap" ] && "$PB" tally "$rt_g"/*.tap > "$rt_dir/crash-$rt_c.tally" 2>&1 &&
			echo pass || echo fail ;;
	*) echo "no-such-kind" ;;
	esac
}

# build_variant NAME TESTS: build the tree's checkout as it is, in each
# config TESTS run on (kernel/build.sh fixes, fixes-debug); false, printing
# the failed build's log, when one does not build
build_variant() {
	for bv_cfg in $(for bv_t in $2; do echo "x$(test_config "$bv_t")"; done | sort -u); do
		bv_cfg=${bv_cfg#x}
		"$here/build.sh" "fixes$bv_cfg" > "$out/build-$1$bv_cfg.log" 2>&1 ||
			{ echo "$out/build-$1$bv_cfg.log"; return 1; }
	done
}

# diff_lines swap|keep: a diff's added and removed lines, sorted, without
# its headers; with swap, added ones as removed and removed ones as added
diff_lines() {
	awk -v swap="$1" '/^(\+\+\+|---) / { next }
		/^[-+]/ { c = substr($0, 1, 1); if (swap == "swap") c = c == "+" ? "-" : "+"
			print c substr($0, 2) }' | sort
}

# revert_fix COMMIT: the checkout = full series minus COMMIT. git
# revert first; where later patches changed its context, its diff reversed
# with one line of context, else none (a one-line fix whose neighbours a
# later patch rewrote: 0008's terminator, after 0009's cases). Either way
# the lines it changes must be exactly the patch's, the other way round.
revert_fix() {
	$GIT -C "$src" checkout -q -f "$full" || return 1
	if ! $GIT -C "$src" revert --no-edit "$1" > /dev/null 2>&1; then
		$GIT -C "$src" revert --abort > /dev/null 2>&1
		$GIT -C "$src" checkout -q -f "$full"
		{ $GIT -C "$src" show "$1" | $GIT -C "$src" apply -R -C1 --index ||
			$GIT -C "$src" show "$1" | $GIT -C "$src" apply -R -C0 --unidiff-zero --index
		} > /dev/null 2>&1 || return 1
		$GIT -C "$src" commit -q -m "Revert $1" || return 1
	fi
	rf_want=$($GIT -C "$src" show --format= "$1" | diff_lines swap)
	rf_got=$($GIT -C "$src" show --format= HEAD | diff_lines keep)
	[ "$rf_want" = "$rf_got" ]
}

# With every fix: built once in each config the tests run on (the plain
# one probed for the guest tests' pb.has), each test once
start=$(date +%s)
$GIT -C "$src" checkout -q -f "$full" || exit 1
all_tests=$(while read -r n p; do fix_tests "$(series_subject "$p")"; done <<EOF | tr ' ' '\n' | sort -u
$fixes
EOF
)
log=$(build_variant with "$all_tests") || die "the full series does not build (see $log)"
rm -rf "$out/with"
has=
for t in $all_tests; do
	[ -n "$(test_config "$t")" ] || [ -n "$has" ] && continue
	if ! caps=$(caps_file fixes "$src/pb-build-fixes") || ! has=$(caps_append "$caps"); then
		die "cannot probe the full series' kernel"
	fi
done
mkdir -p "$out/with"
for t in $all_tests; do
	run_test with "$t" > "$out/with/$t.result"
done
with_s=$(( $(date +%s) - start ))
echo "check-fixes: the full series built, probed and its tests run in $with_s s"

tap_start "$out/fixes.tap" fixes
: > "$out/fixes.json.tmp"
printf '%-5s %-36s %-8s %-8s %6s  %s\n' fix test without with seconds verdict > "$out/fixes.txt"
k=0
while read -r n p; do
	k=$((k + 1))
	num=$(basename "$p" | cut -d- -f1)
	subject=$(series_subject "$p")
	tests=$(fix_tests "$subject")
	t0=$(date +%s)
	without=-- with=--
	if [ -z "$tests" ]; then
		verdict="no test named in kernel/fix-tests"
	else
		commit=$($GIT -C "$src" rev-list --reverse "pristine..$full" | sed -n "${n}p")
		if ! revert_fix "$commit"; then
			verdict="does not revert cleanly"
		elif ! log=$(build_variant "without-$num" "$tests"); then
			verdict="does not build without it (see $log)"
		else
			rm -rf "$out/without-$num"
			verdict=proven without='' with=''
			for t in $tests; do
				w=$(run_test "without-$num" "$t")
				h=$(cat "$out/with/$t.result")
				without="${without:+$without,}$w" with="${with:+$with,}$h"
				[ "$w" = fail ] && [ "$h" = pass ] || verdict="not proven"
			done
		fi
	fi
	secs=$(( $(date +%s) - t0 ))
	if [ "$verdict" = proven ]; then
		result ok "$num"
	else
		result fail "$num" "$verdict: without $without, with $with"
	fi
	printf '%-5s %-36s %-8s %-8s %6s  %s\n' "$num" "$(echo "$tests" | tr ' ' ,)" "$without" "$with" "$secs" \
		"$verdict" >> "$out/fixes.txt"
	printf '{"fix":%s,"subject":%s,"tests":%s,"without":%s,"with":%s,"seconds":%s,"proven":%s}\n' \
		"$(json_str "$(basename "$p" .patch)")" "$(json_str "$subject")" "$(json_str "$tests")" \
		"$(json_str "$without")" "$(json_str "$with")" "$secs" \
		"$([ "$verdict" = proven ] && echo true || echo false)" >> "$out/fixes.json.tmp"
	echo "check-fixes: $(tail -n 1 "$out/fixes.txt")"
done <<EOF
$fixes
EOF
$GIT -C "$src" checkout -q -f "$full"
tap_finish
bad=$?
{ echo "["; sed '$!s/$/,/' "$out/fixes.json.tmp"; echo "]"; } > "$out/fixes.json"
rm -f "$out/fixes.json.tmp"
echo "check-fixes: $k fixes in $(( $(date +%s) - start )) s (the full series' build: $with_s s)"
cat "$out/fixes.txt"
[ "$bad" = 0 ] || exit "$bad"
exec "$PB" tally "$out/fixes.tap"
