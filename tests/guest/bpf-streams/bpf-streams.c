// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-streams present|absent PREFIX: TAP for BPF standard streams.
 *
 * present: bpf_stream_vprintk is in BTF and streams.bpf.c loads; stdout and
 *   stderr read back byte for byte (whole and in 5-byte pieces, then empty);
 *   bad stream ids and fds are refused; a flood keeps its first 100000
 *   bytes intact and reports the drops, and draining frees the capacity;
 *   two CPUs writing at once lose nothing; a perf_event program writes from
 *   the sampling interrupt; every CPU flooding from syscall and perf_event
 *   context at once while a reader drains loses nothing it reported
 *   written and damages nothing; loading, filling and unloading twenty times
 *   gives the memory back; messages too long to be stored do not take the
 *   stream's capacity (with the fix bpf-stream-capacity-return).
 * absent (baseline 6.12): no kfunc in BTF, the load fails naming it and the
 *   bpf() command returns EINVAL.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "bpf-streams.h"
#include "runner.h"
#include "stream_read.h"
#include "streams.h"
#include "streams.skel.h"

#define FILLER "................................"

/* Everything in a stream, read @chunk bytes at a time; NUL-terminated. */
char *drain(int prog_fd, int stream, size_t chunk, size_t *len)
{
	size_t cap = 1 << 18, n = 0;
	char *buf = malloc(cap + 1);
	int got;

	if (!buf)
		exit(2);
	while (n + chunk <= cap && (got = pb_stream_read(prog_fd, stream, buf + n, chunk)) > 0)
		n += got;
	buf[n] = '\0';
	*len = n;
	return buf;
}

int run_prog(struct bpf_program *prog)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	return bpf_prog_test_run_opts(bpf_program__fd(prog), &opts) ? -errno : (int)opts.retval;
}

void message(char *buf, size_t len, int tag, unsigned long long seq)
{
	snprintf(buf, len, "tag %d seq %08llu %s\n", tag, seq, FILLER);
}

static void hello_cases(struct streams *skel)
{
	int fd = bpf_program__fd(skel->progs.hello), rc;
	size_t n;
	char *out, *err, *again;

	rc = run_prog(skel->progs.hello);
	tap(rc == 0, "hello.kfunc-returns-0", "returned %d", rc);
	out = drain(fd, PB_STREAM_STDOUT, 4096, &n);
	tap(!strcmp(out, "hello stdout 42\n"), "hello.stdout-exact", "read \"%s\"", out);
	err = drain(fd, PB_STREAM_STDERR, 4096, &n);
	tap(!strcmp(err, "hello stderr bpf\n"), "hello.stderr-exact", "read \"%s\"", err);
	again = drain(fd, PB_STREAM_STDOUT, 4096, &n);
	tap(n == 0, "hello.drained-stream-is-empty", "%zu more bytes", n);
	free(out);
	free(err);
	free(again);

	/* partial reads: the consumed part of a record is remembered */
	run_prog(skel->progs.hello);
	run_prog(skel->progs.hello);
	out = drain(fd, PB_STREAM_STDOUT, 5, &n);
	tap(!strcmp(out, "hello stdout 42\nhello stdout 42\n"), "hello.read-in-5-byte-pieces",
	    "read \"%s\"", out);
	free(out);
	free(drain(fd, PB_STREAM_STDERR, 4096, &n));
}

