/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PB_REPORT_SELFCHECK_H
#define PB_REPORT_SELFCHECK_H

#include <jansson.h>
#include <stdio.h>

/* RESULTS.md section of a "selfcheck" result (bench/collect/selfcheck.sh). */
void report_selfcheck(FILE *f, json_t *root);

#endif
