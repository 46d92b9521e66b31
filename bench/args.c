// SPDX-License-Identifier: GPL-2.0
#include "args.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define OPERAND 1	/* what getopt_long returns for an operand with "-" leading optstring */
#define HELP 'h'

void args_init(struct args *a, const struct pb_cmd *cmd, int argc, char **argv)
{
	const struct option *o = cmd->options;
	int n = 0;

	memset(a, 0, sizeof(*a));
	a->cmd = cmd;
	a->argc = argc;
	a->argv = argv;
	snprintf(a->prog, sizeof(a->prog), "pb %s", cmd->name);
	for (; o && o->name && n < ARGS_MAX_OPTIONS; o++)
		a->opts[n++] = *o;
	a->opts[n] = (struct option){ "help", no_argument, NULL, HELP };
}

int args_usage_status(const struct pb_cmd *cmd)
{
	return cmd->usage_status ? cmd->usage_status : PB_USAGE;
}

void args_usage(FILE *f, const struct pb_cmd *cmd)
{
	const char *line = cmd->usage;

	for (int first = 1; *line; first = 0) {
		size_t len = strcspn(line, "\n");

		fprintf(f, "%s%.*s\n", first ? "usage: " : "       ", (int)len, line);
		line += len + !!line[len];
	}
}

void args_help(const struct pb_cmd *cmd)
{
	printf("pb %s: %s\n\n", cmd->name, cmd->summary);
	args_usage(stdout, cmd);
	if (cmd->shared_help)
		printf("\n%s", cmd->shared_help);
	if (cmd->details)
		printf("\n%s", cmd->details);
}

int args_error(const struct pb_cmd *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "pb %s: ", cmd->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	args_usage(stderr, cmd);
	return args_usage_status(cmd);
}

static int stop(struct args *a, int status)
{
	a->status = status;
	return -1;
}

int args_form(struct args *a, const struct args_form *forms)
{
	const char *name = a->operands[0];
	int after = a->noperands - 1, f;

	for (f = 0; forms[f].name && strcmp(forms[f].name, name); f++)
		;
	if (!forms[f].name)
		return stop(a, args_error(a->cmd, "no form '%s'", name));
	for (int i = 0; a->opts[i].name; i++)
		if ((a->seen & (1UL << i)) && !strchr(forms[f].options, a->opts[i].val))
			return stop(a, args_error(a->cmd, "'%s' takes no --%s", name, a->opts[i].name));
	if (after < forms[f].min || (forms[f].max >= 0 && after > forms[f].max))
		return stop(a, args_error(a->cmd, "wrong number of operands after '%s'", name));
	return f;
}

/* After the last option: the required options and the operand count. */
static int check(struct args *a)
{
	const struct pb_cmd *c = a->cmd;
	int i;

	for (const char *const *r = c->required; r && *r; r++) {
		for (i = 0; a->opts[i].name && strcmp(a->opts[i].name, *r); i++)
			;
		if (!(a->seen & (1UL << i)))
			return stop(a, args_error(c, "--%s is required", *r));
	}
	if (a->noperands < c->min_operands || (c->max_operands >= 0 && a->noperands > c->max_operands)) {
		int want = a->noperands < c->min_operands ? c->min_operands : c->max_operands;

		return stop(a, args_error(c, "takes %s%d operand%s, got %d",
					  c->min_operands == c->max_operands ? "" :
					  want == c->min_operands ? "at least " : "at most ",
					  want, want == 1 ? "" : "s", a->noperands));
	}
	return 0;
}

int args_next(struct args *a)
{
	int c, index = -1;

	if (!a->operands) {	/* the first call */
		a->argv[0] = a->prog;
		a->operands = a->argv + 1;
		optind = 0;	/* glibc: start afresh */
		opterr = 1;
	}
	/*
	 * "-": operands come back in order as OPERAND, with or without
	 * POSIXLY_CORRECT; they are gathered at the front of argv, where
	 * getopt_long will not look again.
	 */
	while ((c = getopt_long(a->argc, a->argv, "-h", a->opts, &index)) == OPERAND)
		a->operands[a->noperands++] = optarg;
	if (c == -1) {
		while (optind < a->argc)	/* after "--" */
			a->operands[a->noperands++] = a->argv[optind++];
		return check(a);
	}
	if (c == HELP) {
		args_help(a->cmd);
		return stop(a, 0);
	}
	if (c == '?' || index < 0) {	/* getopt_long said what is wrong */
		args_usage(stderr, a->cmd);
		return stop(a, args_usage_status(a->cmd));
	}
	a->seen |= 1UL << index;
	a->name = a->opts[index].name;
	a->value = optarg;
	return c;
}

int args_operands(const struct pb_cmd *cmd, int *argc, char **argv, int *status)
{
	struct args a;

	args_init(&a, cmd, *argc, argv);
	if (args_next(&a) < 0) {
		*status = a.status;
		return -1;
	}
	*argc = a.noperands + 1;
	return 0;
}
