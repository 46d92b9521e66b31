# bpf-stream: cost per emitted message against its size, per way of getting
# text out of a program (patched kernel; impl=kfunc is bpf_stream_vprintk),
# from a syscall program and from a perf_event program. Medians with quartiles.
SIZE = '1200,600'
load 'plots/common.gp'
# room above the lines for the key
set offsets 0, 0, graph 0.6, 0
set output OUT.'/bpf-stream.png'
set multiplot layout 1,2 title SUITE.": one message of S bytes, patched kernel (".FROM.")"
set logscale x 2
set logscale y
set xlabel "message size S (bytes, NUL included)"
set ylabel UNIT
set title "syscall program"
plot for [i=0:*] DATA.'/bpf-stream-syscall.dat' index i using 1:2:3:4 title columnheader(1)
set title "perf_event program (cpu-clock interrupt)"
plot for [i=0:*] DATA.'/bpf-stream-perf.dat' index i using 1:2:3:4 title columnheader(1)
unset multiplot
