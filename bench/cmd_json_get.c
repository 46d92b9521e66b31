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

static json_t *at(json_t *v, const char *path)
{
	char buf[1024], *key, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", path);
	for (key = strtok_r(buf, ".", &save); v && key; key = strtok_r(NULL, ".", &save)) {
		char *end;
		long i = strtol(key, &end, 10);

		if (json_is_array(v) && *key && !*end && i >= 0)
			v = json_array_get(v, (size_t)i);
		else
			v = json_object_get(v, key);
	}
	return v;
}

int cmd_json_get(int argc, char **argv)
{
	json_error_t err;
	json_t *root;
	int status = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: pb json-get FILE PATH...\n");
		return 2;
	}
	root = json_load_file(argv[1], JSON_DECODE_ANY, &err);
	if (!root) {
		fprintf(stderr, "pb json-get: %s: %s\n", argv[1], err.text);
		return 1;
	}
	for (int i = 2; i < argc; i++) {
		json_t *v = at(root, argv[i]);
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
