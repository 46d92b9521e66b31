#!/bin/sh
# Harness self-tests: does the runner tell pass, guest failure, crash and hang
# apart, keep the log and show its tail; does a broken patch name itself.
# What needs neither a guest nor a kernel tree is a unit test (tests/unit/).
#   harness.sh OUT.tap      (env: PB, INITRAMFS, KERNEL, ACCEL, OUT)
set -u
tap=$1
mkdir -p "$OUT"
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_start "$tap" harness
# Stopped from outside (make test's budget): keep what ran, and say so.
trap 'result fail stopped "harness.sh was stopped after $tap_n results"; tap_finish; exit 1' TERM INT

# guest NAME EXPECTED_EXIT TIMEOUT TEST [ARGS]: boot the initramfs running TEST
# (VMFLAGS: more pb vm options).
guest() {
	name=$1 want=$2 timeout=$3 test=$4 args=${5:-}
	# shellcheck disable=SC2086
	"$PB" vm ${VMFLAGS:-} --label "$name" --kernel "$KERNEL" --initrd "$INITRAMFS" --accel "$ACCEL" --fallback icount \
		--timeout "$timeout" --log "$OUT/$name.log" \
		--share /=host --share "$OUT=results:rw" \
		--append "pb.run=$test${args:+ pb.args=$args}" > "$OUT/$name.out" 2> "$OUT/$name.err"
	got=$?
	if [ "$got" = "$want" ]; then
		return 0
	fi
	result fail "$name" "pb vm exit $got, expected $want (see $OUT/$name.err)"
	return 1
}

# expect_in FILE PATTERN NAME: the runner's report must mention PATTERN.
expect_in() {
	if grep -q -- "$2" "$1"; then result ok "$3"; else result fail "$3" "'$2' not in $1"; fi
}

if guest pass 0 120 true; then result ok "guest-pass"; fi

if guest fail 1 120 exit 3; then
	expect_in "$OUT/fail.err" "guest test failed (exit status 3)" "guest-exit-status"
fi

if guest panic 2 120 panic; then
	expect_in "$OUT/panic.err" "Kernel panic - not syncing" "panic-reported"
	expect_in "$OUT/panic.err" "console log tail" "panic-log-tail"
	expect_in "$OUT/panic.log" "sysrq" "panic-log-kept"
fi

# kdump runs: a panic after the marker is expected, but a capture kernel
# must follow it; a crash before the marker still counts.
if VMFLAGS=--expect-panic guest nocapture 4 120 panic-expected; then
	expect_in "$OUT/nocapture.err" "no capture kernel" "expect-panic-needs-capture"
fi
if VMFLAGS=--expect-panic guest earlypanic 2 120 panic; then
	expect_in "$OUT/earlypanic.err" "kernel crash: Kernel panic" "expect-panic-early-crash"
fi

start=$(date +%s)
if guest hang 3 15 hang; then
	took=$(( $(date +%s) - start ))
	expect_in "$OUT/hang.err" "hung (killed at timeout)" "hang-killed"
	# Killed at its timeout, not left running: a generous bound for slow hosts.
	if [ "$took" -lt 60 ]; then result ok "hang-bounded"; else
		result fail "hang-bounded" "took $took s with a 15 s timeout"; fi
fi

# A line that dooms the boot ends it at once, with that line and the tail.
start=$(date +%s)
if guest doomed 7 300 doomed; then
	took=$(( $(date +%s) - start ))
	expect_in "$OUT/doomed.err" "boot doomed (killed): ACPI Error: .*AE_AML_LOOP_TIMEOUT" "doomed-line-named"
	expect_in "$OUT/doomed.err" "console log tail" "doomed-log-tail"
	if [ "$took" -lt 100 ]; then result ok "doomed-killed-at-once"; else
		result fail "doomed-killed-at-once" "took $took s with a 300 s timeout"; fi
fi

