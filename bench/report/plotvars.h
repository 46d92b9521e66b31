/* SPDX-License-Identifier: GPL-2.0 */
/* What a suite's plot says about its result (pb plotvars, pb report --plot-data). */
#ifndef PB_PLOTVARS_H
#define PB_PLOTVARS_H

#include <jansson.h>
#include <stdio.h>

/*
 * @result's suite, unit, accel and project commit (short) as the gnuplot
 * assignments SUITE, UNIT, ACCEL and COMMIT, for plots/common.gp to load.
 */
void plotvars_write(FILE *f, json_t *result);

#endif
