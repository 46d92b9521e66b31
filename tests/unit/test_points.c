// SPDX-License-Identifier: GPL-2.0
/*
 * The point filters (bench/lib/points.c): each form parsed and matched,
 * bad ones refused with the syntax, the old object form of a target's
 * "points" converted; and the manifest schema (bench/lib/suite_schema.c)
 * taking both forms and refusing a bad filter by file, key and text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/points.h"
#include "lib/suites.h"

static json_t *params(void)
{
	return json_pack("{s:i, s:s, s:i}", "depth", 0, "lookup", "kernel", "L", 64);
}

/* Does @text parse, and does the point of params() pass it? */
static int passes(const char *text)
{
	struct point_filter f;
	json_t *p = params();
	char err[256];
	int ok;

	assert_int_equal(point_filter_parse(text, &f, err, sizeof(err)), 0);
	ok = point_filter_match(&f, p);
	json_decref(p);
	return ok;
}

static void each_form(void **state)
{
	(void)state;
	assert_true(passes("depth=0"));
	assert_false(passes("depth=1"));
	assert_false(passes("depth=zero"));
	assert_true(passes("lookup=kernel"));
	assert_false(passes("lookup=user"));
	assert_true(passes("lookup!=user"));
	assert_false(passes("lookup!=kernel"));
	assert_true(passes("op!=add-del"));	/* no op: not add-del */
	assert_false(passes("op=add-del"));
	assert_true(passes("L>=64"));
	assert_false(passes("L>=65"));
	assert_true(passes("L<=64"));
	assert_false(passes("L<=-1"));
	assert_false(passes("lookup>=0"));	/* a string is no integer */
	assert_false(passes("size>=0"));	/* nor is a missing key */
	assert_true(passes("!op"));
	assert_false(passes("!lookup"));
}

static void parsed_parts(void **state)
{
	struct point_filter f;
	char err[256];

	(void)state;
	assert_int_equal(point_filter_parse("mode!=tx", &f, err, sizeof(err)), 0);
	assert_int_equal(f.op, POINT_NE);
	assert_string_equal(f.key, "mode");
	assert_string_equal(f.value, "tx");
	assert_int_equal(point_filter_parse("L<=4096", &f, err, sizeof(err)), 0);
	assert_int_equal(f.op, POINT_LE);
	assert_int_equal(f.n, 4096);
	assert_int_equal(point_filter_parse("!lookup", &f, err, sizeof(err)), 0);
	assert_int_equal(f.op, POINT_ABSENT);
	assert_string_equal(f.key, "lookup");
}

static void refused(const char *text, const char *why)
{
	struct point_filter f;
	char err[256], want[300];

	assert_int_equal(point_filter_parse(text, &f, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "should be %s, not '%s'%s", POINTS_SYNTAX, text, why);
	assert_string_equal(err, want);
}

static void bad_filters_refused(void **state)
{
	(void)state;
	refused("depth", "");
	refused("depth~0", "");
	refused("=0", ": no KEY");
	refused("!", ": no KEY");
	refused("depth=", ": no VALUE");
	refused("L>=64k", ": N is not an integer");
	refused("L<=", ": no VALUE");
	refused("!lookup=kernel", "");
	refused("depth<0", "");
	refused("L=>64", ": VALUE starts with an operator");
	refused("fn==strlen", ": VALUE starts with an operator");
}

static void list_matches_all(void **state)
{
	const char *const both[] = { "depth=0", "!op", NULL };
	const char *const one[] = { "depth=0", "!lookup", NULL };
	json_t *p = params(), *list = json_pack("[s, s]", "L>=64", "lookup=kernel");

	(void)state;
	assert_true(points_match(p, both));
	assert_false(points_match(p, one));
	assert_true(points_match_json(p, list));
	assert_true(points_fix(list, "lookup"));
	assert_false(points_fix(list, "L"));	/* a bound holds no one value */
	json_decref(list);
	json_decref(p);
}

static void old_object_form(void **state)
{
	json_t *old = json_loads("{\"depth\": 0, \"lookup\": \"\", \"fn\": \"strlen\", "
				 "\"L\": {\"min\": 64}}", 0, NULL), *list;
	json_t *want = json_pack("[s, s, s, s]", "depth=0", "!lookup", "fn=strlen", "L>=64");
	char err[256];

	(void)state;
	list = points_from_object(old, err, sizeof(err));
	assert_non_null(list);
	assert_true(json_equal(list, want));
	json_decref(list);
	json_decref(old);
	old = json_loads("{\"L\": {\"max\": 64}}", 0, NULL);
	assert_null(points_from_object(old, err, sizeof(err)));
	assert_string_equal(err, "L: should be an integer, a string (\"\": no L) or {\"min\": N}");
	json_decref(old);
	json_decref(want);
}

/* A manifest with one target whose "points" is @points (JSON text) and a series whose "where" is @where. */
static json_t *manifest(const char *points, const char *where)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "{\"description\": \"d\", \"order\": 1, \"plot\": {\"title\": \"t\", \"x\": "
		 "{\"param\": \"L\"}, \"panels\": [{\"series\": [{\"where\": %s}]}]}, \"targets\": "
		 "[{\"title\": \"t\", \"metric\": \"ratio\", \"bound\": 0, \"points\": %s}]}",
		 where, points);
	return json_loads(text, 0, NULL);
}

