// SPDX-License-Identifier: GPL-2.0
#include "runner.h"

#include <stdarg.h>
#include <stdio.h>

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

int tap_count(void)
{
	return tap_n;
}

int tap_failures(void)
{
	return tap_failed;
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
