// SPDX-License-Identifier: GPL-2.0
#include "lib/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double sorted_quantile(const double *s, size_t n, double q)
{
	double pos = q * (double)(n - 1);
	size_t i = (size_t)pos;

	if (i + 1 >= n)
		return s[n - 1];
	return s[i] + (pos - (double)i) * (s[i + 1] - s[i]);
}

double stat_quantile(const double *x, size_t n, double q)
{
	double *s, r;

	if (!n)
		return NAN;
	s = malloc(n * sizeof(*s));
	if (!s)
		return NAN;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	r = sorted_quantile(s, n, q);
	free(s);
	return r;
}

double stat_median(const double *x, size_t n)
{
	return stat_quantile(x, n, 0.5);
}

static unsigned long long next_random(unsigned long long *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static double resampled_median(const double *x, size_t n, double *tmp, unsigned long long *seed)
{
	for (size_t i = 0; i < n; i++)
		tmp[i] = x[next_random(seed) % n];
	qsort(tmp, n, sizeof(*tmp), cmp_double);
	return sorted_quantile(tmp, n, 0.5);
}

void stat_ratio_ci(const double *a, size_t na, const double *b, size_t nb, int resamples,
		   unsigned long long seed, double *lo, double *hi)
{
	double *ratios = malloc((size_t)resamples * sizeof(double));
	double *tmp = malloc((na > nb ? na : nb) * sizeof(double));

	*lo = *hi = NAN;
	if (ratios && tmp && na && nb && resamples > 0) {
		seed = seed ? seed : 1;
		for (int r = 0; r < resamples; r++)
			ratios[r] = resampled_median(b, nb, tmp, &seed) /
				    resampled_median(a, na, tmp, &seed);
		qsort(ratios, (size_t)resamples, sizeof(double), cmp_double);
		*lo = sorted_quantile(ratios, (size_t)resamples, 0.025);
		*hi = sorted_quantile(ratios, (size_t)resamples, 0.975);
	}
	free(ratios);
	free(tmp);
}

struct ranked {
	double v;
	int group;
};

static int cmp_ranked(const void *a, const void *b)
{
	return cmp_double(&((const struct ranked *)a)->v, &((const struct ranked *)b)->v);
}

double stat_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb)
{
	size_t n = na + nb;
	struct ranked *r = malloc(n * sizeof(*r));
	double rank_a = 0, ties = 0, u, mu, sigma, z;

	if (!r || !na || !nb) {
		free(r);
		return NAN;
	}
	for (size_t i = 0; i < na; i++)
		r[i] = (struct ranked){ a[i], 0 };
	for (size_t i = 0; i < nb; i++)
		r[na + i] = (struct ranked){ b[i], 1 };
	qsort(r, n, sizeof(*r), cmp_ranked);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		double mid;

		while (j + 1 < n && r[j + 1].v == r[i].v)
			j++;
		mid = (double)(i + j) / 2.0 + 1.0;	/* average rank of the tie group */
		for (size_t k = i; k <= j; k++)
			if (r[k].group == 0)
				rank_a += mid;
		ties += pow((double)(j - i + 1), 3) - (double)(j - i + 1);
		i = j + 1;
	}
	free(r);
	u = rank_a - (double)na * (double)(na + 1) / 2.0;
	mu = (double)na * (double)nb / 2.0;
	sigma = sqrt((double)na * (double)nb / 12.0 *
		     ((double)(n + 1) - ties / ((double)n * (double)(n - 1))));
	if (sigma == 0)
		return 1.0;
	z = (fabs(u - mu) - 0.5) / sigma;	/* continuity correction */
	if (z < 0)
		z = 0;
	return erfc(z / sqrt(2.0));
}

double stat_cv(const double *x, size_t n)
{
	double mean = 0, ss = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		mean += x[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	return mean ? sqrt(ss / (double)(n - 1)) / mean : 0;
}

double stat_min_detectable(double cv, size_t n)
{
	const double z = 1.959964 + 0.841621;	/* alpha 0.05 two-sided, power 0.8 */

	if (!n)
		return INFINITY;
	return z * cv * sqrt(2.0 / (double)n) / sqrt(3.0 / M_PI);
}
