// SPDX-License-Identifier: GPL-2.0
/*
 * pb plotdata RESULT.json X [--kernel K] [--name TEXT] [--derived KEY]...
 *     [KEY=VALUE|KEY!=VALUE...]
 *
 * Data for gnuplot, over the points that match every filter: one line (a
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
#include <string.h>

#include "cmd.h"
#include "plotdata.h"

int cmd_plotdata(int argc, char **argv)
{
	struct plotdata_spec spec = { .xkey = argc > 2 ? argv[2] : NULL };
	int nf = 0, nd = 0, status;
	json_error_t err;
	json_t *root;

	if (argc < 3) {
		fprintf(stderr, "usage: pb plotdata RESULT.json X [--kernel K] [--name TEXT] "
			"[--derived KEY]... [KEY=VALUE|KEY!=VALUE...]\n");
		return 2;
	}
	for (int a = 3; a < argc; a++) {
		if (!strcmp(argv[a], "--kernel") && a + 1 < argc)
			spec.kernel = argv[++a];
		else if (!strcmp(argv[a], "--name") && a + 1 < argc)
			spec.name = argv[++a];
		else if (!strcmp(argv[a], "--derived") && a + 1 < argc && nd < PLOTDATA_MAX_DERIVED)
			spec.derived[nd++] = argv[++a];
		else if (strchr(argv[a], '=') && nf < PLOTDATA_MAX_FILTERS)
			spec.filters[nf++] = argv[a];
		else {
			fprintf(stderr, "pb plotdata: bad argument %s\n", argv[a]);
			return 2;
		}
	}
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		fprintf(stderr, "pb plotdata: %s: %s\n", argv[1], err.text);
		return 1;
	}
	status = plotdata_write(stdout, root, argv[1], &spec);
	json_decref(root);
	return status;
}
