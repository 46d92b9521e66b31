#!/bin/sh
# make test-dry-run: make -n prints what make test, make bench and make
# test-llvm would do and runs none of it. In a copy of the checkout whose
# kernel, guest and test scripts only write down that they ran, with qemu,
# the compilers, gnuplot and apt-get on PATH doing the same, make -n of each
# target must succeed, name kernel/build.sh among what it would run, and
# leave nothing written down. ($(shell) calls, pb jobs taps and pb suites
# list, do run: make expands them to know the targets.) Host only.
#   dry-run-check.sh OUT.tap     (env: PB, MAKE)
set -u
PB=${PB:-build/pb} MAKE=${MAKE:-make}
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_scratch dry-run
tap_start "$1" dry-run

repo=$work/repo
mkdir -p "$repo/build"
git ls-files -c -o --exclude-standard | while read -r f; do [ ! -e "$f" ] || echo "$f"; done |
	cpio -pdm --quiet "$repo"
[ ! -x "$PB" ] || cp -a "$PB" "$repo/build/pb"
git -C "$repo" init -q && git -C "$repo" add -A &&
	git -C "$repo" -c user.email=pb@localhost -c user.name=patchbench commit -q -m copy

ran=$work/ran
: > "$ran"
tattler() { # tattler PATH: PATH only writes down that it ran
	printf '#!/bin/sh\necho "%s $*" >> "%s"\n' "$1" "$ran" > "$2"
	chmod +x "$2"
}
for s in kernel/build.sh kernel/tree.sh kernel/modules.sh kernel/check-series.sh \
	vm/mkinitramfs.sh scripts/apt-ensure.sh tests/job-run.sh tests/load.sh \
	tests/suites-check.sh tests/dry-run-check.sh tests/results-check.sh tests/kunit-agree.sh tests/shellcheck.sh \
	tests/clang-check.sh \
	tests/kcidb.sh tests/lava-schema.sh tests/flamegraph-check.sh scripts/npm-ensure.sh bench/collect/run.sh \
	bench/report/plots.sh; do
	tattler "$s" "$repo/$s"
done
mkdir -p "$work/bin"
for t in qemu-system-x86_64 gcc cc clang bpftool gnuplot apt-get; do
	tattler "$t" "$work/bin/$t"
done
# A machine that has built nothing yet: an empty kernel cache.
mkdir -p "$work/cache"

for target in test bench test-llvm; do
	case $target in test-llvm) kernel=debug-llvm ;; *) kernel=patched ;; esac
	if (cd "$repo" && PATH=$work/bin:$PATH PB_CACHE=$work/cache \
		"$MAKE" -n "$target") > "$work/$target.out" 2>&1; then
		result ok "$target-succeeds"
	else
		result fail "$target-succeeds" "make -n $target: $(tail -n 1 "$work/$target.out")"
	fi
	check "$target-prints-builds" "make -n $target does not say it would run kernel/build.sh $kernel" \
		grep -q "kernel/build\.sh $kernel" "$work/$target.out"
	check "$target-runs-nothing" "make -n $target ran: $(tr '\n' ';' < "$ran")" [ ! -s "$ran" ]
	: > "$ran"
done
# make -n bench POINTS=: the filters checked (pb suites points, a $(shell)
# of the recipe's expansion) and handed to the runner as one word.
if (cd "$repo" && PATH=$work/bin:$PATH PB_CACHE=$work/cache \
	"$MAKE" -n bench SUITE=mctp-route POINTS='routes=64 !lookup') > "$work/points.out" 2>&1; then
	result ok bench-points-succeeds
else
	result fail bench-points-succeeds "make -n bench POINTS=: $(tail -n 1 "$work/points.out")"
fi
check bench-points-passed-on "make -n bench POINTS= does not hand the runner routes=64,!lookup" \
	grep -qF "PB_POINTS='routes=64,!lookup'" "$work/points.out"
check bench-points-runs-nothing "make -n bench POINTS= ran: $(tr '\n' ';' < "$ran")" [ ! -s "$ran" ]
check test-prints-guest-boots "make -n test does not say it would run pb jobs run" \
	grep -q 'build/pb jobs run ' "$work/test.out"
check test-llvm-prints-guest-boots "make -n test-llvm does not say it would run its llvm stage" \
	grep -q 'build/pb jobs run llvm$' "$work/test-llvm.out"
# The kernel scripts read the machine description through pb (pb arch): on a
# fresh clone make must build pb before the first of them runs. pb.c newer
# than pb stands for a clone that has built nothing.
touch "$repo/bench/pb.c"
(cd "$repo" && PATH=$work/bin:$PATH PB_CACHE=$work/cache "$MAKE" -n test) > "$work/fresh.out" 2>&1
pb_at=$(grep -n -- '-o build/pb ' "$work/fresh.out" | head -n 1 | cut -d: -f1)
kernel_at=$(grep -n 'kernel/[a-z-]*\.sh' "$work/fresh.out" | head -n 1 | cut -d: -f1)
pb_first() { [ -n "$pb_at" ] && [ -n "$kernel_at" ] && [ "$pb_at" -lt "$kernel_at" ]; }
check test-builds-pb-before-kernels \
	"make -n test on a fresh clone runs a kernel script (line ${kernel_at:-none}) before it builds pb (line ${pb_at:-none})" \
	pb_first
tap_finish
