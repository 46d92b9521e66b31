// SPDX-License-Identifier: GPL-2.0
/*
 * The guest scripts that skip points (make bench POINTS=) ask point-want
 * about exactly the points their suite's results hold: run on the host
 * with pb.points= set, a point-want that writes down each question and
 * answers no, and stubs for the modules and mctp-bench, every point of the
 * newest committed result of mctp-route and mctp-fragment (a kernel with
 * gateway routes, pb.has=mctp-gateway: every point runs there) is asked
 * about, and nothing else.
 */
#include <jansson.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"
#include "lib/points.h"

static void sh(const char *fmt, ...)
{
	char cmd[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	assert_int_equal(system(cmd), 0);
}

/* The guest script of @suite run on the host: the parameters of each point it asked about. */
static json_t *asked(const char *suite)
{
	char top[PATH_MAX], dir[PATH_MAX], line[1024];
	json_t *points = json_array();
	FILE *f;

	assert_non_null(realpath(".", top));
	assert_non_null(realpath(scratch(""), dir));
	sh("cd %s && rm -rf bin modules asked.txt && mkdir -p bin modules/patched && "
	   "touch modules/patched/mctp_null.ko modules/patched/mctp_lookup.ko && "
	   "printf '#!/bin/sh\\nshift\\necho \"$*\" >> %s/asked.txt\\nexit 1\\n' > bin/point-want && "
	   "for t in insmod rmmod dmesg mctp-bench; do printf '#!/bin/sh\\n' > bin/$t; done && "
	   "chmod +x bin/* && "
	   "sed -e 's|/pb/lib/|%s/vm/guest/lib/|' -e 's|/results/|%s/|' -e 's|/build/modules/|%s/modules/|' "
	   "%s/suites/%s/guest > guest && "
	   "PATH=%s/bin:$PATH PB_HAS=mctp-gateway PB_POINTS=x=1 sh guest patched > guest.out 2>&1",
	   dir, dir, top, dir, dir, top, suite, dir);
	f = fopen(scratch("asked.txt"), "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		json_t *params = json_object();

		for (char *w = strtok(line, " \n"); w; w = strtok(NULL, " \n")) {
			char *eq = strchr(w, '=');

			assert_non_null(eq);
			*eq = '\0';
			json_object_set_new(params, w, point_param_value(eq + 1));
		}
		json_array_append_new(points, params);
	}
	fclose(f);
	return points;
}

static void asks_about_its_results_points(const char *suite)
{
	json_t *questions = asked(suite), *result, *p, *held = json_array();
	struct pb_result r;
	size_t i;

	pb_run(&r, "results", "newest", suite, NULL);
	assert_exit(&r, 0);
	r.out[strcspn(r.out, "\n")] = '\0';
	result = json_load_file(r.out, 0, NULL);
	assert_non_null(result);
	pb_result_free(&r);
	json_array_foreach(json_object_get(result, "points"), i, p) {
		json_array_append(held, json_object_get(p, "params"));
		if (!json_listed(questions, json_object_get(p, "params")))
			fail_msg("%s: the guest never asks about its result's point %zu", suite, i);
	}
	json_array_foreach(questions, i, p)
		if (!json_listed(held, p))
			fail_msg("%s: the guest asks about point %zu, which its result has not", suite, i);
	assert_int_equal(json_array_size(questions), json_array_size(held));
	json_decref(held);
	json_decref(questions);
	json_decref(result);
}

static void mctp_route(void **state)
{
	(void)state;
	asks_about_its_results_points("mctp-route");
}

static void mctp_fragment(void **state)
{
	(void)state;
	asks_about_its_results_points("mctp-fragment");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mctp_route),
		cmocka_unit_test(mctp_fragment),
	};

	return cmocka_run_group_tests(tests, scratch_make, scratch_remove);
}
