// SPDX-License-Identifier: GPL-2.0
#include "collect/meta_options.h"

#include <string.h>

#include "lib/results.h"

int meta_option(json_t *meta, const struct args *a)
{
	if (!strcmp(a->name, "meta-file"))
		return results_meta_file(meta, a->value) ? 1 : 0;
	if (results_meta_set(meta, a->value))
		return args_error(a->cmd, "--meta wants K=V, got '%s'", a->value);
	return 0;
}
