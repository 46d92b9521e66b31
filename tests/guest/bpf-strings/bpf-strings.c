// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-strings present|absent PREFIX: TAP for the BPF string kfuncs.
 *
 * present: every kfunc is in the kernel's BTF; strings.bpf.c loads; each
 *   kfunc agrees with libc's string.h on many valid inputs (placed at the
 *   start of a page and ending at the last byte of a page, at every offset
 *   within a word, and running from one mapped page into the next), and returns the upstream error codes for NULL,
 *   user-space, unmapped and unterminated pointers (NULL and user-space: -ERANGE with STR_KERNEL_RANGE=1, where
 *   the architecture keeps nofault reads to the kernel's range, else -EFAULT); the verifier rejects calls with a wrong argument type or count,
 *   and libbpf rejects a program declaring a wrong prototype. With
 *   STR_FREED_KO (tests/guest/bpf-strings/str-freed), they are pointed at a freed
 *   kmalloc() object (KASAN-poisoned on the debug kernel: nothing may be
 *   reported) and a freed, unmapped vmalloc() page (-EFAULT); and a second
 *   CPU rewrites a string while they scan it.
 * absent (baseline 6.12): none of the kfuncs is in the BTF, and loading
 *   strings.bpf.c fails cleanly, naming the missing kfunc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>

#include "runner.h"
#include "strings.h"
#include "strings.skel.h"
#include "strings_badproto.skel.h"

static const char *const kfunc_names[OP_COUNT] = {
	"bpf_strcmp", "bpf_strchr", "bpf_strchrnul", "bpf_strnchr", "bpf_strrchr", "bpf_strlen",
	"bpf_strnlen", "bpf_strspn", "bpf_strcspn", "bpf_strstr", "bpf_strnstr",
};

/* ---- libc reference, in the kfuncs' convention (index or -errno) ---- */

static int idx(const char *s, const char *p)
{
	return p ? (int)(p - s) : -ENOENT;
}

static int reference(const struct str_args *a, const char *s1, const char *s2)
{
	size_t l1 = strlen(s1);

	switch (a->op) {
	case OP_STRCMP: {
		int r = strcmp(s1, s2);

		return r < 0 ? -1 : r > 0;
	}
	case OP_STRCHR:
		return idx(s1, strchr(s1, a->c));
	case OP_STRCHRNUL:
		return idx(s1, strchrnul(s1, a->c));
	case OP_STRNCHR:	/* the NUL is part of the string */
		return idx(s1, memchr(s1, a->c, a->n < l1 + 1 ? a->n : l1 + 1));
	case OP_STRRCHR:
		return idx(s1, strrchr(s1, a->c));
	case OP_STRLEN:
		return (int)l1;
	case OP_STRNLEN:
		return (int)strnlen(s1, a->n);
	case OP_STRSPN:
		return (int)strspn(s1, s2);
	case OP_STRCSPN:
		return (int)strcspn(s1, s2);
	case OP_STRSTR:
		return idx(s1, strstr(s1, s2));
	case OP_STRNSTR:
		return idx(s1, memmem(s1, a->n < l1 ? a->n : l1, s2, strlen(s2)));
	}
	return -1000;
}

static int two_strings(int op)
{
	return op == OP_STRCMP || op == OP_STRSPN || op == OP_STRCSPN || op == OP_STRSTR ||
	       op == OP_STRNSTR;
}

static int takes_count(int op)
{
	return op == OP_STRNCHR || op == OP_STRNLEN || op == OP_STRNSTR;
}

static int takes_char(int op)
{
	return op == OP_STRCHR || op == OP_STRCHRNUL || op == OP_STRNCHR || op == OP_STRRCHR;
}

/* ---- running the program ---- */

static struct strings *skel;

static int run(const struct str_args *a, int *result)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	int err;

	skel->bss->args = *a;
	skel->bss->result = -2000;
	err = bpf_prog_test_run_opts(bpf_program__fd(skel->progs.call_string_kfunc), &opts);
	if (err)
		return -errno;
	*result = skel->bss->result;
	return 0;
}