# A guest whose console goes silent before its verdict is killed as stuck
# long before its timeout.
start=$(date +%s)
if VMFLAGS="--silence 10" guest silent 6 300 hang; then
	took=$(( $(date +%s) - start ))
	expect_in "$OUT/silent.err" "stuck (console silent, killed): nothing on the console for 10 s" \
		"silent-guest-stuck"
	if [ "$took" -lt 100 ]; then result ok "silent-killed-early"; else
		result fail "silent-killed-early" "took $took s with a 300 s timeout"; fi
fi

# A run past its budget does not start more boots: each fails, naming the
# budget and the time spent.
budget=$OUT/budget
rm -rf "$budget" && mkdir -p "$budget"
TEST_OUT=$budget TEST_BUDGET=30 PB_TEST_START=$(( $(date +%s) - 100 )) JOBS=1 \
	INITRAMFS="$INITRAMFS" ACCEL="$ACCEL" BUILD_DIR=build KBUILD=/nonexistent \
	"$PB" jobs run kunit > "$budget/out" 2>&1
# shellcheck disable=SC2046 # one word per TAP file
if ! "$PB" tally $(TEST_OUT=$budget "$PB" jobs taps kunit) > "$budget/tally" 2>&1 &&
	grep -q "kunit/patched: FAIL (not run: budget spent)" "$budget/out"; then
	expect_in "$budget/tally" "not run: the budget of 30 s was spent after 10[0-9] s" "budget-spent-fails"
else
	result fail "budget-spent-fails" "a job ran or passed past the budget (see $budget/)"
fi

rm -f "$OUT/share-check.txt"
if guest share 0 120 writefile share-check.txt; then
	expect_in "$OUT/share-check.txt" "written by the guest" "9p-shares"
fi

