/* SPDX-License-Identifier: GPL-2.0 */
/* Statistics for baseline/patched comparisons. */
#ifndef PB_STATS_H
#define PB_STATS_H

#include <stddef.h>

/* Quantile q in [0,1] with linear interpolation; sorts a copy. */
double stat_quantile(const double *x, size_t n, double q);
double stat_median(const double *x, size_t n);

/*
 * 95% bootstrap confidence interval of median(b)/median(a), from @resamples
 * resamples drawn with a fixed seed (so a report is reproducible).
 */
void stat_ratio_ci(const double *a, size_t na, const double *b, size_t nb, int resamples,
		   unsigned long long seed, double *lo, double *hi);

/* Two-sided Mann-Whitney U test p-value (normal approximation, tie-corrected). */
double stat_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb);

#endif
