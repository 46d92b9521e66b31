/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by streambench_{alt,kfunc}.bpf.c and bpf-streambench.c. */
#ifndef PB_BPF_STREAMBENCH_H
#define PB_BPF_STREAMBENCH_H

#define SB_MSG_MAX 256

enum sb_impl { SB_TRACE_PRINTK, SB_RINGBUF_OUTPUT, SB_RINGBUF_RESERVE, SB_EMPTY, SB_STREAM };

struct sbm_args {
	int impl;
	int iters;
	int size;	/* message bytes, the NUL included: 16, 64 or 256 */
	int pad;
};

struct sbm_out {
	unsigned long long ns;	/* guest clock over all iterations */
	int failed;		/* calls that did not return success */
	int last_err;		/* the last failure's return value */
};

#endif