/* Place @s in @page at its start (end = 0) or so that its NUL is the last byte. */
static unsigned long long place(char *page, const char *s, int at_end)
{
	size_t len = strlen(s) + 1, off = at_end ? PB_PAGE - len : 0;

	memset(page, 'P', PB_PAGE);
	memcpy(page + off, s, len);
	return off;
}

struct tally {
	int cases, bad;
	char first[256];
};

static void check_case(struct tally *t, const struct str_args *a, const char *s1, const char *s2)
{
	int want = reference(a, s1, s2), got, err;

	t->cases++;
	err = run(a, &got);
	if (!err && got == want)
		return;
	if (!t->bad++)
		snprintf(t->first, sizeof(t->first),
			 "first: s1=\"%.20s\"(%zu) s2=\"%.20s\" c=%d n=%llu off=%llu got %d want %d%s",
			 s1, strlen(s1), s2, a->c, a->n, a->off1, err ? err : got, want,
			 err ? " (test_run failed)" : "");
}

static void report(const char *name, struct tally *t)
{
	char msg[320];

	snprintf(msg, sizeof(msg), "%s", t->first);
	printf("# %s: %d cases against libc\n", name, t->cases);
	tap(!t->bad && t->cases, name, "%d/%d cases wrong; %s", t->bad, t->cases, msg);
}

static char *long_string(size_t len, const char *tail)
{
	char *s = malloc(len + 1);

	if (!s)
		exit(2);
	for (size_t i = 0; i < len; i++)
		s[i] = 'a' + i % 26;
	memcpy(s + len - strlen(tail), tail, strlen(tail));
	s[len] = '\0';
	return s;
}

static void valid_cases(void)
{
	char *s1000 = long_string(1000, "END"), *s4000 = long_string(4000, "openat");
	const char *strs[] = { "", "a", "hello", "hello world", "abcabcabc", "openat", s1000, s4000 };
	const char *needles[] = { "", "a", "h", "hello", "world", "lo w", "abc", "cab", "at",
				  "open", "END", "zzz", "hello world!", "xyzab" };
	const int chars[] = { 'a', 'o', 'l', 'z', 'E', '\0' };
	const size_t ns = sizeof(strs) / sizeof(*strs), nn = sizeof(needles) / sizeof(*needles);
	const size_t nc = sizeof(chars) / sizeof(*chars);

	for (int op = 0; op < OP_COUNT; op++) {
		struct tally t = { 0 };
		char name[64];

		for (int end1 = 0; end1 < 2; end1++)
			for (size_t i = 0; i < ns; i++) {
				size_t l = strlen(strs[i]);
				const unsigned long long counts[] = { 0, 1, 3, 5, l, l + 1, l + 100 };
				const int two = two_strings(op);
				const int with_n = takes_count(op), with_c = takes_char(op);

				for (size_t k = 0; k < (two ? nn : 1); k++)
					for (int end2 = 0; end2 < (two ? 2 : 1); end2++)
						for (size_t ci = 0; ci < (with_c ? nc : 1); ci++)
							for (size_t ni = 0; ni < (with_n ? 7 : 1); ni++) {
								struct str_args a = {
									.op = op,
									.c = chars[ci],
									.n = counts[ni],
								};

								a.off1 = place(skel->data_buf1->buf1, strs[i], end1);
								a.off2 = place(skel->data_buf2->buf2, two ? needles[k] : "", end2);
								check_case(&t, &a, strs[i], two ? needles[k] : "");
							}
			}
		snprintf(name, sizeof(name), "%s.matches-libc", kfunc_names[op] + 4);
		report(name, &t);
	}
	free(s1000);
	free(s4000);
}

static int expect(const char *name, const struct str_args *a, int want)
{
	int got, err = run(a, &got);

	tap(!err && got == want, name, "got %d want %d%s", err ? err : got, want,
	    err ? " (test_run failed)" : "");
	return got;
}

/* The page around a placed string: NULs and letters that a kfunc reading whole words must skip. */
static void fill_around(char *page)
{
	static char around[PB_PAGE];

	if (!around[1])
		for (size_t i = 0; i < PB_PAGE; i++)
			around[i] = i % 3 ? (char)('a' + i % 7) : '\0';
	memcpy(page, around, PB_PAGE);
}

