/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The samples of a suite's guest boots, "PB-BENCH suite=S key=value ...
 * ns=X ns2k=Y" lines, grouped by their parameters into the "points" of a
 * result (bench/lib/results.h reads them): what pb bench-collect files and
 * pb bench-round measures the noise of.
 */
#ifndef PB_BENCH_POINTS_H
#define PB_BENCH_POINTS_H

#include <jansson.h>

#include "cmd.h"

/*
 * Append the samples of @suite in each KERNEL=FILE of @specs (the i-th file
 * is boot i) to @points, those of the points @filters selects (a JSON array
 * of lib/points.h filters; empty: every point). 0 if there were some, else
 * the exit status of @cmd after saying why (a bad operand, an unreadable
 * file, no samples, none of the points selected).
 */
int bench_points_read(const struct pb_cmd *cmd, const char *suite, char *const *specs,
		      int nspecs, json_t *filters, json_t *points, int *samples);

/*
 * --points FILTERS (repeatable): each filter of @value appended to
 * @filters; 0, or the exit status of @cmd after saying which is wrong.
 */
#define BENCH_POINTS_OPTION { "points", required_argument, NULL, 'P' }
#define BENCH_POINTS_HELP \
	"  --points FILTERS  only the points these filters select (KEY=VALUE, KEY!=VALUE,\n" \
	"                 KEY>=N, KEY<=N, !KEY; comma- or space-separated; repeatable)\n"
int bench_points_option(const struct pb_cmd *cmd, json_t *filters, const char *value);

#endif
