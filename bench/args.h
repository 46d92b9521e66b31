/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One way for every pb command to parse its arguments: getopt_long over the
 * command's options (struct pb_cmd), options and operands in any order,
 * "--" before operands that start with '-'. A usage error prints one line
 * saying what is wrong and the command's usage on stderr; --help (-h)
 * prints the command's help on stdout.
 *
 *	struct args a;
 *	int c;
 *
 *	args_init(&a, &cmd_x, argc, argv);
 *	while ((c = args_next(&a)) > 0)
 *		switch (c) { case 'j': json = 1; break; case 's': save = a.value; break; }
 *	if (c < 0)
 *		return a.status;
 *	... a.operands[0 .. a.noperands - 1]
 */
#ifndef PB_ARGS_H
#define PB_ARGS_H

#include <stdio.h>

#include "cmd.h"

#define ARGS_MAX_OPTIONS 24

struct args {
	const struct pb_cmd *cmd;
	int argc;
	char **argv;
	char prog[64];	/* "pb NAME", what getopt_long's messages start with */
	struct option opts[ARGS_MAX_OPTIONS + 2];
	unsigned long seen;	/* bit i: opts[i] was given */
	const char *name;	/* the option args_next() returned (long name) */
	const char *value;	/* and its value, NULL for a flag */
	char **operands;	/* once args_next() returned 0: argv + 1 */
	int noperands;
	int status;	/* what the command exits with when args_next() returned -1 */
};

void args_init(struct args *a, const struct pb_cmd *cmd, int argc, char **argv);

/*
 * The next option's val (a->name, a->value say which and its value); 0 after
 * the last, the required options given and the operands counted; -1 after
 * printing the help (a->status 0) or a usage error (a->status the command's).
 */
int args_next(struct args *a);

/*
 * For a command with no options of its own: parse argv (--help, the operand
 * count), leaving the operands in argv[1 .. *argc - 1]. -1 if the command is
 * to exit with *status now.
 */
int args_operands(const struct pb_cmd *cmd, int *argc, char **argv, int *status);

/*
 * A form of a command that has forms (pb tests list, pb jobs run): its name,
 * its operand count after the name (max -1: no limit) and the short letters
 * (struct option's val) of the options it takes.
 */
struct args_form {
	const char *name;
	int min, max;
	const char *options;
};

/*
 * Once args_next() returned 0: the form the first operand names among @forms
 * (ended by a NULL name), checked against the options given and the operands
 * after it. Its index in @forms; -1 after saying what is wrong (a->status the
 * usage-error status). Every command with forms dispatches through this.
 *
 *	if ((f = args_form(&a, forms)) < 0)
 *		return a.status;
 */
int args_form(struct args *a, const struct args_form *forms);

/* Print "pb NAME: " and the message, then the usage, on stderr; the usage-error status. */
int args_error(const struct pb_cmd *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The command's usage lines ("usage: pb NAME ...") to @f. */
void args_usage(FILE *f, const struct pb_cmd *cmd);

/* pb help NAME: summary, usage and details to stdout. */
void args_help(const struct pb_cmd *cmd);

/* The exit status of a usage error of @cmd. */
int args_usage_status(const struct pb_cmd *cmd);

#endif
