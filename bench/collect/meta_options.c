// SPDX-License-Identifier: GPL-2.0
#include "collect/meta_options.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/results.h"

int result_option(struct result_args *r, const struct args *a)
{
	if (!strcmp(a->name, "suite"))
		r->suite = a->value;
	else if (!strcmp(a->name, "out"))
		r->out = a->value;
	else if (!strcmp(a->name, "meta-file"))
		return results_meta_file(r->meta, a->value) ? 1 : 0;
	else if (results_meta_set(r->meta, a->value))
		return args_error(a->cmd, "--meta wants K=V, got '%s'", a->value);
	return 0;
}

int collected_write(json_t *root, const char *out, const char *fmt, ...)
{
	int status = results_write(root, out) ? 1 : 0;
	va_list ap;

	if (!status) {
		printf("bench: %s: ", json_string_value(json_object_get(root, "suite")));
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf(" -> %s\n", out);
	}
	json_decref(root);
	return status;
}
