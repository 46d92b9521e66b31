// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-collect, then pb compare, on planted samples (tests/fixtures/compare/):
 * before.txt, and after.txt where x=1 is 10 % slower; in both, x=2 is the
 * same and x=3's 2K batch does not cost twice its K batch (the benchmark
 * does not scale). floor-after.txt is 0.3 % slower than floor-before.txt:
 * significant on pooled samples, but under the icount noise floor.
 * page-pool.json is a committed result from before the guest's CPU model and
 * config hash were recorded; page-pool-cpu-max.json the same with
 * meta.guest_cpu "max".
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"

#define CMP FIXTURES "/compare/"

static void collect_planted(struct pb_result *r)
{
	pb_collect(r, "r.json", "baseline=" CMP "before.txt", "patched=" CMP "after.txt", NULL);
}

/* pb compare A B, as the table (--json: as JSON), exiting @want. */
static void compare(struct pb_result *r, int json, const char *a, const char *b, int want)
{
	if (json)
		pb_run(r, "compare", "--json", scratch(a), scratch(b), NULL);
	else
		pb_run(r, "compare", scratch(a), scratch(b), NULL);
	assert_exit(r, want);
}

/* The verdict of point x=@x in pb compare --json's output. */
static const char *verdict(json_t *cmp, int x, int *regression)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(cmp, "points"), i, p)
		if (json_integer_value(json_object_get(json_object_get(p, "params"), "x")) == x) {
			*regression = json_is_true(json_object_get(p, "regression"));
			return json_string_value(json_object_get(p, "verdict"));
		}
	fail_msg("no point x=%d", x);
	return NULL;
}

static json_t *parse(const struct pb_result *r)
{
	json_error_t err;
	json_t *cmp = json_loads(r->out, 0, &err);

	if (!cmp)
		fail_msg("pb compare --json: %s in:\n%s", err.text, r->out);
	return cmp;
}

static void collect_groups_by_point(void **state)
{
	struct pb_result r;
	json_t *root;

	(void)state;
	collect_planted(&r);
	assert_contains(r.out, "bench: selftest: 42 samples in 3 points");
	root = json_load_file(scratch("r.json"), 0, NULL);
	assert_non_null(root);
	assert_int_equal(json_array_size(json_object_get(root, "points")), 3);
	json_decref(root);
	pb_result_free(&r);
}

static void aa_clean(void **state)
{
	struct pb_result r;

	(void)state;
	collect_planted(NULL);
	compare(&r, 0, "r.json:baseline", "r.json:baseline", 0);
	assert_contains(r.out, "0 significant regressions");
	pb_result_free(&r);
}

static void planted_regression_flagged(void **state)
{
	struct pb_result r;
	int regression;
	json_t *cmp;

	(void)state;
	collect_planted(NULL);
	compare(&r, 0, "r.json:baseline", "r.json:patched", 3);
	assert_line_matches(r.out, "^| x=1 .*REGRESSION");
	assert_line_matches(r.out, "^| x=2 .*no significant change");
	assert_line_matches(r.out, "^| x=3 .*invalid");
	assert_contains(r.out, "1 significant regressions");
	pb_result_free(&r);

	compare(&r, 1, "r.json:baseline", "r.json:patched", 3);
	cmp = parse(&r);
	assert_string_equal(verdict(cmp, 1, &regression), "slower");
	assert_true(regression);
	assert_string_equal(verdict(cmp, 2, &regression), "no-change");
	assert_false(regression);
	assert_string_equal(verdict(cmp, 3, &regression), "invalid");
	assert_false(regression);
	json_decref(cmp);
	pb_result_free(&r);
}

static void under_noise_floor(void **state)
{
	struct pb_result r;
	int regression;
	json_t *cmp;

	(void)state;
	pb_collect(NULL, "floor.json", "baseline=" CMP "floor-before.txt",
		   "patched=" CMP "floor-after.txt", NULL);
	compare(&r, 0, "floor.json:baseline", "floor.json:patched", 0);
	assert_line_matches(r.out, "^| x=1 .*within boot noise | 0.5 % |");
	pb_result_free(&r);

	compare(&r, 1, "floor.json:baseline", "floor.json:patched", 0);
	cmp = parse(&r);
	assert_string_equal(verdict(cmp, 1, &regression), "within-boot-noise");
	assert_false(regression);
	json_decref(cmp);
	pb_result_free(&r);
}

/* make bisect's third kernel is compared by its name. */
static void third_kernel_by_name(void **state)
{
	struct pb_result r;

	(void)state;
	pb_collect(NULL, "three.json", "baseline=" CMP "before.txt", "bisect=" CMP "after.txt",
		   "patched=" CMP "after.txt", NULL);
	compare(&r, 0, "three.json:baseline", "three.json:bisect", 3);
	assert_line_matches(r.out, "^| x=1 .*REGRESSION");
	pb_result_free(&r);
}

static void absent_kernel_refused(void **state)
{
	struct pb_result r;

	(void)state;
	collect_planted(NULL);
	compare(&r, 0, "r.json:baseline", "r.json:bisect", 1);
	assert_contains(r.err, "no point has samples on both sides");
	pb_result_free(&r);
}

static void other_suite_refused(void **state)
{
	struct pb_result r;
	json_t *root;

	(void)state;
	collect_planted(NULL);
	root = json_load_file(scratch("r.json"), 0, NULL);
	assert_non_null(root);
	json_object_set_new(root, "suite", json_string("other"));
	assert_int_equal(json_dump_file(root, scratch("other.json"), 0), 0);
	json_decref(root);
	compare(&r, 0, "r.json", "other.json", 1);
	assert_contains(r.err, "not comparable");
	pb_result_free(&r);
}