static void bad_reads(struct streams *skel)
{
	int fd = bpf_program__fd(skel->progs.hello), map = bpf_map__fd(skel->maps.bss), rc;
	char buf[16];

	rc = pb_stream_read(fd, 3, buf, sizeof(buf));
	tap(rc < 0 && errno == ENOENT, "read.bad-stream-id-enoent", "rc %d errno %d", rc, errno);
	rc = pb_stream_read(fd, 0, buf, sizeof(buf));
	tap(rc < 0 && errno == ENOENT, "read.stream-id-0-enoent", "rc %d errno %d", rc, errno);
	rc = pb_stream_read(9999, 1, buf, sizeof(buf));
	tap(rc < 0 && errno == EBADF, "read.bad-fd-ebadf", "rc %d errno %d", rc, errno);
	rc = pb_stream_read(map, 1, buf, sizeof(buf));
	tap(rc < 0 && errno == EINVAL, "read.map-fd-einval", "rc %d errno %d", rc, errno);
	run_prog(skel->progs.hello);
	rc = pb_stream_read(fd, 1, (void *)8, 16);
	tap(rc < 0 && errno == EFAULT, "read.bad-buffer-efault", "rc %d errno %d", rc, errno);
	free(drain(fd, 1, 4096, &(size_t){ 0 }));
	free(drain(fd, 2, 4096, &(size_t){ 0 }));
}

/* Check that @text is exactly messages seq 0..n-1 of @tag. */
static int is_sequence(const char *text, int tag, int n, char *why, size_t whylen)
{
	char want[128];

	for (int i = 0; i < n; i++) {
		size_t l;

		message(want, sizeof(want), tag, i);
		l = strlen(want);
		if (strncmp(text, want, l)) {
			snprintf(why, whylen, "message %d differs: \"%.40s\"", i, text);
			return 0;
		}
		text += l;
	}
	if (*text) {
		snprintf(why, whylen, "extra bytes after %d messages: \"%.40s\"", n, text);
		return 0;
	}
	return 1;
}

static void flood_cases(struct streams *skel)
{
	int fd = bpf_program__fd(skel->progs.numbered);
	struct stream_out *o = &skel->bss->out[0];
	char why[160], one[128];
	size_t n, msg;
	char *text;

	message(one, sizeof(one), 0, 0);
	msg = strlen(one);
	memset(skel->bss->out, 0, sizeof(skel->bss->out));
	skel->bss->args = (struct stream_args){ .count = 3000, .stream = PB_STREAM_STDOUT, .tag = 0 };
	run_prog(skel->progs.numbered);
	tap(o->written > 0 && o->dropped > 0 && o->other == 0 && o->written + o->dropped == 3000,
	    "flood.drops-reported", "written %d dropped %d other %d (last %d)", o->written,
	    o->dropped, o->other, o->last_err);
	tap(o->written * msg < PB_STREAM_CAPACITY && (o->written + 1) * msg >= PB_STREAM_CAPACITY,
	    "flood.capacity-100000", "%d messages of %zu bytes kept", o->written, msg);
	text = drain(fd, PB_STREAM_STDOUT, 4096, &n);
	tap(n == o->written * msg, "flood.all-kept-bytes-read", "read %zu, want %zu", n,
	    o->written * msg);
	tap(is_sequence(text, 0, o->written, why, sizeof(why)), "flood.first-bytes-intact", "%s", why);
	free(text);

	/* reading gave the capacity back */
	memset(skel->bss->out, 0, sizeof(skel->bss->out));
	skel->bss->args.count = 10;
	run_prog(skel->progs.numbered);
	tap(o->written == 10 && o->dropped == 0, "flood.capacity-released-after-read",
	    "written %d dropped %d", o->written, o->dropped);
	free(drain(fd, PB_STREAM_STDOUT, 4096, &n));

	/* stderr has its own capacity */
	memset(skel->bss->out, 0, sizeof(skel->bss->out));
	skel->bss->args = (struct stream_args){ .count = 3000, .stream = PB_STREAM_STDERR, .tag = 0 };
	run_prog(skel->progs.numbered);
	tap(o->written * msg < PB_STREAM_CAPACITY && o->dropped > 0, "flood.stderr-own-capacity",
	    "written %d dropped %d", o->written, o->dropped);
	free(drain(fd, PB_STREAM_STDERR, 4096, &n));
}

struct writer {
	struct streams *skel;
	int cpu, rc;
};

