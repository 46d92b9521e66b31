#!/bin/sh
# Harness self-tests: does the runner tell pass, guest failure, crash and hang
# apart, keep the log and show its tail; does a broken patch name itself.
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

# A stage whose TAP plans nothing ran no test: pb tally counts it as failed.
printf 'TAP version 13\n1..0\n' > "$OUT/empty.tap"
if "$PB" tally "$OUT/empty.tap" > "$OUT/empty-tally.out" 2>&1; then
	result fail "tally-empty-plan-fails" "pb tally passed a TAP file with no test"
else
	expect_in "$OUT/empty-tally.out" "no test ran" "tally-empty-plan-fails"
fi

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
TEST_OUT=$budget TEST_BUDGET=30 PB_TEST_START=$(( $(date +%s) - 100 )) JOBS=1 PB="$PB" \
	INITRAMFS="$INITRAMFS" ACCEL="$ACCEL" BUILD_DIR=build KBUILD=/nonexistent \
	tests/run-jobs.sh kunit > "$budget/out" 2>&1
# shellcheck disable=SC2046 # one word per TAP file
if ! "$PB" tally $(TEST_OUT=$budget tests/jobs.sh taps kunit) > "$budget/tally" 2>&1 &&
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
From: patchbench <patchbench@localhost>
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

# QEMU missing: a clear error naming the package, not a hang or a crash verdict.
PB_QEMU=$OUT/no-such-qemu "$PB" vm --kernel "$KERNEL" --initrd "$INITRAMFS" --accel tcg \
	--timeout 30 > /dev/null 2> "$OUT/noqemu.err"
rc=$?
if [ "$rc" = 4 ] && grep -q "not found: install qemu-system-x86" "$OUT/noqemu.err"; then
	result ok "qemu-missing"
else
	result fail "qemu-missing" "exit $rc (see $OUT/noqemu.err)"
fi

# An interrupted make bench (SIGINT to the whole run while a guest works)
# records nothing: no result file, complete or partial, no temporary left.
touch "$OUT/sigint.mark"
# Like a Ctrl-C: the run gets its own process group, with SIGINT at its
# default (a background job of a script starts with it ignored).
PB="$PB" INITRAMFS="$INITRAMFS" ACCEL="$ACCEL" BENCH_OUT="$OUT/bench" \
	perl -e 'setpgrp(0, 0); $SIG{INT} = "DEFAULT"; exec @ARGV' bench/run.sh page-pool 1 \
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

# The comparison: samples with a planted 10 % regression at x=1, none at
# x=2, and a batch that does not scale at x=3, through bench-collect.
cmp=$OUT/compare
rm -rf "$cmp" && mkdir -p "$cmp"
for v in 100 101 99 100 102 98 100; do
	echo "PB-BENCH suite=selftest x=1 ns=$v ns2k=$v" >> "$cmp/a.txt"
	echo "PB-BENCH suite=selftest x=1 ns=$((v * 11 / 10)) ns2k=$((v * 11 / 10))" >> "$cmp/b.txt"
	for f in a b; do
		echo "PB-BENCH suite=selftest x=2 ns=$v ns2k=$v" >> "$cmp/$f.txt"
		echo "PB-BENCH suite=selftest x=3 ns=$v ns2k=$((v + 10))" >> "$cmp/$f.txt"
	done
