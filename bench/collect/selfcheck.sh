#!/bin/sh
# make selfcheck: how far can patchbench's comparisons be believed?
#   1. A/A: for each timing suite, AA_RUNS times, two boots of the same
#      baseline build compared as if they were two kernels: every point
#      flagged is a false flag. Their samples also give the noise table.
#   2. Power: the selfcheck kernel (patched + kernel/selfcheck/, a planted
#      loop in mctp_route_lookup) is calibrated, then POWER_RUNS times a boot
#      with the loop off is compared with boots where it costs 1, 2, 5 and
#      10 % of one sendmsg() at one route.
#   3. The same at 10, 25, 50 and 100 % under TCG wall clock (TCG_RUNS).
# Every comparison is `pb compare`'s. Writes the run's selfcheck result (pb results path).
#   selfcheck.sh   (env: PB, INITRAMFS, ACCEL, PB_CACHE, BENCH_OUT, SUITES,
#                   AA_RUNS, POWER_RUNS, TCG_RUNS)
set -eu
. bench/lib/guest.sh
result=$("$PB" results path selfcheck)
run_id=$(basename "$(dirname "$result")")	# the run it is filed under, once
work=$BENCH_OUT/selfcheck
rm -rf "$work" && mkdir -p "$work"
records=$work/records.txt
: > "$records"
icount_accel='' icount_hw=''

boot() { # boot DIR VARIANT ACCEL TEST ARGS [CMDLINE]: one guest writing DIR/bench.txt
	guest_run "$2" "$1" "selfcheck/${1#"$work"/}" "$4" "$5${6:+ $6}" --accel "$3" --timeout 900 || {
		echo "selfcheck: error: $4 on $2 failed; nothing recorded" >&2
		exit 1
	}
}

# compare SUITE A_DIR B_DIR OUT: B against A as pb compare sees it; sets
# points, regressions, slower, faster, invalid and ratio (the first point's),
# read from pb compare's JSON (OUT.cmp.json; the table is in OUT.txt).
compare() {
	out=$4
	"$PB" bench-collect --suite "$1" --unit selfcheck --accel "$(cat "$2/accel")" --out "$out.json" \
		baseline="$2/bench.txt" patched="$3/bench.txt" > /dev/null
	rc=0
	"$PB" compare --save "$out.cmp.json" "$out.json:baseline" "$out.json:patched" > "$out.txt" || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 3 ] || { cat "$out.txt" >&2; exit 1; }
	# shellcheck disable=SC2046
	set -- $("$PB" json-get "$out.cmp.json" summary.points summary.regressions \
		summary.verdicts.slower-small summary.verdicts.faster summary.verdicts.invalid \
		points.0.ratio)
	[ $# = 6 ] || { echo "selfcheck: cannot read $out.cmp.json" >&2; exit 1; }
	points=$1 regressions=$2 slower=$3 faster=$4 invalid=$5
	ratio=$(printf '%.3f' "$6")
}

aa_runs=${AA_RUNS:-3} power_runs=${POWER_RUNS:-10} tcg_runs=${TCG_RUNS:-5}
for r in $(seq 1 "$aa_runs"); do
	for s in $SUITES; do
		echo "selfcheck: A/A $s, run $r/$aa_runs"
		d=$work/aa/$s/$r
		boot "$d/a" baseline "$ACCEL" "bench-$s" baseline
		boot "$d/b" baseline "$ACCEL" "bench-$s" baseline
		icount_accel=$(cat "$d/a/accel") icount_hw=$d/a/hw.json
		compare "$s" "$d/a" "$d/b" "$d/cmp"
		echo "PB-SELFCHECK kind=aa mode=$icount_accel suite=$s run=$r points=$points" \
			"flagged=$((regressions + slower + faster)) invalid=$invalid" >> "$records"
		cat "$d/a/bench.txt" "$d/b/bench.txt" >> "$work/aa-$s.txt"
	done
done
for s in $SUITES; do
	"$PB" bench-collect --suite "$s" --unit selfcheck --accel "$icount_accel" \
		--out "$work/aa-$s.json" baseline="$work/aa-$s.txt" > /dev/null
	"$PB" noise "$work/aa-$s.json" baseline "$s" "$icount_accel" >> "$records"
done

# Calibrate: what one loop iteration costs next to one sendmsg() at 1 route.
boot "$work/calibrate" selfcheck "$ACCEL" selfcheck-calibrate 1,4000
median() { # median SPIN
	sed -n "s/.* ns=\([0-9.]*\) .* spin=$1\$/\1/p" "$work/calibrate/bench.txt" | sort -n |
		awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
base=$(median 0) spun=$(median 4000)
per_iter=$(awk -v a="$base" -v b="$spun" 'BEGIN { print (b - a) / 4000 }')
echo "selfcheck: one sendmsg() at 1 route costs $base, one planted iteration $per_iter"
echo "PB-SELFCHECK kind=calibration mode=$(cat "$work/calibrate/accel") cost=$base per_iter=$per_iter" >> "$records"

# power MODE ACCEL RUNS PCT...: planted comparisons at each size.
power() {
	mode=$1 accel=$2 runs=$3; shift 3
	for r in $(seq 1 "$runs"); do
		d=$work/power-$mode/$r
		echo "selfcheck: planted regressions ($mode: $*%), run $r/$runs"
		boot "$d/off" selfcheck "$accel" bench-mctp-route selfcheck,1 mctp.selfcheck_spin=0
		for pct in "$@"; do
			spin=$(awk -v p="$pct" -v c="$base" -v i="$per_iter" 'BEGIN { printf "%d", p / 100 * c / i + 0.5 }')
			boot "$d/$pct" selfcheck "$accel" bench-mctp-route selfcheck,1 "mctp.selfcheck_spin=$spin"
			compare mctp-route "$d/off" "$d/$pct" "$d/cmp-$pct"
			echo "PB-SELFCHECK kind=planted mode=$mode pct=$pct spin=$spin run=$r" \
				"flagged=$((regressions + slower)) ratio=$ratio" >> "$records"
		done
	done
}
power "$(cat "$work/calibrate/accel")" "$ACCEL" "$power_runs" 1 2 5 10
power tcg tcg "$tcg_runs" 10 25 50 100

mkdir -p "$(dirname "$result")"
bench/collect/meta.sh "$work/meta.txt" "$icount_accel" "$aa_runs" "$run_id" "$icount_hw"
"$PB" records-collect --tag PB-SELFCHECK --suite selfcheck --kind selfcheck \
	--out "$result" --meta-file "$work/meta.txt" "$records"
