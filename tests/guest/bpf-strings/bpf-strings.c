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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>

#include "runner.h"
#include "strings.h"
#include "bpf-strings.h"
#include "strings.skel.h"
#include "strings_badproto.skel.h"

const char *const kfunc_names[OP_COUNT] = {
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

int two_strings(int op)
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

struct strings *skel;

int run(const struct str_args *a, int *result)
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
unsigned long long place(char *page, const char *s, int at_end)
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

int expect(const char *name, const struct str_args *a, int want)
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
