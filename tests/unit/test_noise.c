// SPDX-License-Identifier: GPL-2.0
/*
 * pb noise: the spread of one kernel's samples (bench/collect/cmd_noise.c), on
 * tests/fixtures/noise/samples.txt: x=1 100 four times (CV 0); x=2 90, 110,
 * 90, 110 (CV sqrt(400/3)/100); x=3 95, 105, 100 (CV 0.05, the fewest samples).
 */
#include <jansson.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

#define SAMPLES FIXTURES "/noise/samples.txt"
#define CV_MAX 0.115470054	/* sqrt(400 / 3) / 100 */
/* 100 (z_0.975 + z_0.8) CV_MAX sqrt(2 / 3) / sqrt(3 / pi): the noisiest point, 3 samples */
#define MDE_PCT 27.0297389

static double num(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_number(v))
		fail_msg("no number %s", key);
	return json_number_value(v);
}

static void spread_as_json(void **state)
{
	struct pb_result r;
	json_t *noise;

	(void)state;
	pb_collect(NULL, "r.json", "baseline=" SAMPLES, NULL);
	pb_run(&r, "noise", "--json", scratch("r.json"), "baseline", "selftest", "tcg", NULL);
	assert_exit(&r, 0);
	noise = json_loads(r.out, 0, NULL);
	assert_non_null(noise);
	assert_string_equal(json_string_value(json_object_get(noise, "mode")), "tcg");
	assert_string_equal(json_string_value(json_object_get(noise, "suite")), "selftest");
	assert_int_equal(num(noise, "points"), 3);
	assert_int_equal(num(noise, "n"), 3);
	assert_float_equal(num(noise, "cv_median"), 0.05, 1e-9);
	assert_float_equal(num(noise, "cv_max"), CV_MAX, 1e-8);
	assert_float_equal(num(noise, "mde_pct"), MDE_PCT, 1e-6);
	json_decref(noise);
	pb_result_free(&r);
}

/* The record line is what records-collect reads into make selfcheck's result. */
static void record_line_collected(void **state)
{
	struct pb_result r;
	json_t *root, *rec;

	(void)state;
	pb_collect(NULL, "r.json", "baseline=" SAMPLES, NULL);
	pb_run(&r, "noise", scratch("r.json"), "baseline", "selftest", "tcg", NULL);
	assert_exit(&r, 0);
	write_text(scratch("noise.txt"), r.out);
	pb_result_free(&r);
	pb_run(&r, "records-collect", "--tag", "PB-SELFCHECK", "--suite", "selfcheck", "--kind",
	       "selfcheck", "--out", scratch("selfcheck.json"), scratch("noise.txt"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	root = json_load_file(scratch("selfcheck.json"), 0, NULL);
	assert_non_null(root);
	assert_int_equal(json_array_size(json_object_get(root, "records")), 1);
	rec = json_array_get(json_object_get(root, "records"), 0);
	assert_string_equal(json_string_value(json_object_get(rec, "kind")), "noise");
	assert_string_equal(json_string_value(json_object_get(rec, "mode")), "tcg");
	assert_int_equal(num(rec, "n"), 3);
	assert_int_equal(num(rec, "points"), 3);
	assert_float_equal(num(rec, "cv_max"), CV_MAX, 1e-6);
	assert_float_equal(num(rec, "mde_pct"), MDE_PCT, 1e-3);
	json_decref(root);
}

static void absent_kernel_refused(void **state)
{
	struct pb_result r;

	(void)state;
	pb_collect(NULL, "r.json", "baseline=" SAMPLES, NULL);
	pb_run(&r, "noise", scratch("r.json"), "patched", "selftest", "tcg", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no patched samples");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(spread_as_json),
		cmocka_unit_test(record_line_collected),
		cmocka_unit_test(absent_kernel_refused),
	};

	return cmocka_run_group_tests_name("noise", tests, scratch_make, scratch_remove);
}
