# page-pool: cost per alloc/free pair on each path, baseline and patched.
load 'plots/common.gp'
set output OUT.'/page-pool.png'
set title SUITE.": one alloc+free pair (".FROM.")"
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.6 border -1
set xtics ("direct cache" 0, "ptr_ring" 1, "page allocator" 2, "no recycling" 3)
set ylabel UNIT
set yrange [0:*]
plot for [i=0:*] DATA.'/page-pool.dat' index i using 2:3:4 title columnheader(1)
