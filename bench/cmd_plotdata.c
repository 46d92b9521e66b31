// SPDX-License-Identifier: GPL-2.0
/*
 * pb plotdata RESULT.json X [--series KEY] [--kernel K] [KEY=VALUE...]
 *
 * Data for gnuplot: one block per kernel (and per value of the --series
 * parameter, a string or an integer; --kernel K keeps one kernel), blocks separated by two blank
 * lines so `index N` picks one, each headed by a title row ("K V" median q1
 * q3, for gnuplot's columnheader), then rows of
 *   X median q1 q3
 * sorted by X, over the points that match every KEY=VALUE (or KEY!=VALUE) filter.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "results.h"
#include "stats.h"

#define MAX_ROWS 256
#define MAX_VALUES 16

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

/* A string or integer parameter as text; "" for anything else. */
static void param_text(json_t *v, char *buf, size_t len)
{
	if (json_is_string(v))
		snprintf(buf, len, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	else
		buf[0] = '\0';
}

static int by_x(const void *a, const void *b)
{
	long long x = ((const struct row *)a)->x, y = ((const struct row *)b)->x;

	return (x > y) - (x < y);
}

static void block(json_t *root, const char *kernel, const char *xkey, const char *skey,
		  const char *sval, char **filters, int nf)
{
	static struct series s;
	struct row rows[MAX_ROWS];
	size_t i, n = 0;
	json_t *p;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		json_t *params = json_object_get(p, "params"), *x = json_object_get(params, xkey);

		if (!json_is_integer(x) || !matches(params, filters, nf) || n == MAX_ROWS)
			continue;
		if (skey) {
			char v[64];

			param_text(json_object_get(params, skey), v, sizeof(v));
			if (strcmp(v, sval))
				continue;
		}
		if (!results_load(p, kernel, &s))
			continue;
		rows[n++] = (struct row){ json_integer_value(x), stat_median(s.x, s.n),
					  stat_quantile(s.x, s.n, 0.25), stat_quantile(s.x, s.n, 0.75) };
	}
	qsort(rows, n, sizeof(*rows), by_x);
	/* the first row of a block is its title, for gnuplot's columnheader */
	if (skey)
		printf("\"%s %s\" median q1 q3\n", kernel, sval);
	else
		printf("\"%s\" median q1 q3\n", kernel);
	for (i = 0; i < n; i++)
		printf("%lld %.3f %.3f %.3f\n", rows[i].x, rows[i].med, rows[i].q1, rows[i].q3);
	if (!n)
		printf("nan nan nan nan\n");	/* keeps the block, so index numbers stay put */
	printf("\n\n");
}

int cmd_plotdata(int argc, char **argv)
{
	const char *skey = NULL, *only = NULL;
	char values[MAX_VALUES][64];
	char *filters[16];
	int nf = 0, nv = 0;
	json_error_t err;
	json_t *root, *p;
	size_t i;

	if (argc < 3) {
		fprintf(stderr, "usage: pb plotdata RESULT.json X [--series KEY] [--kernel K] [KEY=VALUE...]\n");
		return 1;
	}
	for (int a = 3; a < argc; a++) {
		if (!strcmp(argv[a], "--series") && a + 1 < argc)
			skey = argv[++a];
		else if (!strcmp(argv[a], "--kernel") && a + 1 < argc)
			only = argv[++a];
		else if (strchr(argv[a], '=') && nf < 16)
			filters[nf++] = argv[a];
		else {
			fprintf(stderr, "pb plotdata: bad argument %s\n", argv[a]);
			return 1;
		}
	}
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		fprintf(stderr, "pb plotdata: %s: %s\n", argv[1], err.text);
		return 1;
	}
	/* series values of the matching points, in order of first appearance */
	json_array_foreach(json_object_get(root, "points"), i, p) {
		char v[64];
		int seen = 0;

		json_t *params = json_object_get(p, "params");

		param_text(skey ? json_object_get(params, skey) : NULL, v, sizeof(v));
		if (!v[0] || !matches(params, filters, nf))
			continue;
		for (int j = 0; j < nv; j++)
			seen |= !strcmp(values[j], v);
		if (!seen && nv < MAX_VALUES)
			snprintf(values[nv++], sizeof(values[0]), "%s", v);
	}
	for (int k = 0; k < 2; k++) {
		const char *kernel = k ? "patched" : "baseline";

		if (only && strcmp(only, kernel))
			continue;
		if (!skey)
			block(root, kernel, argv[2], NULL, NULL, filters, nf);
		for (int j = 0; j < nv; j++)
			block(root, kernel, argv[2], skey, values[j], filters, nf);
	}
	json_decref(root);
	return 0;
}
