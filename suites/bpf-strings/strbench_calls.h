/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The body of strbench_kfunc.bpf.c and strbench_byteloop.bpf.c: timed calls
 * of SB_KFUNC(strlen), SB_KFUNC(strchr) and SB_KFUNC(strcmp), whichever
 * kfuncs the includer names.
 */
#ifndef PB_BPF_STRBENCH_CALLS_H
#define PB_BPF_STRBENCH_CALLS_H

#include "strbench.h"
#include "timed_run.h"

extern int SB_KFUNC(strlen)(const char *s__ign) __ksym;
extern int SB_KFUNC(strchr)(const char *s__ign, char c) __ksym;
extern int SB_KFUNC(strcmp)(const char *s1__ign, const char *s2__ign) __ksym;

struct sb_args args;
struct sb_out out;
char s1[SB_BUF] SEC(".data.s1");
char s2[SB_BUF] SEC(".data.s2");

static long one_call(__u64 i, void *ctx)
{
	switch (args.fn) {
	case SB_STRLEN:
		out.last = SB_KFUNC(strlen)(s1);
		break;
	case SB_STRCHR:
		out.last = SB_KFUNC(strchr)(s1, '#');
		break;
	default:
		out.last = SB_KFUNC(strcmp)(s1, s2);
	}
	return 0;
}

PB_TIMED_RUN(args.iters, out.ns, one_call)

char LICENSE[] SEC("license") = "GPL";

#endif
