/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PB_REPORT_SELFCHECK_H
#define PB_REPORT_SELFCHECK_H

#include <jansson.h>
#include <stdio.h>

/*
 * RESULTS.md section of a "selfcheck" result @root (bench/collect/selfcheck.sh),
 * with the run and series it was made at (its meta), marked stale if
 * @series, the suites' results', differs.
 */
void report_selfcheck(FILE *f, json_t *root, const char *series);

#endif
