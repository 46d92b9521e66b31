// SPDX-License-Identifier: GPL-2.0
/* pb durations: per-function call durations of a function_graph report (bench/collect/cmd_durations.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

/*
 * Leaf entries only ("func();"), in ns, with their quartiles and total per
 * function in order of first call; the entry of a non-leaf ("parent() {") is no call.
 */
static void from_function_graph(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "durations", FIXTURES "/durations/report.txt", NULL);
	assert_exit(&r, 0);
	assert_output_is(&r, FIXTURES "/durations/durations.txt");
	pb_result_free(&r);
}

static void no_leaf_entries_refused(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "durations", FIXTURES "/fold/perf-script.txt", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no function_graph leaf entries");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(from_function_graph),
		cmocka_unit_test(no_leaf_entries_refused),
	};

	return cmocka_run_group_tests_name("durations", tests, scratch_make, scratch_remove);
}
