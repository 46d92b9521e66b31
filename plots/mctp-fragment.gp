# mctp-fragment: cost per message against its size, one line per MTU and
# kernel (baseline solid, patched dashed, one colour per MTU): on transmit to a mctp_null device, and through the local route
# (fragmented, reassembled, received). Medians with quartiles.
SIZE = '1200,540'
load 'plots/common.gp'
set output OUT.'/mctp-fragment.png'
set multiplot layout 1,2 title SUITE.": one message of B bytes cut to the MTU (".FROM.")"
set logscale x 2
set xtics ("1" 1, "16" 16, "256" 256, "4K" 4096, "64K" 65536)
set logscale y
set xlabel "message size B (bytes)"
set ylabel UNIT
set title "transmit (sendmsg to a null device)"
plot for [i=0:*] DATA.'/mctp-fragment-tx-baseline.dat' index i using 1:2:3:4 lc i+1 dt 1 title columnheader(1), \
     for [i=0:*] DATA.'/mctp-fragment-tx-patched.dat' index i using 1:2:3:4 lc i+1 dt 2 title columnheader(1)
set title "local route (send, reassemble, recv)"
plot for [i=0:*] DATA.'/mctp-fragment-local-baseline.dat' index i using 1:2:3:4 lc i+1 dt 1 title columnheader(1), \
     for [i=0:*] DATA.'/mctp-fragment-local-patched.dat' index i using 1:2:3:4 lc i+1 dt 2 title columnheader(1)
unset multiplot
