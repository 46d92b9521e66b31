// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of bench/compare/compare.c: pb compare --json on planted results, the
 * JSON written out, parsed back and checked point by point.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "compare/compare.h"
#include "lib/results.h"

#define N 8

/* One kernel's samples of a point: base * (1 + jitter), 2K batch scaled by @scale2x. */
static json_t *kernel_samples(double base, double scale2x)
{
	static const double jitter[N] = { 0, 0.001, -0.001, 0.0005, -0.0005, 0.002, -0.002, 0 };
	json_t *k = json_pack("{s:[], s:[], s:[]}", "samples", "samples_2x", "boot");

	for (int i = 0; i < N; i++) {
		double x = base * (1 + jitter[i]);

		json_array_append_new(json_object_get(k, "samples"), json_real(x));
		json_array_append_new(json_object_get(k, "samples_2x"), json_real(x * scale2x));
		json_array_append_new(json_object_get(k, "boot"), json_integer(i / (N / 2)));
	}
	return k;
}

static void add_point(json_t *root, int x, double baseline, double patched, double scale2x)
{
	json_array_append_new(json_object_get(root, "points"),
			      json_pack("{s:{s:i}, s:o, s:o}", "params", "x", x, "baseline",
					kernel_samples(baseline, 1), "patched",
					kernel_samples(patched, scale2x)));
}

/*
 * x=1: 10 % slower; x=2: unchanged; x=3: the 2K batch did not cost twice
 * (invalid); x=4: 5 % faster; x=5: 0.3 % slower, under the icount floor.
 */
static json_t *planted(void)
{
	json_t *root = json_pack("{s:s, s:s, s:s, s:{s:s}, s:[]}", "suite", "planted", "unit",
				 "guest instructions (icount)", "accel", "icount", "meta",
				 "project_commit", "0123456789ab", "points");

	add_point(root, 1, 1000, 1100, 1);
	add_point(root, 2, 1000, 1000, 1);
	add_point(root, 3, 1000, 1000, 1.2);
	add_point(root, 4, 1000, 950, 1);
	add_point(root, 5, 1000, 1003, 1);
	return root;
}

/* compare_results() of the planted file's two kernels, dumped and loaded back. */
static json_t *round_trip(json_t *root)
{
	struct compare_side a = { root, "baseline", "planted.json" };
	struct compare_side b = { root, "patched", "planted.json" };
	const char *why = NULL;
	json_t *cmp = compare_results(&a, &b, 0, &why), *back;
	json_error_t err;
	char *text;

	assert_non_null(cmp);
	text = json_dumps(cmp, JSON_SORT_KEYS);
	assert_non_null(text);
	back = json_loads(text, 0, &err);
	assert_non_null(back);
	free(text);
	json_decref(cmp);
	return back;
}

static json_t *point(json_t *cmp, int x)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(cmp, "points"), i, p)
		if (json_integer_value(json_object_get(json_object_get(p, "params"), "x")) == x)
			return p;
	fail_msg("no point x=%d", x);
	return NULL;
}

static const char *verdict_of(json_t *cmp, int x)
{
	return json_string_value(json_object_get(point(cmp, x), "verdict"));
}

static void verdicts_per_point(void **state)
{
	json_t *root = planted(), *cmp = round_trip(root), *p1;

	(void)state;
	assert_string_equal(verdict_of(cmp, 1), "slower");
	assert_string_equal(verdict_of(cmp, 2), "no-change");
	assert_string_equal(verdict_of(cmp, 3), "invalid");
	assert_string_equal(verdict_of(cmp, 4), "faster");
	assert_string_equal(verdict_of(cmp, 5), "within-boot-noise");
	p1 = point(cmp, 1);
	assert_true(json_is_true(json_object_get(p1, "regression")));
	assert_false(json_is_true(json_object_get(point(cmp, 4), "regression")));
	assert_float_equal(json_real_value(json_object_get(p1, "ratio")), 1.10, 1e-9);
	assert_true(json_real_value(json_object_get(p1, "lo")) > 1.0);
	assert_true(json_real_value(json_object_get(p1, "hi")) >= 1.10);
	assert_float_equal(json_real_value(json_object_get(p1, "a_median")), 1000, 1e-9);
	assert_float_equal(json_real_value(json_object_get(p1, "b_median")), 1100, 1e-9);
	assert_float_equal(json_real_value(json_object_get(p1, "floor")), RESULTS_FLOOR_ICOUNT, 1e-12);
	json_decref(cmp);
	json_decref(root);
}

