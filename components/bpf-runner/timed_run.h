/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark programs' common body: the syscall program "run" makes
 * ITERS calls of FN (a bpf_loop callback) and stores their cost on the
 * guest clock in NS (guest instructions in icount mode).
 */
#ifndef PB_BPF_TIMED_RUN_H
#define PB_BPF_TIMED_RUN_H

#define PB_TIMED_RUN(ITERS, NS, FN)				\
	SEC("syscall")						\
	int run(void *ctx)					\
	{							\
		__u64 t0 = bpf_ktime_get_ns();			\
								\
		bpf_loop(ITERS, FN, NULL, 0);			\
		NS = bpf_ktime_get_ns() - t0;			\
		return 0;					\
	}

/*
 * The same from interrupt context: "run_perf", attached to a cpu-clock
 * perf event, makes one timed run at the first sample after the runner sets
 * perf_armed, then counts it in perf_runs.
 */
#define PB_TIMED_PERF_RUN(ITERS, NS, FN)			\
	int perf_armed, perf_runs;				\
								\
	SEC("perf_event")					\
	int run_perf(void *ctx)					\
	{							\
		__u64 t0;					\
								\
		if (!perf_armed)				\
			return 0;				\
		perf_armed = 0;					\
		t0 = bpf_ktime_get_ns();			\
		bpf_loop(ITERS, FN, NULL, 0);			\
		NS = bpf_ktime_get_ns() - t0;			\
		perf_runs++;					\
		return 0;					\
	}

#endif
