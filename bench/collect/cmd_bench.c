// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-collect --suite S --unit U --accel A --out FILE [--meta K=V]...
 *     [--meta-file F]... KERNEL=FILE...
 *
 * Reads "PB-BENCH suite=S key=value ... ns=X ns2k=Y" lines that guests wrote,
 * groups samples by their parameters and by kernel, and writes one JSON
 * result file (atomically). Every sample is kept; statistics are computed
 * when comparing, so the file stays the raw record.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "collect/meta_options.h"
#include "lib/results.h"

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

/* A parameter is an integer when it reads as one ("L=64"), else a string ("fn=strlen"). */
static json_t *param_value(const char *v)
{
	char *end;
	long long n = strtoll(v, &end, 10);

	return *v && !*end ? json_integer(n) : json_string(v);
}

/* Parse one PB-BENCH line of @suite; returns 1 if it was one. */
static int parse_line(char *line, const char *suite, json_t *points, const char *kernel,
		      int boot)
{
	json_t *params = json_object();
	double ns = -1, ns2k = -1;
	int ours = 0;
	char *save = NULL;

	if (strncmp(line, "PB-BENCH ", 9)) {
		json_decref(params);
		return 0;
	}
	for (char *t = strtok_r(line + 9, " \n", &save); t; t = strtok_r(NULL, " \n", &save)) {
		char *eq = strchr(t, '=');

		if (!eq)
			continue;
		*eq++ = '\0';
		if (!strcmp(t, "suite"))
			ours = !strcmp(eq, suite);
		else if (!strcmp(t, "ns"))
			ns = atof(eq);
		else if (!strcmp(t, "ns2k"))
			ns2k = atof(eq);
		else
			json_object_set_new(params, t, param_value(eq));
	}
	if (ours && ns >= 0)
		add_sample(point_for(points, params), kernel, ns, ns2k, boot);
	json_decref(params);
	return ours && ns >= 0;
}

static int bench_collect(int argc, char **argv)
{
	const char *suite = NULL, *unit = NULL, *accel = NULL, *out = NULL;
	json_t *meta = json_object(), *points = json_array(), *root;
	int samples = 0, i, c;
	struct args a;

	args_init(&a, &cmd_bench_collect, argc, argv);
	while ((c = args_next(&a)) > 0) {
		switch (c) {
		case 's':
			suite = a.value;
			break;
		case 'u':
			unit = a.value;
			break;
		case 'a':
			accel = a.value;
			break;
		case 'o':
			out = a.value;
			break;
		default:
			if ((c = meta_option(meta, &a)))
				return c;
		}
	}
	if (c < 0)
		return a.status;
	for (i = 0; i < a.noperands; i++) {
		char *spec = strdup(a.operands[i]), *eq = strchr(spec, '='), line[4096];
		FILE *f;

		if (!eq)
			return args_error(&cmd_bench_collect, "want KERNEL=FILE, got %s", a.operands[i]);
		*eq = '\0';
		f = fopen(eq + 1, "r");
		if (!f) {
			perror(eq + 1);
			return 1;
		}
		while (fgets(line, sizeof(line), f))
			samples += parse_line(line, suite, points, spec, i);
		fclose(f);
		free(spec);
	}
	if (!samples) {
		fprintf(stderr, "pb bench-collect: no %s samples in the input\n", suite);
		return 1;
	}
	root = json_pack("{s:i,s:s,s:s,s:s,s:o,s:o}", "schema", 1, "suite", suite, "unit", unit,
			 "accel", accel, "meta", meta, "points", points);
	if (results_write(root, out))
		return 1;
	printf("bench: %s: %d samples in %zu points -> %s\n", suite, samples,
	       json_array_size(points), out);
	json_decref(root);
	return 0;
}

static const struct option options[] = {
	{ "suite", required_argument, NULL, 's' },
	{ "unit", required_argument, NULL, 'u' },
	{ "accel", required_argument, NULL, 'a' },
	{ "out", required_argument, NULL, 'o' },
	META_OPTIONS,
	{ 0 },
};

const struct pb_cmd cmd_bench_collect = {
	.name = "bench-collect",
	.run = bench_collect,
	.summary = "gather guests' PB-BENCH lines into a JSON result",
	.usage = "pb bench-collect --suite S --unit U --accel A --out FILE [--meta K=V]...\n"
		 "    [--meta-file F]... KERNEL=FILE...",
	.details = "Reads the \"PB-BENCH suite=S key=value ... ns=X ns2k=Y\" lines of each FILE as\n"
		   "KERNEL's samples and writes one JSON result to FILE (atomically).\n"
		   META_HELP,
	.options = options,
	.required = (const char *const[]){ "suite", "unit", "accel", "out", NULL },
	.min_operands = 1,
	.max_operands = -1,
};
