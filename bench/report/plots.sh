#!/bin/sh
# make report and make plots: one pb report pass reads every result once
# (each suite's, as pb results all lists them) and writes RESULTS.md, its
# HISTORY.md and the data of every plot they show into DATA, with DATA/plots.list, a line
# "SCRIPT VARS" per plot: each suite's (its manifest's recipe, its newest
# result) and each history-SUITE.png (plots/history.gp). gnuplot then draws
# each into OUT; nothing here reads a result. Given MD, the RESULTS.md is
# put there once every plot is drawn, and HISTORY.md beside it; make plots
# leaves them in DATA. DIRTY=1 takes HEAD's -dirty run's results too
# (pb report --dirty); else they are left out.
# Results kept elsewhere (RESULTS_DIR) never make this repository's
# RESULTS.md or plots: with RESULTS_DIR, REPORT_OUT must be another folder.
#   plots.sh OUT DATA [MD]      (env: PB, SUITES_DIR, RESULTS_DIR, REPORT_OUT, DIRTY)
# A gnuplot warning fails the plot: it means a line or a label went missing.
set -eu
out=$1 data=$2 md=${3:-}
if [ -n "${RESULTS_DIR:-}" ] && [ "$(realpath -ms "${REPORT_OUT:-.}")" = "$(pwd -P)" ]; then
	echo "make $([ -n "$md" ] && echo report || echo plots): RESULTS_DIR=$RESULTS_DIR is not this repository's results: give REPORT_OUT=DIR" >&2
	exit 1
fi
PB=${PB:-build/pb}
. bench/lib/gnuplot.sh
mkdir -p "$out" "$data"
"$PB" report ${DIRTY:+--dirty} --plot-data "$data" "$data/RESULTS.md" > /dev/null
while read -r script vars <&3; do
	gnuplot_draw "$script" "$vars" "$out" "$data"
done 3< "$data/plots.list"
echo "plots:" "$out"/*.png
[ -n "$md" ] || exit 0
history=$(dirname "$md")/HISTORY.md
cp "$data/RESULTS.md" "$md.tmp.$$"
cp "$data/HISTORY.md" "$history.tmp.$$"
mv -f "$history.tmp.$$" "$history"
mv -f "$md.tmp.$$" "$md"
echo "report: $md $history"
