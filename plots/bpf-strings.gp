# bpf-strings: cost per call against string length L, per implementation
# (patched kernel), one panel per function; log-log, L+1 so that L=0 shows.
SIZE = '1400,560'
load 'plots/common.gp'
# room above the lines for the key
set offsets 0, 0, graph 0.3, 0
set output OUT.'/bpf-strings.png'
set multiplot layout 1,3 title SUITE.": one call on a string of L bytes, patched kernel (".FROM.")"
set logscale xy
set xlabel "L + 1 (bytes)"
set ylabel UNIT
do for [fn in "strlen strchr strcmp"] {
	set title fn
	plot for [i=0:*] DATA.'/bpf-strings-'.fn.'.dat' index i using ($1+1):2:3:4 title columnheader(1)
}
unset multiplot
