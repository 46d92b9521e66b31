/* SPDX-License-Identifier: GPL-2.0 */
/* Statistics for baseline/patched comparisons. */
#ifndef PB_STATS_H
#define PB_STATS_H

#include <stddef.h>

/* Quantile q in [0,1] with linear interpolation; sorts a copy. */
double stat_quantile(const double *x, size_t n, double q);
double stat_median(const double *x, size_t n);

/* Coefficient of variation: sample standard deviation over the mean (0 if n < 2). */
double stat_cv(const double *x, size_t n);

/*
 * The smallest relative shift (fraction of the mean) a two-sided test at
 * alpha 0.05 finds with 80 % power between two groups of @n samples each
 * whose coefficient of variation is @cv (normal approximation, scaled by the
 * Mann-Whitney test's asymptotic efficiency of 3/pi against the t-test).
 */
double stat_min_detectable(double cv, size_t n);

/*
 * 95% bootstrap confidence interval of median(b)/median(a), from @resamples
 * resamples drawn with a fixed seed (so a report is reproducible).
 */
void stat_ratio_ci(const double *a, size_t na, const double *b, size_t nb, int resamples,
		   unsigned long long seed, double *lo, double *hi);

/* Two-sided Mann-Whitney U test p-value (normal approximation, tie-corrected). */
double stat_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb);

#endif
