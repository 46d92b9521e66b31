#!/bin/sh
# make test-lava-run: Debian's lava-run runs three jobs that make lava
# writes, KUnit and the mctp-net guest test on the patched kernel and a
# guest that panics, on the qemu device make lava-run writes for this
# machine; the TAP made from LAVA's results must equal what pb kunit and
# pb vm report for the same boots, run here with tests/job-run.sh exactly as
# make test runs them (about 20 s more than comparing with the guest
# stages' files, which do not exist yet when this stage runs); the panic
# must fail with the panic in the log tail, every job must first pass
# lava-run --validate, and nothing lava-run started may be left running.
#   lava-run.sh OUT.tap  (env: PB, PB_CACHE, INITRAMFS, ACCEL, BUILD_DIR,
#                         KBUILD; PYTHON: Debian's python3)
set -u
. tests/tap-result.sh
. tests/lava-same-as-pb-vm.sh
lava_test_start "$1" lava-run
rm -rf "$work" && mkdir -p "$work"
prefix=pbtest$$

check prerequisites "lava-dispatcher is not installed (make setup)" \
	sh -c "command -v lava-run && $py -c 'import lava_dispatcher, yaml'"
if bench/lava/lava.sh "$work/jobs" patched "mctp-net panic" "" 1 > "$work/generate.log" 2>&1; then
	result ok generate
else
	result fail generate "bench/lava/lava.sh failed: $(tail -n 1 "$work/generate.log")"
fi
jobs="patched-kunit patched-mctp-net patched-panic"
start=$(date +%s)
LAVA_JOB_PREFIX=$prefix bench/lava/lava-run.sh "$work/runs" "$work/jobs/patched-kunit.yaml" \
	"$work/jobs/patched-mctp-net.yaml" "$work/jobs/patched-panic.yaml" > "$work/lava-run.log" 2>&1
echo "lava-run: 3 LAVA jobs in $(($(date +%s) - start)) s"
for j in $jobs; do
	check "validate.$j" "lava-run --validate" \
		grep -q '"case": "job", "definition": "lava", "result": "pass"' "$work/runs/$j/validate.log"
done

# The same boots through pb kunit and pb vm, as make test defines them.
lava_same_as_pb_vm "$work" "$work/runs"
check panic-fails "the panic's boot" grep -q '^not ok 1 - guest\.patched\.panic\.(vm) # kernel crash: Kernel panic' \
	"$work/runs/patched-panic/vm.tap"
check panic-log-tail "no console log tail" \
	sh -c "grep -A 45 'patched/panic: console log tail' '$work/lava-run.log' | grep -q 'Kernel panic\|sysrq'"
# lava-run's title and QEMU's image paths carry the job id
left=$(pgrep -af "$prefix-")
check nothing-left-running "still running: $left" [ -z "$left" ]
tap_finish
