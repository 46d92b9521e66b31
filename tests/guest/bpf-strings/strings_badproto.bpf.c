// SPDX-License-Identifier: GPL-2.0
/* bpf_strlen declared with a wrong prototype: libbpf must refuse to load it. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

extern int bpf_strlen(const char *s__ign, int extra) __ksym;

char text[8] = "hello";
int result;

SEC("syscall")
int wrong_prototype(void *ctx)
{
	result = bpf_strlen(text, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
