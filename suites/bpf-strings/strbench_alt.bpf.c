// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-strings benchmark: what a 6.12 program writes instead of the string
 * kfuncs, on the same kernel memory (loads on both kernels).
 *   impl probe-loop: one bpf_probe_read_kernel() per byte, in a bpf_loop;
 *   impl copy:       bpf_probe_read_kernel_str() into a buffer (its return
 *                    is the length), then a bpf_loop over the copy;
 *   impl empty:      the loop harness alone, the overhead in every row.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "strbench.h"
#include "timed_run.h"

enum sb_impl { IMPL_PROBE_LOOP, IMPL_COPY, IMPL_EMPTY };

struct sb_args args;
struct sb_out out;
int impl;
char s1[SB_BUF] SEC(".data.s1");
char s2[SB_BUF] SEC(".data.s2");
char copy1[SB_BUF] SEC(".data.copy1");
char copy2[SB_BUF] SEC(".data.copy2");

struct scan {
	int found;	/* index where the scan stopped, or -1 */
};

/* probe-loop: byte i of s1 (and s2), read with the helper */
static long probe_byte(__u64 i, void *ctx)
{
	struct scan *sc = ctx;
	char a = 0, b = 0;

	bpf_probe_read_kernel(&a, 1, s1 + (i & (SB_BUF - 1)));
	switch (args.fn) {
	case SB_STRLEN:
		if (!a)
			goto stop;
		return 0;
	case SB_STRCHR:
		if (a == '#' || !a)
			goto stop;
		return 0;
	default:
		bpf_probe_read_kernel(&b, 1, s2 + (i & (SB_BUF - 1)));
		if (a != b || !a)
			goto stop;
		return 0;
	}
stop:
	sc->found = i;
	return 1;
}

/* copy: byte i of the copies, plain loads */
static long copy_byte(__u64 i, void *ctx)
{
	struct scan *sc = ctx;
	char a = copy1[i & (SB_BUF - 1)];

	switch (args.fn) {
	case SB_STRCHR:
		if (a == '#' || !a)
			goto stop;
		return 0;
	default:
		if (a != copy2[i & (SB_BUF - 1)] || !a)
			goto stop;
		return 0;
	}
stop:
	sc->found = i;
	return 1;
}

static long one_call(__u64 i, void *ctx)
{
	struct scan sc = { .found = -1 };
	long n;

	switch (impl) {
	case IMPL_PROBE_LOOP:
		bpf_loop(SB_MAX_L + 1, probe_byte, &sc, 0);
		out.last = sc.found;
		break;
	case IMPL_COPY:
		n = bpf_probe_read_kernel_str(copy1, SB_BUF, s1);
		if (args.fn == SB_STRLEN) {
			out.last = n - 1;
			break;
		}
		if (args.fn == SB_STRCMP)
			bpf_probe_read_kernel_str(copy2, SB_BUF, s2);
		bpf_loop(SB_MAX_L + 1, copy_byte, &sc, 0);
		out.last = sc.found;
		break;
	default:
		out.last = 0;
	}
	return 0;
}

PB_TIMED_RUN(args.iters, out.ns, one_call)

char LICENSE[] SEC("license") = "GPL";
