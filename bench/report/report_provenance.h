/* SPDX-License-Identifier: GPL-2.0 */
/* RESULTS.md's headline, first part: what the results are of and where they were made. */
#ifndef PB_REPORT_PROVENANCE_H
#define PB_REPORT_PROVENANCE_H

#include <jansson.h>
#include <stdio.h>

/*
 * A table from the "meta" of each suite's newest result (@roots, @n of
 * them): the project commits they were run at, the series, both kernels,
 * compiler and config hash, mode, the timing results' unit, the guest's CPU, vCPUs and
 * memory, the host, and the dates. Where the suites disagree, each value
 * names its suites; what no result records says "not recorded".
 */
void report_provenance(FILE *f, json_t *const *roots, int n);

#endif
