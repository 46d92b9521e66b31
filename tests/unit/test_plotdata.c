// SPDX-License-Identifier: GPL-2.0
/*
 * pb plotdata: gnuplot blocks of a result (bench/report/cmd_plotdata.c) on
 * tests/fixtures/plotdata/: both kernels at size 64 and 128 (written 128
 * first), impl a and b, four samples each.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

#define PD FIXTURES "/plotdata/"

static void collect(void)
{
	pb_collect(NULL, "r.json", "baseline=" PD "baseline.txt", "patched=" PD "patched.txt", NULL);
}

/* One block per kernel and impl, titled by them, rows sorted by size; iters is no parameter. */
static void block_per_kernel_and_parameter(void **state)
{
	struct pb_result r;

	(void)state;
	collect();
	pb_run(&r, "plotdata", scratch("r.json"), "size", NULL);
	assert_exit(&r, 0);
	assert_output_is(&r, PD "by-kernel-and-impl.dat");
	pb_result_free(&r);
}

static void kernel_filter_and_name(void **state)
{
	struct pb_result r;

	(void)state;
	collect();
	pb_run(&r, "plotdata", scratch("r.json"), "size", "--kernel", "patched", "impl=b", "--name",
	       "B only", NULL);
	assert_exit(&r, 0);
	assert_output_is(&r, PD "patched-impl-b.dat");
	pb_result_free(&r);
}

/* The other filter forms (lib/points.h) select the same points; a bad one is refused. */
static void other_filter_forms(void **state)
{
	struct pb_result r;

	(void)state;
	collect();
	pb_run(&r, "plotdata", scratch("r.json"), "size", "--kernel", "patched", "impl!=a", "size>=64",
	       "size<=128", "!mode", "--name", "B only", NULL);
	assert_exit(&r, 0);
	assert_output_is(&r, PD "patched-impl-b.dat");
	pb_result_free(&r);
	pb_run(&r, "plotdata", scratch("r.json"), "size", "size>=big", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "pb plotdata: a filter should be KEY=VALUE, KEY!=VALUE, KEY>=N, "
			"KEY<=N (N an integer) or !KEY (no KEY), not 'size>=big': N is not an integer");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

static void no_match_refused(void **state)
{
	struct pb_result r;

	(void)state;
	collect();
	pb_run(&r, "plotdata", scratch("r.json"), "size", "impl=c", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no point with an integer size matches");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(block_per_kernel_and_parameter),
		cmocka_unit_test(kernel_filter_and_name),
		cmocka_unit_test(other_filter_forms),
		cmocka_unit_test(no_match_refused),
	};

	return cmocka_run_group_tests_name("plotdata", tests, scratch_make, scratch_remove);
}
