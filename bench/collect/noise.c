// SPDX-License-Identifier: GPL-2.0
#include "collect/noise.h"

#include "lib/results.h"
#include "lib/stats.h"

int noise_of(json_t *points, const char *kernel, struct noise *nz)
{
	static struct series s;
	double cvs[NOISE_MAX_POINTS];
	size_t i;
	json_t *p;

	nz->points = 0;
	nz->n = 0;
	json_array_foreach(points, i, p) {
		if (nz->points == NOISE_MAX_POINTS || !results_load(p, kernel, &s))
			continue;
		cvs[nz->points++] = stat_cv(s.x, s.n);
		if (!nz->n || s.n < nz->n)
			nz->n = s.n;
	}
	if (!nz->points)
		return 0;
	nz->cv_max = stat_quantile(cvs, nz->points, 1.0);
	nz->cv_median = stat_median(cvs, nz->points);
	nz->mde_pct = 100.0 * stat_min_detectable(nz->cv_max, nz->n);
	return 1;
}
