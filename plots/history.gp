# history-SUITE: each point's patched/baseline ratio (95 % interval) at every
# project commit with results, oldest first, on a log axis (a ratio of 0.1
# is as far from 1 as one of 10); small multiples, one panel per
# combination of the string parameters (at most 8 lines each), titled from
# the suite's manifest. The 1.00 line and the +-2 % lines, steps circled,
# invalid and suspect cells crossed; a red dotted line where the
# accelerator or unit changed (the lines break there). Points only the
# patched kernel ran have no ratio: their panels (ABSOLUTE) show their own
# medians (quartiles), so a change of the series' own code shows too.
# Called with DATA, OUT and VARS = DATA/history-SUITE.vars (pb history --data).
load VARS
COLS = NPANELS < 3 ? NPANELS : (NPANELS < 10 ? 3 : 4)
ROWS = (NPANELS + COLS - 1) / COLS
SIZE = NPANELS == 1 ? "900,540" : sprintf("%d,%d", 120 + 460 * COLS, 80 + 340 * ROWS)
load 'plots/common.gp'
set output OUT.'/history-'.SUITE.'.png'
set style data yerrorlines
set xrange [-0.5:NCOMMITS - 0.5]
set xtics rotate by -30
set logscale y
set key top left Left reverse samplen 2 font ",8"
set multiplot layout ROWS, COLS title SUITE.": ".WHAT."\n(patched/baseline across commits; newest: ".FROM.")"
do for [p = 1:NPANELS] {
	absolute = value(sprintf("ABSOLUTE%d", p))
	set title value(sprintf("PANEL%d", p)).(absolute ? " (patched only)" : "")
	eval value(sprintf("AXIS%d", p))
	if (absolute) { set ylabel UNIT } else { set ylabel "patched / baseline" }
	f = sprintf("%s/history-%s-p%d", DATA, SUITE, p)
	cmd = absolute ? "plot NaN notitle" : "plot 1 with lines lc rgb 'black' notitle, 1.02 with lines dt 2 lc rgb 'gray40' notitle, 0.98 with lines dt 2 lc rgb 'gray40' notitle"
	if (value(sprintf("LINES%d", p)) > 0) {
		cmd = cmd.", for [i=0:*] '".f.".dat' index i using 1:2:3:4 lc i+1 title columnheader(1)"
	}
	if (value(sprintf("STEPS%d", p)) > 0) {
		cmd = cmd.", '".f."-steps.dat' using 1:2 with points pt 6 ps 2.5 lc rgb 'black' title 'step'"
	}
	if (value(sprintf("FLAGGED%d", p)) > 0) {
		cmd = cmd.", '".f."-flagged.dat' using 1:2 with points pt 2 ps 2 lc rgb 'red' title 'invalid/suspect'"
	}
	eval cmd
}
unset multiplot
