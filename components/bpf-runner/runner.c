// SPDX-License-Identifier: GPL-2.0
#include "runner.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

static const char *tap_prefix = "";
static int tap_n, tap_failed;

void tap_init(const char *prefix)
{
	tap_prefix = prefix;
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n");
}

void tap(int ok, const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - %s.%s", ok ? "" : "not ", ++tap_n, tap_prefix, name);
	if (!ok && fmt) {
		printf(" # ");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	printf("\n");
	tap_failed += !ok;
}

int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}

static char log_buf[1 << 16];
static size_t log_len;

static int keep(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	int n;

	if (level == LIBBPF_DEBUG || log_len >= sizeof(log_buf) - 1)
		return 0;
	n = vsnprintf(log_buf + log_len, sizeof(log_buf) - log_len, fmt, ap);
	if (n > 0)
		log_len += (size_t)n < sizeof(log_buf) - log_len ? (size_t)n :
			   sizeof(log_buf) - log_len - 1;
	return 0;
}

void libbpf_log_capture(void)
{
	libbpf_set_print(keep);
}

void libbpf_log_reset(void)
{
	log_len = 0;
	log_buf[0] = '\0';
}

const char *libbpf_log(void)
{
	return log_buf;
}

int runner_start(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "present") && strcmp(argv[1], "absent"))) {
		fprintf(stderr, "usage: %s present|absent PREFIX\n", argv[0]);
		return -1;
	}
	tap_init(argv[2]);
	libbpf_log_capture();
	return !strcmp(argv[1], "present");
}

int runner_has(const char *name)
{
	const char *p = getenv("PB_HAS");
	size_t n = strlen(name);

	while (p) {
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return 1;
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

struct btf *runner_vmlinux_btf(void)
{
	struct btf *vmlinux = btf__load_vmlinux_btf();

	if (!vmlinux)
		tap(0, "vmlinux-btf", "cannot read /sys/kernel/btf/vmlinux: %s", strerror(errno));
	return vmlinux;
}

int bench_args(int argc, char **argv, int *iters, int *samples)
{
	if (argc < 2 || (strcmp(argv[1], "present") && strcmp(argv[1], "absent")))
		goto usage;
	for (int i = 2; i < argc; i += 2) {
		if (i + 1 == argc)
			goto usage;
		if (!strcmp(argv[i], "--iters"))
			*iters = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--samples"))
			*samples = atoi(argv[i + 1]);
		else
			goto usage;
	}
	if (*iters > 0 && *samples > 0) {
		setvbuf(stdout, NULL, _IOLBF, 0);
		return !strcmp(argv[1], "present");
	}
	fprintf(stderr, "%s: --iters and --samples must be positive\n", argv[0]);
	return -1;
usage:
	fprintf(stderr, "usage: %s present|absent [--iters K] [--samples S]\n", argv[0]);
	return -1;
}
