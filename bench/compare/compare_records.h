/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A records suite's results (one boot per record, exact figures: crash-memory's
 * /proc/meminfo) of B against A. There are no samples to test, so each figure
 * the suite's manifest gives a tolerance ("records": {"match", "figures"}) is
 * judged against it: "same" within it, else "changed"; a figure without one
 * (it moves from boot to boot) is shown, "not judged".
 */
#ifndef PB_COMPARE_RECORDS_H
#define PB_COMPARE_RECORDS_H

#include <jansson.h>

#include "compare/compare.h"

/*
 * B's records of kernel b->kernel against A's of a->kernel, paired by the
 * manifest's match keys (@spec is its "records" object):
 *   { "suite", "kind", "a": { "file", "kernel", "project_commit", "guest_cpu",
 *     "config_hash" (null: unknown) }, "b": ...,
 *     "differences": what differs in their meta (results_differences()),
 *     "records": [ { "match": { KEY: value }, "figures": [ { "key", "label",
 *       "a", "b", "change" (percent, null when A is 0), "tolerance" (or null),
 *       "verdict": "same" | "changed" | "not judged" } ] } ],
 *     "summary": { "figures", "judged", "changed" } }
 * NULL, with @why set, when the suites differ, A and B differ on the
 * measuring side (results_comparable(); unless @force), A has no record of
 * its kernel, or a record of A has no partner in B.
 */
json_t *compare_records(const struct compare_side *a, const struct compare_side *b, json_t *spec,
			int force, const char **why);

#endif