done
# compare_case NAME EXIT PATTERN A B: pb compare $cmp/A $cmp/B exits EXIT and
# prints PATTERN (output in $cmp/NAME.out).
compare_case() {
	"$PB" compare "$cmp/$4" "$cmp/$5" > "$cmp/$1.out" 2>&1
	rc=$?
	if [ "$rc" = "$2" ] && grep -q -- "$3" "$cmp/$1.out"; then
		result ok "$1"
	else
		result fail "$1" "exit $rc, expected $2 and '$3' (see $cmp/$1.out)"
		return 1
	fi
}
if "$PB" bench-collect --suite selftest --unit u --accel icount --out "$cmp/r.json" \
	baseline="$cmp/a.txt" patched="$cmp/b.txt" > "$cmp/collect.out" 2>&1; then
	compare_case compare-aa-clean 0 "0 significant regressions" r.json:baseline r.json:baseline
	compare_case compare-flags-planted-10pct 3 "^| x=1 .*REGRESSION" r.json:baseline r.json:patched &&
		expect_in "$cmp/compare-flags-planted-10pct.out" "^| x=2 .*no significant change" \
			"compare-leaves-unchanged-alone"
	expect_in "$cmp/compare-flags-planted-10pct.out" "^| x=3 .*invalid" "compare-marks-unscaled-invalid"
	# 0.3 %: significant on pooled samples, but under the icount floor.
	for v in 1000 1001 999 1000 1002 998 1000; do
		echo "PB-BENCH suite=selftest x=1 ns=$v ns2k=$v" >> "$cmp/c.txt"
		echo "PB-BENCH suite=selftest x=1 ns=$((v + 3)) ns2k=$((v + 3))" >> "$cmp/d.txt"
	done
	"$PB" bench-collect --suite selftest --unit u --accel icount --out "$cmp/floor.json" \
		baseline="$cmp/c.txt" patched="$cmp/d.txt" > /dev/null 2>&1
	compare_case compare-noise-floor 0 "^| x=1 .*within boot noise | 0.5 % |" \
		floor.json:baseline floor.json:patched
	# make bisect's third kernel is compared by name; a name not in the file is an error.
	"$PB" bench-collect --suite selftest --unit u --accel icount --out "$cmp/three.json" \
		baseline="$cmp/a.txt" bisect="$cmp/b.txt" patched="$cmp/b.txt" > /dev/null 2>&1
	compare_case compare-third-kernel 3 "^| x=1 .*REGRESSION" three.json:baseline three.json:bisect
	compare_case compare-refuses-absent-kernel 1 "no point has samples on both sides" \
		r.json:baseline r.json:bisect
	sed 's/"selftest"/"other"/' "$cmp/r.json" > "$cmp/other.json"
	compare_case compare-refuses-other-suite 1 "not comparable" r.json other.json
else
	result fail "compare-collect" "bench-collect failed (see $cmp/collect.out)"
fi

# Validity marks: a boot whose first sample stands out (no warm-up), and
# icount samples that spread, are published as suspect.
v=$OUT/validity
rm -rf "$v" && mkdir -p "$v"
for f in 1 2; do
	echo "PB-BENCH suite=selftest x=1 ns=$((f == 1 ? 130 : 100)) ns2k=100" > "$v/warm$f.txt"
	echo "PB-BENCH suite=selftest x=2 ns=$((100 + f * 5)) ns2k=$((100 + f * 5))" >> "$v/warm$f.txt"
	for s in 100 100 100; do
		echo "PB-BENCH suite=selftest x=1 ns=$s ns2k=$s" >> "$v/warm$f.txt"
		echo "PB-BENCH suite=selftest x=2 ns=$((s + f * 5)) ns2k=$((s + f * 5))" >> "$v/warm$f.txt"
	done
done
if "$PB" bench-collect --suite selftest --unit u --accel icount --out "$v/r.json" \
	baseline="$v/warm1.txt" baseline="$v/warm2.txt" > "$v/collect.out" 2>&1 &&
	"$PB" report "$v/R.md" "$v/r.json" > "$v/report.out" 2>&1; then
	expect_in "$v/R.md" "^| x=1 .*suspect: first sample off" "suspect-no-warmup"
	expect_in "$v/R.md" "^| x=2 .*suspect: icount repeats disagree" "suspect-icount-spread"
else
	result fail "suspect-marks" "bench-collect or report failed (see $v/)"
fi

# pb fold: perf script call chains -> folded stacks, root first, counted.
fold=$OUT/fold
rm -rf "$fold" && mkdir -p "$fold"
printf '%s\n' "bench 76 6.1: 200040 cpu-clock:" \
	"	ffffffff811ce40f inner+0x1ff ([kernel.kallsyms])" \
	"	ffffffff8125165c outer+0x56c ([kernel.kallsyms])" \
	"	    7fc112e50ad7 [unknown] (/bin/busybox)" "" \
	"bench 76 6.2: 200040 cpu-clock:" \
	"	ffffffff811ce40f inner+0x2 ([kernel.kallsyms])" \
	"	ffffffff8125165c outer+0x56c ([kernel.kallsyms])" \
	"	    7fc112e50ad7 [unknown] (/bin/busybox)" "" \
	"sed 77 6.3: 200040 cpu-clock:" "	          163195 [unknown] (/bin/busybox)" > "$fold/in.txt"
printf '%s\n' "bench;[busybox];outer;inner 2" "sed;[busybox] 1" > "$fold/want.txt"
if "$PB" fold "$fold/in.txt" > "$fold/got.txt" 2>&1 && cmp -s "$fold/got.txt" "$fold/want.txt"; then
	result ok "fold-stacks"
else
	result fail "fold-stacks" "pb fold output differs (see $fold/got.txt)"