static json_t *target_points(json_t *m)
{
	return json_object_get(json_array_get(json_object_get(m, "targets"), 0), "points");
}

static void schema_takes_both_forms(void **state)
{
	json_t *m = manifest("{\"L\": {\"min\": 64}, \"impl\": \"\"}", "[\"L<=64\"]");
	json_t *want = json_pack("[s, s]", "L>=64", "!impl");
	char err[512] = "";

	(void)state;
	assert_int_equal(suite_schema_check(m, "s/suite.json", err, sizeof(err)), 0);
	assert_true(json_equal(target_points(m), want));
	json_decref(m);
	m = manifest("[\"L>=64\", \"!impl\"]", "[]");
	assert_int_equal(suite_schema_check(m, "s/suite.json", err, sizeof(err)), 0);
	assert_true(json_equal(target_points(m), want));
	json_decref(m);
	json_decref(want);
}

static void schema_refuses(const char *points, const char *where, const char *said)
{
	json_t *m = manifest(points, where);
	char err[512] = "";

	if (suite_schema_check(m, "s/suite.json", err, sizeof(err)) != -1)
		fail_msg("accepted %s, where %s", points, where);
	if (!strstr(err, said))
		fail_msg("'%s' does not say '%s'", err, said);
	json_decref(m);
}

static void schema_refuses_bad_filters(void **state)
{
	(void)state;
	schema_refuses("[\"L>=64\", \"L=>64\"]", "[]",
		       "s/suite.json: key 'targets.0.points.1' should be " POINTS_SYNTAX
		       ", not 'L=>64': VALUE starts");
	schema_refuses("[]", "[\"depth<0\"]",
		       "s/suite.json: key 'plot.panels.0.series.0.where.0' should be " POINTS_SYNTAX
		       ", not 'depth<0'");
	schema_refuses("{\"L\": {\"max\": 64}}", "[]",
		       "s/suite.json: key 'targets.0.points' L: should be an integer");
	schema_refuses("\"L>=64\"", "[]", "key 'targets.0.points' should be an array of filters");
}

/* A command line's filters (make bench POINTS=): comma- or space-separated. */
static void split_words(void **state)
{
	json_t *list = json_array();
	char err[256], *text;

	(void)state;
	assert_int_equal(points_split(" routes=64, !lookup\tdepth<=4,,", list, err, sizeof(err)), 0);
	assert_int_equal(points_split("", list, err, sizeof(err)), 0);
	text = json_dumps(list, JSON_COMPACT);
	assert_string_equal(text, "[\"routes=64\",\"!lookup\",\"depth<=4\"]");
	free(text);
	assert_int_equal(points_split("op=add-del lookup=>kernel", list, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'lookup=>kernel': VALUE starts with an operator"));
	json_array_clear(list);
	for (int i = 0; i < POINTS_MAX_FILTERS; i++)
		assert_int_equal(points_split("a=1", list, err, sizeof(err)), 0);
	assert_int_equal(points_split("b=2", list, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "more than 16 filters"));
	json_decref(list);
}

/* One reading of a parameter's text, the collector's and the guest's (point-want). */
static void param_values(void **state)
{
	json_t *v;

	(void)state;
	v = point_param_value("64");
	assert_true(json_is_integer(v));
	assert_int_equal(json_integer_value(v), 64);
	json_decref(v);
	v = point_param_value("-3");
	assert_int_equal(json_integer_value(v), -3);
	json_decref(v);
	v = point_param_value("kernel");
	assert_string_equal(json_string_value(v), "kernel");
	json_decref(v);
	v = point_param_value("64k");
	assert_string_equal(json_string_value(v), "64k");
	json_decref(v);
	v = point_param_value("");
	assert_string_equal(json_string_value(v), "");
	json_decref(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_form),
		cmocka_unit_test(parsed_parts),
		cmocka_unit_test(bad_filters_refused),
		cmocka_unit_test(list_matches_all),
		cmocka_unit_test(old_object_form),
		cmocka_unit_test(schema_takes_both_forms),
		cmocka_unit_test(schema_refuses_bad_filters),
		cmocka_unit_test(split_words),
		cmocka_unit_test(param_values),
	};

	return cmocka_run_group_tests_name("points", tests, NULL, NULL);
}
