// SPDX-License-Identifier: GPL-2.0
#include "lib/jsonpath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

json_t *json_at(json_t *v, const char *path)
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

void json_print_value(json_t *v)
{
	int words = json_is_array(v);
	json_t *e;
	size_t i;
	char *text;

	json_array_foreach(v, i, e)
		words &= json_is_string(e);
	if (json_is_string(v)) {
		puts(json_string_value(v));
	} else if (words) {
		json_array_foreach(v, i, e)
			printf("%s%s", i ? " " : "", json_string_value(e));
		putchar('\n');
	} else {
		text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_SORT_KEYS);
		puts(text ? text : "");
		free(text);
	}
}

int json_print_paths(json_t *v, const char *what, const char *who, int n, char **paths)
{
	for (int i = 0; i < n; i++) {
		json_t *at = json_at(v, paths[i]);

		if (!at) {
			fprintf(stderr, "%s: %s: no %s\n", who, what, paths[i]);
			return 1;
		}
		json_print_value(at);
	}
	return 0;
}
