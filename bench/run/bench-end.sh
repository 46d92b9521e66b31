#!/bin/sh
# The end of make bench: where its results are and what to run next (a
# partial result's comparisons, a dirty tree's report, results kept
# elsewhere), then bench.sh's verdict line; exits with its status.
#   bench-end.sh SUITE...     (env: PB, BENCH_OUT, PB_POINTS, RESULTS_DIR)
set -u
if [ -n "${PB_POINTS:-}" ]; then
	r=$("$PB" results path --partial "$1") &&
		f=$("$PB" results newest "$1" 2>/dev/null || "$PB" results newest --root results "$1" 2>/dev/null)
	echo "bench: $*, points $PB_POINTS: the partial result $r (not in RESULTS.md)"
	echo "  its two kernels: $PB compare $r:baseline $r:patched"
	[ -z "$f" ] || echo "  against the newest full result: $PB compare $f $r"
else
	case $("$PB" results run-id) in *-dirty)
		echo "bench: the tree has uncommitted changes: $(dirname "$("$PB" results path "$1")")/ is left" \
			"out of RESULTS.md; make report DIRTY=1 REPORT_OUT=DIR shows it" ;;
	esac
fi
if [ -n "${RESULTS_DIR:-}" ]; then
	d=$(dirname "$("$PB" results path "$1")") || exit 1
	echo "bench: this run's results: $d"
	echo "  next: make compare A=$d"
	echo "        make report RESULTS_DIR=$RESULTS_DIR REPORT_OUT=DIR"
fi
cat "$BENCH_OUT/verdict.line"
exit "$(cat "$BENCH_OUT/verdict.status")"
