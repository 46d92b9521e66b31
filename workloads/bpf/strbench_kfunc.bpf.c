// SPDX-License-Identifier: GPL-2.0
/* bpf-strings benchmark: the string kfuncs (patched kernels only). */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "strbench.h"
#include "timed_run.h"

extern int bpf_strlen(const char *s__ign) __ksym;
extern int bpf_strchr(const char *s__ign, char c) __ksym;
extern int bpf_strcmp(const char *s1__ign, const char *s2__ign) __ksym;

struct sb_args args;
struct sb_out out;
char s1[SB_BUF] SEC(".data.s1");
char s2[SB_BUF] SEC(".data.s2");

static long one_call(__u64 i, void *ctx)
{
	switch (args.fn) {
	case SB_STRLEN:
		out.last = bpf_strlen(s1);
		break;
	case SB_STRCHR:
		out.last = bpf_strchr(s1, '#');
		break;
	default:
		out.last = bpf_strcmp(s1, s2);
	}
	return 0;
}

PB_TIMED_RUN(args.iters, out.ns, one_call)

char LICENSE[] SEC("license") = "GPL";