static void *write_on_cpu(void *arg)
{
	struct writer *w = arg;
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(w->cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	w->rc = bpf_prog_test_run_opts(bpf_program__fd(w->skel->progs.numbered), &opts) ? -errno : 0;
	return NULL;
}

static void concurrent_cases(struct streams *skel)
{
	enum { PER_CPU = 500 };
	int ncpu = sysconf(_SC_NPROCESSORS_ONLN), fd = bpf_program__fd(skel->progs.numbered);
	struct writer w[PB_MAX_CPUS];
	pthread_t t[PB_MAX_CPUS];
	char why[160], want[128];
	size_t n;
	char *text, *line;
	int next[PB_MAX_CPUS] = { 0 }, bad = 0;

	if (ncpu > PB_MAX_CPUS)
		ncpu = PB_MAX_CPUS;
	tap(ncpu >= 2, "concurrent.guest-has-2-cpus", "%d online", ncpu);
	memset(skel->bss->out, 0, sizeof(skel->bss->out));
	/* the tag comes from the CPU the program runs on: one run per CPU */
	skel->bss->args = (struct stream_args){ .count = PER_CPU, .stream = PB_STREAM_STDOUT,
						.tag = -1 };
	for (int c = 0; c < ncpu; c++) {
		w[c] = (struct writer){ .skel = skel, .cpu = c };
		pthread_create(&t[c], NULL, write_on_cpu, &w[c]);
	}
	for (int c = 0; c < ncpu; c++)
		pthread_join(t[c], NULL);
	text = drain(fd, PB_STREAM_STDOUT, 4096, &n);
	why[0] = '\0';
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		int tag;
		unsigned long long seq;

		if (sscanf(line, "tag %d seq %llu", &tag, &seq) != 2 || tag < 0 || tag >= ncpu) {
			if (!bad++)
				snprintf(why, sizeof(why), "unexpected line \"%.40s\"", line);
			continue;
		}
		message(want, sizeof(want), tag, seq);
		want[strlen(want) - 1] = '\0';
		if (seq != (unsigned long long)next[tag] || strcmp(line, want)) {
			if (!bad++)
				snprintf(why, sizeof(why), "tag %d: got seq %llu, want %d", tag, seq,
					 next[tag]);
			continue;
		}
		next[tag]++;
	}
	for (int c = 0; c < ncpu; c++)
		if (next[c] != PER_CPU && !bad++)
			snprintf(why, sizeof(why), "tag %d: %d of %d messages (rc %d, dropped %d)", c,
				 next[c], PER_CPU, w[c].rc, skel->bss->out[c].dropped);
	tap(!bad, "concurrent.all-cpus-nothing-lost-in-order", "%d problems; %s", bad, why);
	free(text);
}

static void perf_event_cases(struct streams *skel)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 100000,	/* every 100 us of guest time */
	};
	struct bpf_link *link = NULL;
	struct timespec t0, t;
	char why[160] = "", want[64];
	size_t n;
	char *text, *p;
	int pfd, hits, lines = 0;

	pfd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);	/* this task, on any CPU */
	if (pfd >= 0)
		link = bpf_program__attach_perf_event(skel->progs.from_perf_event, pfd);
	tap(pfd >= 0 && link, "perf-event.attach", "perf_event_open %d (%s), attach %p", pfd,
	    strerror(errno), (void *)link);
	if (!link)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do	/* burn CPU so that the cpu-clock event fires */
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000000000L + t.tv_nsec - t0.tv_nsec < 50000000L);
	bpf_link__destroy(link);
	close(pfd);
	hits = skel->bss->perf_hits;
	text = drain(bpf_program__fd(skel->progs.from_perf_event), PB_STREAM_STDOUT, 4096, &n);
	for (p = text; *p; lines++) {
		snprintf(want, sizeof(want), "perf_event hit %d\n", lines);
		if (strncmp(p, want, strlen(want))) {
			snprintf(why, sizeof(why), "line %d: \"%.30s\"", lines, p);
			break;
		}
		p += strlen(want);
	}
	tap(hits > 0 && !why[0] && lines == (hits < 50 ? hits : 50) &&
	    skel->bss->out[PB_MAX_CPUS].written == lines, "perf-event.messages-from-interrupt",
	    "%d hits, %d lines, %d written; %s", hits, lines, skel->bss->out[PB_MAX_CPUS].written,
	    why);
	free(text);
}

