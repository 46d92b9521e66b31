#!/bin/sh
# make test-arch's benchmark points: each suite named booted once on the
# patched kernel of the guest architecture (GUEST_ARCH), as make bench
# boots it (bench/collect/run.sh, one round, its result kept under
# BENCH_OUT, never filed in results/), one TAP line per point: ran (its
# samples as the note), or not applicable saying why (the point's needs,
# pb probe), or failed. A suite whose needs the kernel lacks is one skip,
# "not applicable: ...", and no boot.
#   arch-suites.sh OUT.tap SUITE...   (env: PB, INITRAMFS, ACCEL, PB_CACHE,
#                                      BENCH_OUT, PB_UNITS_OUT)
set -u
PB=${PB:-build/pb}
[ -x "$PB" ] || { echo "arch-suites.sh: no $PB: make tools builds it" >&2; exit 2; }
out=$1
shift
: "${BENCH_OUT:?BENCH_OUT must be set}"
# shellcheck source=bench/lib/guest.sh
. bench/lib/guest.sh
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
kernel=patched
tap_start "$out" "bench.$kernel"

for suite in "$@"; do
	why=$(suite_applies "$suite" "$kernel")
	case $? in
	0) ;;
	10) result ok "$suite" "SKIP $why"; continue ;;
	*) result fail "$suite" "cannot probe the $kernel kernel"; continue ;;
	esac
	json=$BENCH_OUT/$suite.json
	rm -f "$json"
	t0=$(date +%s)
	if ! KERNELS=$kernel RESULT=$json BUDGET=0 bench/collect/run.sh "$suite" 1 > "$BENCH_OUT/$suite.log" 2>&1; then
		result fail "$suite" "its boot or collection failed ($BENCH_OUT/$suite.log, $BENCH_OUT/$suite/)"
		tap_diag "$(tail -n 20 "$BENCH_OUT/$suite.log")"
		continue
	fi
	echo "arch-suites: $suite on $kernel: one boot, $(( $(date +%s) - t0 )) s ($json)"
	unit=$("$PB" json-get "$json" unit)
	i=0
	while params=$("$PB" json-get "$json" "points.$i.params" 2> /dev/null); do
		point=$(printf '%s' "$params" | tr -d '{}"' | tr ':' '=')
		if samples=$("$PB" json-get "$json" "points.$i.$kernel.samples" 2> /dev/null); then
			result ok "$suite.$point" "$(printf '%s' "$samples" | tr -d '[]' | tr ',' ' ') ($unit)"
		elif na=$("$PB" json-get "$json" "points.$i.not_applicable.$kernel" 2> /dev/null); then
			result ok "$suite.$point" "SKIP not applicable: $na"
		else
			result fail "$suite.$point" "no samples, and its needs hold"
		fi
		i=$((i + 1))
	done
	[ "$i" -gt 0 ] || result fail "$suite" "its result has no points ($json)"
done
tap_finish
