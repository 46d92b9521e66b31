// SPDX-License-Identifier: GPL-2.0
/*
 * BPF standard streams from a program: a syscall program that writes fixed
 * greetings to stdout and stderr, one that writes numbered messages (per
 * caller tag, so concurrent writers can be told apart), and a perf_event
 * program that writes from the sampling interrupt, and one whose messages are
 * too long to be stored. Run by bpf-streams.c.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "streams.h"

extern int bpf_stream_vprintk(int stream_id, const char *fmt__str, const void *args,
			      __u32 len__sz, void *aux__prog) __ksym;

/* As libbpf's BPF_SEQ_PRINTF: pointers (%s) travel as u64. The kernel
 * replaces aux__prog with the program's own aux.
 */
#define stream_printk(stream_id, fmt, args...)					\
	({									\
		static const char ___fmt[] = fmt;				\
		unsigned long long ___param[___bpf_narg(args)];			\
										\
		_Pragma("GCC diagnostic push")					\
		_Pragma("GCC diagnostic ignored \"-Wint-conversion\"")		\
		___bpf_fill(___param, args);					\
		_Pragma("GCC diagnostic pop")					\
		bpf_stream_vprintk(stream_id, ___fmt, ___param, sizeof(___param), NULL); \
	})

struct stream_args args;
struct stream_out out[PB_MAX_CPUS + 1];	/* per tag; the last one is the perf_event program */
int perf_hits;

/* The flood from every context: per-CPU sequence numbers and outcomes. */
struct stream_out flood_out[PB_MAX_CPUS], flood_perf_out[PB_MAX_CPUS];
__u64 flood_seq[PB_MAX_CPUS], flood_perf_seq[PB_MAX_CPUS];

SEC("syscall")
int hello(void *ctx)
{
	int a = stream_printk(PB_STREAM_STDOUT, "hello stdout %d\n", 42);
	int b = stream_printk(PB_STREAM_STDERR, "hello stderr %s\n", "bpf");

	return a ?: b;
}

static void count(struct stream_out *o, int ret)
{
	if (!ret)
		__sync_fetch_and_add(&o->written, 1);
	else if (ret == -28)	/* -ENOSPC: the stream is full */
		__sync_fetch_and_add(&o->dropped, 1);
	else {
		__sync_fetch_and_add(&o->other, 1);
		o->last_err = ret;
	}
}

static long one_message(__u64 i, void *ctx)
{
	/* a negative tag asks for the CPU the program runs on */
	int tag = (args.tag < 0 ? bpf_get_smp_processor_id() : args.tag) & (PB_MAX_CPUS - 1);

	/* 64 bytes each: "tag T seq SSSSSSSS " + padding + "\n" */
	count(&out[tag], stream_printk(args.stream, "tag %d seq %08llu %s\n", tag, i,
				       "................................"));
	return 0;
}

SEC("syscall")
int numbered(void *ctx)
{
	bpf_loop(args.count, one_message, NULL, 0);
	return 0;
}

#define TEN_O "oooooooooo"
#define HUNDRED_O TEN_O TEN_O TEN_O TEN_O TEN_O TEN_O TEN_O TEN_O TEN_O TEN_O

/* 1106 bytes: longer than the 1024-byte bprintf buffer, so never stored */
static long oversized_message(__u64 i, void *ctx)
{
	count(&out[0], stream_printk(args.stream, HUNDRED_O HUNDRED_O HUNDRED_O HUNDRED_O
				     HUNDRED_O HUNDRED_O HUNDRED_O HUNDRED_O HUNDRED_O
				     HUNDRED_O HUNDRED_O " %04llu\n", i));
	return 0;
}

int oversized_count;

/* oversized_count long messages, then args.count numbered ones, to one stream */
SEC("syscall")
int oversized(void *ctx)
{
	bpf_loop(oversized_count, oversized_message, NULL, 0);
	bpf_loop(args.count, one_message, NULL, 0);
	return 0;
}

SEC("perf_event")
int from_perf_event(void *ctx)
{
	int n = __sync_fetch_and_add(&perf_hits, 1);

	if (n < 50)
		count(&out[PB_MAX_CPUS], stream_printk(PB_STREAM_STDOUT, "perf_event hit %d\n", n));
	return 0;
}

static long flood_message(__u64 i, void *ctx)
{
	int cpu = bpf_get_smp_processor_id() & (PB_MAX_CPUS - 1);

	count(&flood_out[cpu], stream_printk(PB_STREAM_STDOUT, "tag %d seq %08llu %s\n", cpu,
					     flood_seq[cpu]++, "................................"));
	return 0;
}

/* args.count messages, numbered on from the last run on this CPU */
SEC("syscall")
int flood_step(void *ctx)
{
	bpf_loop(args.count, flood_message, NULL, 0);
	return 0;
}

/* Each sampling interrupt on each CPU writes one message to its own stream. */
SEC("perf_event")
int flood_from_perf_event(void *ctx)
{
	int cpu = bpf_get_smp_processor_id() & (PB_MAX_CPUS - 1);

	count(&flood_perf_out[cpu], stream_printk(PB_STREAM_STDOUT, "perf %d seq %08llu %s\n", cpu,
						  flood_perf_seq[cpu]++,
						  "................................"));
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
