// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-streambench present|absent [--iters K] [--samples S]: the bpf-stream
 * benchmark. For messages of 16, 64 and 256 bytes (NUL included), times K
 * and 2K emissions inside one BPF program run (guest clock) for each way a
 * program gets text out: bpf_stream_vprintk (impl=kfunc, present only),
 * bpf_trace_printk, bpf_ringbuf_output, bpf_ringbuf_reserve+submit, and the
 * empty bpf_loop harness. Sinks are drained between batches, so no batch
 * meets a full stream or ring. Prints one line per sample:
 *   PB-BENCH suite=bpf-stream impl=I size=S iters=K ns=X ns2k=Y
 * With the kfunc present also impl=kfunc-full, a call that finds the stream
 * at its 100000-byte capacity (-ENOSPC), and impl=stream-read, the cost per
 * message of reading a stream of K messages back in 4096-byte reads
 * (BPF_PROG_STREAM_READ_BY_FD, timed in userspace on the guest clock).
 * Every impl is also timed from a perf_event program, run from the
 * cpu-clock interrupt (hard-IRQ context: the guest has no PMU for NMIs):
 *   PB-BENCH suite=bpf-stream impl=I ctx=perf_event size=S iters=K ...
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"
#include "stream_read.h"
#include "streambench.h"
#include "streambench_alt.skel.h"
#include "streambench_kfunc.skel.h"

static const char *const impl_names[] = { "trace-printk", "ringbuf-output", "ringbuf-reserve",
					  "empty", "kfunc" };
#define STREAM_CAPACITY 100000
static const int sizes[] = { 16, 64, 256 };

struct target {
	struct sbm_args *args;
	struct sbm_out *out;
	char *msg;
	int prog_fd;
	struct ring_buffer *rb;
	struct bpf_program *perf_prog;	/* the same calls from a perf_event program */
	int *perf_armed, *perf_runs;
};

static int discard(void *ctx, void *data, size_t len)
{
	(void)ctx, (void)data, (void)len;
	return 0;
}

/* Empty the sink; a stream is per program: @prog_fd's. */
static void drain(struct target *t, int impl, int prog_fd)
{
	char buf[8192];

	if (impl == SB_STREAM)
		while (pb_stream_read(prog_fd, 1, buf, sizeof(buf)) > 0)
			;
	else if (t->rb)
		ring_buffer__consume(t->rb);
}

static int batch(struct target *t, int impl, int iters, double *per_call)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	t->args->iters = iters;
	t->out->failed = 0;
	if (bpf_prog_test_run_opts(t->prog_fd, &opts)) {
		fprintf(stderr, "bpf-streambench: test run: %s\n", strerror(errno));
		return -1;
	}
	if (t->out->failed) {
		fprintf(stderr, "bpf-streambench: %s: %d of %d emissions failed\n", impl_names[impl],
			t->out->failed, iters);
		return -1;
	}
	*per_call = (double)t->out->ns / iters;
	drain(t, impl, t->prog_fd);
	return 0;
}

/* K calls, every one of which must find the stream full. */
static int batch_full(struct target *t, int iters, double *per_call)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	t->args->iters = iters;
	t->out->failed = 0;
	if (bpf_prog_test_run_opts(t->prog_fd, &opts) || t->out->failed != iters) {
		fprintf(stderr, "bpf-streambench: full stream: %d of %d calls failed (%s)\n",
			t->out->failed, iters, strerror(errno));
		return -1;
	}
	*per_call = (double)t->out->ns / iters;
	return 0;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* One batch from the cpu-clock interrupt: attach, arm, wait for its run. */
static int perf_batch(struct target *t, int impl, int iters, double *per_call)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 1000000,	/* 1 ms; it fires at the tick */
	};
	volatile int *runs = t->perf_runs;
	int pfd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0), before = *runs;
	struct bpf_link *link = pfd >= 0 ? bpf_program__attach_perf_event(t->perf_prog, pfd) : NULL;
	double t0 = now_ns();

	if (!link) {
		fprintf(stderr, "bpf-streambench: perf event: %s\n", strerror(errno));
		return -1;
	}
	t->args->iters = iters;
	t->out->failed = 0;
	*t->perf_armed = 1;
	while (*runs == before && now_ns() - t0 < 5e9)	/* burn CPU until it fires */
		;
	bpf_link__destroy(link);
	close(pfd);
	if (*runs == before || t->out->failed) {
		fprintf(stderr, "bpf-streambench: %s from perf_event: %s (%d of %d, last %d)\n",
			impl_names[impl], *runs == before ? "no sample in 5 s" : "emissions failed",
			t->out->failed, iters, t->out->last_err);
		return -1;
	}
	*per_call = (double)t->out->ns / iters;
	drain(t, impl, bpf_program__fd(t->perf_prog));
	return 0;
}

