/* SPDX-License-Identifier: GPL-2.0 */
/* RESULTS.md's headline, second part: every significant change, and each suite in a sentence. */
#ifndef PB_REPORT_CHANGES_H
#define PB_REPORT_CHANGES_H

#include <jansson.h>
#include <stdio.h>

#include "lib/suites.h"

/*
 * Of each suite's newest result (@roots, @n of them; @all their manifests):
 * every point the suite's table calls faster or slower (results_compare(),
 * the same verdicts), regressions first, one line each, largest first; then
 * the faster points, grouped by suite and by the plot series they are drawn
 * in (or their parameters other than the x axis), the group with the
 * largest change first. Then one line per suite, those with a regression
 * first: its points by verdict, its largest regression and improvement (and
 * whether they are one plot series at different x), and the reasons of the
 * points one kernel could not run.
 */
void report_changes(FILE *f, json_t *const *roots, int n, const struct suites *all);

#endif