static void summary_and_sides(void **state)
{
	json_t *root = planted(), *cmp = round_trip(root);
	json_t *summary = json_object_get(cmp, "summary");
	json_t *verdicts = json_object_get(summary, "verdicts");

	(void)state;
	assert_int_equal(json_integer_value(json_object_get(summary, "points")), 5);
	assert_int_equal(json_integer_value(json_object_get(summary, "regressions")), 1);
	for (int v = 0; v < VERDICT_COUNT; v++)
		assert_int_equal(json_integer_value(json_object_get(verdicts, verdict_name(v))),
				 v == VERDICT_SLOWER_SMALL ? 0 : 1);
	assert_string_equal(json_string_value(json_object_get(cmp, "suite")), "planted");
	assert_string_equal(json_string_value(json_object_get(cmp, "accel")), "icount");
	assert_string_equal(json_string_value(json_object_get(json_object_get(cmp, "a"), "kernel")),
			    "baseline");
	assert_string_equal(json_string_value(json_object_get(json_object_get(cmp, "b"),
							      "project_commit")), "0123456789ab");
	json_decref(cmp);
	json_decref(root);
}

static void verdict_names_round_trip(void **state)
{
	(void)state;
	for (int v = 0; v < VERDICT_COUNT; v++)
		assert_int_equal(verdict_from_name(verdict_name(v)), v);
	assert_int_equal(verdict_from_name("**slower**"), -1);
	assert_string_equal(verdict_text(VERDICT_SLOWER), "**slower**");
}

static void other_suite_not_comparable(void **state)
{
	json_t *a = planted(), *b = planted();
	struct compare_side sa = { a, "patched", "a.json" }, sb = { b, "patched", "b.json" };
	const char *why = NULL;

	(void)state;
	json_object_set_new(b, "suite", json_string("other"));
	assert_null(compare_results(&sa, &sb, 0, &why));
	assert_non_null(why);
	json_decref(a);
	json_decref(b);
}

/* Four boots of one kernel, each repeating its figure exactly: the pooled samples. */
static void four_boots(struct series *s, double first, double last)
{
	s->n = 4 * N;
	for (size_t i = 0; i < s->n; i++) {
		s->x[i] = i < 3 * N ? first : last;
		s->x2[i] = s->x[i];
		s->boot[i] = (int)(i / N);
	}
}

/*
 * Under icount the interval spans the ratios between boots, not only the
 * pooled samples' bootstrap: baseline's boots at 1000, 1000, 1000 and
 * 1010, patched's all at 1000. The bootstrap of the pooled samples hardly
 * ever sees a median of 1010 (tcg: the interval stays at 1); the boots'
 * ratios reach 1000/1010.
 */
static void icount_interval_spans_boots(void **state)
{
	static struct series a, b;
	struct comparison c;

	(void)state;
	four_boots(&a, 1000, 1010);
	four_boots(&b, 1000, 1000);
	results_compare(&a, &b, "tcg", &c);
	assert_true(c.lo > 0.995);
	results_compare(&a, &b, "icount", &c);
	assert_true(c.lo <= 1000.0 / 1010 + 1e-9);
	assert_true(c.hi >= 1.0 - 1e-9);
	assert_int_not_equal(c.verdict, VERDICT_FASTER);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(verdicts_per_point),
		cmocka_unit_test(summary_and_sides),
		cmocka_unit_test(verdict_names_round_trip),
		cmocka_unit_test(other_suite_not_comparable),
		cmocka_unit_test(icount_interval_spans_boots),
	};

	return cmocka_run_group_tests_name("compare", tests, NULL, NULL);
}
