# shellcheck shell=sh
# What the benchmark scripts share; sourced, not run.
#   (env: PB, INITRAMFS, ACCEL, PB_CACHE)

# project_commit: the project revision results are filed under, -dirty when
# tracked files differ from it.
project_commit() {
	c=$(git rev-parse --short=12 HEAD)
	[ -z "$(git status --porcelain --untracked-files=no)" ] || c=$c-dirty
	echo "$c"
}

# guest_run KERNEL DIR LABEL RUN ARGS [pb vm OPTIONS...]: boot the KERNEL
# build (baseline, patched, ...) with the initramfs running the guest test
# RUN with ARGS (more kernel command-line words may follow them), build/
# shared at /build and DIR at /results. Under icount without KVM, 30
# minutes at most; OPTIONS change that. Leaves DIR/console.log, pb vm's
# report in DIR/vm.err and the accel mode that ran in DIR/accel; on failure
# prints the report and returns 1.
guest_run() {
	kernel=$1 dir=$2 label=$3 run=$4 args=$5
	shift 5
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	if ! "$PB" vm --label "$label" --accel "$ACCEL" --fallback icount --timeout 1800 \
		--kernel "$PB_CACHE/build/$kernel/arch/x86/boot/bzImage" --initrd "$INITRAMFS" \
		--share "$(pwd)/build=build" --share "$dir=results:rw" --log "$dir/console.log" \
		"$@" --append "kunit.enable=0 pb.run=$run pb.args=$args" 2> "$dir/vm.err"; then
		cat "$dir/vm.err" >&2
		return 1
	fi
	sed -n 's/^vm: accel \([a-z]*\).*/\1/p' "$dir/vm.err" | head -n 1 > "$dir/accel"
}