/*
 * @s placed in the page at offset @off from its start, or so that it ends
 * @off bytes before the page's end (@at_end; off 0: its NUL is the last
 * byte, before vmalloc's guard page). Returns the offset of its first byte.
 */
static unsigned long long place_at(char *page, const char *s, int at_end, size_t off)
{
	size_t len = strlen(s) + 1, start = at_end ? PB_PAGE - len - off : off;

	fill_around(page);
	memcpy(page + start, s, len);
	return start;
}

/* The second strings of the two-string kfuncs for @s: equal, a suffix, one byte off, a short set. */
static void second_strings(const char *s, char out[4][40])
{
	size_t len = strlen(s);

	snprintf(out[0], 40, "%s", s);
	snprintf(out[1], 40, "%s", s + len / 2);
	snprintf(out[2], 40, "%s", s);
	if (len)
		out[2][len - 1] = (char)(out[2][len - 1] + 1);
	snprintf(out[3], 40, "cd#");
}

/* Puts @s1 and @s2 (the k-th second string) where a layout wants them, for @at. */
typedef void place_fn(struct str_args *a, const char *s1, const char *s2, size_t k, size_t at);

/*
 * @op on @s against libc with each of its second strings (equal, suffix,
 * one byte off, a short set), chars and counts that apply to @op, both
 * strings placed by @put.
 */
static void check_variants(struct tally *t, int op, const char *s, const unsigned long long counts[4],
			   const int chars[4], place_fn *put, size_t at)
{
	char s2s[4][40];

	second_strings(s, s2s);
	for (size_t k = 0; k < (two_strings(op) ? 4 : 1); k++)
		for (size_t ci = 0; ci < (takes_char(op) ? 4 : 1); ci++)
			for (size_t ni = 0; ni < (takes_count(op) ? 4 : 1); ni++) {
				struct str_args a = { .op = op, .c = chars[ci], .n = counts[ni] };
				const char *s2 = two_strings(op) ? s2s[k] : "";

				put(&a, s, s2, k, at);
				check_case(t, &a, s, s2);
			}
}

/* @len letters from a 7-letter cycle starting at @shift */
static void letters(char *s, size_t len, size_t shift)
{
	for (size_t i = 0; i < len; i++)
		s[i] = (char)('a' + (i + shift) % 7);
	s[len] = '\0';
}

/* at: at_end * 16 + the offset; the second string at another offset in the word */
static void place_in_pages(struct str_args *a, const char *s1, const char *s2, size_t k, size_t at)
{
	size_t off = at % 16;

	a->off1 = place_at(skel->data_buf1->buf1, s1, at >= 16, off);
	a->off2 = place_at(skel->data_buf2->buf2, s2, at >= 16, (off * 5 + k) % 16);
}

/*
 * Every kfunc on strings of 0-24 bytes at every start offset 0-15 within
 * a word, from the page's start and ending at (or just before) its last
 * byte, with NULs and matching letters around them: a kfunc that reads
 * whole words must not take those for the string's, nor read past the
 * page or past its bound.
 */
static void alignment_cases(void)
{
	char s[40], name[64];

	for (int op = 0; op < OP_COUNT; op++) {
		struct tally t = { 0 };

		for (int at_end = 0; at_end < 2; at_end++)
			for (size_t off = 0; off < 16; off++)
				for (size_t len = 0; len <= 24; len++) {
					const unsigned long long counts[] = { len + 1, len, len ? len - 1 : 0, 8 };
					const int chars[] = { '#', '\0', 'a' + (int)(len / 2 + off) % 7,
							      'a' + (int)(len + off + 6) % 7 };

					letters(s, len, off);
					check_variants(&t, op, s, counts, chars, place_in_pages, at_end * 16 + off);
				}
		snprintf(name, sizeof(name), "%s.alignments-match-libc", kfunc_names[op] + 4);
		report(name, &t);
	}
}

/* at: how many bytes of @s1 come before the 128 KiB buffer's second page */
static void place_across_pages(struct str_args *a, const char *s1, const char *s2, size_t k, size_t at)
{
	char *big = skel->data_big->big;

	a->where1 = a->where2 = STR_BIG;
	a->off1 = PB_PAGE - at;
	a->off2 = 2 * PB_PAGE - 1 - (at * 5 + k) % 16;
	for (int p = 0; p < 3; p++)
		fill_around(big + p * PB_PAGE);
	memcpy(big + a->off1, s1, strlen(s1) + 1);
	memcpy(big + a->off2, s2, strlen(s2) + 1);
}

