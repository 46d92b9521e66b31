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

#endif
