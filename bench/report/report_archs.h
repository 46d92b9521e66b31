/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RESULTS.md's "Architectures": the suites' newest results of the other
 * guest architectures (lib/layout.h: ROOT/arch/NAME/), each beside the
 * default architecture's newest result of the same suite, on the points
 * both have: per architecture the baseline and patched medians and the
 * patched/baseline ratio of medians, and what each result is of (commit,
 * series, guest CPU, mode, unit). Side by side, never one comparison: a
 * figure of one instruction set is no figure of another (pb compare
 * refuses the pair); where the results' commits or series differ, the
 * section says they are stale against each other.
 */
#ifndef PB_REPORT_ARCHS_H
#define PB_REPORT_ARCHS_H

#include <jansson.h>
#include <stdio.h>

#include "lib/layout.h"
#include "lib/suites.h"

/*
 * The section, from the results roots under @base's arch/ folder (each
 * suite's newest result there as the layout walks the history, HEAD's
 * -dirty run as @dirty says) and @newest (@n), the default architecture's
 * newest results. Nothing at all when no other architecture has a result
 * of a suite of @all. -1, said why, if git cannot tell or a result cannot
 * be read.
 */
int report_archs(FILE *f, const char *base, json_t *const *newest, int n,
		 const struct suites *all, enum layout_dirty dirty);

#endif
