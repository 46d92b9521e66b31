// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-round --suite S --target PCT [--points FILTERS]... KERNEL=FILE...
 *
 * Whether bench/collect/run.sh's adaptive rounds have enough samples: reads
 * the rounds' PB-BENCH lines as pb bench-collect does (collect/bench_points.h)
 * and, per kernel, the shift its noisiest point could still hide as pb noise
 * does (collect/noise.h). Prints the largest over the kernels, in %, as
 * pb json-get prints a number, and exits 0 if that is at most PCT, else
 * BENCH_ROUND_MORE: another round would help.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "collect/bench_points.h"
#include "collect/noise.h"

#define BENCH_ROUND_MORE 10

/* Is KERNEL of the KERNEL=FILE operand @spec one of an earlier operand's? */
static int kernel_seen(char *const *specs, int i)
{
	size_t len = strcspn(specs[i], "=");

	for (int j = 0; j < i; j++)
		if (strcspn(specs[j], "=") == len && !strncmp(specs[j], specs[i], len))
			return 1;
	return 0;
}

/*
 * The largest MDE (%) of the operands' kernels in @points; -1 after saying
 * why not. With --points (@partial) a kernel may have none of the selected
 * points (mctp-route's gateway chains are the patched kernel's alone).
 */
static double worst_mde(json_t *points, char *const *specs, int nspecs, int partial)
{
	double worst = 0;

	for (int i = 0; i < nspecs; i++) {
		char kernel[256];
		struct noise nz;

		if (kernel_seen(specs, i))
			continue;
		snprintf(kernel, sizeof(kernel), "%.*s", (int)strcspn(specs[i], "="), specs[i]);
		if (!noise_of(points, kernel, &nz)) {
			if (partial)
				continue;
			fprintf(stderr, "pb bench-round: no %s samples\n", kernel);
			return -1;
		}
		if (!isfinite(nz.mde_pct)) {
			fprintf(stderr, "pb bench-round: %s: the samples' spread is not a number\n",
				kernel);
			return -1;
		}
		if (nz.mde_pct > worst)
			worst = nz.mde_pct;
	}
	return worst;
}

static int bench_round(int argc, char **argv)
{
	const char *suite = NULL, *target_text = NULL;
	json_t *points = json_array(), *filters = json_array(), *mde_json;
	double target, mde;
	char *end, *mde_text;
	int samples, c, partial;
	struct args a;

	args_init(&a, &cmd_bench_round, argc, argv);
	while ((c = args_next(&a)) > 0)
		if (c == 's')
			suite = a.value;
		else if (c == 't')
			target_text = a.value;
		else if ((c = bench_points_option(&cmd_bench_round, filters, a.value)))
			return c;
	if (c < 0)
		return a.status;
	target = strtod(target_text, &end);
	if (!*target_text || *end || !isfinite(target))
		return args_error(&cmd_bench_round, "--target wants a percentage, got '%s'",
				  target_text);
	c = bench_points_read(&cmd_bench_round, suite, a.operands, a.noperands, filters,
			      points, &samples);
	partial = json_array_size(filters) > 0;
	json_decref(filters);
	if (c)
		return c;
	mde = worst_mde(points, a.operands, a.noperands, partial);
	json_decref(points);
	if (mde < 0)
		return 1;
	/* the number as pb json-get prints it, and the decision on what it prints */
	mde_json = json_real(mde);
	mde_text = json_dumps(mde_json, JSON_ENCODE_ANY | JSON_REAL_PRECISION(10));
	json_decref(mde_json);
	puts(mde_text);
	mde = strtod(mde_text, NULL);
	free(mde_text);
	return mde <= target ? 0 : BENCH_ROUND_MORE;
}

static const struct option options[] = {
	{ "suite", required_argument, NULL, 's' },
	{ "target", required_argument, NULL, 't' },
	BENCH_POINTS_OPTION,
	{ 0 },
};

const struct pb_cmd cmd_bench_round = {
	.name = "bench-round",
	.run = bench_round,
	.summary = "the largest shift the rounds so far could hide: enough rounds?",
	.usage = "pb bench-round --suite S --target PCT [--points FILTERS]... KERNEL=FILE...",
	.details = "Reads the PB-BENCH lines of each FILE as KERNEL's samples (as pb bench-collect\n"
		   "does) and prints the largest shift, in %, that a kernel's noisiest point could\n"
		   "still hide (pb noise's mde_pct).\n"
		   "  --target PCT  the shift the rounds are to detect\n"
		   BENCH_POINTS_HELP
		   "exit status: 0 when the printed shift is at most PCT, 10 when more rounds\n"
		   "are needed, 1 on bad input\n",
	.options = options,
	.required = (const char *const[]){ "suite", "target", NULL },
	.min_operands = 1,
	.max_operands = -1,
};
