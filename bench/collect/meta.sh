#!/bin/sh
# What every result records about how it was made, as K=V lines for the
# collectors' --meta-file:  meta.sh FILE ACCEL ROUNDS RUN_ID HW [SUITE]
# (env: PB, PB_CACHE, KCONFIG)
# RUN_ID is the run id taken when the run started (pb results run-id), the
# one its result is filed under: the tree may change while a run goes on.
# HW is what a boot of the run booted as (pb vm --hw, DIR/hw.json of
# bench/lib/guest.sh): the guest's CPU model, vCPUs and memory. config_hash
# is that of the config fragments the benchmarked kernels are built from
# (kernel/build.sh: bench.config for baseline, patched, selfcheck and bisect,
# and KCONFIG's file on top when one is given), hashed as sha256sum does,
# its first 16 hex digits; KERNEL_config that of each kernel's effective
# .config. With SUITE, the hashes of the repository's inputs its result is
# made from (pb inputs), which make report compares with today's.
set -eu
out=$1 accel=$2 rounds=$3 commit=${4:?meta.sh: RUN_ID, as pb results run-id gave it}
hw=${5:?meta.sh: HW, the hw.json of a boot of the run (pb vm --hw)}
suite=${6:-}
PB=${PB:-build/pb}
fragments=$(cd "$(dirname "$0")/../../kernel/config" && pwd)/bench.config
guest_accel=$("$PB" json-get "$hw" accel)
[ "$guest_accel" = "$accel" ] ||
	{ echo "meta.sh: $hw says the guest ran under $guest_accel, not $accel" >&2; exit 1; }
guest_cpu=$("$PB" json-get "$hw" cpu)
guest_smp=$("$PB" json-get "$hw" smp)
guest_mem_mb=$("$PB" json-get "$hw" mem_mb)
config_hash=$(cat "$fragments" ${KCONFIG:+"$KCONFIG"} | sha256sum | cut -c1-16)
# shellcheck source=bench/collect/kernel_id.sh
. "$(dirname "$0")/kernel_id.sh"
{
	echo "project_commit=$commit"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "accel=$accel"
	echo "guest_cpu=$guest_cpu"
	echo "guest_smp=$guest_smp"
	echo "guest_mem_mb=$guest_mem_mb"
	echo "config_hash=$config_hash"
	echo "debian_package=$(cat "$PB_CACHE/src/.pb-pristine")"
	# (make bisect benches one kernel, "step": its identity is in pair.txt)
	[ ! -e "$(kbuild_dir baseline)" ] || echo "baseline_kernel=$(kernel_id src baseline)"
	if [ -e "$(kbuild_dir patched)" ]; then
		echo "patched_kernel=$(kernel_id src-patched patched)"
		echo "series=$(series_id patched)"	# a result records its second side's
	fi
	# results from before the compiler was recorded have no such line
	cc=$(kernels_cc)
	[ -z "$cc" ] || echo "compiler=$cc"
	for k in baseline patched; do
		kc=$(kernel_config_hash "$k")
		[ -z "$kc" ] || echo "${k}_config=$kc"
	done
	# the tools kbuild ran beside the compiler: BTF (pahole) and the linker
	tool=$(pahole --version 2>/dev/null || true)
	echo "pahole=${tool:-none}"
	tool=$(ld --version 2>/dev/null | head -n 1)
	echo "binutils=${tool:-none}"
	[ -z "$suite" ] || "$PB" inputs --kconfig "${KCONFIG:-}" "$suite"
	echo "qemu=$("$("$PB" arch qemu)" --version | head -n 1)"
	# the guest architecture, for another than the default only: a result
	# without it is the default architecture's, as every result before it
	[ -z "$("$PB" arch cache_subdir)" ] || echo "guest_arch=$("$PB" arch name)"
	echo "host_cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
	echo "rounds=$rounds"
	# a pair of the user's (make bench BASELINE= PATCHED=): what its two
	# sides are; make bisect's step: its commit (bench/bisect/bisect-range.sh)
	[ ! -f "$(kbuild_dir)/pair.txt" ] || cat "$(kbuild_dir)/pair.txt"
} > "$out"
