/* SPDX-License-Identifier: GPL-2.0 */
/* One suite's medians and quartiles as gnuplot data blocks (pb plotdata, the suites' plots). */
#ifndef PB_PLOTDATA_H
#define PB_PLOTDATA_H

#include <jansson.h>
#include <stdio.h>

#include "lib/points.h"

#define PLOTDATA_MAX_FILTERS POINTS_MAX_FILTERS
#define PLOTDATA_MAX_DERIVED 8

struct plotdata_spec {
	const char *xkey;		/* the x axis: an integer parameter */
	const char *kernel;		/* keep this kernel's points only, or NULL */
	const char *name;		/* what every line's title starts with, or NULL */
	const char *derived[PLOTDATA_MAX_DERIVED + 1];	/* follow from the others; NULL-ended */
	const char *filters[PLOTDATA_MAX_FILTERS + 1];	/* lib/points.h; NULL-ended */
};

/*
 * The blocks of @root's points that match every filter, one per kernel and
 * combination of the other parameters, to @out (see cmd_plotdata.c).
 * @what names the result in messages. Returns 0, or 1 having said why.
 */
int plotdata_write(FILE *out, json_t *root, const char *what, const struct plotdata_spec *spec);
/* Does any point of @root match @spec's filters and have its x? */
int plotdata_has_points(json_t *root, const struct plotdata_spec *spec);

#endif
