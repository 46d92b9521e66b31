/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bisect's judgements (bench/bisect/bisect.sh), on results pb
 * bench-collect wrote: which points the two ends differ on, and whether a
 * step's kernel is like GOOD or like BAD there.
 */
#ifndef PB_BISECT_VERDICT_H
#define PB_BISECT_VERDICT_H

#include <jansson.h>

/* One kernel's samples: a result file's contents and the kernel's name in it. */
struct bisect_side {
	json_t *root;
	const char *kernel;
};

/*
 * The ends: the results @good and @bad (each may be a run of its own). A point is followed when
 * @bad differs from @good beyond noise (results_compare()) in the
 * direction looked for (@faster: faster, else slower); the @max largest
 * changes are kept, largest first. Returns
 *   { "status": "differ" | "same", "direction", "unit", "accel",
 *     "followed": [ { "params", "text", "good", "bad", "ratio", "lo", "hi",
 *                     "p", "verdict" } ],
 *     "filter": the key=value pairs all followed points share, comma-separated }
 */
json_t *bisect_ends(const struct bisect_side *good, const struct bisect_side *bad, int faster, int max);

/*
 * A step: @step against @good and @bad on every point @ends (what
 * bisect_ends() returned) follows. A point is "bad" when
 * the step's median is nearer BAD's than GOOD's and differs from GOOD's
 * beyond noise (results_compare()), "good" when nearer GOOD's and differs
 * from BAD's beyond noise, else "undecided" (also when the step has no
 * samples there). The step is bad when every point is, good when every
 * point is, else undecided. Returns
 *   { "verdict", "points": [ { "params", "text", "good", "bad", "step",
 *     "step_lo", "step_hi" (ratio step/good, 95 %), "closer" } ] }
 * or NULL with @why set when @step or @ends cannot be read so.
 */
json_t *bisect_step(json_t *ends, const struct bisect_side *good, const struct bisect_side *bad,
		    const struct bisect_side *step, const char **why);

#endif