/*
 * Every kfunc on strings that run from one mapped page into the next (the
 * pages of the 128 KiB buffer follow each other): starting 1-16 bytes
 * before the boundary, 0-16 bytes past it, the second string across the
 * next boundary. A kfunc reading whole words must go on into the next
 * page, neither stopping nor faulting at the first one's end.
 */
static void page_crossing_cases(void)
{
	char s[40], name[64];

	for (int op = 0; op < OP_COUNT; op++) {
		struct tally t = { 0 };

		for (size_t back = 1; back <= 16; back++)
			for (size_t len = back; len <= back + 16; len++) {
				const unsigned long long counts[] = { len + 1, len, back, PB_PAGE };
				const int chars[] = { '#', '\0', 'a' + (int)(len - 1 + back) % 7,
						      'a' + (int)(back + back / 2) % 7 };

				letters(s, len, back);
				check_variants(&t, op, s, counts, chars, place_across_pages, back);
			}
		snprintf(name, sizeof(name), "%s.across-mapped-pages-match-libc", kfunc_names[op] + 4);
		report(name, &t);
	}
}

/*
 * What a NULL or user pointer gives: -ERANGE where the architecture keeps
 * copy_from_kernel_nofault() to the kernel's range (its own
 * copy_from_kernel_nofault_allowed(): the guest script says so, from the
 * probe's nofault-kernel-range), else the read itself faults: -EFAULT.
 */
static int outside_err(void)
{
	const char *r = getenv("STR_KERNEL_RANGE");

	return r && !strcmp(r, "1") ? -ERANGE : -EFAULT;
}

