// SPDX-License-Identifier: GPL-2.0
/*
 * pb suite-plot SUITE RESULT.json DATA: the suite's plot data and
 * DATA/SUITE.gp from one result, as pb report --plot-data writes them
 * (suite_plot.h).
 */
#include <jansson.h>
#include <stdio.h>

#include "cmd.h"
#include "args.h"
#include "lib/json_load.h"
#include "lib/suites.h"
#include "report/suite_plot.h"

static int suite_plot_cmd(int argc, char **argv)
{
	static struct suites all;
	const struct suite *s;
	json_t *result;
	char err[1024];
	struct args a;
	int c, status = 1;

	args_init(&a, &cmd_suite_plot, argc, argv);
	while ((c = args_next(&a)) > 0)
		;
	if (c < 0)
		return a.status;
	if (suites_load(&all, err, sizeof(err))) {
		fprintf(stderr, "pb suite-plot: %s\n", err);
		return 1;
	}
	s = suites_find_said(&all, "pb suite-plot", a.operands[0]);
	result = s ? json_load_said("pb suite-plot", a.operands[1], 0) : NULL;
	if (result)
		status = suite_plot(s, result, a.operands[1], a.operands[2]);
	json_decref(result);
	suites_free(&all);
	return status;
}

const struct pb_cmd cmd_suite_plot = {
	.name = "suite-plot",
	.run = suite_plot_cmd,
	.summary = "one suite's plot data and gnuplot script from a result",
	.usage = "pb suite-plot SUITE RESULT.json DATA",
	.details = "Writes DATA/SUITE.gp and the data files it plots, as pb report --plot-data\n"
		   "does for every suite (the manifest's plot recipe).\n",
	.min_operands = 3,
	.max_operands = 3,
};
