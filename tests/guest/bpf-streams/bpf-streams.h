/* SPDX-License-Identifier: GPL-2.0 */
/* What bpf-streams.c shares with capacity.c. */
#ifndef PB_BPF_STREAMS_TEST_H
#define PB_BPF_STREAMS_TEST_H

#include <stddef.h>

struct bpf_program;

/* Everything in a stream, read @chunk bytes at a time; NUL-terminated. */
char *drain(int prog_fd, int stream, size_t chunk, size_t *len);
/* Run a syscall program once: its return value, or -errno. */
int run_prog(struct bpf_program *prog);
/* The numbered message @seq of writer @tag, as the BPF side writes it. */
void message(char *buf, size_t len, int tag, unsigned long long seq);

void unload_cases(void);
void oversized_cases(void);

#endif
