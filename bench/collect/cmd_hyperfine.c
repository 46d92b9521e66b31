// SPDX-License-Identifier: GPL-2.0
/*
 * pb hyperfine SUITE PARAMS K 1X.json 2X.json: two `hyperfine --export-json`
 * runs of the same command doing K and 2K operations, as PB-BENCH lines:
 *   PB-BENCH suite=SUITE PARAMS iters=K ns=X ns2k=Y
 * one per pair of runs (the i-th run of each file), where X and Y are the
 * run's time per operation. hyperfine's clock is the one it ran under: in
 * an icount guest, guest instructions. The lines then go through
 * bench-collect like any suite's, so the 2K check applies.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"

/* The per-run times (s) of the only command in a hyperfine export. */
static json_t *run_times(const char *file, json_t **root)
{
	json_error_t err;
	json_t *results, *times;

	*root = json_load_file(file, 0, &err);
	if (!*root) {
		fprintf(stderr, "pb hyperfine: %s: %s\n", file, err.text);
		return NULL;
	}
	results = json_object_get(*root, "results");
	times = json_object_get(json_array_get(results, 0), "times");
	if (json_array_size(results) != 1 || !json_is_array(times) || !json_array_size(times)) {
		fprintf(stderr, "pb hyperfine: %s: want one command with its run times\n", file);
		return NULL;
	}
	return times;
}

static int hyperfine(int argc, char **argv)
{
	json_t *r1 = NULL, *r2 = NULL, *t1, *t2;
	long k;
	int rc = 1, status;

	if (args_operands(&cmd_hyperfine, &argc, argv, &status))
		return status;
	if ((k = atol(argv[3])) < 1)
		return args_error(&cmd_hyperfine, "K must be a positive count, got '%s'", argv[3]);
	t1 = run_times(argv[4], &r1);
	t2 = t1 ? run_times(argv[5], &r2) : NULL;
	if (t1 && t2 && json_array_size(t1) != json_array_size(t2)) {
		fprintf(stderr, "pb hyperfine: %s and %s have different run counts\n", argv[4],
			argv[5]);
	} else if (t1 && t2) {
		for (size_t i = 0; i < json_array_size(t1); i++)
			printf("PB-BENCH suite=%s %s iters=%ld ns=%.1f ns2k=%.1f\n", argv[1], argv[2], k,
			       json_number_value(json_array_get(t1, i)) * 1e9 / (double)k,
			       json_number_value(json_array_get(t2, i)) * 1e9 / (double)(2 * k));
		rc = 0;
	}
	json_decref(r1);
	json_decref(r2);
	return rc;
}

const struct pb_cmd cmd_hyperfine = {
	.name = "hyperfine",
	.run = hyperfine,
	.summary = "two hyperfine --export-json runs (K and 2K operations) as PB-BENCH lines",
	.usage = "pb hyperfine SUITE PARAMS K 1X.json 2X.json",
	.details = "Prints \"PB-BENCH suite=SUITE PARAMS iters=K ns=X ns2k=Y\", one line per pair of\n"
		   "runs, X and Y the run's time per operation.\n",
	.min_operands = 5,
	.max_operands = 5,
};
