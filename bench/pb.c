// SPDX-License-Identifier: GPL-2.0
/* pb: the patchbench harness, one binary with a subcommand per job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} cmds[] = {
	{ "vm", cmd_vm, "boot one QEMU guest: timeout, crash detection, exit status" },
	{ "kunit", cmd_kunit, "boot a kernel with KUnit suites and write their results as TAP" },
	{ "ktap", cmd_ktap, "parse (K)TAP from a log into flat per-case results" },
	{ "tally", cmd_tally, "sum TAP result files into the final 'N passed, N failed' line" },
	{ "bench-collect", cmd_bench_collect, "gather guests' PB-BENCH lines into a JSON result" },
	{ "records-collect", cmd_records_collect, "gather TAG key=value lines into a JSON result" },
	{ "report", cmd_report, "write RESULTS.md from JSON results" },
	{ "plotdata", cmd_plotdata, "one suite's medians and quartiles as gnuplot data blocks" },
	{ "plotvars", cmd_plotvars, "a result's suite, unit, accel and commit as gnuplot variables" },
	{ "hyperfine", cmd_hyperfine, "two hyperfine --export-json runs (K and 2K operations) as PB-BENCH lines" },
	{ "durations", cmd_durations, "per-function call durations from a trace-cmd function_graph report" },
	{ "fold", cmd_fold, "perf script call chains as folded stacks (flame graph input)" },
	{ "noise", cmd_noise, "coefficient of variation and detectable shift of a result" },
	{ "compare", cmd_compare, "compare one suite's results across revisions or kernels" },
	{ "compare-plot", cmd_compare_plot, "plot data of a saved comparison (pb compare --save)" },
	{ "history", cmd_history, "one suite's points across project commits: table and plot data" },
	{ "suites", cmd_suites, "the benchmark suites' manifests (suites/NAME/suite.json): list, get, plot" },
	{ "json-get", cmd_json_get, "values at paths of a JSON file, for scripts reading pb's JSON" },
	{ "lava", cmd_lava, "a LAVA v2 job (device_type qemu) for a guest pb vm --dry-run described" },
	{ "lava-tap", cmd_lava_tap, "a LAVA job's results as the TAP pb vm or pb kunit writes" },
	{ "kcidb", cmd_kcidb, "the newest results and TAP files as one KCIDB v5 JSON document" },
};

static void usage(FILE *f)
{
	fprintf(f, "usage: pb COMMAND [ARGS]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(f, "  %-14s %s\n", cmds[i].name, cmds[i].help);
}

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "pb: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
