/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Folded stacks ("comm;outermost;...;innermost COUNT", pb fold) as the call
 * tree d3-flame-graph draws: nodes {"n": name, "v": samples of its own,
 * "c": [children]} under a node named "root", the JSON perf's own
 * `perf script report flamegraph` embeds in the same template.
 */
#ifndef PB_FLAMEGRAPH_H
#define PB_FLAMEGRAPH_H

#include <jansson.h>
#include <stdio.h>

struct flamegraph {
	json_t *tree;		/* the root node */
	long samples;		/* all the stacks' counts */
	char hottest[256];	/* the frame with the most samples of its own (a stack's last) */
	long hottest_samples;
};

/*
 * Read @in (named @name in errors). 0, or -1 with the file, the line and
 * what is wrong with it in @err (a malformed line, a count that is no
 * positive number, an empty frame, no samples at all).
 */
int flamegraph_read(struct flamegraph *fg, FILE *in, const char *name, char *err, size_t errlen);
void flamegraph_free(struct flamegraph *fg);

#endif
