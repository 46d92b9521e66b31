# bpf-stream: cost per emitted message against its size, per way of getting
# text out of a program (patched kernel; impl=kfunc is bpf_stream_vprintk).
load 'plots/common.gp'
set output OUT.'/bpf-stream.png'
set title "bpf-stream: one message of S bytes from a syscall program (icount)"
set logscale x 2
set logscale y
set xlabel "message size S (bytes, NUL included)"
set ylabel UNIT
plot for [i=0:4] DATA.'/bpf-stream.dat' index i using 1:2:3:4 title columnheader(1)
