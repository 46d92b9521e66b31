// SPDX-License-Identifier: GPL-2.0
/*
 * point-want FILTERS KEY=VALUE...: does the benchmark point these
 * parameters describe pass the filters of make bench POINTS= (pb.points=
 * on the kernel command line: bench/lib/points.h filters, comma- or
 * space-separated)? Exit 0 if it does or FILTERS is empty, 1 if not, 2 on
 * bad usage or a bad filter. A suite's guest script asks before each point
 * it runs, giving the parameters its PB-BENCH line will carry, and skips
 * those refused. The matcher is bench/lib/points.c, linked in: the one
 * pb bench-collect --points keeps the points of a partial result with.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "lib/points.h"

int main(int argc, char **argv)
{
	json_t *filters, *params;
	char err[512];
	int want;

	/*
	 * jansson seeds its hash from /dev/urandom, which blocks until the
	 * guest's CRNG is ready: under icount its jitter entropy may never come.
	 */
	json_object_seed(1);
	if (argc < 2) {
		fprintf(stderr, "usage: point-want FILTERS KEY=VALUE...\n");
		return 2;
	}
	filters = json_array();
	params = json_object();
	if (points_split(argv[1], filters, err, sizeof(err))) {
		fprintf(stderr, "point-want: %s\n", err);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq || eq == argv[i]) {
			fprintf(stderr, "point-want: want KEY=VALUE, got '%s'\n", argv[i]);
			return 2;
		}
		*eq = '\0';
		json_object_set_new(params, argv[i], point_param_value(eq + 1));
	}
	want = points_match_json(params, filters);
	json_decref(params);
	json_decref(filters);
	return want ? 0 : 1;
}
