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
	json_t *words;			/* {"k=v": "words"} for the titles, or NULL */
};

/*
 * The blocks of @root's points that match every filter, one per kernel and
 * combination of the other parameters, to @out (see cmd_plotdata.c).
 * @what names the result in messages. Returns 0, or 1 having said why.
 */
int plotdata_write(FILE *out, json_t *root, const char *what, const struct plotdata_spec *spec);
/*
 * Each line's patched/baseline ratio at every X both kernels ran (the
 * comparison every table makes, lib/results.h): blocks of "X ratio lo hi
 * floor". Counts the blocks into @r and widens its floor and extent to
 * take them in. @spec->kernel is ignored. Returns 0, or 1 having
 * said why.
 */
struct plotdata_ratio_range {
	int lines;
	double floor;		/* the largest noise floor */
	double lo, hi;		/* the ratios' intervals' extent; 0: none yet */
};
int plotdata_write_ratio(FILE *out, json_t *root, const char *what,
			 const struct plotdata_spec *spec, struct plotdata_ratio_range *r);
/* Does any point of @root match @spec's filters and have its x? */
int plotdata_has_points(json_t *root, const struct plotdata_spec *spec);

#endif
