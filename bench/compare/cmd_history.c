// SPDX-License-Identifier: GPL-2.0
/*
 * pb history [--md FILE] [--data DIR] RESULT.json...
 *
 * One suite's points across project commits (make history): the results
 * are given oldest commit first (pb results all). Prints the
 * Markdown table, or writes it to FILE; --data DIR also writes the data of
 * plots/history.gp (history_write()).
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "compare/history.h"
#include "lib/json_load.h"

static int history(int argc, char **argv)
{
	json_t *roots[HISTORY_MAX_COMMITS];
	const char *md = NULL, *data = NULL;
	struct history h;
	char err[512];
	int n = 0, status = 0, c;
	struct args a;

	args_init(&a, &cmd_history, argc, argv);
	while ((c = args_next(&a)) > 0)
		*(c == 'm' ? &md : &data) = a.value;
	if (c < 0)
		return a.status;
	for (int arg = 1; arg <= a.noperands; arg++) {
		roots[n] = json_load_said("pb history", argv[arg], 0);
		if (!roots[n]) {
			status = 1;
			break;
		}
		n++;
	}
	if (!status && history_build(&h, roots, n, err, sizeof(err))) {
		fprintf(stderr, "pb history: %s\n", err);
		status = 1;
	} else if (!status) {
		if (history_write(&h, md, data))
			status = 1;
		history_free(&h);
	}
	for (int i = 0; i < n; i++)
		json_decref(roots[i]);
	return status;
}

static const struct option options[] = {
	{ "md", required_argument, NULL, 'm' },
	{ "data", required_argument, NULL, 'd' },
	{ 0 },
};

const struct pb_cmd cmd_history = {
	.name = "history",
	.run = history,
	.summary = "one suite's points across project commits: table and plot data",
	.usage = "pb history [--md FILE] [--data DIR] RESULT.json...",
	.details = "The RESULT files are one suite's, oldest commit first.\n"
		   "  --md FILE   write the Markdown table to FILE, not stdout\n"
		   "  --data DIR  also write the data of plots/history.gp to DIR\n",
	.options = options,
	.min_operands = 1,
	.max_operands = HISTORY_MAX_COMMITS,
};
