// SPDX-License-Identifier: GPL-2.0
/*
 * pb plotvars RESULT.json: what a plot says about its result, as gnuplot
 * assignments for its script to `load`:
 *   SUITE = "mctp-route"; UNIT = "guest instructions (icount)";
 *   ACCEL = "icount"; COMMIT = "2e6273b" (the project commit, short)
 */
#include <jansson.h>
#include <stdio.h>

#include "cmd.h"
#include "args.h"
#include "report/plotvars.h"
#include "lib/json_load.h"

static int plotvars(int argc, char **argv)
{
	json_t *root;
	int status;

	if (args_operands(&cmd_plotvars, &argc, argv, &status))
		return status;
	if (!(root = json_load_said("pb plotvars", argv[1], 0)))
		return 1;
	plotvars_write(stdout, root);
	json_decref(root);
	return 0;
}

const struct pb_cmd cmd_plotvars = {
	.name = "plotvars",
	.run = plotvars,
	.summary = "a result's suite, unit, accel and commit as gnuplot variables",
	.usage = "pb plotvars RESULT.json",
	.details = "Prints SUITE, UNIT, ACCEL and COMMIT as gnuplot assignments.\n",
	.min_operands = 1,
	.max_operands = 1,
};
