/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by strbench_{alt,kfunc}.bpf.c and bpf-strbench.c. */
#ifndef PB_BPF_STRBENCH_H
#define PB_BPF_STRBENCH_H

#define SB_MAX_L 4096		/* longest string measured */
#define SB_BUF (2 * SB_MAX_L)	/* a power of two holding L + 1 bytes */

/* What one timed call does: the same work for every implementation. */
enum sb_fn {
	SB_STRLEN,	/* length of s (L) */
	SB_STRCHR,	/* a character that is not in s: scans L + 1 bytes */
	SB_STRCMP,	/* s against an equal copy: compares L + 1 pairs */
	SB_FNS
};

struct sb_args {
	int fn;
	int iters;
	int len;		/* L, for sanity checks of the result */
	int pad;
};

struct sb_out {
	unsigned long long ns;	/* guest clock over all iterations */
	int last;		/* result of the last call */
	int pad;
};

#endif
