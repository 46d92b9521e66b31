// SPDX-License-Identifier: GPL-2.0
/*
 * One syscall program that calls the string kfunc the runner selects, on
 * pointers the runner selects: offsets into page-sized buffers (each its own
 * mmapable array, so a buffer ends at a page followed by vmalloc's unmapped
 * guard page), NULL, a user-space address, an unmapped kernel address, a
 * buffer longer than XATTR_SIZE_MAX, or any address (freed memory). Run by bpf-strings.c.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "strings.h"

extern int bpf_strcmp(const char *s1__ign, const char *s2__ign) __ksym;
extern int bpf_strchr(const char *s__ign, char c) __ksym;
extern int bpf_strchrnul(const char *s__ign, char c) __ksym;
extern int bpf_strnchr(const char *s__ign, size_t count, char c) __ksym;
extern int bpf_strrchr(const char *s__ign, int c) __ksym;
extern int bpf_strlen(const char *s__ign) __ksym;
extern int bpf_strnlen(const char *s__ign, size_t count) __ksym;
extern int bpf_strspn(const char *s__ign, const char *accept__ign) __ksym;
extern int bpf_strcspn(const char *s__ign, const char *reject__ign) __ksym;
extern int bpf_strstr(const char *s1__ign, const char *s2__ign) __ksym;
extern int bpf_strnstr(const char *s1__ign, const char *s2__ign, size_t len) __ksym;

struct str_args args;
int result;

char buf1[PB_PAGE] SEC(".data.buf1");
char buf2[PB_PAGE] SEC(".data.buf2");
char big[PB_BIG] SEC(".data.big");

static const char *pick(int where, __u64 off, char *page)
{
	switch (where) {
	case STR_NULL:
		return NULL;
	case STR_USER:
		return (const char *)1;
	case STR_UNMAPPED:
		return (const char *)-1L;
	case STR_BIG:
		return big + (off & (PB_BIG - 1));
	case STR_ADDR:
		return (const char *)off;
	default:
		return page + (off & (PB_PAGE - 1));
	}
}

SEC("syscall")
int call_string_kfunc(void *ctx)
{
	const char *s1 = pick(args.where1, args.off1, buf1);
	const char *s2 = pick(args.where2, args.off2, buf2);

	switch (args.op) {
	case OP_STRCMP:
		result = bpf_strcmp(s1, s2);
		break;
	case OP_STRCHR:
		result = bpf_strchr(s1, args.c);
		break;
	case OP_STRCHRNUL:
		result = bpf_strchrnul(s1, args.c);
		break;
	case OP_STRNCHR:
		result = bpf_strnchr(s1, args.n, args.c);
		break;
	case OP_STRRCHR:
		result = bpf_strrchr(s1, args.c);
		break;
	case OP_STRLEN:
		result = bpf_strlen(s1);
		break;
	case OP_STRNLEN:
		result = bpf_strnlen(s1, args.n);
		break;
	case OP_STRSPN:
		result = bpf_strspn(s1, s2);
		break;
	case OP_STRCSPN:
		result = bpf_strcspn(s1, s2);
		break;
	case OP_STRSTR:
		result = bpf_strstr(s1, s2);
		break;
	case OP_STRNSTR:
		result = bpf_strnstr(s1, s2, args.n);
		break;
	default:
		result = -1000;
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
