/* SPDX-License-Identifier: GPL-2.0 */
/* RESULTS.md: the project's performance targets, each met or missed. */
#ifndef PB_REPORT_TARGETS_H
#define PB_REPORT_TARGETS_H

#include <jansson.h>
#include <stdio.h>

#include "lib/suites.h"

/*
 * The targets table: one row per target of every suite's manifest
 * ("targets"), ordered by each target's "order" (its suite's unless it
 * says), judged from the newest result of its suite among @roots (a target
 * whose suite has no result says so). README.md, "Adding a suite", lists
 * the metrics.
 */
void report_targets(FILE *f, json_t *const *roots, int n, const struct suites *all);

#endif