/* Bad pointers: each argument position of each kfunc, the other one valid. */
static void error_cases(void)
{
	const struct { int where; int err; const char *what; } bad[] = {
		{ STR_NULL, outside_err(), "null" },
		{ STR_USER, outside_err(), "user-ptr" },
		{ STR_UNMAPPED, -EFAULT, "unmapped-kernel-ptr" },
	};
	char name[96];

	place(skel->data_buf1->buf1, "hello", 0);
	place(skel->data_buf2->buf2, "lo", 0);
	for (int op = 0; op < OP_COUNT; op++) {
		int two = two_strings(op);

		for (size_t b = 0; b < sizeof(bad) / sizeof(*bad); b++)
			for (int pos = 1; pos <= 1 + two; pos++) {
				struct str_args a = { .op = op, .c = 'l', .n = 5 };

				*(pos == 1 ? &a.where1 : &a.where2) = bad[b].where;
				snprintf(name, sizeof(name), "%s.%s-arg%d", kfunc_names[op] + 4,
					 bad[b].what, pos);
				expect(name, &a, bad[b].err);
			}
	}

	/* No NUL before the end of the page: the read runs into the guard page, from every offset in a word. */
	memset(skel->data_buf1->buf1, 'x', PB_PAGE);
	for (int op = 0; op < OP_COUNT; op++) {
		char why[64] = "";
		int wrong = 0, got = 0;

		/* s2 keeps each kfunc reading s1 until the fault */
		place(skel->data_buf2->buf2, op == OP_STRCSPN ? "q" : "xxxxxxxxxxxxxxxxxxxx", 0);
		for (int back = 1; back <= 16; back++) {
			struct str_args a = { .op = op, .c = 'q', .n = PB_PAGE + 10, .off1 = PB_PAGE - back };
			int err = run(&a, &got);

			if ((err || got != -EFAULT) && !wrong++)
				snprintf(why, sizeof(why), "from %d bytes before the end: got %d", back,
					 err ? err : got);
		}
		snprintf(name, sizeof(name), "%s.unterminated-at-page-end", kfunc_names[op] + 4);
		tap(!wrong, name, "%d of 16 starts wrong, first %s; want -EFAULT", wrong, why);
	}
	/* ...but a bound that stops before the page ends is fine. */
	{
		struct str_args a = { .op = OP_STRNLEN, .n = 8, .off1 = PB_PAGE - 8 };

		expect("strnlen.bounded-at-page-end", &a, 8);
		a.off1 = PB_PAGE - 5;	/* a start inside a word */
		a.n = 5;
		expect("strnlen.unaligned-bounded-at-page-end", &a, 5);
		a.n = 6;
		expect("strnlen.unaligned-bound-past-page-end", &a, -EFAULT);
		a.off1 = PB_PAGE - 8;
		a.n = 8;
		a.op = OP_STRNCHR;
		a.c = 'q';
		expect("strnchr.bounded-at-page-end", &a, -ENOENT);
	}

	/* Longer than XATTR_SIZE_MAX, all mapped: -E2BIG, unless a bound is smaller. */
	memset(skel->data_big->big, 'b', PB_BIG);
	{
		struct str_args a = { .where1 = STR_BIG, .c = 'q' };
		static const int too_long[] = { OP_STRLEN, OP_STRCHR, OP_STRCHRNUL, OP_STRRCHR,
						OP_STRCMP, OP_STRSPN, OP_STRCSPN };

		for (size_t i = 0; i < sizeof(too_long) / sizeof(*too_long); i++) {
			a.op = too_long[i];
			a.where2 = a.op == OP_STRCMP ? STR_BIG : STR_BUF;
			place(skel->data_buf2->buf2, a.op == OP_STRSPN ? "b" : "q", 0);
			snprintf(name, sizeof(name), "%s.too-long", kfunc_names[a.op] + 4);
			expect(name, &a, -E2BIG);
		}
		a.where2 = STR_BUF;
		a.op = OP_STRNLEN;
		a.n = 65536 + 1;
		expect("strnlen.too-long", &a, -E2BIG);
		a.n = 65535;
		expect("strnlen.long-but-bounded", &a, 65535);
		a.op = OP_STRSTR;
		place(skel->data_buf2->buf2, "q", 0);
		expect("strstr.too-long", &a, -E2BIG);
		/* Upstream's edge: a partial match running into the XATTR_SIZE_MAX
		 * bound (strstr is strnstr with len = XATTR_SIZE_MAX) ends the
		 * search with -ENOENT, not -E2BIG.
		 */
		place(skel->data_buf2->buf2, "bq", 0);
		expect("strstr.too-long-partial-match-at-bound", &a, -ENOENT);
		a.op = OP_STRNSTR;
		a.n = 1000;
		expect("strnstr.long-but-bounded", &a, -ENOENT);
	}
}

/* ---- freed memory ---- */

struct freed {
	unsigned long long kmalloc_addr, vmalloc_addr;
};

/*
 * Load str_freed.ko, which frees its two buffers, prints their addresses
 * and refuses to stay loaded. Done from here, without forking, so that no
 * allocation between the free and the kfunc calls takes the vmalloc range.
 */
static int free_and_locate(const char *ko, struct freed *f, char *why, size_t whylen)
{
	int kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK), mod = open(ko, O_RDONLY), rc;
	char rec[1024];
	ssize_t n;
	const char *p;

	if (kmsg < 0 || mod < 0) {
		snprintf(why, whylen, "open /dev/kmsg or %s: %s", ko, strerror(errno));
		return -1;
	}
	lseek(kmsg, 0, SEEK_END);
	rc = syscall(__NR_finit_module, mod, "", 0);
	if (rc == 0 || errno != EAGAIN) {
		snprintf(why, whylen, "loading %s: rc %d (%s), want EAGAIN", ko, rc, strerror(errno));
		return -1;
	}
	while ((n = read(kmsg, rec, sizeof(rec) - 1)) > 0) {
		rec[n] = '\0';
		p = strstr(rec, "PB-FREED ");
		if (p && sscanf(p, "PB-FREED kmalloc=%llx vmalloc=%llx", &f->kmalloc_addr,
				&f->vmalloc_addr) == 2)
			break;
	}
	close(kmsg);
	close(mod);
	if (!f->kmalloc_addr || !f->vmalloc_addr) {
		snprintf(why, whylen, "no PB-FREED line in the kernel log after loading %s", ko);
		return -1;
	}
	return 0;
}

