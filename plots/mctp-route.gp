# mctp-route: cost per operation against the route table size (both kernels)
# and against the gateway chain depth (patched): the whole sendmsg() path and
# the route lookup alone (lookup=kernel), each its own line. Medians with
# quartiles.
SIZE = '1200,540'
load 'plots/common.gp'
set output OUT.'/mctp-route.png'
set multiplot layout 1,2 title SUITE.": one operation on the last of N routes (".FROM.")"
set logscale x 2
set logscale y
set xlabel "routes in the table (N)"
set ylabel UNIT
set title "route table size"
plot for [i=0:*] DATA.'/mctp-route-send.dat' index i using 1:2:3:4 lc i+1 dt 1 title columnheader(1), \
     for [i=0:*] DATA.'/mctp-route-lookup.dat' index i using 1:2:3:4 lc i+1 dt 2 title columnheader(1)
unset logscale x
set xlabel "gateway chain depth (d), table of d+1 routes"
set title "gateway chain depth (patched)"
plot for [i=0:*] DATA.'/mctp-route-depth-send.dat' index i using 1:2:3:4 lc 2 dt 1 title columnheader(1), \
     for [i=0:*] DATA.'/mctp-route-depth-lookup.dat' index i using 1:2:3:4 lc 2 dt 2 title columnheader(1)
unset multiplot
