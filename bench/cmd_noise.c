// SPDX-License-Identifier: GPL-2.0
/*
 * pb noise RESULT.json KERNEL SUITE MODE
 *
 * The spread of one kernel's samples in a result, for make selfcheck's noise
 * table: over the points, the median and the largest coefficient of
 * variation, the fewest samples a point has, and the smallest shift the
 * comparison can then detect at the noisiest point (stat_min_detectable).
 * Prints one "PB-SELFCHECK kind=noise ..." record line.
 */
#include <jansson.h>
#include <stdio.h>

#include "cmd.h"
#include "results.h"
#include "stats.h"

#define MAX_POINTS 256

int cmd_noise(int argc, char **argv)
{
	static struct series s;
	double cvs[MAX_POINTS];
	size_t points = 0, n = 0, i;
	json_error_t err;
	json_t *root, *p;

	if (argc != 5) {
		fprintf(stderr, "usage: pb noise RESULT.json KERNEL SUITE MODE\n");
		return 2;
	}
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		fprintf(stderr, "pb noise: %s: %s\n", argv[1], err.text);
		return 1;
	}
	json_array_foreach(json_object_get(root, "points"), i, p) {
		if (points == MAX_POINTS || !results_load(p, argv[2], &s))
			continue;
		cvs[points++] = stat_cv(s.x, s.n);
		if (!n || s.n < n)
			n = s.n;
	}
	json_decref(root);
	if (!points) {
		fprintf(stderr, "pb noise: no %s samples in %s\n", argv[2], argv[1]);
		return 1;
	}
	{
		double worst = stat_quantile(cvs, points, 1.0);

		printf("PB-SELFCHECK kind=noise mode=%s suite=%s points=%zu n=%zu cv_median=%.6f "
		       "cv_max=%.6f mde_pct=%.3f\n", argv[4], argv[3], points, n,
		       stat_median(cvs, points), worst, 100.0 * stat_min_detectable(worst, n));
	}
	return 0;
}
