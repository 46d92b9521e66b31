// SPDX-License-Identifier: GPL-2.0
/*
 * pb inputs [--series DIR] [--kconfig FILE] SUITE: the hashes of the
 * repository's inputs a result of SUITE is made from (inputs.h), as the
 * K=V lines of a result's meta (bench/collect/meta.sh records them; the
 * series it records as the patched tree says, "series").
 */
#include <stdio.h>

#include "cmd.h"
#include "args.h"
#include "lib/inputs.h"
#include "lib/suites.h"

static int inputs(int argc, char **argv)
{
	const char *series = NULL, *kconfig = NULL;
	static struct suites all;
	const struct suite *s;
	struct args args;
	char err[1024];
	json_t *in;
	int c;

	args_init(&args, &cmd_inputs, argc, argv);
	while ((c = args_next(&args)) > 0)
		if (c == 's')
			series = args.value;
		else
			kconfig = *args.value ? args.value : NULL;
	if (c < 0)
		return args.status;
	if (suites_load(&all, err, sizeof(err))) {
		fprintf(stderr, "pb inputs: %s\n", err);
		return 1;
	}
	if (!(s = suites_find(&all, args.operands[0]))) {
		fprintf(stderr, "pb inputs: no suite '%s' in %s\n", args.operands[0], suites_dir());
		suites_free(&all);
		return 1;
	}
	in = inputs_of(s->dir, series ? series : "kernel/patches", kconfig);
	suites_free(&all);
	if (!in)
		return 1;
	if (series)
		printf("series=%s\n", json_string_value(json_object_get(in, "series")));
	for (const char *const *k = inputs_keys; *k; k++)
		printf("%s=%s\n", *k, json_string_value(json_object_get(in, *k)));
	json_decref(in);
	return 0;
}

static const struct option options[] = {
	{ "series", required_argument, NULL, 's' },
	{ "kconfig", required_argument, NULL, 'k' },
	{ 0 },
};

const struct pb_cmd cmd_inputs = {
	.name = "inputs",
	.run = inputs,
	.summary = "hashes of the config fragments, suite files and harness (and series) a result is made from",
	.usage = "pb inputs [--series DIR] [--kconfig FILE] SUITE",
	.details = "Prints inputs_config, suite_files and inputs_harness as K=V lines, hashed\n"
		   "as make report hashes today's to judge a result stale; with --series, the\n"
		   "series' hash too (series=, as kernel/tree.sh hashes it).\n"
		   "  --series DIR   print the hash of this series too\n"
		   "  --kconfig FILE a fragment of the user's on top of kernel/config/ (KCONFIG)\n"
		   "Run from the repository's top. exit status: 1 no such suite or an unreadable input\n",
	.options = options,
	.min_operands = 1,
	.max_operands = 1,
};