/* ---- a flood from every CPU, from syscall and perf_event context, while a reader drains ---- */

struct flood {
	struct streams *skel;
	int ncpu;
	volatile int writers_done;
	char *text[2];		/* what the reader got: [0] syscall program, [1] perf_event program */
	size_t len[2], cap[2];
	volatile int reads_while_writing;
};

static void append(struct flood *f, int which, int prog_fd)
{
	int got;

	do {
		if (f->len[which] + 4096 + 1 > f->cap[which]) {
			f->cap[which] = f->cap[which] * 2 + 8192;
			f->text[which] = realloc(f->text[which], f->cap[which]);
			if (!f->text[which])
				exit(2);
		}
		got = pb_stream_read(prog_fd, PB_STREAM_STDOUT, f->text[which] + f->len[which], 4096);
		if (got > 0) {
			f->len[which] += got;
			if (!f->writers_done)
				f->reads_while_writing++;
		}
	} while (got > 0);
	f->text[which][f->len[which]] = '\0';
}

static void *drain_while_writing(void *arg)
{
	struct flood *f = arg;
	int fd[2] = { bpf_program__fd(f->skel->progs.flood_step),
		      bpf_program__fd(f->skel->progs.flood_from_perf_event) };

	while (!f->writers_done) {
		append(f, 0, fd[0]);
		append(f, 1, fd[1]);
		usleep(200);
	}
	return NULL;
}

struct flood_writer {
	struct streams *skel;
	struct flood *flood;
	int cpu, runs, rc;
};

static double ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1e3 + (t.tv_nsec - t0->tv_nsec) / 1e6;
}

/*
 * Many short runs, so that the reader gets the CPU between them, for at
 * least FLOOD_MS: the guest kernel has no high-resolution timers, so the
 * cpu-clock event fires at the tick (250 Hz) and needs time to fire often.
 * Then on until the reader has drained the stream at least once while they
 * write (at most FLOOD_MAX_MS): with a writer on each CPU the reader can
 * wait for the whole FLOOD_MS (on the sanitizer kernel, once, it first ran
 * after the writers had stopped), and what is checked is reading while the
 * writing goes on, not when the scheduler lets the reader in. The writers
 * run at nice 19 for the same reason.
 */
#define FLOOD_MS 400
#define FLOOD_MAX_MS 10000
static void *flood_on_cpu(void *arg)
{
	struct flood_writer *w = arg;
	struct timespec t0;
	cpu_set_t set;
	double ms;

	CPU_ZERO(&set);
	CPU_SET(w->cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (w->runs = 0; !w->rc; w->runs++) {
		ms = ms_since(&t0);
		if (w->runs >= 40 && ms >= FLOOD_MS &&
		    (w->flood->reads_while_writing || ms >= FLOOD_MAX_MS))
			break;
		w->rc = run_prog(w->skel->progs.flood_step);
	}
	return NULL;
}

/*
 * Every message read must be intact and belong to its writer's sequence in
 * order; a writer's messages that were reported written must all be read,
 * and no other.
 */
static int check_flood_text(char *text, const char *kind, int ncpu, const struct stream_out *out,
			    char *why, size_t whylen)
{
	long long last[PB_MAX_CPUS];
	int got[PB_MAX_CPUS] = { 0 }, bad = 0;
	char want[128], *line;

	for (int c = 0; c < PB_MAX_CPUS; c++)
		last[c] = -1;
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char k[8];
		int cpu;
		unsigned long long seq;

		if (sscanf(line, "%7s %d seq %llu", k, &cpu, &seq) != 3 || strcmp(k, kind) ||
		    cpu < 0 || cpu >= ncpu) {
			if (!bad++)
				snprintf(why, whylen, "%s: unexpected line \"%.40s\"", kind, line);
			continue;
		}
		snprintf(want, sizeof(want), "%s %d seq %08llu %s", kind, cpu, seq, FILLER);
		if ((long long)seq <= last[cpu] || strcmp(line, want)) {
			if (!bad++)
				snprintf(why, whylen, "%s %d: seq %llu after %lld, or damaged: \"%.60s\"",
					 kind, cpu, seq, last[cpu], line);
			continue;
		}
		last[cpu] = seq;
		got[cpu]++;
	}
	for (int c = 0; c < ncpu; c++)
		if (got[c] != out[c].written && !bad++)
			snprintf(why, whylen, "%s %d: read %d messages, %d reported written", kind, c,
				 got[c], out[c].written);
	return bad;
}