/* The live vmalloc area holding @addr, from /proc/vmallocinfo, or "" */
static void vmalloc_owner(unsigned long long addr, char *owner, size_t len)
{
	FILE *f = fopen("/proc/vmallocinfo", "r");
	char line[512];
	unsigned long long lo, hi;

	owner[0] = '\0';
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx-%llx", &lo, &hi) == 2 && addr >= lo && addr < hi) {
			snprintf(owner, len, "%.*s", (int)strcspn(line, "\n"), line);
			break;
		}
	if (f)
		fclose(f);
}

static void freed_cases(const char *ko)
{
	struct freed f = { 0 };
	char why[320] = "", name[96], owner[256];
	int odd = 0, calls = 0;

	tap(!free_and_locate(ko, &f, why, sizeof(why)), "freed.addresses", "%s", why);
	if (!f.kmalloc_addr)
		return;
	place(skel->data_buf1->buf1, "hello", 0);
	place(skel->data_buf2->buf2, "lo", 0);
	why[0] = '\0';
	for (int op = 0; op < OP_COUNT; op++)
		for (int pos = 1; pos <= 1 + two_strings(op); pos++) {
			struct str_args a = { .op = op, .c = 'l', .n = 5 };
			int got, err;

			*(pos == 1 ? &a.where1 : &a.where2) = STR_ADDR;
			*(pos == 1 ? &a.off1 : &a.off2) = f.vmalloc_addr;
			snprintf(name, sizeof(name), "%s.freed-vmalloc-arg%d", kfunc_names[op] + 4, pos);
			expect(name, &a, -EFAULT);

			/* whatever the freed object now holds; no report, no crash */
			*(pos == 1 ? &a.off1 : &a.off2) = f.kmalloc_addr;
			err = run(&a, &got);
			calls++;
			if ((err || (got < -1 && got != -ENOENT && got != -E2BIG && got != -EFAULT) ||
			     got > 65536) && !odd++)
				snprintf(why, sizeof(why), "%s arg%d: rc %d result %d", kfunc_names[op],
					 pos, err, got);
		}
	tap(!odd, "freed.kmalloc-object-sane-results", "%d of %d calls odd; first: %s", odd, calls,
	    why);
	/* if a -EFAULT above failed, say whether the range had been reused */
	vmalloc_owner(f.vmalloc_addr, owner, sizeof(owner));
	tap(!owner[0], "freed.vmalloc-range-still-free", "reused by: %s", owner);
}

/* ---- a second CPU rewriting the string being scanned ---- */

static volatile int rewriter_stop, rewriter_running;
static const int nul_at[] = { 16, 64, 256, 1024 };

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/*
 * buf1 is 'x' up to a NUL in its last byte. This puts a NUL at each of
 * nul_at[] in turn and takes it away again, and now and then replaces the
 * last NUL for a moment, so that a scan can run into the guard page.
 */
static void *rewrite_string(void *arg)
{
	volatile char *page = arg;

	pin(1);
	rewriter_running = 1;
	for (unsigned int i = 0; !rewriter_stop; i++) {
		int at = i % 5 < 4 ? nul_at[i % 5] : PB_PAGE - 1;

		page[at] = at == PB_PAGE - 1 ? 'x' : '\0';
		for (volatile int spin = 0; spin < 300; spin++)
			;
		page[at] = at == PB_PAGE - 1 ? '\0' : 'x';
	}
	return NULL;
}

/* Was @got a value the string had at some moment? (@shift: index of the NUL + shift) */
static int possible(int got, int shift, int fault_possible, int cap)
{
	if (got == -EFAULT)
		return fault_possible;
	for (size_t i = 0; i < sizeof(nul_at) / sizeof(*nul_at); i++)
		if (got == (nul_at[i] < cap ? nul_at[i] : cap) + shift)
			return 1;
	return got == (PB_PAGE - 1 < cap ? PB_PAGE - 1 : cap) + shift;
}

