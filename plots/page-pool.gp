# page-pool: cost per alloc/free pair on each path, baseline and patched.
load 'plots/common.gp'
set output OUT.'/page-pool.png'
set title "page-pool: one alloc+free pair (icount)"
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.6 border -1
set xtics ("direct cache" 0, "ptr\\_ring" 1, "page allocator" 2, "no recycling" 3)
set ylabel UNIT
set yrange [0:*]
plot DATA.'/page-pool.dat' index 0 using 2:3:4 title columnheader(1), \
     '' index 1 using 2:3:4 title columnheader(1)
