// SPDX-License-Identifier: GPL-2.0
#include "lib/plotdata.h"

#include <stdlib.h>
#include <string.h>

#include "lib/plotfile.h"
#include "lib/results.h"
#include "lib/stats.h"

#define MAX_ROWS 256
#define MAX_LINES 32

struct lines_of {
	const char *xkey;
	const char *derived[PLOTDATA_MAX_DERIVED + 2];	/* "iters", the --derived keys, NULL */
	json_t *points;				/* the matching points */
};

struct row {
	long long x;
	double med, q1, q3;
};

static int by_x(const void *a, const void *b)
{
	long long x = ((const struct row *)a)->x, y = ((const struct row *)b)->x;

	return (x > y) - (x < y);
}

/* The points that match, with an integer X. */
static void matching(json_t *root, const char *xkey, const char *const *filters, json_t *out)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		json_t *params = json_object_get(p, "params");

		if (json_is_integer(json_object_get(params, xkey)) && points_match(params, filters))
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

static void block_title(FILE *out, const char *name, const char *kernel, const char *line,
			json_t *words)
{
	char text[256];

	plot_in_words(line, words, text, sizeof(text));
	if (!name && !kernel[0] && !text[0])	/* a ratio of the one line */
		name = "patched / baseline";
	fprintf(out, "\"%s%s%s%s%s\"", name ? name : "", name && (kernel[0] || text[0]) ? ": " : "",
		kernel, text[0] && kernel[0] ? " " : "", text);
}

/* One line's block; -1 if two of its points share an X (a parameter is missing from the lines). */
static int block(FILE *out, const struct lines_of *l, const char *kernel, const char *line,
		 const struct plotdata_spec *spec)
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
	if (spec->kernel && line[0])
		kernel = "";
	block_title(out, spec->name, kernel, line, spec->words);
	fprintf(out, " median q1 q3\n");
	for (i = 0; i < n; i++)
		fprintf(out, "%lld %.3f %.3f %.3f\n", rows[i].x, rows[i].med, rows[i].q1, rows[i].q3);
	fprintf(out, "\n\n");
	return 0;
}

int plotdata_has_points(json_t *root, const struct plotdata_spec *spec)
{
	json_t *points = json_array();
	int n;

	matching(root, spec->xkey, spec->filters, points);
	n = (int)json_array_size(points);
	json_decref(points);
	return n > 0;
}

/* The lines of @spec's points into @lines, in order of first appearance; -1 having said why */
static int find_lines(json_t *root, const char *what, const struct plotdata_spec *spec,
		      struct lines_of *l, char lines[MAX_LINES][256])
{
	int nl = 0;
	json_t *p;
	size_t i;

	*l = (struct lines_of){ .xkey = spec->xkey, .derived = { "iters" } };
	for (int d = 0; spec->derived[d]; d++)
		l->derived[d + 1] = spec->derived[d];
	l->points = json_array();
	matching(root, spec->xkey, spec->filters, l->points);
	json_array_foreach(l->points, i, p) {
		char this[256];
		int seen = 0;

		line_of(p, l, this, sizeof(this));
		for (int j = 0; j < nl; j++)
			seen |= !strcmp(lines[j], this);
		if (!seen && nl == MAX_LINES) {
			fprintf(stderr, "pb plotdata: %s: more than %d lines\n", what, MAX_LINES);
			json_decref(l->points);
			return -1;
		}
		if (!seen)
			snprintf(lines[nl++], sizeof(lines[0]), "%s", this);
	}
	if (!nl) {
		fprintf(stderr, "pb plotdata: %s: no point with an integer %s matches\n", what,
			spec->xkey);
		json_decref(l->points);
		return -1;
	}
	return nl;
}

int plotdata_write(FILE *out, json_t *root, const char *what, const struct plotdata_spec *spec)
{
	char lines[MAX_LINES][256];
	struct lines_of l;
	int nl = find_lines(root, what, spec, &l, lines), status = 0;

	if (nl < 0)
		return 1;
	for (int k = 0; k < 2; k++) {
		const char *kernel = k ? PAIR_SECOND : PAIR_FIRST;

		if (spec->kernel && strcmp(spec->kernel, kernel))
			continue;
		for (int j = 0; j < nl; j++)
			if (block(out, &l, kernel, lines[j], spec))
				status = 1;
	}
	json_decref(l.points);
	return status;
}

/* One line's ratios, sorted by X; 0 if no X has both kernels */
static int ratio_block(FILE *out, const struct lines_of *l, const char *line, const char *accel,
		       const struct plotdata_spec *spec, struct plotdata_ratio_range *r)
{
	static struct series a, b;
	struct { long long x; struct comparison c; } rows[MAX_ROWS], t;
	size_t i, n = 0;
	json_t *p;

	json_array_foreach(l->points, i, p) {
		char this[256];

		line_of(p, l, this, sizeof(this));
		if (strcmp(this, line) || n == MAX_ROWS || !results_load_pair(p, &a, &b))
			continue;
		rows[n].x = json_integer_value(json_object_get(json_object_get(p, "params"), l->xkey));
		results_compare(&a, &b, accel, &rows[n++].c);
	}
	for (i = 1; i < n; i++)	/* insertion sort: rows are few */
		for (size_t j = i; j > 0 && rows[j - 1].x > rows[j].x; j--)
			t = rows[j], rows[j] = rows[j - 1], rows[j - 1] = t;
	if (!n)
		return 0;
	block_title(out, spec->name, "", line, spec->words);
	fprintf(out, " ratio lo hi floor\n");
	for (i = 0; i < n; i++) {
		fprintf(out, "%lld %.5f %.5f %.5f %.4f\n", rows[i].x, rows[i].c.ratio, rows[i].c.lo,
			rows[i].c.hi, rows[i].c.floor);
		if (rows[i].c.floor > r->floor)
			r->floor = rows[i].c.floor;
		if (!r->lo || rows[i].c.lo < r->lo)
			r->lo = rows[i].c.lo;
		if (rows[i].c.hi > r->hi)
			r->hi = rows[i].c.hi;
	}
	fprintf(out, "\n\n");
	return 1;
}

int plotdata_write_ratio(FILE *out, json_t *root, const char *what,
			 const struct plotdata_spec *spec, struct plotdata_ratio_range *r)
{
	char names[MAX_LINES][256];
	const char *accel = json_string_value(json_object_get(root, "accel"));
	struct lines_of l;
	int nl = find_lines(root, what, spec, &l, names);

	if (nl < 0)
		return 1;
	for (int j = 0; j < nl; j++)
		r->lines += ratio_block(out, &l, names[j], accel, spec, r);
	json_decref(l.points);
	return 0;
}
