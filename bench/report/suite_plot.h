/* SPDX-License-Identifier: GPL-2.0 */
/* A suite's plot, drawn from the recipe in its manifest ("plot"). */
#ifndef PB_SUITE_PLOT_H
#define PB_SUITE_PLOT_H

#include <jansson.h>

#include "lib/suites.h"

/*
 * From @result (read from @what): DATA/SUITE-P-S.dat, the data of series S
 * of panel P (pb plotdata's blocks), and DATA/SUITE.gp, the gnuplot script
 * that draws them into OUT/SUITE.png (called like every plot script, with
 * DATA, OUT and VARS; plots/common.gp). Returns 0, or 1 having said why.
 */
int suite_plot(const struct suite *s, json_t *result, const char *what, const char *data);

#endif
