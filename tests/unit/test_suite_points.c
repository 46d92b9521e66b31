// SPDX-License-Identifier: GPL-2.0
/*
 * A manifest's "parameters" (bench/lib/suite_schema.c) and make bench
 * POINTS= checked against them (bench/lib/suite_points.c, pb suites
 * points): the committed manifests list exactly the keys and values of
 * their suites' newest committed results; a filter on a key the suite
 * does not have, or filters that select none of a key's values, refused
 * by name; bad "parameters" refused by file and key.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"
#include "lib/suites.h"

/* Every key and value of @result's points is in @parameters, and every one listed is in a point. */
static void parameters_are_the_results(const struct suite *s, json_t *result)
{
	json_t *parameters = json_object_get(s->m, "parameters"), *seen = json_object();
	json_t *p, *values, *v, *null = json_null();
	const char *k;
	size_t i, j;

	json_array_foreach(json_object_get(result, "points"), i, p) {
		json_object_foreach(json_object_get(p, "params"), k, v) {
			if (!json_listed(json_object_get(parameters, k), v))
				fail_msg("%s: a point's %s=%s is not in its \"parameters\"", s->name, k,
					 json_is_string(v) ? json_string_value(v) : "(an integer)");
		}
		json_object_foreach(parameters, k, values) {
			v = json_object_get(json_object_get(p, "params"), k);
			if (!v && !json_listed(values, null))
				fail_msg("%s: a point without %s, and no null in its list", s->name, k);
			if (!json_object_get(seen, k))
				json_object_set_new(seen, k, json_array());
			json_array_append(json_object_get(seen, k), v ? v : null);
		}
	}
	json_object_foreach(parameters, k, values)
		json_array_foreach(values, j, v)
			if (!json_listed(json_object_get(seen, k), v))
				fail_msg("%s: \"parameters\" lists a value of %s no point has", s->name, k);
	json_decref(seen);
}

static void committed_manifests_list_their_results(void **state)
{
	static struct suites all;
	struct pb_result r;
	char err[1024];
	int checked = 0;

	(void)state;
	assert_int_equal(suites_load(&all, err, sizeof(err)), 0);
	for (int i = 0; i < all.n; i++) {
		const struct suite *s = &all.s[i];
		json_t *result;

		if (!json_object_size(json_object_get(s->m, "parameters")))
			continue;
		pb_run(&r, "results", "newest", s->name, NULL);
		if (r.status) {	/* a suite added since the last make bench has none yet */
			pb_result_free(&r);
			continue;
		}
		r.out[strcspn(r.out, "\n")] = '\0';
		result = json_load_file(r.out, 0, NULL);
		assert_non_null(result);
		parameters_are_the_results(s, result);
		json_decref(result);
		pb_result_free(&r);
		checked++;
	}
	/* every suite with parameters and a result (a new one has none until make bench) */
	assert_true(checked > 0);
	suites_free(&all);
}

static void points_checked(const char *suite, const char *words, int want, const char *said)
{
	struct pb_result r;

	pb_run(&r, "suites", "points", suite, words, NULL);
	assert_exit(&r, want);
	assert_contains(want ? r.err : r.out, said);
	pb_result_free(&r);
}

static void filters_against_parameters(void **state)
{
	(void)state;
	points_checked("mctp-route", "routes=64 !lookup", 0, "routes=64,!lookup\n");
	points_checked("mctp-route", "lookup!=kernel,!op depth<=2", 0, "lookup!=kernel,!op,depth<=2\n");
	points_checked("mctp-fragment", "via=gateway size>=1024", 0, "via=gateway,size>=1024\n");
	points_checked("bpf-strings", "fn=strlen impl=kfunc L=4096", 0, "fn=strlen,impl=kfunc,L=4096\n");
	points_checked("mctp-route", "bogus=1", 1,
		       "'bogus=1': mctp-route has no parameter 'bogus'; its parameters: depth, iters, "
		       "lookup, op, routes, size");
	points_checked("mctp-route", "routes=65", 1, "[\"routes=65\"] select no point of mctp-route");
	points_checked("mctp-route", "routes>=100 depth=0 routes<=50", 1,
		       "[\"routes>=100\",\"routes<=50\"] select no point");
	points_checked("mctp-route", "!routes", 1, "[\"!routes\"] select no point");
	points_checked("mctp-route", "lookup=>kernel", 1, "'lookup=>kernel': VALUE starts with an operator");
	points_checked("mctp-route", " , ", 1, "no filter given");
	points_checked("crash-memory", "case=plain", 1, "suite crash-memory lists no \"parameters\"");
	points_checked("nosuch", "a=1", 1, "no suite 'nosuch'");
}

static void schema_refuses(const char *parameters, const char *said)
{
	json_t *m = json_pack("{s:s, s:i, s:o}", "description", "d", "order", 1, "parameters",
			      json_loads(parameters, 0, NULL));
	char err[1024];

	assert_non_null(json_object_get(m, "parameters"));
	assert_int_equal(suite_schema_check(m, "x/suite.json", err, sizeof(err)), -1);
	assert_string_equal(err, said);
	json_decref(m);
}

static void bad_parameters_refused(void **state)
{
	json_t *m = json_pack("{s:s, s:i}", "description", "d", "order", 1);
	char err[1024];

	(void)state;
	schema_refuses("{\"n\": 4}",
		       "x/suite.json: key 'parameters.n' should be an array of the values n takes, not an integer");
	schema_refuses("{\"n\": []}", "x/suite.json: key 'parameters.n' is empty");
	schema_refuses("{\"n\": [1, 2.5]}",
		       "x/suite.json: key 'parameters.n.1' should be an integer, a string or null "
		       "(points without n), not a real number");
	schema_refuses("{\"n\": [1, [2]]}",
		       "x/suite.json: key 'parameters.n.1' should be an integer, a string or null "
		       "(points without n), not an array");
	schema_refuses("{\"n\": [1, \"a\", 1]}", "x/suite.json: key 'parameters.n.2' repeats n.0");
	/* absent: {} (no POINTS= for the suite) */
	assert_int_equal(suite_schema_check(m, "x/suite.json", err, sizeof(err)), 0);
	assert_true(json_is_object(json_object_get(m, "parameters")));
	assert_int_equal(json_object_size(json_object_get(m, "parameters")), 0);
	json_decref(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(committed_manifests_list_their_results),
		cmocka_unit_test(filters_against_parameters),
		cmocka_unit_test(bad_parameters_refused),
	};

	return cmocka_run_group_tests(tests, scratch_make, scratch_remove);
}
