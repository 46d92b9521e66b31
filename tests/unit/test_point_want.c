// SPDX-License-Identifier: GPL-2.0
/*
 * point-want (components/point-want/), the guest's question before each
 * point of make bench POINTS=, built for the host: exit 0 for a point the
 * filters select or when there are none, 1 for one they do not, 2 for bad
 * usage; parameters read as pb bench-collect reads them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#define POINT_WANT "build/host/point-want"

/* Run point-want ARGS... (NULL-terminated), its stderr to /dev/null: its exit status. */
static int point_want(const char *first, ...)
{
	const char *argv[16] = { POINT_WANT, first };
	int n = 2, status;
	va_list ap;
	pid_t pid;

	va_start(ap, first);
	while (n < 15 && (argv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		if (!freopen("/dev/null", "w", stderr))
			_exit(126);
		execv(POINT_WANT, (char *const *)argv);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static void selected_and_not(void **state)
{
	(void)state;
	/* mctp-route's sendmsg() point at 64 routes, and its lookup alone */
	assert_int_equal(point_want("routes=64,!lookup", "routes=64", "depth=0", "size=1",
				    "iters=2000", NULL), 0);
	assert_int_equal(point_want("routes=64,!lookup", "routes=64", "depth=0", "lookup=kernel",
				    "iters=2000", NULL), 1);
	assert_int_equal(point_want("routes=64,!lookup", "routes=8", "depth=0", "size=1", NULL), 1);
	/* space-separated, as make bench POINTS= is written */
	assert_int_equal(point_want("depth>=1 depth<=4", "routes=3", "depth=2", NULL), 0);
	assert_int_equal(point_want("depth>=1 depth<=4", "routes=9", "depth=8", NULL), 1);
	assert_int_equal(point_want("via!=dev", "mode=tx", "via=gateway", "mtu=100", NULL), 0);
	assert_int_equal(point_want("via!=dev", "mode=tx", "via=dev", "mtu=68", NULL), 1);
}

/* "64" is the integer 64, as in a result: depth>=N compares it; "64k" is a string. */
static void values_read_as_results_hold_them(void **state)
{
	(void)state;
	assert_int_equal(point_want("size>=64", "size=64", NULL), 0);
	assert_int_equal(point_want("size>=64", "size=64k", NULL), 1);
	assert_int_equal(point_want("size=64k", "size=64k", NULL), 0);
}

static void no_filters_every_point(void **state)
{
	(void)state;
	assert_int_equal(point_want("", "routes=64", "lookup=kernel", NULL), 0);
	assert_int_equal(point_want(" , ", NULL), 0);
}

static void bad_usage(void **state)
{
	(void)state;
	assert_int_equal(point_want(NULL), 2);
	assert_int_equal(point_want("lookup=>kernel", "lookup=kernel", NULL), 2);
	assert_int_equal(point_want("routes=64", "routes", NULL), 2);
	assert_int_equal(point_want("routes=64", "=64", NULL), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(selected_and_not),
		cmocka_unit_test(values_read_as_results_hold_them),
		cmocka_unit_test(no_filters_every_point),
		cmocka_unit_test(bad_usage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
