/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf(BPF_PROG_STREAM_READ_BY_FD), spelled out: Debian's libbpf 1.1 and
 * uapi headers predate it. The command and attribute layout are upstream's
 * ABI (the command follows BPF_TOKEN_CREATE).
 */
#ifndef PB_STREAM_READ_H
#define PB_STREAM_READ_H

#include <linux/bpf.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PB_BPF_PROG_STREAM_READ_BY_FD 37

struct pb_prog_stream_read_attr {
	__aligned_u64 stream_buf;
	__u32 stream_buf_len;
	__u32 stream_id;
	__u32 prog_fd;
};

/* Bytes read (0: the stream is empty), or -1 with errno set. */
static inline int pb_stream_read(int prog_fd, int stream_id, void *buf, unsigned int len)
{
	union bpf_attr attr;
	struct pb_prog_stream_read_attr *a = (void *)&attr;

	memset(&attr, 0, sizeof(attr));
	a->stream_buf = (unsigned long)buf;
	a->stream_buf_len = len;
	a->stream_id = stream_id;
	a->prog_fd = prog_fd;
	return syscall(__NR_bpf, PB_BPF_PROG_STREAM_READ_BY_FD, &attr, sizeof(*a));
}

#endif
