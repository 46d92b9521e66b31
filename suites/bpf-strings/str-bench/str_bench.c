// SPDX-License-Identifier: GPL-2.0
/*
 * str_bench: the floor for the bpf-strings suite, the kernel's own strlen,
 * strchr and strcmp on the same strings the BPF programs scan. On load
 * prints one line per sample
 *   PB-BENCH suite=bpf-strings fn=F impl=kernel L=N iters=K ns=X ns2k=Y
 * and then fails with -EAGAIN on purpose, so nothing stays loaded.
 * Loaded only inside patchbench's QEMU guests.
 */
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

static unsigned int iters = 100;
module_param(iters, uint, 0444);
static unsigned int samples = 3;
module_param(samples, uint, 0444);

enum str_fn { FN_STRLEN, FN_STRCHR, FN_STRCMP, FNS };
static const char *const fn_names[FNS] = { "strlen", "strchr", "strcmp" };
static const unsigned int lengths[] = { 0, 16, 64, 256, 4096 };

static char *s1, *s2;
static unsigned long str_bench_sink;

static u64 time_calls(int fn, unsigned int n)
{
	const char *a = s1, *b = s2;
	unsigned long sink = 0;
	u64 t0 = ktime_get_ns();

	for (unsigned int i = 0; i < n; i++) {
		/* keep the compiler from hoisting or folding the calls */
		OPTIMIZER_HIDE_VAR(a);
		OPTIMIZER_HIDE_VAR(b);
		switch (fn) {
		case FN_STRLEN:
			sink += strlen(a);
			break;
		case FN_STRCHR:
			sink += (unsigned long)strchr(a, '#');
			break;
		default:
			sink += strcmp(a, b);
		}
	}
	t0 = ktime_get_ns() - t0;
	WRITE_ONCE(str_bench_sink, sink);	/* the results escape: the calls stay */
	return t0;
}

static int __init str_bench_init(void)
{
	if (!iters || !samples)
		return -EINVAL;
	s1 = kmalloc(8192, GFP_KERNEL);
	s2 = kmalloc(8192, GFP_KERNEL);
	if (!s1 || !s2)
		goto out;
	for (int fn = 0; fn < FNS; fn++) {
		for (int l = 0; l < ARRAY_SIZE(lengths); l++) {
			unsigned int len = lengths[l];

			for (unsigned int i = 0; i < len; i++)
				s1[i] = 'a' + i % 26;
			s1[len] = '\0';
			memcpy(s2, s1, len + 1);
			time_calls(fn, iters);	/* warm-up */
			for (unsigned int s = 0; s < samples; s++) {
				u64 one = time_calls(fn, iters), two = time_calls(fn, 2 * iters);
				u32 r1, r2;	/* div_u64_rem(): 32-bit arm has no 64-bit division */

				one = div_u64_rem(one, iters, &r1);
				two = div_u64_rem(two, 2 * iters, &r2);
				pr_info("PB-BENCH suite=bpf-strings fn=%s impl=kernel L=%u iters=%u "
					"ns=%llu.%02u ns2k=%llu.%02u\n",
					fn_names[fn], len, iters, one, r1 * 100 / iters,
					two, r2 * 100 / (2 * iters));
			}
		}
	}
out:
	kfree(s1);
	kfree(s2);
	return s1 && s2 ? -EAGAIN : -ENOMEM;
}

module_init(str_bench_init);
MODULE_DESCRIPTION("kernel string function floor for patchbench's bpf-strings suite");
MODULE_LICENSE("GPL");
