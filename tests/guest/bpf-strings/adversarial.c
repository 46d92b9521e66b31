// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-strings' adversarial cases: the kfuncs pointed at freed memory, and
 * at a string another CPU rewrites while they scan it (bpf-strings.c runs
 * them; docs/testing.md, "What the adversarial tests found").
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

#include <bpf/libbpf.h>

#include "runner.h"
#include "bpf-strings.h"
#include "strings.skel.h"

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

void freed_cases(const char *ko)
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

void rewrite_cases(void)
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
