// SPDX-License-Identifier: GPL-2.0
/*
 * pb compare A.json[:KERNEL] B.json[:KERNEL]
 *
 * One suite's figures of B against A, point by point: medians, the B/A
 * ratio with its 95 % bootstrap interval, Mann-Whitney p and a verdict.
 * KERNEL names one kernel of the file (default patched), so the same
 * command compares two project revisions (a.json:patched b.json:patched),
 * the two kernels of one run (r.json:baseline r.json:patched) or any two
 * of make bisect's three (r.json:baseline r.json:bisect). A significant shift
 * under the noise floor (results_compare()) is not called a change. Exits 3
 * when a point got significantly slower by more than 2 %, 1 on bad input.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "results.h"
#include "stats.h"

struct side {
	char file[4096];
	const char *kernel;
	json_t *root;
};

static int open_side(const char *spec, struct side *s)
{
	char *colon;
	json_error_t err;

	snprintf(s->file, sizeof(s->file), "%s", spec);
	colon = strrchr(s->file, ':');
	s->kernel = "patched";
	if (colon && colon[1] && strspn(colon + 1, "abcdefghijklmnopqrstuvwxyz") == strlen(colon + 1)) {
		*colon = '\0';
		s->kernel = colon + 1 - s->file + spec;
	}
	s->root = json_load_file(s->file, 0, &err);
	if (!s->root) {
		fprintf(stderr, "pb compare: %s: %s\n", s->file, err.text);
		return -1;
	}
	return 0;
}

static const char *meta(struct side *s, const char *key)
{
	const char *v = json_string_value(json_object_get(json_object_get(s->root, "meta"), key));

	return v ? v : "?";
}

int cmd_compare(int argc, char **argv)
{
	static struct series a, b;
	struct side A, B;
	int regressions = 0, slower = 0, faster = 0, invalid = 0, compared = 0;
	const char *accel;
	json_t *p;
	size_t i;

	if (argc != 3) {
		fprintf(stderr, "usage: pb compare A.json[:KERNEL] B.json[:KERNEL] (KERNEL: baseline, patched, ...)\n");
		return 1;
	}
	if (open_side(argv[1], &A) || open_side(argv[2], &B))
		return 1;
	if (!json_equal(json_object_get(A.root, "suite"), json_object_get(B.root, "suite")) ||
	    !json_equal(json_object_get(A.root, "unit"), json_object_get(B.root, "unit"))) {
		fprintf(stderr, "pb compare: %s and %s are different suites or units: not comparable\n",
			A.file, B.file);
		return 1;
	}
	printf("suite %s, unit %s\nA: %s %s (project %s)\nB: %s %s (project %s)\n\n",
	       json_string_value(json_object_get(A.root, "suite")),
	       json_string_value(json_object_get(A.root, "unit")), A.file, A.kernel,
	       meta(&A, "project_commit"), B.file, B.kernel, meta(&B, "project_commit"));
	/* Mixed modes: the noisier mode's floor. */
	accel = json_equal(json_object_get(A.root, "accel"), json_object_get(B.root, "accel")) ?
		json_string_value(json_object_get(A.root, "accel")) : NULL;
	printf("| parameters | A median | B median | B/A | 95%% CI | p | verdict | noise floor |\n"
	       "|---|---|---|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(A.root, "points"), i, p) {
		json_t *params = json_object_get(p, "params"), *q = results_find_point(B.root, params);
		struct comparison c;
		char text[256];

		if (!q || !results_load(p, A.kernel, &a) || !results_load(q, B.kernel, &b))
			continue;
		results_params_text(params, NULL, text, sizeof(text));
		results_compare(&a, &b, accel, &c);
		compared++;
		regressions += c.regression;
		slower += !strcmp(c.verdict, "slower (<2%)");
		faster += !strcmp(c.verdict, "faster");
		invalid += !strcmp(c.verdict, "invalid");
		printf("| %s | %.1f | %.1f | %.3f | %.3f–%.3f | %.3g | %s%s | %.1f %% |\n", text,
		       stat_median(a.x, a.n), stat_median(b.x, b.n), c.ratio, c.lo, c.hi, c.p,
		       c.verdict, c.regression ? " REGRESSION" : "", 100 * c.floor);
	}
	printf("\n%d points compared: %d significant regressions (>2 %%), %d slower by under 2 %%, "
	       "%d faster, %d invalid\n", compared, regressions, slower, faster, invalid);
	json_decref(A.root);
	json_decref(B.root);
	if (!compared) {
		fprintf(stderr, "pb compare: no point has samples on both sides\n");
		return 1;
	}
	return regressions ? 3 : 0;
}
