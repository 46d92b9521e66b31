#!/bin/sh
# Run one benchmark suite on both kernels, interleaved boot by boot, and
# record the samples as the run's result of the suite (pb results path).
#   run.sh SUITE ROUNDS      (env: PB, INITRAMFS, ACCEL, PB_CACHE, BENCH_OUT,
#                             BUDGET, TARGET_MDE; KERNELS and RESULT for
#                             make bisect: other kernels, another file;
#                             PB_POINTS for make bench POINTS=)
# ROUNDS is the least number of boots per kernel. While the noisiest point
# could still hide a shift of TARGET_MDE % (pb bench-round) and another round fits
# in BUDGET seconds of this suite, more rounds run: noisy modes get more
# samples, icount (exact) stays at ROUNDS.
# PB_POINTS: point filters (bench/lib/points.h) as pb suites points printed
# them, checked against the suite's parameters: only those points are
# recorded (the guest gets them as pb.points= and skips the others where
# its script can), filed as the run's partial result of the suite, and its
# meta says points=PB_POINTS.
set -eu
. bench/lib/guest.sh
suite=$1 rounds=$2 budget=${BUDGET:-600} target=${TARGET_MDE:-1}
# the suite's manifest (SUITES_DIR/SUITE/suite.json, pb suites) says which
# kernels, and how its boots differ (suite_vm_options)
kernels=${KERNELS:-$("$PB" suites get "$suite" kernels)}
vm_options=$(suite_vm_options "$suite")
points=${PB_POINTS:-}
# filed under the run id of the tree the run starts from, and recorded so
if [ -n "${RESULT:-}" ]; then	# make bisect: a file of its own, this tree's run
	result=$RESULT run_id=$("$PB" results run-id)
else	# the run it is filed under, asked once
	result=$("$PB" results path ${points:+--partial} "$suite")
	run_id=$(basename "$(dirname "$result")")
fi
work=$BENCH_OUT/$suite
rm -rf "$work" && mkdir -p "$work"
# What each kernel can do (pb probe): a kernel that lacks what the suite
# needs (its manifest's "needs") is not booted, and the result says why of
# it and of each point it lacks the needs of ("point_needs").
caps_opts='' applies=''
for k in $kernels; do
	caps=$(caps_file "$k" "$(kbuild_dir "$k")") ||
		{ echo "bench: error: cannot probe the $k kernel" >&2; exit 1; }
	caps_opts="$caps_opts --caps $k=$caps"
	na=$(suite_applies "$suite" "$k") || { [ $? = 10 ] || exit 1; echo "bench: $suite on $k: $na"; continue; }
	applies="$applies $k"
done
[ -n "$applies" ] || { echo "bench: error: $suite applies to none of the kernels ($kernels): no result" >&2; exit 1; }
inputs='' accel_used='' hw=''
start=$(date +%s)

round() { # round R: one boot of each kernel the suite applies to
	for k in $applies; do
		dir=$work/$k-$1
		echo "bench: $suite round $1 on $k"
		# shellcheck disable=SC2086 # options are words by construction
		guest_run "$k" "$dir" "$suite/$k/$1" "bench-$suite" "$k" $vm_options ||
			{ echo "bench: error: $suite on $k failed; no result recorded" >&2; exit 1; }
		# whole commands timed by hyperfine in the guest: "PARAMS K 1X.json 2X.json"
		if [ -f "$dir/hyperfine.list" ]; then
			while read -r params n one two; do
				"$PB" hyperfine "$suite" "$params" "$n" "$dir/${one##*/}" "$dir/${two##*/}" \
					>> "$dir/bench.txt" || exit 1
			done < "$dir/hyperfine.list"
		fi
		accel_used=$(cat "$dir/accel")
		# one result, one guest hardware (pb vm --hw): the same for every boot
		[ -z "$hw" ] || cmp -s "$hw" "$dir/hw.json" ||
			{ echo "bench: error: $dir booted other hardware than $hw: no result" >&2; exit 1; }
		hw=$dir/hw.json
		inputs="$inputs $k=$dir/bench.txt"
	done
}

r=0
while [ "$r" -lt "$rounds" ]; do r=$((r + 1)); round "$r"; done
while :; do
	# the largest shift (%) a kernel's noisiest point could still hide;
	# pb bench-round exits 0 when that is at most the target, 10 when not
	more=0
	# shellcheck disable=SC2086
	mde=$("$PB" bench-round --suite "$suite" --target "$target" ${points:+--points "$points"} \
		$inputs) || more=$?
	[ "$more" -eq 0 ] || [ "$more" -eq 10 ] || exit 1
	took=$(( $(date +%s) - start ))
	per_round=$((took / r))
	if [ "$more" -eq 0 ]; then
		echo "bench: $suite: $r rounds; the noisiest point detects a ${mde} % shift (target $target %)"
		break
	fi
	if [ $((took + per_round)) -gt "$budget" ]; then
		echo "bench: $suite: $r rounds; the noisiest point only detects a ${mde} % shift" \
			"(target $target %), and another round would pass BUDGET=$budget s"
		break
	fi
	r=$((r + 1))
	echo "bench: $suite: detectable shift ${mde} % > $target %: round $r"
	round "$r"
done
case $accel_used in
icount) unit="guest instructions (icount)" ;;
tcg) unit="ns (TCG wall clock: noisy)" ;;
*) unit="ns" ;;
esac
mkdir -p "$(dirname "$result")"
bench/collect/meta.sh "$work/meta.txt" "$accel_used" "$r" "$run_id" "$hw" "$suite"
# shellcheck disable=SC2086
"$PB" bench-collect --suite "$suite" --unit "$unit" --accel "$accel_used" \
	--out "$result" --meta-file "$work/meta.txt" ${points:+--points "$points" --meta "points=$points"} \
	$caps_opts $inputs
