# shellcheck shell=sh
# What the benchmark scripts share; sourced, not run.
#   (env: PB, INITRAMFS, ACCEL, PB_CACHE; PB_POINTS; PB_KBUILD: the kernels, default PB_CACHE/build)
# shellcheck source=bench/lib/caps.sh
. bench/lib/caps.sh
# shellcheck source=kernel/kbuild.sh
. kernel/kbuild.sh

# project_commit: the run id results are filed under (pb results run-id): the
# project commit, -dirty when tracked files differ from it.
project_commit() {
	"${PB:-build/pb}" results run-id
}

# suite_boot_options SUITE: how every boot of a benchmark suite runs, as
# its manifest (SUITES_DIR/SUITE/suite.json) says: the accelerator where
# KVM is missing (fallback) and the guest's CPUs (cpus).
suite_boot_options() {
	sbo_fallback=$("$PB" suites get "$1" fallback) || return 1
	sbo_cpus=$("$PB" suites get "$1" cpus) || return 1
	echo "--fallback $sbo_fallback --smp $sbo_cpus"
}

# suite_vm_options SUITE: the pb vm options the suite's benchmark boots add:
# suite_boot_options, and the host's / at /host if it asks (host_share).
suite_vm_options() {
	suite_boot_options "$1" || return 1
	svo_share=$("$PB" suites get "$1" host_share) || return 1
	[ "$svo_share" != true ] || echo "--share /=host"
}

# guest_run KERNEL DIR LABEL RUN ARGS [pb vm OPTIONS...]: boot the KERNEL
# build (baseline, patched, ...) with the initramfs running the guest test
# RUN with ARGS (more kernel command-line words may follow them), build/
# shared at /build and DIR at /results; icount where KVM is missing and a
# 30-minute limit unless OPTIONS say otherwise. With PB_POINTS (make bench
# POINTS=, checked filters as one comma-separated word) the guest gets them
# as pb.points=: its script may skip the points they exclude. Leaves
# DIR/console.log, pb vm's report in DIR/vm.err, what the guest booted as
# in DIR/hw.json (pb vm --hw: accel, cpu, smp, mem_mb;
# bench/collect/meta.sh records it) and the accel mode that ran in
# DIR/accel; on failure prints the report and returns 1. Its variables are gr_-prefixed: sh has no locals, and callers have
# their own dir, args, kernel.
guest_run() {
	gr_kernel=$1 gr_dir=$2 gr_label=$3 gr_append="kunit.enable=0 pb.run=$4 pb.args=$5"
	# what the kernel has (pb probe): the guest decides by that, not its name
	gr_caps=$(caps_file "$gr_kernel" "$(kbuild_dir "$gr_kernel")") || return 1
	gr_append="$gr_append $(caps_append "$gr_caps")" || return 1
	[ -z "${PB_POINTS:-}" ] || gr_append="$gr_append pb.points=$PB_POINTS"
	shift 5
	mkdir -p "$gr_dir"
	gr_dir=$(cd "$gr_dir" && pwd)
	if ! "$PB" vm --label "$gr_label" --accel "$ACCEL" --fallback icount --timeout 1800 \
		--kernel "$(kbuild_dir "$gr_kernel")/$("${PB:-build/pb}" arch image)" --initrd "$INITRAMFS" \
		--share "${PB_UNITS_OUT:-$(pwd)/build}=build" --share "$gr_dir=results:rw" --log "$gr_dir/console.log" \
		--hw "$gr_dir/hw.json" "$@" --append "$gr_append" 2> "$gr_dir/vm.err"; then
		cat "$gr_dir/vm.err" >&2
		return 1
	fi
	"$PB" json-get "$gr_dir/hw.json" accel > "$gr_dir/accel"
}
