// SPDX-License-Identifier: GPL-2.0
/* bpf-stream benchmark: bpf_stream_vprintk (patched kernels only). */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "streambench.h"
#include "timed_run.h"

extern int bpf_stream_vprintk(int stream_id, const char *fmt__str, const void *args,
			      __u32 len__sz, void *aux__prog) __ksym;

struct sbm_args args;
struct sbm_out out;
char msg[SB_MSG_MAX];
static const char fmt[] = "%s";

static long one_call(__u64 i, void *ctx)
{
	__u64 arg = (__u64)(unsigned long)msg;

	int err = bpf_stream_vprintk(1, fmt, &arg, sizeof(arg), NULL);

	if (err) {
		out.failed++;
		out.last_err = err;
	}
	return 0;
}

PB_TIMED_RUN(args.iters, out.ns, one_call)
PB_TIMED_PERF_RUN(args.iters, out.ns, one_call)

char LICENSE[] SEC("license") = "GPL";
