# mctp-fragment: cost per message against its size, per MTU, both kernels:
# on transmit to a mctp_null device, and through the local route
# (fragmented, reassembled, received). Medians with quartiles.
load 'plots/common.gp'
set output OUT.'/mctp-fragment.png'
set multiplot layout 1,2 title "mctp-fragment: one message of B bytes cut to the MTU (icount)"
set logscale x 2
set xtics ("1" 1, "16" 16, "256" 256, "4K" 4096, "64K" 65536)
set logscale y
set xlabel "message size B (bytes)"
set ylabel UNIT
set title "transmit (sendmsg to a null device)"
plot for [i=0:5] DATA.'/mctp-fragment-tx.dat' index i using 1:2:3:4 title columnheader(1)
set title "local route (send, reassemble, recv)"
plot for [i=0:5] DATA.'/mctp-fragment-local.dat' index i using 1:2:3:4 title columnheader(1)
unset multiplot
