# bisect / curve: make bisect's followed points along the commits of its
# range, oldest first (the bisection's: the commits it measured; CURVE=1's:
# every commit). One panel per followed point: the step's median with its
# quartiles, each commit's marker coloured by its verdict (good green, bad
# red, skipped or an end grey), the first bad commit (MARK) a red dashed
# line. The x tics are the commits' short ids and subjects.
# Called with DATA, OUT and VARS = DATA/NAME.vars (pb bisect-curve).
load VARS
SIZE = sprintf("%d,%d", NCOMMITS * 70 + 260 < 900 ? 900 : NCOMMITS * 70 + 260, 150 + 330 * NPANELS)
load 'plots/common.gp'
set output OUT.'/'.NAME.'.png'
set xrange [-0.5:NCOMMITS - 0.5]
set xtics rotate by -30 font ",8"
set ylabel UNIT
set offsets 0, 0, graph 0.1, graph 0.1
set key top left Left reverse samplen 2 font ",8"
if (MARK >= 0) { set arrow 1 from MARK, graph 0 to MARK, graph 1 nohead dt 2 lw 1.5 lc rgb 'red' }
set multiplot layout NPANELS, 1 title SUITE.": ".WHAT."\n(".FROM.")"
do for [p = 1:NPANELS] {
	set title value(sprintf("PANEL%d", p))
	f = sprintf("%s/%s-p%d.dat", DATA, NAME, p)
	cmd = "plot '".f."' using 1:2:3:4 with yerrorlines lc rgb 'gray40' pt 7 ps 0.6 title 'median (quartiles)'"
	cmd = cmd.", '".f."' using 1:2:5 with points pt 7 ps 1.6 lc rgb variable notitle"
	cmd = cmd.", NaN with points pt 7 ps 1.6 lc rgb '#228b22' title 'good'"
	cmd = cmd.", NaN with points pt 7 ps 1.6 lc rgb '#dc143c' title 'bad'"
	if (MARK >= 0) { cmd = cmd.", NaN with lines dt 2 lw 1.5 lc rgb 'red' title 'first bad commit'" }
	eval cmd
}
unset multiplot
