/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the BPF runners share: TAP lines, vmlinux's BTF and libbpf's
 * messages for the tests, the arguments for the benchmarks.
 */
#ifndef PB_BPF_RUNNER_H
#define PB_BPF_RUNNER_H

#include <stddef.h>

struct btf;

/*
 * "ok N - PREFIX.NAME", or "not ok ... # WHY" (printf-style) when !ok. The
 * guest runners' own: bench/tap/ is pb's, on the host, with jansson.
 */
void tap_init(const char *prefix);
void tap(int ok, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* After the last test: the plan "1..N"; the runner's exit status, 1 if a test failed. */
int tap_done(void);

/*
 * Test runners: "NAME present|absent PREFIX". Returns 1 (present) or 0
 * (absent) after starting the TAP output and libbpf log capture, or -1
 * after printing the usage.
 */
int runner_start(int argc, char **argv);

/*
 * Does this kernel have the feature or fix NAME (bench/probe/features.json)?
 * As vm/guest/lib/has.sh: the host probed the build and init exports what it
 * found as PB_HAS=a,b. Tests decide by this, never by the kernel's name.
 */
int runner_has(const char *name);

/* vmlinux's BTF (btf__free() it), or NULL after a failed "vmlinux-btf" test. */
struct btf *runner_vmlinux_btf(void);

/*
 * Benchmark runners: "NAME present|absent [--iters K] [--samples S]", the
 * kfuncs under test present in the kernel or not (the guest's has, by the
 * host's probe). Returns 1 (present) or 0 (absent) with *iters and *samples set (their
 * defaults on entry) and stdout line-buffered, so that each PB-BENCH line
 * reaches the console as it is made; or -1 after printing the usage.
 */
int bench_args(int argc, char **argv, int *iters, int *samples);

/* Keep libbpf's warnings (not its debug output) to look for reasons in. */
void libbpf_log_capture(void);
void libbpf_log_reset(void);
const char *libbpf_log(void);

#endif
