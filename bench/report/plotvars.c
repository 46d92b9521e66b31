// SPDX-License-Identifier: GPL-2.0
/* A result's plot variables (plotvars.h). */
#include "report/plotvars.h"

#include "lib/plotfile.h"

void plotvars_write(FILE *f, json_t *result)
{
	char commit[64];

	plot_assign(f, "SUITE", json_string_value(json_object_get(result, "suite")));
	plot_assign(f, "UNIT", json_string_value(json_object_get(result, "unit")));
	plot_assign(f, "ACCEL", json_string_value(json_object_get(result, "accel")));
	plot_short_commit(json_string_value(json_object_get(json_object_get(result, "meta"),
							    "project_commit")),
			  commit, sizeof(commit));
	plot_assign(f, "COMMIT", commit);
}
