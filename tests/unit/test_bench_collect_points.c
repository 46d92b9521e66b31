// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-collect --points (make bench POINTS=): a partial result holds
 * exactly the points the filters select, each with all its samples;
 * filters comma- or space-separated, repeatable; a bad filter, or filters
 * that select none of the input's points, refused.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"

#define BASELINE "baseline=" FIXTURES "/bench-points/baseline.txt"
#define PATCHED "patched=" FIXTURES "/bench-points/patched.txt"

static void collect(struct pb_result *r, const char *points, const char *more)
{
	pb_run(r, "bench-collect", "--suite", "mctp-route", "--unit", "ns", "--accel", "kvm",
	       "--out", scratch("r.json"), "--points", points, more ? "--points" : BASELINE,
	       more ? more : PATCHED, more ? BASELINE : NULL, PATCHED, NULL);
}

/* The result's points' params, in order, as compact JSON. */
static char *params_of(void)
{
	json_t *root = json_load_file(scratch("r.json"), 0, NULL), *list = json_array(), *p;
	char *text;
	size_t i;

	assert_non_null(root);
	json_array_foreach(json_object_get(root, "points"), i, p)
		json_array_append(list, json_object_get(p, "params"));
	text = json_dumps(list, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(list);
	json_decref(root);
	return text;
}

static void sample_count(int point, const char *kernel, size_t want)
{
	json_t *root = json_load_file(scratch("r.json"), 0, NULL);
	json_t *p = json_array_get(json_object_get(root, "points"), (size_t)point);

	assert_int_equal(json_array_size(json_object_get(json_object_get(p, kernel), "samples")),
			 want);
	json_decref(root);
}

static void comma_separated(void **state)
{
	struct pb_result r;
	char *params;

	(void)state;
	collect(&r, "routes=64,!lookup,!op", NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "mctp-route: 4 samples in 1 points");
	pb_result_free(&r);
	params = params_of();
	assert_string_equal(params, "[{\"depth\":0,\"iters\":2000,\"routes\":64,\"size\":1}]");
	free(params);
	sample_count(0, "baseline", 2);
	sample_count(0, "patched", 2);
}

static void space_separated_and_repeated(void **state)
{
	struct pb_result r;
	char *params;

	(void)state;
	collect(&r, "routes>=64 routes<=512", "op!=add-del");
	assert_exit(&r, 0);
	assert_contains(r.out, "mctp-route: 6 samples in 2 points");
	pb_result_free(&r);
	params = params_of();
	assert_string_equal(params, "[{\"depth\":0,\"iters\":2000,\"routes\":64,\"size\":1},"
			    "{\"depth\":0,\"iters\":2000,\"lookup\":\"kernel\",\"routes\":64}]");
	free(params);
}

/* No --points: every point, as before (the other suite's line is not ours). */
static void every_point_without_filters(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "bench-collect", "--suite", "mctp-route", "--unit", "ns", "--accel", "kvm",
	       "--out", scratch("r.json"), BASELINE, PATCHED, NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "mctp-route: 12 samples in 5 points");
	pb_result_free(&r);
}

static void bad_filter_refused(void **state)
{
	struct pb_result r;

	(void)state;
	collect(&r, "routes=64,lookup=>kernel", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "--points: should be KEY=VALUE");
	assert_contains(r.err, "'lookup=>kernel': VALUE starts with an operator");
	pb_result_free(&r);
}

static void nothing_selected_refused(void **state)
{
	struct pb_result r;

	(void)state;
	collect(&r, "routes=65", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "none of the 12 mctp-route samples in the input is of a point "
			"--points selects");
	pb_result_free(&r);
}

/*
 * pb bench-round judges the selected points only: every point, the noisy
 * routes=64 among them, needs another round; routes=1 alone (one sample a
 * boot: nothing to spread) does not.
 */
static void bench_round_takes_points(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "bench-round", "--suite", "mctp-route", "--target", "1", BASELINE, PATCHED,
	       NULL);
	assert_exit(&r, 10);
	pb_result_free(&r);
	pb_run(&r, "bench-round", "--suite", "mctp-route", "--target", "1", "--points", "routes=1",
	       BASELINE, PATCHED, NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "0.0\n");
	pb_result_free(&r);
	pb_run(&r, "bench-round", "--suite", "mctp-route", "--target", "1", "--points", "routes=9",
	       BASELINE, PATCHED, NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "none of the 12 mctp-route samples");
	pb_result_free(&r);
}

/* pb compare of a full result and a partial one compares the points they share. */
static void partial_against_full(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "bench-collect", "--suite", "mctp-route", "--unit", "ns", "--accel", "kvm",
	       "--meta", "project_commit=full", "--out", scratch("full.json"), BASELINE, PATCHED,
	       NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	pb_run(&r, "bench-collect", "--suite", "mctp-route", "--unit", "ns", "--accel", "kvm",
	       "--meta", "project_commit=partial", "--meta", "points=routes>=64,!lookup,!op",
	       "--points", "routes>=64,!lookup,!op", "--out", scratch("r.json"), BASELINE, PATCHED,
	       NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "mctp-route: 6 samples in 2 points");
	pb_result_free(&r);
	pb_run(&r, "compare", scratch("full.json"), scratch("r.json"), NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "| depth=0 iters=2000 routes=64 size=1 |");
	assert_contains(r.out, "| depth=0 iters=2000 routes=4096 size=1 |");
	assert_contains(r.out, "2 points compared");
	pb_result_free(&r);
	pb_run(&r, "compare", scratch("r.json"), scratch("full.json"), NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "2 points compared");
	pb_result_free(&r);
}

/*
 * Points one kernel has not (the gateway chains: patched only) are no
 * error with --points: the kernels that have them are judged, and
 * collected; without --points a kernel without samples is a failed boot.
 */
static void points_of_one_kernel(void **state)
{
	struct pb_result r;
	char baseline[512], patched[512];

	(void)state;
	write_text(scratch("chain.txt"),
		   "PB-BENCH suite=mctp-route routes=9 depth=8 size=1 iters=2000 ns=300.0 ns2k=600.0\n"
		   "PB-BENCH suite=mctp-route routes=9 depth=8 size=1 iters=2000 ns=300.0 ns2k=600.0\n");
	write_text(scratch("none.txt"), "");
	snprintf(baseline, sizeof(baseline), "baseline=%s", scratch("none.txt"));
	snprintf(patched, sizeof(patched), "patched=%s", scratch("chain.txt"));
	pb_run(&r, "bench-round", "--suite", "mctp-route", "--target", "1", "--points", "depth=8",
	       baseline, patched, NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "0.0\n");
	pb_result_free(&r);
	pb_run(&r, "bench-round", "--suite", "mctp-route", "--target", "1", baseline, patched, NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no baseline samples");
	pb_result_free(&r);
	pb_run(&r, "bench-collect", "--suite", "mctp-route", "--unit", "ns", "--accel", "kvm",
	       "--points", "depth=8", "--out", scratch("r.json"), baseline, patched, NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "mctp-route: 2 samples in 1 points");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(comma_separated),
		cmocka_unit_test(space_separated_and_repeated),
		cmocka_unit_test(every_point_without_filters),
		cmocka_unit_test(bad_filter_refused),
		cmocka_unit_test(nothing_selected_refused),
		cmocka_unit_test(bench_round_takes_points),
		cmocka_unit_test(partial_against_full),
		cmocka_unit_test(points_of_one_kernel),
	};

	return cmocka_run_group_tests(tests, scratch_make, scratch_remove);
}
