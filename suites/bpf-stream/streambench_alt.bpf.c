// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-stream benchmark: what a 6.12 program uses to get text out, for the
 * same message (loads on both kernels): bpf_trace_printk("%s"),
 * bpf_ringbuf_output() and bpf_ringbuf_reserve()+submit, and the empty
 * bpf_loop harness.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "streambench.h"
#include "timed_run.h"

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);
} rb SEC(".maps");

struct sbm_args args;
struct sbm_out out;
char msg[SB_MSG_MAX];

static int reserve_copy(void)
{
	char *p;

	/* a constant size per branch, as a 6.12 program must have */
	switch (args.size) {
	case 16:
		p = bpf_ringbuf_reserve(&rb, 16, 0);
		if (p)
			__builtin_memcpy(p, msg, 16);
		break;
	case 64:
		p = bpf_ringbuf_reserve(&rb, 64, 0);
		if (p)
			__builtin_memcpy(p, msg, 64);
		break;
	default:
		p = bpf_ringbuf_reserve(&rb, SB_MSG_MAX, 0);
		if (p)
			__builtin_memcpy(p, msg, SB_MSG_MAX);
	}
	if (!p)
		return -1;
	bpf_ringbuf_submit(p, BPF_RB_NO_WAKEUP);
	return 0;
}

static long one_call(__u64 i, void *ctx)
{
	static const char fmt[] = "%s";
	long ret = 0;

	switch (args.impl) {
	case SB_TRACE_PRINTK:
		ret = bpf_trace_printk(fmt, sizeof(fmt), msg) < 0;
		break;
	case SB_RINGBUF_OUTPUT: {
		__u32 n = args.size;

		if (n > SB_MSG_MAX)
			n = SB_MSG_MAX;
		ret = bpf_ringbuf_output(&rb, msg, n, BPF_RB_NO_WAKEUP);
		break;
	}
	case SB_RINGBUF_RESERVE:
		ret = reserve_copy();
		break;
	default:
		break;
	}
	if (ret)
		out.failed++;
	return 0;
}

PB_TIMED_RUN(args.iters, out.ns, one_call)
PB_TIMED_PERF_RUN(args.iters, out.ns, one_call)

char LICENSE[] SEC("license") = "GPL";
