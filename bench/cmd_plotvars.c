// SPDX-License-Identifier: GPL-2.0
/*
 * pb plotvars RESULT.json: what a plot says about its result, as gnuplot
 * assignments for its script to `load`:
 *   SUITE = "mctp-route"; UNIT = "guest instructions (icount)";
 *   ACCEL = "icount"; COMMIT = "2e6273b" (the project commit, short)
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"

/* NAME = "VALUE" with gnuplot's double-quote escapes; "?" when missing. */
static void assign(const char *name, const char *value)
{
	printf("%s = \"", name);
	for (int i = 0; value && value[i]; i++) {
		if (value[i] == '"' || value[i] == '\\')
			putchar('\\');
		putchar(value[i]);
	}
	printf("%s\"\n", value ? "" : "?");
}

int cmd_plotvars(int argc, char **argv)
{
	char shortened[64];
	const char *commit;
	json_error_t err;
	json_t *root;

	if (argc != 2) {
		fprintf(stderr, "usage: pb plotvars RESULT.json\n");
		return 2;
	}
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		fprintf(stderr, "pb plotvars: %s: %s\n", argv[1], err.text);
		return 1;
	}
	commit = json_string_value(json_object_get(json_object_get(root, "meta"), "project_commit"));
	assign("SUITE", json_string_value(json_object_get(root, "suite")));
	assign("UNIT", json_string_value(json_object_get(root, "unit")));
	assign("ACCEL", json_string_value(json_object_get(root, "accel")));
	if (commit)	/* git's short hash, and -dirty if it was */
		snprintf(shortened, sizeof(shortened), "%.7s%s", commit,
			 strstr(commit, "-dirty") ? "-dirty" : "");
	assign("COMMIT", commit ? shortened : NULL);
	json_decref(root);
	return 0;
}
