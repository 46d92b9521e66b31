#!/bin/sh
# make lava: one LAVA v2 job (pb lava) per kernel for KUnit, per kernel x
# guest test and per kernel x benchmark suite round, from the very pb vm invocations that
# make test-guest (tests/guest-run.sh) and make bench (bench/lib/guest.sh)
# make (tests/job-run.sh, bench/lib/guest.sh): they run with PB=bench/lava/pb-dry-run, so each `pb vm` prints its
# configuration and QEMU command line instead of booting.
#   lava.sh OUTDIR "KERNELS" "TESTS" "SUITES" ROUNDS
#   (env: PB, PB_CACHE, INITRAMFS, LAVA_BUILD_DIR: where a lab worker has this
#    build/ tree, LAVA_ARTEFACT_URL: where a lab fetches KERNEL/IMAGE (IMAGE:
#    the guest architecture's kernel image's name, pb arch image) and
#    initramfs.cpio (default: file:// the local artefacts);
#    GUEST_ARCH: the guest architecture, its kernels and pb lava's jobs)
#    LAVA_ACCEL: kvm|tcg|icount, default auto: what pb vm runs without KVM;
#    PB_KBUILD: a pair's kernels, kernel/pair.sh, default PB_CACHE/build)
set -eu
. bench/lib/guest.sh
out=$1 kernels=$2 tests=$3 suites=$4 rounds=$5
# make lava's choices (env PB_TEST: its TEST=; LAVA_SUITES: the guest suites)
# shellcheck disable=SC2086 # PB_TEST: patterns, one a word, not globbed
[ -z "${PB_TEST:-}" ] || (set -f; "$PB" jobs tests-of $PB_TEST > /dev/null) ||
	{ echo "make lava: TEST= chooses guest tests (docs/testing.md, \"Choosing tests\")" >&2; exit 1; }
for suite in $suites; do
	case " ${LAVA_SUITES-$suite} " in *" $suite "*) ;; *) echo "make lava: SUITE= one of: $LAVA_SUITES" >&2; exit 1 ;; esac
done
for kernel in $kernels; do
	case $kernel in baseline | patched | debug) ;; *) echo "make lava: KERNEL= baseline, patched or debug" >&2; exit 1 ;; esac
done
here=$(pwd)
ACCEL=${LAVA_ACCEL:-auto}
export ACCEL
real_pb=$here/$PB dry_pb=$here/bench/lava/pb-dry-run
dry=$out/.dry-run
rm -rf "$out" && mkdir -p "$dry"
commit=$(project_commit)
kbuild=$(kbuild_dir)
# shellcheck source=bench/collect/kernel_id.sh
. bench/collect/kernel_id.sh
# the pair the jobs boot (its id, kernel/pair.sh), none for the default one:
# make lava-collect files their results where that pair's go
pair=$(kbuild_pair)
debian=$(cat "$PB_CACHE/src/.pb-pristine" 2>/dev/null || echo unknown)
n=0

url() { # url LOCAL_FILE NAME: where a lab fetches an artefact
	if [ -n "${LAVA_ARTEFACT_URL:-}" ]; then echo "$LAVA_ARTEFACT_URL/$2"; else echo "file://$1"; fi
}

job() { # job VM.json FILE JOB_NAME TEST tap|kunit|bench KERNEL [META...]
	j_vm=$1 j_file=$2 j_name=$3 j_test=$4 j_kind=$5 j_kernel=$6
	j_series=$(series_id "$j_kernel" 2>/dev/null || echo unknown)	# its tree's, none: Debian's
	shift 6
	"$real_pb" lava --vm "$j_vm" --out "$out/$j_file.yaml" --name "$j_name" --test "$j_test" \
		--monitor "$j_kind" \
		--kernel-url "$(url "$kbuild/$j_kernel/$("$real_pb" arch image)" "$j_kernel/$(basename "$("$real_pb" arch image)")")" \
		--initrd-url "$(url "$here/$INITRAMFS" initramfs.cpio)" \
		--build-dir "${LAVA_BUILD_DIR:-${PB_UNITS_OUT:-$here/build}}" --meta kernel="$j_kernel" \
		--meta kernel_stamp="$(cat "$kbuild/$j_kernel/.pb-stamp" 2>/dev/null || echo unbuilt)" \
		--meta series="$j_series" --meta debian_package="$debian" --meta project_commit="$commit" \
		--meta pair="$pair" "$@"
	n=$((n + 1))
}

# dry KUNIT_OR_GUEST_JOB VM.json: the boot as make test defines it
# (tests/job-run.sh), whether or not the kernel has what the test needs: the
# lab's run says so
dry() {
	NEEDS_UNDECIDED=1 PB_DRY_KUNIT=${PB_DRY_KUNIT:-} PB=$dry_pb PB_REAL=$real_pb TEST_OUT=$dry BUILD_DIR=${PB_UNITS_OUT:-$here/build} KBUILD=$kbuild \
		tests/job-run.sh "$1" > "$2" 2> "$2.err" || { cat "$2.err" >&2; exit 1; }
}

for k in $kernels; do
	# KUnit: pb kunit's boot (its pb vm --dry-run lands in $dry/kunit-K.out)
	PB_DRY_KUNIT=$dry/$k-kunit.kunit dry "kunit/$k" "$dry/$k-kunit.stdout"
	mv "$dry/kunit-$k.out" "$dry/$k-kunit.json"
	job "$dry/$k-kunit.json" "$k-kunit" "patchbench $k kunit" kunit kunit "$k" \
		--meta kunit_name="$("$real_pb" json-get "$dry/$k-kunit.kunit" name)" \
		--meta kunit_suites="$("$real_pb" json-get "$dry/$k-kunit.kunit" suites)"
	for t in $tests; do
		dry "guest/$k/$t" "$dry/$k-$t.json"
		job "$dry/$k-$t.json" "$k-$t" "patchbench $k $t" "$t" tap "$k"
	done
	for s in $suites; do
		# the kernels its manifest names, as make bench boots them
		sk=$("$real_pb" suites get "$s" kernels) || exit 1
		case " $sk " in *" $k "*) ;; *) continue ;; esac
		vm=$dry/$k-bench-$s.json
		# a kernel that lacks what the suite needs is not booted, as in make bench
		na=$(suite_applies "$s" "$k") || { [ $? = 10 ] || exit 1; echo "lava: bench-$s on $k: $na: no job"; continue; }
		# shellcheck disable=SC2046 # options are words by construction
		(PB=$dry_pb PB_REAL=$real_pb && export PB_REAL &&
			guest_run "$k" "$dry/$k-bench-$s" "$s/$k" "bench-$s" "$k" $(suite_vm_options "$s")) \
			> "$vm" ||
			{ echo "lava: bench-$s on $k: pb vm --dry-run failed" >&2; exit 1; }
		r=1
		while [ "$r" -le "$rounds" ]; do
			# what the guest boots as (pb vm --hw), for the result's meta
			job "$vm" "$k-bench-$s-round$r" "patchbench $k bench-$s round $r" "bench-$s" bench \
				"$k" --meta round="$r" --meta suite="$s" \
				--meta guest_cpu="$("$real_pb" json-get "$vm" cpu)" \
				--meta guest_smp="$("$real_pb" json-get "$vm" smp)" \
				--meta guest_mem_mb="$("$real_pb" json-get "$vm" mem_mb)"
			r=$((r + 1))
		done
	done
done
echo "lava: $n jobs in $out/"
