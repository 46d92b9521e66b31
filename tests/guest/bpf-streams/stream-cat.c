// SPDX-License-Identifier: GPL-2.0
/*
 * stream-cat PROG_ID|PIN stdout|stderr: drain a BPF program's standard
 * stream to standard output, like `bpftool prog tracelog` does for
 * trace_pipe. PROG_ID is a number (bpftool prog show), PIN a bpffs path.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>

#include "stream_read.h"

int main(int argc, char **argv)
{
	char buf[4096], *end;
	long id;
	int fd, stream, n;

	if (argc != 3 || (strcmp(argv[2], "stdout") && strcmp(argv[2], "stderr"))) {
		fprintf(stderr, "usage: stream-cat PROG_ID|PIN stdout|stderr\n");
		return 2;
	}
	stream = strcmp(argv[2], "stdout") ? 2 : 1;
	id = strtol(argv[1], &end, 10);
	fd = *end ? bpf_obj_get(argv[1]) : bpf_prog_get_fd_by_id((unsigned int)id);
	if (fd < 0) {
		fprintf(stderr, "stream-cat: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	while ((n = pb_stream_read(fd, stream, buf, sizeof(buf))) > 0)
		if (fwrite(buf, 1, n, stdout) != (size_t)n)
			return 1;
	if (n < 0) {
		fprintf(stderr, "stream-cat: reading %s of %s: %s%s\n", argv[2], argv[1],
			strerror(errno), errno == EINVAL ? " (kernel without BPF streams?)" : "");
		return 1;
	}
	return 0;
}