fi

# pb hyperfine: two --export-json files (K and 2K operations) -> PB-BENCH
# lines, run by run; files whose run counts differ are refused.
hf=$OUT/hyperfine
rm -rf "$hf" && mkdir -p "$hf"
echo '{"results":[{"command":"x 4","times":[0.004,0.008]}]}' > "$hf/1x.json"
echo '{"results":[{"command":"x 8","times":[0.008,0.0176]}]}' > "$hf/2x.json"
echo '{"results":[{"command":"x 8","times":[0.008]}]}' > "$hf/short.json"
printf '%s\n' "PB-BENCH suite=commands case=x iters=4 ns=1000000.0 ns2k=1000000.0" \
	"PB-BENCH suite=commands case=x iters=4 ns=2000000.0 ns2k=2200000.0" > "$hf/want.txt"
if "$PB" hyperfine commands case=x 4 "$hf/1x.json" "$hf/2x.json" > "$hf/got.txt" 2>&1 &&
   cmp -s "$hf/got.txt" "$hf/want.txt" &&
   ! "$PB" hyperfine commands case=x 4 "$hf/1x.json" "$hf/short.json" > "$hf/bad.txt" 2>&1 &&
   grep -q 'different run counts' "$hf/bad.txt"; then
	result ok "hyperfine-exports-to-samples"
else
	result fail "hyperfine-exports-to-samples" "pb hyperfine output differs (see $hf/got.txt, $hf/bad.txt)"
fi

# pb durations: function_graph leaf entries of a trace-cmd report, per function.
dur=$OUT/durations
rm -rf "$dur" && mkdir -p "$dur"
{
	echo "cpus=2"
	echo "  mctp-bench-61 [001] 12.000001: funcgraph_entry:        0.050 us   |  mctp_route_lookup();"
	echo "  mctp-bench-61 [001] 12.000002: funcgraph_entry:        0.070 us   |  mctp_route_lookup();"
	echo "  mctp-bench-61 [001] 12.000003: funcgraph_entry:      + 60.000 us  |  mctp_route_lookup();"
	echo "  mctp-bench-61 [001] 12.000004: funcgraph_entry:        1.000 us   |  other_fn();"
	echo "  mctp-bench-61 [001] 12.000005: funcgraph_entry:                   |  parent() {"
} > "$dur/report.txt"
printf '%s\n' "mctp_route_lookup calls=3 median=70 q1=60 q3=30035 p99=58801 total=60120" \
	"other_fn calls=1 median=1000 q1=1000 q3=1000 p99=1000 total=1000" > "$dur/want.txt"
if "$PB" durations "$dur/report.txt" > "$dur/got.txt" 2>&1 && cmp -s "$dur/got.txt" "$dur/want.txt"; then
	result ok "durations-from-function-graph"
else
	result fail "durations-from-function-graph" "pb durations output differs (see $dur/got.txt)"
fi

# crash-memory: PB-MEM lines -> JSON -> the RESULTS.md section.
mem=$OUT/memory
rm -rf "$mem" && mkdir -p "$mem"
{
	echo "PB-MEM case=plain kernel=patched crash_mib=320 cma_total_kb=0 hog_mib=591 held_cma_free_kb=0"
	echo "noise"
	echo "PB-MEM case=cma kernel=patched crash_mib=64 cma_total_kb=262144 hog_mib=835 held_cma_free_kb=28432"
} > "$mem/memory.txt"
if "$PB" records-collect --tag PB-MEM --suite crash-memory --kind memory --out "$mem/r.json" --meta project_commit=selftest "$mem/memory.txt" \
	> "$mem/collect.out" 2>&1 && "$PB" report "$mem/R.md" "$mem/r.json" > "$mem/report.out" 2>&1; then
	expect_in "$mem/R.md" "one process could take \*\*244 MiB more\*\* (835 against 591 MiB, +41 %)" \
		"memory-report"
	expect_in "$mem/R.md" "| Crash kernel in /proc/iomem (MiB) | 320 | 64 | -256 |" "memory-report-table"
else
	result fail "memory-report" "records-collect or report failed (see $mem/)"
fi
if "$PB" records-collect --tag PB-MEM --suite crash-memory --kind memory --out "$mem/none.json" "$mem/collect.out" > "$mem/none.out" 2>&1; then
	result fail "records-collect-refuses-empty" "accepted input without PB-MEM lines"
else
	expect_in "$mem/none.out" "no PB-MEM lines" "records-collect-refuses-empty"
fi

tap_finish
