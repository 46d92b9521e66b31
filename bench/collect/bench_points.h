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
 * is boot i) to @points. 0 if there were some, else the exit status of
 * @cmd after saying why (a bad operand, an unreadable file, no samples).
 */
int bench_points_read(const struct pb_cmd *cmd, const char *suite, char *const *specs,
		      int nspecs, json_t *points, int *samples);

#endif
