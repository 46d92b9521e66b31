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
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "results.h"
#include "stats.h"

#define MAX_ROWS 256
#define MAX_LINES 32
#define MAX_FILTERS 16
#define MAX_DERIVED 8

struct lines_of {
	const char *xkey;
	const char *derived[MAX_DERIVED + 2];	/* "iters", the --derived keys, NULL */
	json_t *points;				/* the matching points */
};

struct row {
	long long x;
	double med, q1, q3;
};

static int matches(json_t *params, char **filters, int nf)
{
	for (int i = 0; i < nf; i++) {
		char key[64], *eq = strchr(filters[i], '=');
		int negate = eq > filters[i] && eq[-1] == '!', same;
		json_t *v;

		snprintf(key, sizeof(key), "%.*s", (int)(eq - filters[i] - negate), filters[i]);
		v = json_object_get(params, key);
		same = json_is_string(v) ? !strcmp(json_string_value(v), eq + 1) :
		       json_is_integer(v) && json_integer_value(v) == atoll(eq + 1);
		if (same == negate)
			return 0;
	}
	return 1;
}

static int by_x(const void *a, const void *b)
{
	long long x = ((const struct row *)a)->x, y = ((const struct row *)b)->x;

	return (x > y) - (x < y);
}

/* The points that match, with an integer X. */
static void matching(json_t *root, const char *xkey, char **filters, int nf, json_t *out)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		json_t *params = json_object_get(p, "params");

		if (json_is_integer(json_object_get(params, xkey)) && matches(params, filters, nf))
			json_array_append(out, p);
	}
}

/*
 * A point's line: its parameters but X, the derived ones and those every
 * matching point has alike (they say nothing about the line), as "k=v k=v".
 */
static void line_of(json_t *point, const struct lines_of *l, char *buf, size_t len)
{
	json_t *params = json_object_get(point, "params"), *shown = json_object(), *v, *p;
	const char *k;
	size_t i;

	json_object_foreach(params, k, v) {
		int alike = 1;

		json_array_foreach(l->points, i, p)
			alike &= json_equal(json_object_get(json_object_get(p, "params"), k), v);
		if (!alike && strcmp(k, l->xkey))
			json_object_set(shown, k, v);
	}
	results_params_text(shown, l->derived, buf, len);
	json_decref(shown);
}

/* One line's block; -1 if two of its points share an X (a parameter is missing from the lines). */
static int block(const struct lines_of *l, const char *kernel, const char *line,
		 const char *name, int show_kernel)
{
	static struct series s;
	struct row rows[MAX_ROWS];
	size_t i, n = 0;
	json_t *p;

	json_array_foreach(l->points, i, p) {
		json_t *x = json_object_get(json_object_get(p, "params"), l->xkey);
		char this[256];

		line_of(p, l, this, sizeof(this));
		if (strcmp(this, line) || n == MAX_ROWS || !results_load(p, kernel, &s))
			continue;
		rows[n++] = (struct row){ json_integer_value(x),
					  stat_median(s.x, s.n), stat_quantile(s.x, s.n, 0.25),
					  stat_quantile(s.x, s.n, 0.75) };
	}
	if (!n)
		return 0;
	qsort(rows, n, sizeof(*rows), by_x);
	for (i = 1; i < n; i++)
		if (rows[i].x == rows[i - 1].x) {
			fprintf(stderr, "pb plotdata: line \"%s %s\" has two points at %s=%lld: they "
				"differ in a parameter named --derived, or need a filter\n", kernel,
				line, l->xkey, rows[i].x);
			return -1;
		}
	if (!show_kernel && line[0])
		kernel = "";
	printf("\"%s%s%s%s%s\" median q1 q3\n", name ? name : "", name ? ": " : "", kernel,
	       line[0] && kernel[0] ? " " : "", line);
	for (i = 0; i < n; i++)
		printf("%lld %.3f %.3f %.3f\n", rows[i].x, rows[i].med, rows[i].q1, rows[i].q3);
	printf("\n\n");
	return 0;
}

int cmd_plotdata(int argc, char **argv)
{
	const char *only = NULL, *name = NULL;
	char lines[MAX_LINES][256], *filters[MAX_FILTERS];
	struct lines_of l = { .xkey = argv[2], .derived = { "iters" } };
	int nf = 0, nl = 0, nd = 1, status = 0;
	json_error_t err;
	json_t *root, *p;
	size_t i;

	if (argc < 3) {
		fprintf(stderr, "usage: pb plotdata RESULT.json X [--kernel K] [--name TEXT] "
			"[--derived KEY]... [KEY=VALUE|KEY!=VALUE...]\n");
		return 2;
	}
	for (int a = 3; a < argc; a++) {
		if (!strcmp(argv[a], "--kernel") && a + 1 < argc)
			only = argv[++a];
		else if (!strcmp(argv[a], "--name") && a + 1 < argc)
			name = argv[++a];
		else if (!strcmp(argv[a], "--derived") && a + 1 < argc && nd <= MAX_DERIVED)
			l.derived[nd++] = argv[++a];
		else if (strchr(argv[a], '=') && nf < MAX_FILTERS)
			filters[nf++] = argv[a];
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
	l.points = json_array();
	matching(root, argv[2], filters, nf, l.points);
	/* the lines, in order of first appearance */
	json_array_foreach(l.points, i, p) {
		char this[256];
		int seen = 0;

		line_of(p, &l, this, sizeof(this));
		for (int j = 0; j < nl; j++)
			seen |= !strcmp(lines[j], this);
		if (!seen && nl == MAX_LINES) {
			fprintf(stderr, "pb plotdata: %s: more than %d lines\n", argv[1], MAX_LINES);
			return 1;
		}
		if (!seen)
			snprintf(lines[nl++], sizeof(lines[0]), "%s", this);
	}
	if (!nl) {
		fprintf(stderr, "pb plotdata: %s: no point with an integer %s matches\n", argv[1],
			argv[2]);
		return 1;
	}
	for (int k = 0; k < 2; k++) {
		const char *kernel = k ? "patched" : "baseline";

		if (only && strcmp(only, kernel))
			continue;
		for (int j = 0; j < nl; j++)
			if (block(&l, kernel, lines[j], name, !only))
				status = 1;
	}
	json_decref(l.points);
	json_decref(root);
	return status;
}
