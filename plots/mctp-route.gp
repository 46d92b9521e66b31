# mctp-route: cost per sendmsg() against the route table size (both kernels)
# and against the gateway chain depth (patched), medians with quartiles.
load 'plots/common.gp'
set output OUT.'/mctp-route.png'
set multiplot layout 1,2 title "mctp-route: one sendmsg() to the last of N routes (icount)"
set logscale x 2
set xlabel "routes in the table (N)"
set ylabel UNIT
plot for [i=0:1] DATA.'/mctp-route-routes.dat' index i using 1:2:3:4 title columnheader(1)
unset logscale x
set xlabel "gateway chain depth (d), table of d+1 routes"
plot DATA.'/mctp-route-depth.dat' index 0 using 1:2:3:4 title columnheader(1)
unset multiplot