static void rewrite_cases(void)
{
	enum { CALLS = 2000 };
	static const struct { int op; int c; unsigned long long n; const char *what; } scans[] = {
		{ OP_STRLEN, 0, 0, "strlen" }, { OP_STRNLEN, 0, 2000, "strnlen" },
		{ OP_STRRCHR, 'x', 0, "strrchr" }, { OP_STRSPN, 0, 0, "strspn" },
		{ OP_STRCHR, 'y', 0, "strchr" }, { OP_STRCMP, 0, 0, "strcmp" },
	};
	char *page = skel->data_buf1->buf1, why[200] = "";
	int odd = 0, seen[2] = { -1, -1 }, values = 0;
	pthread_t t;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		tap(0, "rewrite.guest-has-2-cpus", "one CPU online");
		return;
	}
	memset(page, 'x', PB_PAGE);
	page[PB_PAGE - 1] = '\0';
	memset(skel->data_buf2->buf2, 'x', PB_PAGE);	/* strcmp's other side: the whole page */
	skel->data_buf2->buf2[PB_PAGE - 1] = '\0';
	rewriter_stop = 0;
	rewriter_running = 0;
	pthread_create(&t, NULL, rewrite_string, page);
	/*
	 * Scan only once the writer runs on the other CPU: a new thread can wait
	 * long for its first slice when the reader keeps its CPU busy (under
	 * icount both vCPUs share one host thread, taking turns).
	 */
	for (int i = 0; i < 50000 && !rewriter_running; i++)
		usleep(100);
	pin(0);
	tap(rewriter_running, "rewrite.writer-started", "the writer did not start on CPU 1 in 5 s");
	for (size_t s = 0; s < sizeof(scans) / sizeof(*scans); s++)
		for (int i = 0; i < CALLS; i++) {
			struct str_args a = { .op = scans[s].op, .c = scans[s].c, .n = scans[s].n };
			int got, err = run(&a, &got), ok;

			switch (a.op) {
			case OP_STRCHR:		/* no 'y' ever */
				ok = got == -ENOENT || got == -EFAULT;
				break;
			case OP_STRCMP:		/* buf2 is 'x' to its last byte */
				ok = got >= -1 && got <= 1;
				break;
			case OP_STRNLEN:
				ok = possible(got, 0, 0, (int)a.n);
				break;
			case OP_STRRCHR:	/* the last 'x' is just before the NUL found */
				ok = possible(got, -1, 1, PB_PAGE);
				break;
			default:
				ok = possible(got, 0, 1, PB_PAGE);
			}
			if (a.op == OP_STRLEN && got != seen[0] && got != seen[1] && values < 2)
				seen[values++] = got;
			if ((err || !ok) && !odd++)
				snprintf(why, sizeof(why), "%s: rc %d result %d", scans[s].what, err, got);
		}
	/*
	 * The writer may not have run during those scans (on a loaded host; under
	 * icount, where the vCPUs take turns, a busy CPU 0 can keep CPU 1 waiting):
	 * scan on, bounded, idling CPU 0 between scans, until it shows.
	 */
	for (int i = 0; i < 50 * CALLS && values < 2; i++) {
		struct str_args a = { .op = OP_STRLEN };
		int got;

		usleep(100);

		if (!run(&a, &got) && got != seen[0] && got != seen[1])
			seen[values++] = got;
	}
	rewriter_stop = 1;
	pthread_join(t, NULL);
	tap(!odd, "rewrite.results-are-states-the-string-had", "%d odd; first: %s", odd, why);
	tap(values == 2, "rewrite.writer-was-seen", "strlen saw only %d (%d) in %d calls", seen[0],
	    values, 51 * CALLS);
}

/* ---- the verifier's view: raw calls with a bad argument ---- */

#define INSN(c, d, s, o, i) ((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })
#define MOV_IMM(d, i) INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV_REG(d, s) INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD_IMM(d, i) INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define ST_DW(d, o, i) INSN(BPF_ST | BPF_MEM | BPF_DW, d, 0, o, i)
#define KFUNC(id) INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, id)
#define EXIT INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

static char verifier_log[1 << 16];

static int load_raw(const struct bpf_insn *insns, size_t n)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = verifier_log, .log_size = sizeof(verifier_log),
		    .log_level = 1, .prog_flags = BPF_F_SLEEPABLE);	/* syscall programs must be */

	verifier_log[0] = '\0';
	return bpf_prog_load(BPF_PROG_TYPE_SYSCALL, "pb_str_raw", "GPL", insns, n, &o);
}

