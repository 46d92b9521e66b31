#!/bin/sh
# make bench: each suite by its manifest's runner (bench/collect/run.sh
# unless it names one), RUNNER SUITE ROUNDS. A suite that fails to run or
# measure does not stop the others. pb bench-verdict writes VERDICT (JSON:
# "status" failed, regression or pass, and each suite's); its line and exit
# status are kept in BENCH_OUT for bench-end.sh, after the report.
#   bench.sh ROUNDS SUITE...     (env: PB, BENCH_OUT, VERDICT, PB_POINTS and the runners')
set -eu
rounds=$1
shift
outcomes=
for s in "$@"; do
	run=$("$PB" suites get "$s" runner)
	if "$run" "$s" "$rounds" && r=$("$PB" results path ${PB_POINTS:+--partial} "$s") && [ -f "$r" ]; then
		outcomes="$outcomes $s=$r"
	else
		outcomes="$outcomes $s=failed"
	fi
done
mkdir -p "$(dirname "$VERDICT")" "$BENCH_OUT"
status=0
# shellcheck disable=SC2086 # one operand per suite, no spaces in them
"$PB" bench-verdict --out "$VERDICT" $outcomes > "$BENCH_OUT/verdict.line" || status=$?
echo "$status" > "$BENCH_OUT/verdict.status"
