// SPDX-License-Identifier: GPL-2.0
/*
 * pb compare on two results of a records suite (bench/compare/compare_records.c):
 * planted PB-MEM lines (tests/fixtures/compare-records/) of suite "mem",
 * whose manifest judges "exact" with no tolerance, "close" within 1 % and
 * leaves "loose" unjudged.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "pb_run.h"

#define DIR FIXTURES "/compare-records/"

static void collect(const char *name, const char *input)
{
	struct pb_result r;

	pb_run(&r, "records-collect", "--tag", "PB-MEM", "--suite", "mem", "--kind", "memory", "--out",
	       scratch(name), "--meta", "project_commit=selftest", input, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
}

/* pb compare a.json B (--json if @json) with the suites of @suites, exiting @want. */
static void compare(struct pb_result *r, const char *suites, int json, const char *b, int want)
{
	assert_int_equal(setenv("SUITES_DIR", suites, 1), 0);
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	collect("a.json", DIR "a.txt");
	collect("b.json", b);
	if (json)
		pb_run(r, "compare", "--json", scratch("a.json"), scratch("b.json"), NULL);
	else
		pb_run(r, "compare", scratch("a.json"), scratch("b.json"), NULL);
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
	assert_exit(r, want);
}

static json_t *summary(const struct pb_result *r)
{
	json_t *cmp = json_loads(r->out, 0, NULL);

	assert_non_null(cmp);
	return cmp;
}

static json_int_t count(json_t *cmp, const char *key)
{
	return json_integer_value(json_object_get(json_object_get(cmp, "summary"), key));
}

/* Records paired by case whatever their order; 0.95 % and -0.9 % are within 1 %. */
static void within_tolerance(void **state)
{
	struct pb_result r;
	json_t *cmp, *fig;

	(void)state;
	compare(&r, DIR "suites", 1, DIR "b-same.txt", 0);
	cmp = summary(&r);
	assert_int_equal(count(cmp, "figures"), 6);
	assert_int_equal(count(cmp, "judged"), 4);
	assert_int_equal(count(cmp, "changed"), 0);
	fig = json_array_get(json_object_get(json_array_get(json_object_get(cmp, "records"), 1),
					     "figures"), 2);
	assert_string_equal(json_string_value(json_object_get(fig, "key")), "loose");
	assert_string_equal(json_string_value(json_object_get(fig, "verdict")), "not judged");
	assert_int_equal(json_integer_value(json_object_get(fig, "b")), 90000);
	json_decref(cmp);
	pb_result_free(&r);
}

/* One more MiB of an exact figure and +1.05 % of a 1 % one are changes: exit 3. */
static void outside_tolerance(void **state)
{
	struct pb_result r;

	(void)state;
	compare(&r, DIR "suites", 0, DIR "b-changed.txt", 3);
	assert_contains(r.out, "| case=one | an exact figure | 320 | 321 | +0.312 % | 0 % | changed |");
	assert_contains(r.out, "| case=two | a figure within 1 % | 2000 | 2021 | +1.050 % | 1 % | changed |");
	assert_contains(r.out, "| case=two | a figure not judged | 50000 | 50000 | +0.000 % |  | not judged |");
	assert_contains(r.out, "6 figures compared, 4 judged by their tolerance: 2 changed");
	pb_result_free(&r);
}

static void record_without_partner(void **state)
{
	struct pb_result r;

	(void)state;
	compare(&r, DIR "suites", 0, DIR "b-unpaired.txt", 1);
	assert_contains(r.err, "a record of A has no partner in B");
	pb_result_free(&r);
}

static void manifest_without_records(void **state)
{
	struct pb_result r;

	(void)state;
	compare(&r, FIXTURES "/targets/suites", 0, DIR "b-same.txt", 1);
	assert_contains(r.err, "suite 'mem' has no \"records\" in a manifest of");
	pb_result_free(&r);
}

static void negative_tolerance_refused(void **state)
{
	struct pb_result r;

	(void)state;
	compare(&r, DIR "suites-bad", 0, DIR "b-same.txt", 1);
	assert_contains(r.err, "key 'records.figures.0.tolerance' should be a percentage, 0 or more");
	pb_result_free(&r);
}

/* A records result of another guest CPU model is not judged either (crash-memory: meta.accel). */
static void other_cpu_not_comparable(void **state)
{
	struct pb_result r;

	(void)state;
	assert_int_equal(setenv("SUITES_DIR", DIR "suites", 1), 0);
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	pb_run(&r, "records-collect", "--tag", "PB-MEM", "--suite", "mem", "--kind", "memory", "--out",
	       scratch("a-icount.json"), "--meta", "accel=icount", DIR "a.txt", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	pb_run(&r, "records-collect", "--tag", "PB-MEM", "--suite", "mem", "--kind", "memory", "--out",
	       scratch("b-max.json"), "--meta", "accel=icount", "--meta", "guest_cpu=max",
	       DIR "b-same.txt", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	pb_run(&r, "compare", scratch("a-icount.json"), scratch("b-max.json"), NULL);
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
	assert_exit(&r, 1);
	assert_contains(r.err, "not comparable: guest_cpu qemu64 vs max");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(within_tolerance),
		cmocka_unit_test(outside_tolerance),
		cmocka_unit_test(record_without_partner),
		cmocka_unit_test(manifest_without_records),
		cmocka_unit_test(negative_tolerance_refused),
		cmocka_unit_test(other_cpu_not_comparable),
	};

	return cmocka_run_group_tests_name("compare-records-cmd", tests, scratch_make, scratch_remove);
}
