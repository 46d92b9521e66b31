// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-strbench present|absent [--iters K] [--samples S]: the bpf-strings
 * benchmark. For each function (strlen, strchr of an absent character,
 * strcmp of equal strings) and string length L, times K calls and 2K calls
 * inside one BPF program run (guest clock, bpf_ktime_get_ns) for each
 * implementation: the kfunc (present only), upstream's byte loop of the
 * kfunc (str_byteloop.ko's kfuncs, on every kernel: the module must be
 * loaded), a bpf_probe_read_kernel() byte loop, bpf_probe_read_kernel_str()
 * into a buffer plus a loop over it, and the empty loop harness. Prints one
 * line per sample:
 *   PB-BENCH suite=bpf-strings fn=F impl=I L=N iters=K ns=X ns2k=Y
 * Every call's result is checked, so a figure is never of a wrong answer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"
#include "strbench.h"
#include "strbench_alt.skel.h"
#include "strbench_byteloop.skel.h"
#include "strbench_kfunc.skel.h"

static const char *const fn_names[SB_FNS] = { "strlen", "strchr", "strcmp" };
static const char *const impl_names[] = { "probe-loop", "copy", "empty", "kfunc", "byteloop" };
enum { IMPL_KFUNC = 3, IMPL_BYTELOOP = 4 };
static const int lengths[] = { 0, 16, 64, 256, 4096 };

struct target {
	struct sb_args *args;
	struct sb_out *out;
	char *s1, *s2;
	int prog_fd;
};

static int run_once(struct target *t, int iters, unsigned long long *ns)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	t->args->iters = iters;
	if (bpf_prog_test_run_opts(t->prog_fd, &opts))
		return -errno;
	*ns = t->out->ns;
	return 0;
}

static int expected(int fn, int impl, int len)
{
	if (impl == 2)
		return 0;
	if (impl == IMPL_KFUNC || impl == IMPL_BYTELOOP)
		return fn == SB_STRLEN ? len : fn == SB_STRCHR ? -ENOENT : 0;
	return len;	/* the alternatives report where the scan stopped */
}

static int measure(struct target *t, int fn, int impl, int len, int iters, int samples)
{
	unsigned long long one = 0, two = 0;

	for (int i = 0; i < len; i++)
		t->s1[i] = t->s2[i] = 'a' + i % 26;
	t->s1[len] = t->s2[len] = '\0';
	t->args->fn = fn;
	t->args->len = len;
	if (run_once(t, iters, &one))	/* warm-up */
		goto fail;
	for (int s = 0; s < samples; s++) {
		if (run_once(t, iters, &one) || run_once(t, 2 * iters, &two))
			goto fail;
		if (t->out->last != expected(fn, impl, len)) {
			fprintf(stderr, "bpf-strbench: %s/%s L=%d returned %d, want %d\n", fn_names[fn],
				impl_names[impl], len, t->out->last, expected(fn, impl, len));
			return -1;
		}
		printf("PB-BENCH suite=bpf-strings fn=%s impl=%s L=%d iters=%d ns=%.2f ns2k=%.2f\n",
		       fn_names[fn], impl_names[impl], len, iters, (double)one / iters,
		       (double)two / (2.0 * iters));
	}
	return 0;
fail:
	fprintf(stderr, "bpf-strbench: test run failed: %s\n", strerror(errno));
	return -1;
}

int main(int argc, char **argv)
{
	struct strbench_byteloop *bl = NULL;
	struct strbench_kfunc *kf = NULL;
	struct strbench_alt *alt;
	int iters = 100, samples = 3, kfuncs;

	kfuncs = bench_args(argc, argv, &iters, &samples);
	if (kfuncs < 0)
		return 2;
	alt = strbench_alt__open_and_load();
	if (!alt) {
		fprintf(stderr, "bpf-strbench: cannot load strbench_alt\n");
		return 1;
	}
	if (kfuncs && !(kf = strbench_kfunc__open_and_load())) {
		fprintf(stderr, "bpf-strbench: cannot load strbench_kfunc with the kfuncs present\n");
		return 1;
	}
	if (!(bl = strbench_byteloop__open_and_load())) {
		fprintf(stderr, "bpf-strbench: cannot load strbench_byteloop: is str_byteloop.ko "
			"loaded?\n");
		return 1;
	}
	for (int fn = 0; fn < SB_FNS; fn++)
		for (size_t l = 0; l < sizeof(lengths) / sizeof(*lengths); l++)
			for (int impl = 0; impl <= IMPL_BYTELOOP; impl++) {
				struct target t;

				if (impl == IMPL_KFUNC && !kfuncs)
					continue;
				if (impl == IMPL_KFUNC) {
					t = (struct target){ &kf->bss->args, &kf->bss->out,
							     kf->data_s1->s1, kf->data_s2->s2,
							     bpf_program__fd(kf->progs.run) };
				} else if (impl == IMPL_BYTELOOP) {
					t = (struct target){ &bl->bss->args, &bl->bss->out,
							     bl->data_s1->s1, bl->data_s2->s2,
							     bpf_program__fd(bl->progs.run) };
				} else {
					alt->bss->impl = impl;
					t = (struct target){ &alt->bss->args, &alt->bss->out,
							     alt->data_s1->s1, alt->data_s2->s2,
							     bpf_program__fd(alt->progs.run) };
				}
				if (measure(&t, fn, impl, lengths[l], iters, samples))
					return 1;
			}
	strbench_byteloop__destroy(bl);
	strbench_kfunc__destroy(kf);
	strbench_alt__destroy(alt);
	return 0;
}