# A broken series must fail `make kernels`, name the patch and keep the patched tree.
bad=$OUT/bad-series
rm -rf "$bad" && mkdir -p "$bad"
cp kernel/patches/*.patch "$bad/" 2>/dev/null
cat > "$bad/9999-patchbench-selftest-broken.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
Date: Mon, 1 Jan 2024 00:00:00 +0000
Subject: [PATCH] selftest: a patch that cannot apply

---
 Makefile | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/Makefile b/Makefile
--- a/Makefile
+++ b/Makefile
@@ -1,3 +1,3 @@
-this line is not in the kernel Makefile
+nor is this one
 and neither is this
 or this
PATCH
before=$(cat "$PB_CACHE/src-patched/.pb-series" 2>/dev/null)
if make --no-print-directory kernels SERIES="$bad" > "$OUT/broken-patch.out" 2>&1; then
	result fail "broken-patch-fails" "make kernels succeeded with a broken series"
else
	result ok "broken-patch-fails"
	expect_in "$OUT/broken-patch.out" "patch 9999-patchbench-selftest-broken.patch does not apply" \
		"broken-patch-named"
fi
after=$(cat "$PB_CACHE/src-patched/.pb-series" 2>/dev/null)
if [ "$before" = "$after" ] && [ -z "$(git -C "$PB_CACHE/src-patched" status --porcelain --untracked-files=no)" ]; then
	result ok "broken-patch-keeps-tree"
else
	result fail "broken-patch-keeps-tree" "patched tree changed after a failed series"
fi

# make selfcheck's planted cost (kernel/selfcheck/, never in the series)
# still applies on top of the series: 0048 (then 0039) once broke it unnoticed.
if git -C "$PB_CACHE/src-patched" apply --check "$(pwd)"/kernel/selfcheck/*.patch \
	> "$OUT/selfcheck-applies.out" 2>&1; then
	result ok "selfcheck-patch-applies"
else
	result fail "selfcheck-patch-applies" "kernel/selfcheck/ does not apply on the patched tree: $(head -n 2 "$OUT/selfcheck-applies.out" | tr '\n' ' ')"
fi

# make bisect with a patch number the series does not have names it.
if kernel/tree.sh bisect kernel/patches 9998 > "$OUT/bisect-upto.out" 2>&1; then
	result fail "bisect-unknown-patch" "tree.sh bisect accepted patch 9998"
else
	expect_in "$OUT/bisect-upto.out" "no patch 9998-\\*.patch" "bisect-unknown-patch"
fi

# Two runs on one cache take turns: with the lock held elsewhere, a kernel
# step waits for it (and says so) instead of building alongside.
flock "$PB_CACHE/.lock" sleep 4 &
holder=$!
sleep 1
start=$(date +%s)
kernel/build.sh baseline > "$OUT/lock.out" 2>&1
took=$(( $(date +%s) - start ))
wait "$holder"
if [ "$took" -ge 2 ] && grep -q "holds $PB_CACHE/.lock; waiting" "$OUT/lock.out"; then
	result ok "cache-lock-serialises"
else
	result fail "cache-lock-serialises" "build.sh did not wait for the lock (took $took s, see $OUT/lock.out)"
fi

# A damaged cached tree is detected and restored, not trusted.
echo "# damaged by the harness self-test" >> "$PB_CACHE/src/Makefile"
kernel/tree.sh pristine > "$OUT/damaged.out" 2>&1
if grep -q "pristine tree was modified; restoring it" "$OUT/damaged.out" &&
	[ -z "$(git -C "$PB_CACHE/src" status --porcelain --untracked-files=no)" ]; then
	result ok "damaged-tree-restored"
else
	result fail "damaged-tree-restored" "see $OUT/damaged.out"
fi

# The wrong kernel version is refused by name, in a scratch cache (the real
# one must not be touched by a bad tarball).
fake=$OUT/fake-linux
rm -rf "$fake" && mkdir -p "$fake/linux-6.1"
printf 'VERSION = 6\nPATCHLEVEL = 1\n' > "$fake/linux-6.1/Makefile"
tar -cJf "$fake/linux-6.1.tar.xz" -C "$fake" linux-6.1
if PB_CACHE=$fake/cache PB_TARBALL=$fake/linux-6.1.tar.xz kernel/tree.sh pristine > "$fake/out" 2>&1; then
	result fail "wrong-tree-version" "tree.sh accepted a 6.1 tarball"
else
	expect_in "$fake/out" "holds Linux 6.1, not 6.12: install linux-source-6.12" "wrong-tree-version"
fi

# An interrupted make bench (SIGINT to the whole run while a guest works)
# records nothing: no result file, complete or partial, no temporary left.
touch "$OUT/sigint.mark"
# Like a Ctrl-C: the run gets its own process group, with SIGINT at its
# default (a background job of a script starts with it ignored).
PB="$PB" INITRAMFS="$INITRAMFS" ACCEL="$ACCEL" BENCH_OUT="$OUT/bench" \
	perl -e 'setpgrp(0, 0); $SIG{INT} = "DEFAULT"; exec @ARGV' bench/collect/run.sh page-pool 1 \
	> "$OUT/sigint.out" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
	grep -q "init: running" "$OUT/bench/page-pool/baseline-1/console.log" 2>/dev/null && break
	sleep 0.5
done
perl -e 'kill "INT", -$ARGV[0]' "$pid"	# the whole group; dash's kill takes no -PGID
wait "$pid"
rc=$?
sleep 1	# let QEMU, in the same group, be gone
new=$(find results -newer "$OUT/sigint.mark" -type f 2>/dev/null)
if [ "$rc" != 0 ] && [ -z "$new" ]; then
	result ok "sigint-records-nothing"
else
	result fail "sigint-records-nothing" "exit $rc, new files: ${new:-none} (see $OUT/sigint.out)"
fi

# make test built the kernels just before: a second build must be a no-op.
for v in baseline patched; do
	if kernel/build.sh "$v" 2>&1 | grep -q "build: $v kernel up to date"; then
		result ok "stamp-current-$v"
	else
		result fail "stamp-current-$v" "kernel/build.sh $v did not find its stamp current"
	fi
done

tap_finish
