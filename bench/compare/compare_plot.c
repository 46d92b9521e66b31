// SPDX-License-Identifier: GPL-2.0
/* The data of plots/compare.gp from a comparison (compare_plot.h). */
#include <stdio.h>
#include <string.h>

#include "compare/compare_plot.h"
#include "lib/plotfile.h"
#include "lib/results.h"

static const char *const kinds[] = { "regression", "slower", "faster", "invalid", "other" };
#define NKINDS 5

static int kind_of(const char *verdict)
{
	switch (verdict_from_name(verdict)) {
	case VERDICT_SLOWER:
		return 0;
	case VERDICT_SLOWER_SMALL:
		return 1;
	case VERDICT_FASTER:
		return 2;
	case VERDICT_INVALID:
		return 3;
	default:
		return 4;
	}
}

static const char *const label_skip[] = { "iters", NULL };

static void side_text(json_t *cmp, const char *side, char *buf, size_t len)
{
	json_t *s = json_object_get(cmp, side);
	char commit[64];

	plot_short_commit(json_string_value(json_object_get(s, "project_commit")), commit,
			  sizeof(commit));
	snprintf(buf, len, "%s %s", commit, json_string_value(json_object_get(s, "kernel")) ?
		 json_string_value(json_object_get(s, "kernel")) : "?");
}

int compare_plot_write(json_t *cmp, const char *dir, const char *name)
{
	FILE *out[NKINDS] = { NULL }, *vars, *band;
	int count[NKINDS] = { 0 }, status = 0;
	char a[128], b[128], title[300];
	json_t *p;
	size_t i, longest = 0;
	double lo = 0, hi = 0;
	char axis[1024];

	vars = plot_open(dir, name, ".vars");
	band = plot_open(dir, name, "-band.dat");
	for (int k = 0; k < NKINDS; k++) {
		char what[32];

		snprintf(what, sizeof(what), "-%s.dat", kinds[k]);
		out[k] = plot_open(dir, name, what);
		status |= !out[k];
	}
	if (status || !vars || !band) {
		status = 1;
		goto done;
	}
	side_text(cmp, "a", a, sizeof(a));
	side_text(cmp, "b", b, sizeof(b));
	snprintf(title, sizeof(title), "%s against %s", b, a);
	plot_assign(vars, "SUITE", json_string_value(json_object_get(cmp, "suite")));
	plot_assign(vars, "SIDES", title);
	plot_assign(vars, "ACCEL", json_string_value(json_object_get(cmp, "accel")) ?
			 json_string_value(json_object_get(cmp, "accel")) : "mixed accelerators");
	plot_assign(vars, "COMMIT", b);
	fprintf(vars, "NPOINTS = %zu\nset xtics (", json_array_size(json_object_get(cmp, "points")));
	json_array_foreach(json_object_get(cmp, "points"), i, p) {
		double floor = json_number_value(json_object_get(p, "floor"));
		int k = kind_of(json_string_value(json_object_get(p, "verdict")));
		char text[256];

		results_params_text(json_object_get(p, "params"), label_skip, text, sizeof(text));
		if (strlen(text) > longest)
			longest = strlen(text);
		fprintf(vars, "%s", i ? ", " : "");
		plot_quote(vars, text);
		fprintf(vars, " %zu", i);
		fprintf(band, "%g %.5f %.5f\n%g %.5f %.5f\n", i - 0.5, 1 - floor, 1 + floor, i + 0.5,
			1 - floor, 1 + floor);
		fprintf(out[k], "%zu %.5f %.5f %.5f\n", i,
			json_number_value(json_object_get(p, "ratio")),
			json_number_value(json_object_get(p, "lo")),
			json_number_value(json_object_get(p, "hi")));
		count[k]++;
		for (int e = 0; e < 4; e++) {
			double y = e == 0 ? 1 - floor : e == 1 ? 1 + floor :
				   json_number_value(json_object_get(p, e == 2 ? "lo" : "hi"));

			if (y > 0 && (!lo || y < lo))
				lo = y;
			if (y > hi)
				hi = y;
		}
	}
	/* compare.gp makes room for the longest point label under the axis */
	fprintf(vars, ")\nLABEL_CHARS = %zu\n", longest);
	if (lo > 0 && hi > lo) {	/* the log ratio axis, room above for the key */
		plot_log_axis(axis, sizeof(axis), lo, hi, 0.25);
		plot_assign(vars, "AXIS", axis);
	} else {
		plot_assign(vars, "AXIS", "set yrange [*:*]");
	}
	for (int k = 0; k < NKINDS; k++)
		fprintf(vars, "N_%s = %d\n", kinds[k], count[k]);
done:
	for (int k = 0; k < NKINDS; k++)
		if (out[k] && fclose(out[k]))
			status = 1;
	if ((vars && fclose(vars)) || (band && fclose(band)))
		status = 1;
	return status ? -1 : 0;
}
