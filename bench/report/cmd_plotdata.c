// SPDX-License-Identifier: GPL-2.0
/*
 * pb plotdata RESULT.json X [--kernel K] [--name TEXT] [--derived KEY]...
 *     [FILTER...]
 *
 * Data for gnuplot, over the points that match every FILTER (lib/points.h): one line (a
 * block) per kernel and per combination of the parameters other than X, so
 * points measured under different conditions are never joined into one
 * line. Not counted: "iters" (the batch size, not a parameter of the
 * operation) and each --derived KEY, a parameter that follows from the
 * others (mctp-fragment's packets, from size and mtu).
 * Blocks are separated by two blank lines so `index N` picks one, each
 * headed by its title row for gnuplot's columnheader: TEXT, the kernel
 * (unless --kernel named it) and the parameters that differ between blocks
 * ("patched impl=kfunc"). Then
 * rows of
 *   X median q1 q3
 * sorted by X. --kernel K keeps one kernel. gnuplot counts the blocks with
 * `stats FILE nooutput` (STATS_blocks).
 */
#include <jansson.h>
#include <stdio.h>

#include "cmd.h"
#include "args.h"
#include "lib/json_load.h"
#include "lib/plotdata.h"
#include "lib/points.h"

static int plotdata(int argc, char **argv)
{
	struct plotdata_spec spec = { 0 };
	int nd = 0, status, c;
	struct args a;
	json_t *root;

	args_init(&a, &cmd_plotdata, argc, argv);
	while ((c = args_next(&a)) > 0) {
		if (c == 'k')
			spec.kernel = a.value;
		else if (c == 'n')
			spec.name = a.value;
		else if (nd < PLOTDATA_MAX_DERIVED)
			spec.derived[nd++] = a.value;
		else
			return args_error(&cmd_plotdata, "more than %d --derived", PLOTDATA_MAX_DERIVED);
	}
	if (c < 0)
		return a.status;
	if (a.noperands - 2 > PLOTDATA_MAX_FILTERS)
		return args_error(&cmd_plotdata, "more than %d filters", PLOTDATA_MAX_FILTERS);
	spec.xkey = argv[2];
	for (int f = 0; f < a.noperands - 2; f++) {
		struct point_filter pf;
		char why[512];

		spec.filters[f] = argv[3 + f];
		if (point_filter_parse(spec.filters[f], &pf, why, sizeof(why)))
			return args_error(&cmd_plotdata, "a filter %s", why);
	}
	if (!(root = json_load_said("pb plotdata", argv[1], 0)))
		return 1;
	status = plotdata_write(stdout, root, argv[1], &spec);
	json_decref(root);
	return status;
}

static const struct option options[] = {
	{ "kernel", required_argument, NULL, 'k' },
	{ "name", required_argument, NULL, 'n' },
	{ "derived", required_argument, NULL, 'd' },
	{ 0 },
};

const struct pb_cmd cmd_plotdata = {
	.name = "plotdata",
	.run = plotdata,
	.summary = "one suite's medians and quartiles as gnuplot data blocks",
	.usage = "pb plotdata RESULT.json X [--kernel K] [--name TEXT] [--derived KEY]...\n"
		 "    [KEY=VALUE|KEY!=VALUE|KEY>=N|KEY<=N|!KEY...]",
	.details = "One block per kernel and combination of the parameters other than X, over the\n"
		   "points that match every filter; rows \"X median q1 q3\".\n"
		   "  --kernel K     keep one kernel\n"
		   "  --name TEXT    start each block's title with TEXT\n"
		   "  --derived KEY  a parameter that follows from the others: not a block of its own\n",
	.options = options,
	.min_operands = 2,
	.max_operands = -1,
};
