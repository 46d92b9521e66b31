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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pb_run.h"
#include "lib/plotdata.h"
#include "lib/plotfile.h"

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

/*
 * The ratio panel's data: per line (impl), patched/baseline of the medians
 * at each size both kernels ran, sorted, with the interval and the floor;
 * the range takes in every interval and the largest floor.
 */
static void ratio_per_line(void **state)
{
	struct plotdata_ratio_range range = { 0 };
	struct plotdata_spec spec = { .xkey = "size" };
	json_t *root;
	char *text = NULL, *a, *b;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	double r64, r128;

	(void)state;
	collect();
	root = json_load_file(scratch("r.json"), 0, NULL);
	assert_non_null(root);
	assert_int_equal(plotdata_write_ratio(out, root, "r.json", &spec, &range), 0);
	fclose(out);
	a = strstr(text, "\"impl=a\" ratio lo hi floor\n64 ");
	b = strstr(text, "\"impl=b\" ratio lo hi floor\n64 ");
	assert_non_null(a);
	assert_non_null(b);
	assert_true(a < b);
	assert_int_equal(sscanf(a, "\"impl=a\" ratio lo hi floor\n64 %lf %*f %*f %*f\n128 %lf", &r64, &r128), 2);
	assert_float_equal(r64, 75.5 / 65.5, 1e-4);
	assert_float_equal(r128, 139.5 / 129.5, 1e-4);
	assert_int_equal(range.lines, 2);
	assert_true(range.floor >= 0.005);
	assert_true(range.lo > 0 && range.lo <= 267.5 / 257.5);
	assert_true(range.hi >= 75.5 / 65.5);
	free(text);
	json_decref(root);
}

/* A log axis gets tics on any range: even steps within a few %, 1-2-5, decades. */
static void log_axis_tics(void **state)
{
	char buf[1024];

	(void)state;
	plot_log_axis(buf, sizeof(buf), 0.995, 1.005, 0.2);
	assert_non_null(strstr(buf, "set ytics ('0.996' 0.996, '0.998' 0.998, '1' 1, '1.002' 1.002, '1.004' 1.004)"));
	plot_log_axis(buf, sizeof(buf), 0.98, 1.02, 0.2);
	assert_non_null(strstr(buf, "'0.98' 0.98, '0.99' 0.99, '1' 1, '1.01' 1.01, '1.02' 1.02)"));
	plot_log_axis(buf, sizeof(buf), 0.06, 1.3, 0.2);
	assert_non_null(strstr(buf, "set ytics ('0.1' 0.1, '0.2' 0.2, '0.5' 0.5, '1' 1)"));
	plot_log_axis(buf, sizeof(buf), 0.003, 2, 0.2);
	assert_non_null(strstr(buf, "set ytics ('0.01' 0.01, '0.1' 0.1, '1' 1)"));
	assert_non_null(strstr(buf, "set yrange [0."));
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
		cmocka_unit_test(ratio_per_line),
		cmocka_unit_test(log_axis_tics),
	};

	return cmocka_run_group_tests_name("plotdata", tests, scratch_make, scratch_remove);
}