static void verifier_cases(const struct btf *vmlinux)
{
	int id = btf__find_by_name_kind(vmlinux, "bpf_strnlen", BTF_KIND_FUNC), fd;

	/* strnlen(NULL, 5): accepted, and returns outside_err() */
	const struct bpf_insn good[] = { MOV_IMM(1, 0), MOV_IMM(2, 5), KFUNC(id), EXIT };
	/* strnlen(NULL, <stack pointer>): the count is not a scalar */
	const struct bpf_insn ptr_count[] = { MOV_IMM(1, 0), ST_DW(10, -8, 0), MOV_REG(2, 10),
					      ADD_IMM(2, -8), KFUNC(id), EXIT };
	/* strnlen(NULL): one argument short, R2 never written */
	const struct bpf_insn short_args[] = { MOV_IMM(1, 0), KFUNC(id), EXIT };

	fd = load_raw(good, 4);
	tap(fd >= 0, "verifier.accepts-strnlen-null-5", "load failed: %s", verifier_log);
	if (fd >= 0) {
		LIBBPF_OPTS(bpf_test_run_opts, opts);
		int err = bpf_prog_test_run_opts(fd, &opts);

		tap(!err && (int)opts.retval == outside_err(),
		    outside_err() == -ERANGE ? "verifier.raw-strnlen-null-returns-erange" :
					       "verifier.raw-strnlen-null-returns-efault",
		    "err %d retval %d", err, (int)opts.retval);
	}
	fd = load_raw(ptr_count, 6);
	tap(fd < 0 && strstr(verifier_log, "R2 is not a scalar"), "verifier.rejects-pointer-count",
	    "fd %d, log: %.200s", fd, verifier_log);
	fd = load_raw(short_args, 3);
	/* 6.12's check_kfunc_args() sees the uninitialised R2 as a non-scalar */
	tap(fd < 0 && strstr(verifier_log, "R2 is not a scalar"), "verifier.rejects-missing-argument",
	    "fd %d, log: %.200s", fd, verifier_log);
}

static void badproto_case(void)
{
	struct strings_badproto *bad;

	libbpf_log_reset();
	bad = strings_badproto__open_and_load();
	tap(!bad && strstr(libbpf_log(), "bpf_strlen") && strstr(libbpf_log(), "incompatible"),
	    "libbpf.rejects-wrong-prototype", "log: %.300s", libbpf_log());
	strings_badproto__destroy(bad);
}

int main(int argc, char **argv)
{
	const char *freed_ko = getenv("STR_FREED_KO");
	struct btf *vmlinux;
	int present;

	present = runner_start(argc, argv);
	if (present < 0)
		return 2;

	vmlinux = runner_vmlinux_btf();
	if (!vmlinux)
		return tap_done();
	for (int op = 0; op < OP_COUNT; op++) {
		int in_btf = btf__find_by_name_kind(vmlinux, kfunc_names[op], BTF_KIND_FUNC) > 0;
		char name[64];

		snprintf(name, sizeof(name), "%s.%s", kfunc_names[op] + 4,
			 present ? "in-btf" : "absent-from-btf");
		tap(in_btf == present, name, "%s %s in vmlinux BTF", kfunc_names[op],
		    in_btf ? "is" : "is not");
	}

	libbpf_log_reset();
	skel = strings__open_and_load();
	if (!present) {
		tap(!skel && strstr(libbpf_log(), "bpf_str") && strstr(libbpf_log(), "not found"),
		    "load-fails-naming-missing-kfunc", "loaded=%d, log: %.300s", !!skel, libbpf_log());
		if (!skel)
			fprintf(stderr, "bpf-strings: as expected on this kernel, libbpf said:\n%s",
				libbpf_log());
	} else {
		tap(skel != NULL, "load", "libbpf: %.500s", libbpf_log());
		if (skel) {
			valid_cases();
			alignment_cases();
			page_crossing_cases();
			error_cases();
			verifier_cases(vmlinux);
			badproto_case();
			rewrite_cases();
			if (freed_ko)
				freed_cases(freed_ko);
			else
				tap(0, "freed.module", "STR_FREED_KO names no str_freed.ko");
		}
	}
	strings__destroy(skel);
	btf__free(vmlinux);
	return tap_done();
}
