// SPDX-License-Identifier: GPL-2.0
#include "collect/bench_points.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "collect/tagged_lines.h"
#include "lib/points.h"

static json_t *point_for(json_t *points, json_t *params)
{
	size_t i;
	json_t *p;

	json_array_foreach(points, i, p)
		if (json_equal(json_object_get(p, "params"), params))
			return p;
	p = json_pack("{s:O}", "params", params);
	json_array_append_new(points, p);
	return p;
}

/* @boot: which input file (one guest boot) the sample came from. */
static void add_sample(json_t *point, const char *kernel, double ns, double ns2k, int boot)
{
	json_t *k = json_object_get(point, kernel);

	if (!k) {
		k = json_pack("{s:[],s:[],s:[]}", "samples", "samples_2x", "boot");
		json_object_set_new(point, kernel, k);
	}
	json_array_append_new(json_object_get(k, "samples"), json_real(ns));
	json_array_append_new(json_object_get(k, "samples_2x"), json_real(ns2k));
	json_array_append_new(json_object_get(k, "boot"), json_integer(boot));
}

/* The current PB-BENCH line as a sample if it is one of @suite; returns 1 if it was. */
static int add_line(struct tagged_lines *t, const char *suite, json_t *filters,
		    json_t *points, const char *kernel, int boot, int *skipped)
{
	json_t *params = json_object();
	double ns = -1, ns2k = -1;
	int ours = 0;
	char *key, *v;

	while (tagged_lines_pair(t, &key, &v)) {
		if (!strcmp(key, "suite"))
			ours = !strcmp(v, suite);
		else if (!strcmp(key, "ns"))
			ns = atof(v);
		else if (!strcmp(key, "ns2k"))
			ns2k = atof(v);
		else
			json_object_set_new(params, key, point_param_value(v));
	}
	ours = ours && ns >= 0;
	if (ours && !points_match_json(params, filters)) {
		(*skipped)++;
		ours = 0;
	}
	if (ours)
		add_sample(point_for(points, params), kernel, ns, ns2k, boot);
	json_decref(params);
	return ours;
}

int bench_points_read(const struct pb_cmd *cmd, const char *suite, char *const *specs,
		      int nspecs, json_t *filters, json_t *points, int *samples)
{
	int skipped = 0;

	*samples = 0;
	for (int i = 0; i < nspecs; i++) {
		char *kernel = strdup(specs[i]), *eq = strchr(kernel, '=');
		struct tagged_lines t;

		if (!eq) {
			free(kernel);
			return args_error(cmd, "want KERNEL=FILE, got %s", specs[i]);
		}
		*eq = '\0';
		if (tagged_lines_open(&t, eq + 1, "PB-BENCH")) {
			perror(eq + 1);
			free(kernel);
			return 1;
		}
		while (tagged_lines_next(&t))
			*samples += add_line(&t, suite, filters, points, kernel, i, &skipped);
		tagged_lines_close(&t);
		free(kernel);
	}
	if (!*samples && skipped) {
		fprintf(stderr, "pb %s: none of the %d %s samples in the input is of a point "
			"--points selects\n", cmd->name, skipped, suite);
		return 1;
	}
	if (!*samples) {
		fprintf(stderr, "pb %s: no %s samples in the input\n", cmd->name, suite);
		return 1;
	}
	return 0;
}

int bench_points_option(const struct pb_cmd *cmd, json_t *filters, const char *value)
{
	char err[512];

	if (points_split(value, filters, err, sizeof(err)))
		return args_error(cmd, "--points: %s", err);
	return 0;
}
