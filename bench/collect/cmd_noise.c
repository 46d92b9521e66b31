// SPDX-License-Identifier: GPL-2.0
/*
 * pb noise [--json] RESULT.json KERNEL SUITE MODE
 *
 * The spread of one kernel's samples in a result (collect/noise.h), for make
 * selfcheck's noise table: over the points, the median and the largest
 * coefficient of variation, the fewest samples a point has, and the smallest
 * shift the comparison can then detect at the noisiest point
 * (stat_min_detectable); pb bench-round decides bench/collect/run.sh's
 * adaptive rounds by the same figure. Prints one "PB-SELFCHECK kind=noise ..." record
 * line (pb records-collect reads it), or with --json the same as a JSON
 * object { "mode", "suite", "points", "n", "cv_median", "cv_max", "mde_pct" }.
 */
#include <jansson.h>
#include <stdio.h>

#include "cmd.h"
#include "args.h"
#include "collect/noise.h"

static int noise(int argc, char **argv)
{
	struct noise nz;
	json_error_t err;
	json_t *root;
	int as_json = 0, has_samples, c;
	struct args a;

	args_init(&a, &cmd_noise, argc, argv);
	while ((c = args_next(&a)) > 0)
		as_json = 1;
	if (c < 0)
		return a.status;
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		fprintf(stderr, "pb noise: %s: %s\n", argv[1], err.text);
		return 1;
	}
	has_samples = noise_of(json_object_get(root, "points"), argv[2], &nz);
	json_decref(root);
	if (!has_samples) {
		fprintf(stderr, "pb noise: no %s samples in %s\n", argv[2], argv[1]);
		return 1;
	}
	if (!as_json) {
		printf("PB-SELFCHECK kind=noise mode=%s suite=%s points=%zu n=%zu "
		       "cv_median=%.6f cv_max=%.6f mde_pct=%.3f\n", argv[4], argv[3], nz.points,
		       nz.n, nz.cv_median, nz.cv_max, nz.mde_pct);
		return 0;
	}
	root = json_pack("{s:s, s:s, s:I, s:I, s:f, s:f, s:f}", "mode", argv[4], "suite", argv[3],
			 "points", (json_int_t)nz.points, "n", (json_int_t)nz.n, "cv_median",
			 nz.cv_median, "cv_max", nz.cv_max, "mde_pct", nz.mde_pct);
	json_dumpf(root, stdout, JSON_INDENT(1) | JSON_SORT_KEYS);
	putchar('\n');
	json_decref(root);
	return 0;
}

static const struct option options[] = {
	{ "json", no_argument, NULL, 'j' },
	{ 0 },
};

const struct pb_cmd cmd_noise = {
	.name = "noise",
	.run = noise,
	.summary = "coefficient of variation and detectable shift of a result",
	.usage = "pb noise [--json] RESULT.json KERNEL SUITE MODE",
	.details = "Prints a \"PB-SELFCHECK kind=noise ...\" record line for KERNEL's samples.\n"
		   "  --json  the same as one JSON object: mode, suite, points, n, cv_median,\n"
		   "          cv_max, mde_pct\n",
	.options = options,
	.min_operands = 4,
	.max_operands = 4,
};
