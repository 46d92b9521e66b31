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

/*
 * Does a point's @params pass a target's "points" filter? Each key must
 * equal its value (an integer, or a string: "" also matches a point
 * without the key), or be an integer of at least N ({"min": N}).
 */
int target_points_match(json_t *params, json_t *filter);

#endif