static void flood_all_cases(struct streams *skel)
{
	enum { PER_RUN = 100 };
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 20000,	/* every 20 us of each CPU's time */
	};
	struct flood f = { .skel = skel, .ncpu = sysconf(_SC_NPROCESSORS_ONLN) };
	struct flood_writer w[PB_MAX_CPUS];
	struct bpf_link *link[PB_MAX_CPUS] = { NULL };
	pthread_t t[PB_MAX_CPUS], reader;
	int pfd[PB_MAX_CPUS], attached = 0, wrc = 0, bad;
	long long sys_written = 0, sys_dropped = 0, perf_written = 0, perf_hits = 0, other = 0;
	char why[200] = "", one[128];
	struct timespec t0;
	double elapsed;
	size_t msg;

	message(one, sizeof(one), 0, 0);
	msg = strlen(one);

	if (f.ncpu > PB_MAX_CPUS)
		f.ncpu = PB_MAX_CPUS;
	for (int c = 0; c < f.ncpu; c++) {
		pfd[c] = syscall(__NR_perf_event_open, &attr, -1, c, -1, 0);	/* all tasks on CPU c */
		if (pfd[c] >= 0)
			link[c] = bpf_program__attach_perf_event(skel->progs.flood_from_perf_event,
								 pfd[c]);
		attached += link[c] != NULL;
	}
	tap(attached == f.ncpu, "flood-all.perf-event-on-every-cpu", "%d of %d CPUs (%s)", attached,
	    f.ncpu, strerror(errno));
	skel->bss->args = (struct stream_args){ .count = PER_RUN, .stream = PB_STREAM_STDOUT };
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pthread_create(&reader, NULL, drain_while_writing, &f);
	for (int c = 0; c < f.ncpu; c++) {
		w[c] = (struct flood_writer){ .skel = skel, .flood = &f, .cpu = c };
		pthread_create(&t[c], NULL, flood_on_cpu, &w[c]);
	}
	for (int c = 0; c < f.ncpu; c++) {
		pthread_join(t[c], NULL);
		wrc = wrc ?: w[c].rc;
	}
	for (int c = 0; c < f.ncpu; c++) {
		bpf_link__destroy(link[c]);
		if (pfd[c] >= 0)
			close(pfd[c]);
	}
	elapsed = ms_since(&t0);
	f.writers_done = 1;
	pthread_join(reader, NULL);
	append(&f, 0, bpf_program__fd(skel->progs.flood_step));
	append(&f, 1, bpf_program__fd(skel->progs.flood_from_perf_event));

	for (int c = 0; c < f.ncpu; c++) {
		const struct stream_out *s = &skel->bss->flood_out[c], *p = &skel->bss->flood_perf_out[c];

		sys_written += s->written;
		sys_dropped += s->dropped;
		perf_written += p->written;
		perf_hits += skel->bss->flood_perf_seq[c];
		other += s->other + p->other;
		if (s->written + s->dropped + s->other != w[c].runs * PER_RUN && !why[0])
			snprintf(why, sizeof(why), "cpu %d: %d+%d+%d outcomes of %d calls", c,
				 s->written, s->dropped, s->other, w[c].runs * PER_RUN);
		if (p->written + p->dropped + p->other != (int)skel->bss->flood_perf_seq[c] &&
		    !why[0])
			snprintf(why, sizeof(why), "perf cpu %d: %d+%d+%d outcomes of %llu hits", c,
				 p->written, p->dropped, p->other,
				 (unsigned long long)skel->bss->flood_perf_seq[c]);
	}
	printf("# flood-all: %.1f ms, %d CPUs, syscall %lld written %lld dropped, perf_event %lld hits "
	       "%lld written, other errors %lld, %d reads during the flood, %zu + %zu bytes read\n",
	       elapsed, f.ncpu,
	       sys_written, sys_dropped, perf_hits, perf_written, other,
	       f.reads_while_writing, f.len[0], f.len[1]);
	tap(!wrc && !why[0], "flood-all.every-call-accounted", "writer rc %d; %s", wrc, why);
	tap(f.reads_while_writing > 0 && sys_written * (long long)msg > PB_STREAM_CAPACITY,
	    "flood-all.reader-drained-during-flood",
	    "%d reads while writing, %lld bytes written (capacity %d)", f.reads_while_writing,
	    sys_written * (long long)msg, PB_STREAM_CAPACITY);
	bad = check_flood_text(f.text[0], "tag", f.ncpu, skel->bss->flood_out, why, sizeof(why));
	tap(!bad, "flood-all.syscall-messages-intact-in-order-none-lost", "%d problems; %s", bad,
	    why);
	why[0] = '\0';
	bad = check_flood_text(f.text[1], "perf", f.ncpu, skel->bss->flood_perf_out, why,
			       sizeof(why));
	tap(!bad && perf_written > 0, "flood-all.perf-event-messages-intact-in-order-none-lost",
	    "%d problems, %lld written; %s", bad, perf_written, why);
	free(f.text[0]);
	free(f.text[1]);
}

