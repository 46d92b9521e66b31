#!/bin/sh
# make plots: each suite's plot, from the recipe in its manifest
# (SUITES_DIR/SUITE/suite.json, "plot") and its newest result
# (bench/lib/results-of.sh): pb suites plot writes the data and DATA/SUITE.gp,
# gnuplot draws it into OUT; and the history-SUITE.png of each suite whose
# manifest says "history" where it has results at two commits or more
# (plots/history.gp).
#   plots.sh OUT DATA      (env: PB, SUITES_DIR)
# A gnuplot warning fails the plot: it means a line or a label went missing.
set -eu
out=$1 data=$2
PB=${PB:-build/pb}
. bench/lib/gnuplot.sh
mkdir -p "$out" "$data"
plotted=$("$PB" suites list --plot)
with_history=$("$PB" suites list --make history)

for s in $plotted; do
	r=$(bench/lib/results-of.sh "$s")
	[ -n "$r" ] || continue
	"$PB" suites plot "$s" "$r" "$data"
	"$PB" plotvars "$r" > "$data/$s.vars"
	gnuplot_draw "$data/$s.gp" "$data/$s.vars" "$out" "$data"
done
for s in $with_history; do
	# shellcheck disable=SC2046 # one path a line, no spaces
	set -- $(bench/lib/results-of.sh --all "$s")
	[ $# -lt 2 ] || history_draw "$s" "$out" "$data" "$@"
done
echo "plots:" "$out"/*.png
