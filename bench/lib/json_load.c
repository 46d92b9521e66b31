// SPDX-License-Identifier: GPL-2.0
/* A JSON file read whole, or why not said the one way. */
#include <stdio.h>

#include "lib/json_load.h"

json_t *json_load_said(const char *who, const char *path, size_t flags)
{
	json_error_t err;
	json_t *v = json_load_file(path, flags, &err);

	if (!v)
		fprintf(stderr, "%s: %s: %s\n", who, path, err.text);
	return v;
}
