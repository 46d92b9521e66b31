// SPDX-License-Identifier: GPL-2.0
/*
 * Bad usage of the host commands: exit 2, an error that names the command
 * on stderr, nothing on stdout.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

static void usage_error(const char *cmd, const char *arg1, const char *arg2)
{
	struct pb_result r;

	pb_run(&r, cmd, arg1, arg2, NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, cmd);
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

static void too_many_or_too_few_arguments(void **state)
{
	(void)state;
	usage_error("fold", "a", "b");
	usage_error("hyperfine", "suite", NULL);
	usage_error("compare", "a.json", NULL);
	usage_error("noise", "r.json", "baseline");
	usage_error("plotdata", "r.json", NULL);
	usage_error("ktap", NULL, NULL);
	usage_error("report", NULL, NULL);
}

static void required_options_missing(void **state)
{
	(void)state;
	usage_error("bench-collect", "--suite", "s");
	usage_error("records-collect", "--tag", "T");
}

static void unknown_command(void **state)
{
	(void)state;
	usage_error("no-such-command", NULL, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(too_many_or_too_few_arguments),
		cmocka_unit_test(required_options_missing),
		cmocka_unit_test(unknown_command),
	};

	return cmocka_run_group_tests_name("usage", tests, scratch_make, scratch_remove);
}
