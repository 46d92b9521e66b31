/* SPDX-License-Identifier: GPL-2.0 */
/* The subcommands of `pb`; each lives in its own cmd_*.c file. */
#ifndef PB_CMD_H
#define PB_CMD_H

int cmd_vm(int argc, char **argv);
int cmd_kunit(int argc, char **argv);
int cmd_ktap(int argc, char **argv);
int cmd_tally(int argc, char **argv);
int cmd_bench_collect(int argc, char **argv);
int cmd_records_collect(int argc, char **argv);
int cmd_noise(int argc, char **argv);
int cmd_fold(int argc, char **argv);
int cmd_hyperfine(int argc, char **argv);
int cmd_durations(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_plotdata(int argc, char **argv);
int cmd_plotvars(int argc, char **argv);
int cmd_json_get(int argc, char **argv);
int cmd_history(int argc, char **argv);
int cmd_compare_plot(int argc, char **argv);
int cmd_suites(int argc, char **argv);
int cmd_kcidb(int argc, char **argv);
int cmd_lava(int argc, char **argv);
int cmd_lava_tap(int argc, char **argv);

#endif
