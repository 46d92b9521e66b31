/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The subcommands of `pb`; each lives in its own cmd_*.c file, which defines
 * its struct pb_cmd: its entry point, its usage text (printed by pb help and
 * after every usage error) and how its arguments parse (args.h).
 *
 * Every cmd_*.c therefore ends alike: its options table, then its struct
 * pb_cmd with a usage of several lines. The likeness is one declaration's
 * shape, not logic written twice: what the commands share (parsing, usage
 * errors, help, forms) is args.c's, once. A list of repeated blocks shows
 * these tails; they stay.
 */
#ifndef PB_CMD_H
#define PB_CMD_H

#include <getopt.h>

/* Exit status of a usage error (unknown option, missing value, bad operand count). */
#define PB_USAGE 2

struct pb_cmd {
	const char *name;
	int (*run)(int argc, char **argv);	/* argv[0] is the command's name */
	const char *summary;	/* one line, for the list pb help prints */
	const char *usage;	/* synopsis, "pb NAME ..." lines */
	const char *shared_help;	/* what pb help NAME prints first: options shared with others */
	const char *details;	/* what pb help NAME adds: the options, the exit status */
	const struct option *options;	/* for args_next(), { 0 }-terminated, --help implied */
	const char *const *required;	/* long options that must be given, NULL-terminated */
	int min_operands, max_operands;	/* max -1: no limit */
	int usage_status;	/* exit status of a usage error if not PB_USAGE */
};

/* Every command, in the order pb help lists them, NULL-terminated. */
extern const struct pb_cmd *const pb_commands[];

const struct pb_cmd *pb_command(const char *name);

/* pb's main(): run the command argv[1] names. */
int pb_main(int argc, char **argv);

extern const struct pb_cmd cmd_help, cmd_vm, cmd_kunit, cmd_ktap, cmd_tally, cmd_bench_collect,
	cmd_bench_round, cmd_records_collect, cmd_report, cmd_suite_plot, cmd_plotdata, cmd_plotvars, cmd_hyperfine,
	cmd_durations, cmd_fold, cmd_flamegraph, cmd_noise, cmd_compare, cmd_compare_plot, cmd_history, cmd_suites,
	cmd_results, cmd_json_get, cmd_lava, cmd_lava_tap, cmd_kcidb, cmd_probe, cmd_needs, cmd_tests,
	cmd_jobs, cmd_build, cmd_arch;
/* make bench's verdict, a result's inputs (bench/compare/, bench/lib/) */
extern const struct pb_cmd cmd_bench_verdict, cmd_bisect_verdict, cmd_inputs;
/* make bisect's test verdict and curve (bench/tap/, bench/report/) */
extern const struct pb_cmd cmd_bisect_tests, cmd_bisect_curve;
/* make help's targets (docs/targets.json) */
extern const struct pb_cmd cmd_targets;

#endif
