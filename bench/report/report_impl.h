/* SPDX-License-Identifier: GPL-2.0 */
/* RESULTS.md: implementations of one operation side by side, within a kernel. */
#ifndef PB_REPORT_IMPL_H
#define PB_REPORT_IMPL_H

#include <jansson.h>
#include <stdio.h>

/*
 * For a suite whose points carry an "impl" parameter: one row per point
 * with the other parameters (K excluded), one column per implementation
 * (median, patched kernel where it ran, else baseline), and the speedup of
 * "kfunc" over the best alternative (not "kernel", the floor, "empty", the
 * harness, nor "byteloop", upstream's loop of the kfunc). Under it, @target's verdict (a "speedup" target of the
 * suite's manifest, or NULL for none). Prints nothing when no point has an
 * "impl".
 */
void report_impl_table(FILE *f, json_t *root, json_t *target);

/*
 * A "speedup" target: "kfunc" at least "bound" times faster than the best
 * alternative in every row whose parameters pass its "points" filter.
 * Writes "met in M of N rows[; missed: ...]" to @text; returns 1 if met, 0
 * if not, -1 if no row could be judged (@text untouched).
 */
int report_impl_target(json_t *root, json_t *target, char *text, size_t len);

#endif