/* page-pool.json with meta.@key = @value, as the scratch file @name. */
static void page_pool_with(const char *name, const char *key, const char *value)
{
	json_t *root = json_load_file(CMP "page-pool.json", 0, NULL);

	assert_non_null(root);
	json_object_set_new(json_object_get(root, "meta"), key, json_string(value));
	assert_int_equal(json_dump_file(root, scratch(name), JSON_INDENT(1)), 0);
	json_decref(root);
}

/* How often @needle occurs in @text. */
static int occurrences(const char *text, const char *needle)
{
	int n = 0;

	for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* Another guest CPU model: not judged, exit 1 as for other units; the field and both values named. */
static void other_cpu_not_comparable(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "compare", CMP "page-pool.json", CMP "page-pool-cpu-max.json", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "not comparable: cpu qemu64 vs max");
	assert_string_equal(r.out, "");
	pb_result_free(&r);

	pb_run(&r, "compare", "--json", CMP "page-pool-cpu-max.json:baseline",
	       CMP "page-pool.json:patched", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "not comparable: cpu max vs qemu64");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

/*
 * Today's results record neither field: their CPU is the pinned default
 * (qemu64 under icount) and their config unknown, said once; they compare.
 */
static void unrecorded_guest_still_compares(void **state)
{
	struct pb_result r;
	json_t *cmp;

	(void)state;
	pb_run(&r, "compare", CMP "page-pool.json:baseline", CMP "page-pool.json:patched", NULL);
	assert_exit(&r, 0);
	assert_int_equal(occurrences(r.out, "config unknown"), 1);
	assert_contains(r.out, "config unknown: A and B record no config_hash");
	assert_contains(r.out, "points compared");
	pb_result_free(&r);

	page_pool_with("recorded.json", "guest_cpu", "qemu64");
	pb_run(&r, "compare", "--json", CMP "page-pool.json", scratch("recorded.json"), NULL);
	assert_exit(&r, 0);
	cmp = parse(&r);
	assert_string_equal(json_string_value(json_object_get(json_object_get(cmp, "a"), "guest_cpu")),
			    "qemu64");
	assert_true(json_is_null(json_object_get(json_object_get(cmp, "b"), "config_hash")));
	json_decref(cmp);
	pb_result_free(&r);
}

/* A config hash differing refuses; equal ones compare without a word on configs. */
static void other_config_not_comparable(void **state)
{
	struct pb_result r;

	(void)state;
	page_pool_with("hash-a.json", "config_hash", "0123456789abcdef");
	page_pool_with("hash-b.json", "config_hash", "fedcba9876543210");
	compare(&r, 0, "hash-a.json", "hash-b.json", 1);
	assert_contains(r.err, "not comparable: config_hash 0123456789abcdef vs fedcba9876543210");
	pb_result_free(&r);

	compare(&r, 0, "hash-a.json:baseline", "hash-a.json:patched", 0);
	assert_int_equal(occurrences(r.out, "config"), 0);
	pb_result_free(&r);

	/* one side without a hash: not refused on that ground */
	pb_run(&r, "compare", scratch("hash-a.json"), CMP "page-pool.json", NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "config unknown: B records no config_hash");
	pb_result_free(&r);
}

/* @a and @b hold the same text. */
static void same_text(const char *a, const char *b)
{
	char *ta = read_text(a), *tb = read_text(b);

	assert_string_equal(ta, tb);
	free(ta);
	free(tb);
}

/*
 * make compare's one pb compare per suite: --summary adds the closing line,
 * --plot-data writes what pb compare-plot makes of the saved comparison.
 */
static void summary_and_plot_data_without_reading_back(void **state)
{
	static const char *const files[] = { ".vars", "-band.dat", "-regression.dat", "-slower.dat",
					     "-faster.dat", "-invalid.dat", "-other.dat" };
	char *text, want[8192];
	struct pb_result r;

	(void)state;
	collect_planted(NULL);
	write_text(scratch("summary.txt"), "  earlier: a line kept\n");
	pb_run(&r, "compare", "--save", scratch("saved.json"), "--summary", scratch("summary.txt"),
	       "--plot-data", scratch("direct"), scratch("r.json:baseline"), scratch("r.json:patched"),
	       NULL);
	assert_exit(&r, 3);
	pb_result_free(&r);
	text = read_text(scratch("summary.txt"));
	snprintf(want, sizeof(want), "  earlier: a line kept\n  selftest: 3 points, 1 regressions, "
		 "0 slower by under 2 %%, 0 faster, 1 invalid (%s)\n", scratch("saved.json"));
	assert_string_equal(text, want);
	free(text);
	pb_run(&r, "compare-plot", scratch("saved.json"), scratch(""), "read-back", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char a[4096], b[4096];

		snprintf(a, sizeof(a), "%s%s", scratch("direct"), files[i]);
		snprintf(b, sizeof(b), "%s%s", scratch("read-back"), files[i]);
		same_text(a, b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(collect_groups_by_point),
		cmocka_unit_test(aa_clean),
		cmocka_unit_test(planted_regression_flagged),
		cmocka_unit_test(under_noise_floor),
		cmocka_unit_test(third_kernel_by_name),
		cmocka_unit_test(absent_kernel_refused),
		cmocka_unit_test(other_suite_refused),
		cmocka_unit_test(summary_and_plot_data_without_reading_back),
		cmocka_unit_test(other_cpu_not_comparable),
		cmocka_unit_test(unrecorded_guest_still_compares),
		cmocka_unit_test(other_config_not_comparable),
	};

	return cmocka_run_group_tests_name("compare-cmd", tests, scratch_make, scratch_remove);
}
