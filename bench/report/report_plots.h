/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pb report --plot-data DIR: every plot's data from the results the report
 * holds, and DIR/plots.list, what bench/report/plots.sh has gnuplot draw:
 * a line per plot, "SCRIPT VARS" (two paths, no spaces in them), drawn
 * with DATA=DIR and VARS.
 */
#ifndef PB_REPORT_PLOTS_H
#define PB_REPORT_PLOTS_H

#include <jansson.h>

#include "compare/history.h"
#include "lib/atomic.h"
#include "lib/suites.h"

struct report_plots {
	const char *dir;
	struct atomic_file list;
};

int report_plots_open(struct report_plots *p, const char *dir);

/*
 * A suite's plot of @result (read from @path): what pb suites plot and pb
 * plotvars write (suite_plot(), DIR/SUITE.vars); -1, said why, on failure.
 */
int report_plots_suite(struct report_plots *p, const struct suite *s, json_t *result,
		       const char *path);

/* Its history plot: what pb history --md DIR/history-SUITE.md --data DIR writes. */
int report_plots_history(struct report_plots *p, const struct history *h);

/* Write the list (@ok) or remove it; -1, said why, if it cannot be written. */
int report_plots_close(struct report_plots *p, int ok);

#endif
