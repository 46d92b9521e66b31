# compare-SUITE: make compare's B/A ratio per point with its 95 % interval, log scale;
# the grey band is each point's noise floor around 1.00 (a shift inside it
# is not called a change); regressions (slower by over 2 %) red, slower by
# less orange, faster green, invalid crossed.
# The point labels stand upright under their points, the bottom margin as
# tall as the longest (LABEL_CHARS), so none is cut off at the edge.
# Called with DATA, OUT and VARS = DATA/compare-SUITE.vars (pb compare-plot).
load VARS
SIZE = sprintf("%d,%d", NPOINTS * 28 + 300 < 900 ? 900 : NPOINTS * 28 + 300, 460 + LABEL_CHARS * 5)
load 'plots/common.gp'
set output OUT.'/compare-'.SUITE.'.png'
f = DATA.'/compare-'.SUITE
set title SUITE.": ".SIDES." (".ACCEL.")"
set xrange [-0.5:NPOINTS - 0.5]
set xtics rotate by 90 right font ",8"
set ylabel "B / A (median ratio)"
set key top left
# a log axis: 0.5 is as far from 1 as 2 (AXIS: its range and tics)
set logscale y
eval AXIS
set bmargin LABEL_CHARS * 0.42 + 2
cmd = "plot '".f."-band.dat' using 1:2:3 with filledcurves fc rgb 'gray85' title 'noise floor', 1 with lines lc rgb 'black' notitle"
if (N_other > 0) { cmd = cmd.", '".f."-other.dat' using 1:2:3:4 with yerrorbars pt 7 lc rgb 'royalblue' title 'no change'" }
if (N_faster > 0) { cmd = cmd.", '".f."-faster.dat' using 1:2:3:4 with yerrorbars pt 7 lc rgb 'forest-green' title 'faster'" }
if (N_slower > 0) { cmd = cmd.", '".f."-slower.dat' using 1:2:3:4 with yerrorbars pt 7 lc rgb 'dark-orange' title 'slower (<2 %)'" }
if (N_regression > 0) { cmd = cmd.", '".f."-regression.dat' using 1:2:3:4 with yerrorbars pt 7 ps 1.5 lc rgb 'red' title 'regression (>2 %)'" }
if (N_invalid > 0) { cmd = cmd.", '".f."-invalid.dat' using 1:2:3:4 with yerrorbars pt 2 ps 2 lc rgb 'gray40' title 'invalid'" }
eval cmd