static void absent_cases(struct btf *vmlinux)
{
	struct streams *skel;
	char buf[16];
	int rc, prog_fd;

	tap(btf__find_by_name_kind(vmlinux, "bpf_stream_vprintk", BTF_KIND_FUNC) < 0,
	    "stream_vprintk.absent-from-btf", "bpf_stream_vprintk is in vmlinux BTF");
	skel = streams__open_and_load();
	tap(!skel && strstr(libbpf_log(), "bpf_stream_vprintk") && strstr(libbpf_log(), "not found"),
	    "load-fails-naming-missing-kfunc", "loaded=%d, log: %.300s", !!skel, libbpf_log());
	streams__destroy(skel);
	/* any program will do for the command itself */
	{
		struct bpf_insn ret0[] = {
			{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
			{ .code = BPF_JMP | BPF_EXIT },
		};

		prog_fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "ret0", "GPL", ret0, 2, NULL);
	}
	rc = pb_stream_read(prog_fd, 1, buf, sizeof(buf));
	tap(prog_fd >= 0 && rc < 0 && errno == EINVAL, "stream-read-command-einval",
	    "prog_fd %d rc %d errno %d", prog_fd, rc, errno);
	if (prog_fd >= 0)
		close(prog_fd);
}

int main(int argc, char **argv)
{
	struct streams *skel;
	struct btf *vmlinux;
	int present;

	present = runner_start(argc, argv);
	if (present < 0)
		return 2;
	vmlinux = runner_vmlinux_btf();
	if (vmlinux && !present) {
		absent_cases(vmlinux);
	} else if (vmlinux) {
		tap(btf__find_by_name_kind(vmlinux, "bpf_stream_vprintk", BTF_KIND_FUNC) > 0,
		    "stream_vprintk.in-btf", "bpf_stream_vprintk not in vmlinux BTF");
		skel = streams__open_and_load();
		tap(skel != NULL, "load", "libbpf: %.500s", libbpf_log());
		if (skel) {
			hello_cases(skel);
			bad_reads(skel);
			flood_cases(skel);
			concurrent_cases(skel);
			perf_event_cases(skel);
			flood_all_cases(skel);
			streams__destroy(skel);
			unload_cases();
			oversized_cases();
		}
	}
	btf__free(vmlinux);
	return tap_done();
}
