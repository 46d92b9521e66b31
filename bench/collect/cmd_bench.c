// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-collect --suite S --unit U --accel A --out FILE [--meta K=V]...
 *     [--meta-file F]... [--points FILTERS]... [--caps KERNEL=CAPS]... KERNEL=FILE...
 *
 * Reads "PB-BENCH suite=S key=value ... ns=X ns2k=Y" lines that guests wrote,
 * groups samples by their parameters and by kernel, and writes one JSON
 * result file (atomically). Every sample is kept; statistics are computed
 * when comparing, so the file stays the raw record. With --points, only
 * the points those filters select (make bench POINTS=, a partial result).
 * With --caps (pb probe's file of a kernel), a point the kernel lacks the
 * needs of (the manifest's needs and point_needs) says so in the result:
 * "not_applicable": {"KERNEL": "KERNEL lacks WHAT"}.
 */
#include <jansson.h>
#include <stdio.h>

#include "cmd.h"
#include "args.h"
#include "collect/bench_points.h"
#include "collect/meta_options.h"
#include "lib/results.h"
#include "probe/applies.h"

static int bench_collect(int argc, char **argv)
{
	struct result_args r = { .meta = json_object() };
	const char *unit = NULL, *accel = NULL;
	json_t *points = json_array(), *filters = json_array(), *root;
	json_t *caps = json_array();
	int samples, c;
	struct args a;

	args_init(&a, &cmd_bench_collect, argc, argv);
	while ((c = args_next(&a)) > 0) {
		switch (c) {
		case 'u':
			unit = a.value;
			break;
		case 'a':
			accel = a.value;
			break;
		case 'P':
			if ((c = bench_points_option(&cmd_bench_collect, filters, a.value)))
				return c;
			break;
		case 'C':
			json_array_append_new(caps, json_string(a.value));
			break;
		default:
			if ((c = result_option(&r, &a)))
				return c;
		}
	}
	if (c < 0)
		return a.status;
	c = bench_points_read(&cmd_bench_collect, r.suite, a.operands, a.noperands, filters,
			      points, &samples);
	json_decref(filters);
	if (!c && points_mark_not_applicable(r.suite, points, caps))
		c = 1;
	json_decref(caps);
	if (c)
		return c;
	root = json_pack("{s:i,s:s,s:s,s:s,s:o,s:o}", "schema", 1, "suite", r.suite, "unit",
			 unit, "accel", accel, "meta", r.meta, "points", points);
	return collected_write(root, r.out, "%d samples in %zu points", samples, json_array_size(points));
}

static const struct option options[] = {
	RESULT_OPTIONS,
	{ "unit", required_argument, NULL, 'u' },
	{ "accel", required_argument, NULL, 'a' },
	BENCH_POINTS_OPTION,
	{ "caps", required_argument, NULL, 'C' },
	{ 0 },
};

const struct pb_cmd cmd_bench_collect = {
	.name = "bench-collect",
	.run = bench_collect,
	.summary = "gather guests' PB-BENCH lines into a JSON result",
	.usage = "pb bench-collect --suite S --unit U --accel A --out FILE [--meta K=V]...\n"
		 "    [--meta-file F]... [--points FILTERS]... [--caps KERNEL=CAPS]... KERNEL=FILE...",
	.details = "Reads the \"PB-BENCH suite=S key=value ... ns=X ns2k=Y\" lines of each FILE as\n"
		   "KERNEL's samples and writes one JSON result to FILE (atomically).\n"
		   META_HELP
		   BENCH_POINTS_HELP
		   "  --caps KERNEL=CAPS  pb probe's file of KERNEL: the points it lacks the needs of\n"
		   "                 are marked not applicable to it, with the reason (repeatable)\n",
	.options = options,
	.required = (const char *const[]){ "suite", "unit", "accel", "out", NULL },
	.min_operands = 1,
	.max_operands = -1,
};
