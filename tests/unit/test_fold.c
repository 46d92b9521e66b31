// SPDX-License-Identifier: GPL-2.0
/* pb fold: perf script call chains as folded stacks (bench/collect/cmd_fold.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

/*
 * Three samples: two with the same stack but other offsets in it count as
 * one stack twice, root first; an unresolved frame is its DSO in brackets.
 */
static void stacks_folded_and_counted(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "fold", FIXTURES "/fold/perf-script.txt", NULL);
	assert_exit(&r, 0);
	assert_output_is(&r, FIXTURES "/fold/folded.txt");
	pb_result_free(&r);
}

static void unreadable_input_refused(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "fold", scratch("absent.txt"), NULL);
	assert_true(r.status != 0);
	assert_contains(r.err, "absent.txt");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stacks_folded_and_counted),
		cmocka_unit_test(unreadable_input_refused),
	};

	return cmocka_run_group_tests_name("fold", tests, scratch_make, scratch_remove);
}
