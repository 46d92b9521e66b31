// SPDX-License-Identifier: GPL-2.0
/*
 * pb targets: the make targets meant to be run by hand, from one data file
 * (docs/targets.json): make help prints them, tests/docs-check.sh reads
 * their names. A text may name a make variable as $(NAME); make passes the
 * values it prints (NAME=VALUE operands), and a $(NAME) without one is an
 * error, so that the file cannot name a variable make does not give.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"

#define NAME_COLUMN 12	/* "  make NAME" padded to this, at least two spaces before the summary */
#define DETAIL_INDENT 19

static const struct option targets_options[] = {
	{ "names", no_argument, NULL, 'n' },
	{ 0 },
};

/* The value of $(NAME) among the NAME=VALUE operands, NULL if none. */
static const char *value_of(const char *name, size_t len, char **vars, int nvars)
{
	for (int i = 0; i < nvars; i++)
		if (!strncmp(vars[i], name, len) && vars[i][len] == '=')
			return vars[i] + len + 1;
	return NULL;
}

/* TEXT with each $(NAME) replaced by its value; -1 on one without. */
static int print_text(const char *text, char **vars, int nvars)
{
	const char *p = text, *open;

	while ((open = strstr(p, "$("))) {
		const char *close = strchr(open, ')');
		const char *value = close ? value_of(open + 2, close - open - 2, vars, nvars) : NULL;

		if (!value) {
			fprintf(stderr, "pb targets: no value for %.*s (NAME=VALUE)\n",
				close ? (int)(close - open + 1) : (int)strlen(open), open);
			return -1;
		}
		fwrite(p, 1, open - p, stdout);
		fputs(value, stdout);
		p = close + 1;
	}
	fputs(p, stdout);
	return 0;
}

static int print_target(json_t *t, char **vars, int nvars)
{
	const char *name = json_string_value(json_object_get(t, "name"));
	const char *summary = json_string_value(json_object_get(t, "summary"));
	int pad = NAME_COLUMN - (int)strlen(name);
	size_t i;
	json_t *line;

	printf("  make %s%*s", name, pad > 2 ? pad : 2, "");
	if (print_text(summary, vars, nvars))
		return -1;
	putchar('\n');
	json_array_foreach(json_object_get(t, "details"), i, line) {
		printf("%*s", DETAIL_INDENT, "");
		if (print_text(json_string_value(line), vars, nvars))
			return -1;
		putchar('\n');
	}
	return 0;
}

/* Each target has a string name and summary and an array of string details. */
static int well_formed(const char *file, json_t *targets, json_t *notes)
{
	size_t i, j;
	json_t *t, *line;

	if (!json_is_array(targets) || !json_is_array(notes)) {
		fprintf(stderr, "pb targets: %s: needs the arrays \"targets\" and \"notes\"\n", file);
		return 0;
	}
	json_array_foreach(targets, i, t) {
		json_t *details = json_object_get(t, "details");

		if (!json_is_string(json_object_get(t, "name")) ||
		    !json_is_string(json_object_get(t, "summary")) ||
		    (details && !json_is_array(details))) {
			fprintf(stderr, "pb targets: %s: targets[%zu]: needs a string name and summary"
				" (details: an array of strings)\n", file, i);
			return 0;
		}
		json_array_foreach(details, j, line)
			if (!json_is_string(line)) {
				fprintf(stderr, "pb targets: %s: targets[%zu].details[%zu]: not a string\n",
					file, i, j);
				return 0;
			}
	}
	json_array_foreach(notes, i, line)
		if (!json_is_string(line)) {
			fprintf(stderr, "pb targets: %s: notes[%zu]: not a string\n", file, i);
			return 0;
		}
	return 1;
}

static int targets(int argc, char **argv)
{
	int names = 0, status = 1, c;
	json_t *root, *list, *notes, *t;
	json_error_t err;
	struct args a;
	size_t i;

	args_init(&a, &cmd_targets, argc, argv);
	while ((c = args_next(&a)) > 0)
		names = 1;
	if (c < 0)
		return a.status;
	if (!(root = json_load_file(a.operands[0], 0, &err))) {
		fprintf(stderr, "pb targets: %s:%d: %s\n", a.operands[0], err.line, err.text);
		return 1;
	}
	list = json_object_get(root, "targets");
	notes = json_object_get(root, "notes");
	if (!well_formed(a.operands[0], list, notes))
		goto out;
	if (!names)
		puts("patchbench targets:");
	json_array_foreach(list, i, t) {
		if (names)
			puts(json_string_value(json_object_get(t, "name")));
		else if (print_target(t, a.operands + 1, a.noperands - 1))
			goto out;
	}
	json_array_foreach(notes, i, t) {
		if (names)
			break;
		if (print_text(json_string_value(t), a.operands + 1, a.noperands - 1))
			goto out;
		putchar('\n');
	}
	status = 0;
out:
	json_decref(root);
	return status;
}

const struct pb_cmd cmd_targets = {
	.name = "targets",
	.run = targets,
	.summary = "make help's list of targets, from its data file",
	.usage = "pb targets [--names] FILE [NAME=VALUE...]",
	.details = "FILE: {\"targets\": [{\"name\", \"summary\", \"details\": [lines]}], \"notes\": [lines]}\n"
		   "(docs/targets.json). Prints each target and the notes, each $(NAME) in them\n"
		   "replaced by the VALUE given; --names: the targets' names, one a line.\n"
		   "exit status: 1 on a bad file or a $(NAME) without a value\n",
	.options = targets_options,
	.min_operands = 1,
	.max_operands = -1,
};