/* Write @messages, then time reading all of them back; per message. */
static int time_read(struct target *t, int messages, double *per_message)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	size_t want = (size_t)messages * (t->args->size - 1), got = 0;
	char buf[4096];
	double t0;
	int n;

	t->args->iters = messages;
	t->out->failed = 0;
	if (bpf_prog_test_run_opts(t->prog_fd, &opts) || t->out->failed) {
		fprintf(stderr, "bpf-streambench: filling for the read: %d failed\n", t->out->failed);
		return -1;
	}
	t0 = now_ns();
	while ((n = pb_stream_read(t->prog_fd, 1, buf, sizeof(buf))) > 0)
		got += n;
	*per_message = (now_ns() - t0) / messages;
	if (got != want) {
		fprintf(stderr, "bpf-streambench: read %zu bytes back, want %zu\n", got, want);
		return -1;
	}
	return 0;
}

/* The stream at capacity, and reading it back, at one message size. */
static int stream_limits(struct target *t, int size, int iters, int samples)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	int read_k = STREAM_CAPACITY / (2 * (size - 1));	/* 2K messages fit */
	double one, two;

	t->args->iters = STREAM_CAPACITY / (size - 1) + 10;	/* fill it */
	t->out->failed = 0;
	if (bpf_prog_test_run_opts(t->prog_fd, &opts) || !t->out->failed) {
		fprintf(stderr, "bpf-streambench: the stream did not fill\n");
		return -1;
	}
	if (batch_full(t, iters, &one))	/* warm-up */
		return -1;
	for (int k = 0; k < samples; k++) {
		if (batch_full(t, iters, &one) || batch_full(t, 2 * iters, &two))
			return -1;
		printf("PB-BENCH suite=bpf-stream impl=kfunc-full size=%d iters=%d ns=%.2f ns2k=%.2f\n",
		       size, iters, one, two);
	}
	drain(t, SB_STREAM, t->prog_fd);
	if (time_read(t, read_k, &one))	/* warm-up */
		return -1;
	for (int k = 0; k < samples; k++) {
		if (time_read(t, read_k, &one) || time_read(t, 2 * read_k, &two))
			return -1;
		printf("PB-BENCH suite=bpf-stream impl=stream-read size=%d iters=%d ns=%.2f ns2k=%.2f\n",
		       size, read_k, one, two);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct streambench_kfunc *kf = NULL;
	struct streambench_alt *alt;
	struct ring_buffer *rb;
	int iters = 100, samples = 3, kfuncs;

	kfuncs = bench_args(argc, argv, &iters, &samples);
	if (kfuncs < 0)
		return 2;
	/* 2K messages of 256 bytes must fit in one stream (100000 bytes) */
	if (2 * iters * 256 >= 100000) {
		fprintf(stderr, "bpf-streambench: --iters must be below 195\n");
		return 2;
	}
	alt = streambench_alt__open_and_load();
	if (!alt) {
		fprintf(stderr, "bpf-streambench: cannot load streambench_alt\n");
		return 1;
	}
	rb = ring_buffer__new(bpf_map__fd(alt->maps.rb), discard, NULL, NULL);
	if (!rb || (kfuncs && !(kf = streambench_kfunc__open_and_load()))) {
		fprintf(stderr, "bpf-streambench: cannot set up the %s\n", rb ? "kfunc program" : "ring buffer");
		return 1;
	}
	for (size_t s = 0; s < sizeof(sizes) / sizeof(*sizes); s++)
		for (int impl = 0; impl <= (kfuncs ? SB_STREAM : SB_EMPTY); impl++) {
			struct target t;
			double one, two;

			if (impl == SB_STREAM)
				t = (struct target){ &kf->bss->args, &kf->bss->out, kf->bss->msg,
						     bpf_program__fd(kf->progs.run), NULL,
						     kf->progs.run_perf, &kf->bss->perf_armed,
						     &kf->bss->perf_runs };
			else
				t = (struct target){ &alt->bss->args, &alt->bss->out, alt->bss->msg,
						     bpf_program__fd(alt->progs.run), rb,
						     alt->progs.run_perf, &alt->bss->perf_armed,
						     &alt->bss->perf_runs };
			memset(t.msg, 'x', sizes[s] - 1);
			t.msg[sizes[s] - 1] = '\0';
			t.args->impl = impl;
			t.args->size = sizes[s];
			if (batch(&t, impl, iters, &one))	/* warm-up */
				return 1;
			for (int k = 0; k < samples; k++) {
				if (batch(&t, impl, iters, &one) || batch(&t, impl, 2 * iters, &two))
					return 1;
				printf("PB-BENCH suite=bpf-stream impl=%s size=%d iters=%d ns=%.2f ns2k=%.2f\n",
				       impl_names[impl], sizes[s], iters, one, two);
			}
			if (perf_batch(&t, impl, iters, &one))	/* warm-up */
				return 1;
			for (int k = 0; k < samples; k++) {
				if (perf_batch(&t, impl, iters, &one) ||
				    perf_batch(&t, impl, 2 * iters, &two))
					return 1;
				printf("PB-BENCH suite=bpf-stream impl=%s ctx=perf_event size=%d iters=%d "
				       "ns=%.2f ns2k=%.2f\n", impl_names[impl], sizes[s], iters, one, two);
			}
			if (impl == SB_STREAM && stream_limits(&t, sizes[s], iters, samples))
				return 1;
		}
	ring_buffer__free(rb);
	streambench_kfunc__destroy(kf);
	streambench_alt__destroy(alt);
	return 0;
}
