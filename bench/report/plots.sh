#!/bin/sh
# make plots: each suite's plot, from the recipe in its manifest
# (SUITES_DIR/SUITE/suite.json, "plot") and its newest result: pb suites
# plot writes the data and DATA/SUITE.gp, gnuplot draws it into OUT; and
# the history-SUITE.png of each suite whose manifest says "history" where
# it has results at two commits or more (plots/history.gp). A suite's
# results are pb results all's, oldest first: the newest is the last.
#   plots.sh OUT DATA      (env: PB, SUITES_DIR, RESULTS_DIR)
# A gnuplot warning fails the plot: it means a line or a label went missing.
set -eu
out=$1 data=$2
PB=${PB:-build/pb}
. bench/lib/gnuplot.sh
mkdir -p "$out" "$data"
plotted=$("$PB" suites list --plot)
with_history=$("$PB" suites list --make history)
member() { # member WORD LIST...: is WORD one of LIST?
	m_word=$1
	shift
	for m; do [ "$m" != "$m_word" ] || return 0; done
	return 1
}

seen=
for s in $plotted $with_history; do
	case " $seen " in *" $s "*) continue ;; esac
	seen="$seen $s"
	# shellcheck disable=SC2046 # one path a line, no spaces
	set -- $("$PB" results all "$s")
	[ $# -gt 0 ] || continue
	# shellcheck disable=SC2086 # suite names are words
	if member "$s" $plotted; then
		for r; do :; done
		"$PB" suites plot "$s" "$r" "$data"
		"$PB" plotvars "$r" > "$data/$s.vars"
		gnuplot_draw "$data/$s.gp" "$data/$s.vars" "$out" "$data"
	fi
	# shellcheck disable=SC2086
	if [ $# -ge 2 ] && member "$s" $with_history; then
		history_draw "$s" "$out" "$data" "$@"
	fi
done
echo "plots:" "$out"/*.png
