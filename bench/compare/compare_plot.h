/* SPDX-License-Identifier: GPL-2.0 */
/* The data of plots/compare.gp from a comparison (pb compare --plot-data, pb compare-plot). */
#ifndef PB_COMPARE_PLOT_H
#define PB_COMPARE_PLOT_H

#include <jansson.h>

/*
 * From @cmp (compare_results()'s JSON): DIR/NAME.vars (gnuplot assignments:
 * suite, sides, the points' labels, how many of each kind), DIR/NAME-band.dat
 * (each point's noise floor around 1, as steps) and a file per kind of
 * verdict, DIR/NAME-KIND.dat ("index ratio lo hi"; KIND: regression, slower,
 * faster, invalid, other). 0, or -1 (said why) if a file cannot be written.
 */
int compare_plot_write(json_t *cmp, const char *dir, const char *name);

#endif
