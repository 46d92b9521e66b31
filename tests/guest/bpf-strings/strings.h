/* SPDX-License-Identifier: GPL-2.0 */
/* Shared between strings.bpf.c and the runner bpf-strings.c. */
#ifndef PB_BPF_STRINGS_H
#define PB_BPF_STRINGS_H

#define PB_PAGE 4096
#define PB_BIG 131072	/* a power of two above XATTR_SIZE_MAX (65536) */

enum str_op {
	OP_STRCMP, OP_STRCHR, OP_STRCHRNUL, OP_STRNCHR, OP_STRRCHR, OP_STRLEN,
	OP_STRNLEN, OP_STRSPN, OP_STRCSPN, OP_STRSTR, OP_STRNSTR, OP_COUNT
};

/* Where a string argument points; STR_ADDR: the offset is the address. */
enum str_where { STR_BUF, STR_NULL, STR_USER, STR_UNMAPPED, STR_BIG, STR_ADDR };

struct str_args {
	int op;
	int where1, where2;
	int c;
	unsigned long long off1, off2;
	unsigned long long n;
};

#endif
