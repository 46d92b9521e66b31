// SPDX-License-Identifier: GPL-2.0
/* Unit tests of bench/lib/stats.c against values computed by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lib/stats.h"

static void quantiles_interpolate(void **state)
{
	const double x[] = { 4, 1, 3, 2 };

	(void)state;
	assert_float_equal(stat_median(x, 4), 2.5, 1e-12);
	assert_float_equal(stat_quantile(x, 4, 0.25), 1.75, 1e-12);
	assert_float_equal(stat_quantile(x, 4, 1.0), 4.0, 1e-12);
	assert_float_equal(stat_median(x, 1), 4.0, 1e-12);
	assert_true(isnan(stat_median(x, 0)));
}

static void ratio_ci_brackets_the_ratio(void **state)
{
	const double a[] = { 100, 101, 99, 100, 102, 98, 100 };
	const double b[] = { 110, 111, 109, 110, 112, 108, 110 };
	double lo, hi;

	(void)state;
	stat_ratio_ci(a, 7, b, 7, 2000, 42, &lo, &hi);
	assert_true(lo <= 1.10 && hi >= 1.10);
	assert_true(lo > 1.05 && hi < 1.15);
}

static void ratio_ci_is_reproducible(void **state)
{
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 2, 3, 4, 5, 6 };
	double lo1, hi1, lo2, hi2;

	(void)state;
	stat_ratio_ci(a, 5, b, 5, 500, 7, &lo1, &hi1);
	stat_ratio_ci(a, 5, b, 5, 500, 7, &lo2, &hi2);
	assert_float_equal(lo1, lo2, 0);
	assert_float_equal(hi1, hi2, 0);
}

static void mann_whitney_separated_and_identical(void **state)
{
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
	const double c[] = { 5, 5, 5, 5, 5 };

	(void)state;
	/* fully separated 5 vs 5: exact p = 2/252 = 0.0079; the normal
	 * approximation with continuity correction gives 0.0122 */
	assert_float_equal(stat_mann_whitney_p(a, 5, b, 5), 0.0122, 0.001);
	assert_float_equal(stat_mann_whitney_p(c, 5, c, 5), 1.0, 1e-12);
	assert_true(stat_mann_whitney_p(a, 5, a, 5) > 0.9);
}

static void cv_by_hand(void **state)
{
	const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };	/* mean 5, sample sd sqrt(32/7) */

	(void)state;
	assert_float_equal(stat_cv(x, 8), sqrt(32.0 / 7) / 5, 1e-12);
	assert_float_equal(stat_cv(x, 1), 0, 1e-12);
}

static void detectable_shift_shrinks_with_samples(void **state)
{
	(void)state;
	/* z(0.975) + z(0.8) = 2.8016; 1 % CV, 10 per group: 2.8016 * 0.01 * sqrt(0.2) / 0.977 */
	assert_float_equal(stat_min_detectable(0.01, 10), 2.8016 * 0.01 * sqrt(0.2) / sqrt(3 / M_PI),
			   1e-5);
	assert_true(stat_min_detectable(0.01, 40) < stat_min_detectable(0.01, 10));
	assert_float_equal(stat_min_detectable(0, 10), 0, 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quantiles_interpolate),
		cmocka_unit_test(ratio_ci_brackets_the_ratio),
		cmocka_unit_test(ratio_ci_is_reproducible),
		cmocka_unit_test(mann_whitney_separated_and_identical),
		cmocka_unit_test(cv_by_hand),
		cmocka_unit_test(detectable_shift_shrinks_with_samples),
	};

	return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
