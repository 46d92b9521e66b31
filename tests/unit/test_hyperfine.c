// SPDX-License-Identifier: GPL-2.0
/* pb hyperfine: two --export-json files as PB-BENCH samples (bench/collect/cmd_hyperfine.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

/* K and 2K operations per run: one sample per pair of runs, run by run, per operation. */
static void exports_to_samples(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "hyperfine", "commands", "case=x", "4", FIXTURES "/hyperfine/1x.json",
	       FIXTURES "/hyperfine/2x.json", NULL);
	assert_exit(&r, 0);
	assert_output_is(&r, FIXTURES "/hyperfine/samples.txt");
	pb_result_free(&r);
}

static void different_run_counts_refused(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "hyperfine", "commands", "case=x", "4", FIXTURES "/hyperfine/1x.json",
	       FIXTURES "/hyperfine/short.json", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "different run counts");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exports_to_samples),
		cmocka_unit_test(different_run_counts_refused),
	};

	return cmocka_run_group_tests_name("hyperfine", tests, scratch_make, scratch_remove);
}
