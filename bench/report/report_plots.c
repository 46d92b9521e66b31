// SPDX-License-Identifier: GPL-2.0
/* The plots of pb report --plot-data (report_plots.h). */
#include "report/report_plots.h"

#include <stdio.h>

#include "report/plotvars.h"
#include "report/suite_plot.h"

int report_plots_open(struct report_plots *p, const char *dir)
{
	char path[4096];

	p->dir = dir;
	snprintf(path, sizeof(path), "%s/plots.list", dir);
	if (atomic_open(&p->list, path)) {
		perror(path);
		return -1;
	}
	return 0;
}

static int write_vars(const char *path, json_t *result)
{
	struct atomic_file a;

	if (atomic_open(&a, path)) {
		perror(path);
		return -1;
	}
	plotvars_write(a.f, result);
	if (atomic_commit(&a, !ferror(a.f))) {
		perror(path);
		return -1;
	}
	return 0;
}

int report_plots_suite(struct report_plots *p, const struct suite *s, json_t *result,
		       const char *path)
{
	char vars[4400];

	snprintf(vars, sizeof(vars), "%s/%s.vars", p->dir, s->name);
	if (suite_plot(s, result, path, p->dir) || write_vars(vars, result))
		return -1;
	fprintf(p->list.f, "%s/%s.gp %s\n", p->dir, s->name, vars);
	return 0;
}

int report_plots_history(struct report_plots *p, const struct history *h)
{
	char md[4400];

	snprintf(md, sizeof(md), "%s/history-%s.md", p->dir, h->suite);
	if (history_write(h, md, p->dir))
		return -1;
	fprintf(p->list.f, "plots/history.gp %s/history-%s.vars\n", p->dir, h->suite);
	return 0;
}

int report_plots_close(struct report_plots *p, int ok)
{
	if (atomic_commit(&p->list, ok && !ferror(p->list.f))) {
		perror(p->list.final);
		return -1;
	}
	return 0;
}
