// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-strings benchmark: upstream's byte-loop string kfuncs, kfuncs of
 * str_byteloop.ko (kernel/modules/str-byteloop), called exactly as
 * strbench_kfunc.bpf.c calls the kernel's: loads only while it is loaded.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "strbench.h"
#include "timed_run.h"

extern int pb_byteloop_strlen(const char *s__ign) __ksym;
extern int pb_byteloop_strchr(const char *s__ign, char c) __ksym;
extern int pb_byteloop_strcmp(const char *s1__ign, const char *s2__ign) __ksym;

struct sb_args args;
struct sb_out out;
char s1[SB_BUF] SEC(".data.s1");
char s2[SB_BUF] SEC(".data.s2");

static long one_call(__u64 i, void *ctx)
{
	switch (args.fn) {
	case SB_STRLEN:
		out.last = pb_byteloop_strlen(s1);
		break;
	case SB_STRCHR:
		out.last = pb_byteloop_strchr(s1, '#');
		break;
	default:
		out.last = pb_byteloop_strcmp(s1, s2);
	}
	return 0;
}

PB_TIMED_RUN(args.iters, out.ns, one_call)

char LICENSE[] SEC("license") = "GPL";
