// SPDX-License-Identifier: GPL-2.0
/*
 * pb json-get FILE PATH...: the value at each PATH of a JSON file, one a
 * line, for scripts reading pb's own JSON (pb compare --json, pb noise
 * --json) without a JSON tool of their own. A PATH is keys and array
 * indexes joined by dots ("summary.verdicts.faster", "points.0.ratio").
 * Strings print as they are, numbers, true/false and null as JSON; an
 * object or array prints as compact JSON. Exits 1 when a PATH is missing.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/json_load.h"
#include "lib/jsonpath.h"

static int json_get(int argc, char **argv)
{
	json_t *root;
	int status = 0;

	if (args_operands(&cmd_json_get, &argc, argv, &status))
		return status;
	if (!(root = json_load_said("pb json-get", argv[1], JSON_DECODE_ANY)))
		return 1;
	for (int i = 2; i < argc; i++) {
		json_t *v = json_at(root, argv[i]);
		char *text;

		if (!v) {
			fprintf(stderr, "pb json-get: %s: no %s\n", argv[1], argv[i]);
			status = 1;
			break;
		}
		if (json_is_string(v)) {
			puts(json_string_value(v));
			continue;
		}
		text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_SORT_KEYS | JSON_REAL_PRECISION(10));
		puts(text ? text : "");
		free(text);
	}
	json_decref(root);
	return status;
}

const struct pb_cmd cmd_json_get = {
	.name = "json-get",
	.run = json_get,
	.summary = "values at paths of a JSON file, for scripts reading pb's JSON",
	.usage = "pb json-get FILE PATH...",
	.details = "A PATH is keys and array indexes joined by dots (\"points.0.ratio\"). Strings\n"
		   "print as they are, the rest as compact JSON, one a line.\n"
		   "exit status: 1 when a PATH is missing\n",
	.min_operands = 2,
	.max_operands = -1,
};
