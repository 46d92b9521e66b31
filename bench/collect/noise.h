/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The spread of one kernel's samples over a result's points, and the
 * smallest shift a comparison can then detect at the noisiest point: what
 * pb noise prints for make selfcheck and pb bench-round decides the
 * adaptive rounds by.
 */
#ifndef PB_NOISE_H
#define PB_NOISE_H

#include <jansson.h>
#include <stddef.h>

/* Only this many points count. */
#define NOISE_MAX_POINTS 256

struct noise {
	size_t points;		/* points with samples of the kernel */
	size_t n;		/* the fewest samples a point has */
	double cv_median, cv_max;	/* of the points' coefficients of variation */
	double mde_pct;		/* stat_min_detectable(cv_max, n), in % */
};

/* @kernel's noise over the "points" array @points; 0 if it has no samples there. */
int noise_of(json_t *points, const char *kernel, struct noise *nz);

#endif
