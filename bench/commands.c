// SPDX-License-Identifier: GPL-2.0
/* The table of pb's commands, pb's main() and pb help. */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "args.h"

const struct pb_cmd *const pb_commands[] = {
	&cmd_vm, &cmd_kunit, &cmd_ktap, &cmd_tally, &cmd_bench_collect, &cmd_bench_round,
	&cmd_records_collect, &cmd_report, &cmd_suite_plot, &cmd_plotdata, &cmd_plotvars, &cmd_hyperfine,
	&cmd_bench_verdict, &cmd_bisect_verdict, &cmd_bisect_tests, &cmd_bisect_curve, &cmd_inputs,
	&cmd_durations, &cmd_fold, &cmd_flamegraph, &cmd_noise, &cmd_compare, &cmd_compare_plot, &cmd_history,
	&cmd_suites, &cmd_tests, &cmd_results, &cmd_json_get, &cmd_lava, &cmd_lava_tap, &cmd_kcidb,
	&cmd_probe, &cmd_needs, &cmd_jobs, &cmd_build, &cmd_arch, &cmd_targets, &cmd_help,
	NULL,
};

const struct pb_cmd *pb_command(const char *name)
{
	for (const struct pb_cmd *const *c = pb_commands; *c; c++)
		if (!strcmp((*c)->name, name))
			return *c;
	return NULL;
}

static void list(FILE *f)
{
	fprintf(f, "usage: pb COMMAND [ARGS]  (pb help COMMAND: its usage and options)\n\n"
		"commands:\n");
	for (const struct pb_cmd *const *c = pb_commands; *c; c++)
		fprintf(f, "  %-16s %s\n", (*c)->name, (*c)->summary);
}

static int help(int argc, char **argv)
{
	const struct pb_cmd *cmd;
	struct args a;

	args_init(&a, &cmd_help, argc, argv);
	if (args_next(&a) < 0)
		return a.status;
	if (!a.noperands) {
		list(stdout);
		return 0;
	}
	if (!(cmd = pb_command(a.operands[0])))
		return args_error(&cmd_help, "no command '%s'", a.operands[0]);
	args_help(cmd);
	return 0;
}

const struct pb_cmd cmd_help = {
	.name = "help",
	.run = help,
	.summary = "list the commands, or print one command's usage and options",
	.usage = "pb help [COMMAND]",
	.details = "pb COMMAND --help (or -h) prints the same. A usage error (an unknown option,\n"
		   "a missing value, a wrong number of operands) exits 2 with one line saying\n"
		   "what is wrong and the usage on stderr; pb vm exits 4 (its 2 is a crash).\n",
	.max_operands = 1,
};

int pb_main(int argc, char **argv)
{
	const struct pb_cmd *cmd;

	if (argc < 2) {
		list(stderr);
		return PB_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		list(stdout);
		return 0;
	}
	if (!(cmd = pb_command(argv[1]))) {
		fprintf(stderr, "pb: unknown command '%s'\n", argv[1]);
		list(stderr);
		return PB_USAGE;
	}
	return cmd->run(argc - 1, argv + 1);
}
