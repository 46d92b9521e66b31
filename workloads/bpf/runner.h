/* SPDX-License-Identifier: GPL-2.0 */
/* What the BPF test runners share: TAP lines and libbpf's messages. */
#ifndef PB_BPF_RUNNER_H
#define PB_BPF_RUNNER_H

#include <stddef.h>

/* "ok N - PREFIX.NAME", or "not ok ... # WHY" (printf-style) when !ok. */
void tap_init(const char *prefix);
void tap(int ok, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int tap_count(void);
int tap_failures(void);

/*
 * Test runners: "NAME present|absent PREFIX". Returns 1 (present) or 0
 * (absent) after starting the TAP output and libbpf log capture, or -1
 * after printing the usage.
 */
int runner_start(int argc, char **argv);

/*
 * Benchmark runners: "NAME baseline|patched [--iters K] [--samples S]".
 * Returns 1 (patched) or 0 (baseline) with *iters and *samples set (their
 * defaults on entry), or -1 after printing the usage.
 */
int bench_args(int argc, char **argv, int *iters, int *samples);

/* Keep libbpf's warnings (not its debug output) to look for reasons in. */
void libbpf_log_capture(void);
void libbpf_log_reset(void);
const char *libbpf_log(void);

#endif
