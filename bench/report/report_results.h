/* SPDX-License-Identifier: GPL-2.0 */
/* The results pb report works from, each read once and kept in memory. */
#ifndef PB_REPORT_RESULTS_H
#define PB_REPORT_RESULTS_H

#include <jansson.h>

#include "lib/layout.h"

#define REPORT_MAX_RESULTS 512

struct report_results {
	int n;
	json_t *root[REPORT_MAX_RESULTS];
	char *path[REPORT_MAX_RESULTS];	/* the file each was read from */
};

/* The files @paths (@n of them), in their order; -1, said why, if one cannot be read. */
int report_results_files(struct report_results *r, char *const *paths, int n);

/*
 * Every result of each of @suites (@n of them) on the project's history up
 * to HEAD under the results root @root, suite after suite, each suite's
 * oldest first: what pb results all lists (lib/layout.h), HEAD's -dirty
 * run only if @dirty says so. -1, said why, if git cannot tell or a result
 * cannot be read.
 */
int report_results_layout(struct report_results *r, const char *root, const char *const *suites,
			  int n, enum layout_dirty dirty);

void report_results_free(struct report_results *r);

#endif
