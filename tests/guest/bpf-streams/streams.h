/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by streams.bpf.c and the runner bpf-streams.c. */
#ifndef PB_BPF_STREAMS_H
#define PB_BPF_STREAMS_H

#define PB_STREAM_STDOUT 1
#define PB_STREAM_STDERR 2
#define PB_STREAM_CAPACITY 100000	/* upstream's BPF_STREAM_MAX_CAPACITY */
#define PB_MAX_CPUS 8

struct stream_args {
	int count;		/* messages to write */
	int stream;		/* 1 stdout, 2 stderr */
	int tag;		/* printed in every message; < 0: the CPU's number */
	int pad;
};

struct stream_out {
	int written;		/* calls that returned 0 */
	int dropped;		/* calls that returned -ENOSPC */
	int other;		/* any other return */
	int last_err;
};

#endif
