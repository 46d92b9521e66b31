// SPDX-License-Identifier: GPL-2.0
/* Reading pb report's results (report_results.h). */
#include "report/report_results.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/json_load.h"
#include "lib/layout.h"

static int add(struct report_results *r, const char *path)
{

	if (r->n == REPORT_MAX_RESULTS) {
		fprintf(stderr, "pb report: more than %d result files\n", REPORT_MAX_RESULTS);
		return -1;
	}
	if (!(r->root[r->n] = json_load_said("pb report", path, 0)))
		return -1;
	r->path[r->n++] = strdup(path);
	return 0;
}

int report_results_files(struct report_results *r, char *const *paths, int n)
{
	r->n = 0;
	for (int i = 0; i < n; i++)
		if (add(r, paths[i]))
			return -1;
	return 0;
}

/* A partial run (make bench POINTS=) is no suite's result: say it is left out. */
static void say_partial(const char *root, const char *run, const char *suite)
{
	char path[4096];
	struct stat st;

	if (!layout_result_path(path, sizeof(path), root, run, suite, 1) && !stat(path, &st))
		fprintf(stderr, "pb report: %s left out: a partial run (some of %s's points)\n",
			path, suite);
}

int report_results_layout(struct report_results *r, const char *root, const char *const *suites,
			  int n, enum layout_dirty dirty)
{
	struct layout_walk w;
	char path[4096];
	int status = 0;

	r->n = 0;
	if (layout_walk_runs(&w, "pb report", NULL, NULL, dirty))
		return -1;
	for (int s = 0; s < n && !status; s++)
		for (size_t i = w.n; i-- > 0 && !status;) {
			say_partial(root, w.run[i], suites[s]);
			if (!layout_has_result(root, w.run[i], suites[s]))
				continue;
			if (layout_result_path(path, sizeof(path), root, w.run[i], suites[s], 0)) {
				fprintf(stderr, "pb report: the path of %s under %s is too long\n",
					suites[s], root);
				status = -1;
			} else {
				status = add(r, path);
			}
		}
	layout_walk_free(&w);
	return status;
}

void report_results_free(struct report_results *r)
{
	for (int i = 0; i < r->n; i++) {
		json_decref(r->root[i]);
		free(r->path[i]);
	}
	r->n = 0;
}
