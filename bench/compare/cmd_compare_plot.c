// SPDX-License-Identifier: GPL-2.0
/*
 * pb compare-plot CMP.json DIR NAME: the data of plots/compare.gp from a
 * comparison that pb compare --save wrote (compare_plot.h; pb compare
 * --plot-data writes the same without the round trip).
 */
#include <jansson.h>
#include <stdio.h>

#include "cmd.h"
#include "args.h"
#include "compare/compare_plot.h"
#include "lib/json_load.h"

static int compare_plot(int argc, char **argv)
{
	json_t *cmp;
	int status;

	if (args_operands(&cmd_compare_plot, &argc, argv, &status))
		return status;
	if (!(cmp = json_load_said("pb compare-plot", argv[1], 0)))
		return 1;
	status = compare_plot_write(cmp, argv[2], argv[3]) ? 1 : 0;
	json_decref(cmp);
	return status;
}
const struct pb_cmd cmd_compare_plot = {
	.name = "compare-plot",
	.run = compare_plot,
	.summary = "plot data of a saved comparison (pb compare --save)",
	.usage = "pb compare-plot CMP.json DIR NAME",
	.details = "Writes the data of plots/compare.gp: DIR/NAME.vars, DIR/NAME-band.dat (the\n"
		   "noise floor) and DIR/NAME-KIND.dat per kind of verdict.\n",
	.min_operands = 3,
	.max_operands = 3,
};
