/* SPDX-License-Identifier: GPL-2.0 */
/* One suite's figures of one result against another's, point by point, as JSON. */
#ifndef PB_COMPARE_H
#define PB_COMPARE_H

#include <jansson.h>

struct compare_side {
	json_t *root;		/* a result file's contents */
	const char *kernel;	/* whose samples: "baseline", "patched", ... */
	const char *file;	/* where it came from, for the reader */
};

/*
 * B against A, every point with samples on both sides (results_compare()):
 *   { "suite", "unit", "accel" (null when the two differ: the noisier
 *     floor), "a": { "file", "kernel", "project_commit", "accel",
 *     "guest_cpu", "config_hash" (null: unknown) }, "b": ...,
 *     "differences": what differs in their meta (results_differences()),
 *     "points": [ { "params", "a_median", "b_median", "ratio", "lo", "hi",
 *                   "p", "floor", "verdict" (verdict_name()), "regression" } ],
 *     "summary": { "points", "regressions", "verdicts": { NAME: count } } }
 * NULL, with @why set, when A and B are different suites, or differ on
 * the measuring side (results_comparable(); unless @force).
 */
json_t *compare_results(const struct compare_side *a, const struct compare_side *b, int force,
			const char **why);

#endif
