// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-collect, then pb compare, on planted samples (tests/fixtures/compare/):
 * before.txt, and after.txt where x=1 is 10 % slower; in both, x=2 is the
 * same and x=3's 2K batch does not cost twice its K batch (the benchmark
 * does not scale). floor-after.txt is 0.3 % slower than floor-before.txt:
 * significant on pooled samples, but under the icount noise floor.
 * page-pool.json is a committed result from before the guest's CPU model and
 * config hash were recorded; page-pool-cpu-max.json the same with
 * meta.guest_cpu "max". Its meta varied field by field shows what pb
 * compare refuses (the measuring side), shows (the kernel side) and warns
 * of (the suite's own files).
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

/* Another guest CPU model: not judged, exit 1 naming the field and both values; --force compares. */
static void other_cpu_not_comparable(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "compare", CMP "page-pool.json", CMP "page-pool-cpu-max.json", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "not comparable: guest_cpu qemu64 vs max (the measuring side differs; "
		       "--force compares anyway)");
	assert_string_equal(r.out, "");
	pb_result_free(&r);

	pb_run(&r, "compare", "--json", CMP "page-pool-cpu-max.json:baseline",
	       CMP "page-pool.json:patched", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "not comparable: guest_cpu max vs qemu64");
	assert_string_equal(r.out, "");
	pb_result_free(&r);

	pb_run(&r, "compare", "--force", CMP "page-pool.json", CMP "page-pool-cpu-max.json", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^| guest_cpu | measuring | qemu64 | max |$");
	assert_contains(r.out, "warning: compared anyway (--force): guest_cpu differs on the measuring side");
	assert_contains(r.out, "points compared");
	pb_result_free(&r);
}

/* Each measuring field (vCPUs, memory, QEMU) refuses by its name. */
static void other_guest_not_comparable(void **state)
{
	static const char *const fields[] = { "guest_smp", "guest_mem_mb", "qemu" };
	struct pb_result r;

	(void)state;
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		char want[128];

		page_pool_with("one.json", fields[i], "1");
		page_pool_with("two.json", fields[i], "2");
		compare(&r, 0, "one.json", "two.json", 1);
		snprintf(want, sizeof(want), "not comparable: %s 1 vs 2", fields[i]);
		assert_contains(r.err, want);
		pb_result_free(&r);
	}
}

/*
 * Two guest architectures are never one comparison: refused naming them,
 * a result without guest_arch being the default's (x86_64); the same
 * architecture on both sides compares.
 */
static void other_arch_not_comparable(void **state)
{
	struct pb_result r;

	(void)state;
	page_pool_with("arm.json", "guest_arch", "arm64");
	pb_run(&r, "compare", CMP "page-pool.json", scratch("arm.json"), NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "not comparable: guest_arch x86_64 vs arm64");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
	page_pool_with("arm2.json", "guest_arch", "arm64");
	compare(&r, 0, "arm.json", "arm2.json", 0);
	pb_result_free(&r);
}

/* Under KVM the host's CPU is measured too: refused by it; under icount it is not compared. */
static void host_cpu_measures_under_kvm(void **state)
{
	static const char *const cpus[] = { "Intel(R) Xeon(R) Processor", "AMD EPYC" };
	const char *names[] = { "kvm-a.json", "kvm-b.json" };
	struct pb_result r;

	(void)state;
	for (int i = 0; i < 2; i++) {
		json_t *root = json_load_file(CMP "page-pool.json", 0, NULL);

		assert_non_null(root);
		json_object_set_new(root, "accel", json_string("kvm"));
		json_object_set_new(root, "unit", json_string("ns"));
		json_object_set_new(json_object_get(root, "meta"), "host_cpu", json_string(cpus[i]));
		assert_int_equal(json_dump_file(root, scratch(names[i]), JSON_INDENT(1)), 0);
		json_decref(root);
	}
	compare(&r, 0, "kvm-a.json", "kvm-b.json", 1);
	assert_contains(r.err, "not comparable: host_cpu Intel(R) Xeon(R) Processor vs AMD EPYC");
	pb_result_free(&r);

	page_pool_with("icount-amd.json", "host_cpu", "AMD EPYC");
	pb_run(&r, "compare", CMP "page-pool.json", scratch("icount-amd.json"), NULL);
	assert_exit(&r, 0);
	assert_int_equal(occurrences(r.out, "host_cpu"), 0);
	pb_result_free(&r);
}

/*
 * Today's results record neither field: their CPU is the pinned default
 * (qemu64 under icount) and their config not recorded; they compare, a
 * field one side lacks shown as not recorded.
 */
static void unrecorded_guest_still_compares(void **state)
{
	struct pb_result r;
	json_t *cmp;

	(void)state;
	page_pool_with("recorded.json", "guest_cpu", "qemu64");
	pb_run(&r, "compare", "--json", CMP "page-pool.json", scratch("recorded.json"), NULL);
	assert_exit(&r, 0);
	cmp = parse(&r);
	assert_string_equal(json_string_value(json_object_get(json_object_get(cmp, "a"), "guest_cpu")),
			    "qemu64");
	assert_true(json_is_null(json_object_get(json_object_get(cmp, "b"), "config_hash")));
	assert_int_equal(json_array_size(json_object_get(cmp, "differences")), 0);
	json_decref(cmp);
	pb_result_free(&r);

	page_pool_with("hash-a.json", "config_hash", "0123456789abcdef");
	pb_run(&r, "compare", scratch("hash-a.json"), CMP "page-pool.json", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^| config_hash | kernel | 0123456789abcdef | not recorded |$");
	pb_result_free(&r);
}

/*
 * The kernel side differing (the config hash, with KCONFIG's file in it;
 * each kernel's own tree) is what a comparison is for: shown, compared.
 */
static void other_config_compared_and_shown(void **state)
{
	struct pb_result r;

	(void)state;
	page_pool_with("hash-a.json", "config_hash", "0123456789abcdef");
	page_pool_with("hash-b.json", "config_hash", "fedcba9876543210");
	compare(&r, 0, "hash-a.json", "hash-b.json", 0);
	assert_line_matches(r.out, "^| config_hash | kernel | 0123456789abcdef | fedcba9876543210 |$");
	assert_contains(r.out, "points compared");
	assert_string_equal(r.err, "");
	pb_result_free(&r);

	compare(&r, 0, "hash-a.json:baseline", "hash-a.json:patched", 0);
	assert_line_matches(r.out, "^| kernel | kernel | d17753b1a43d stamp 23b0204d2103df6b | "
			    "eff49d191c35 stamp dfa973c136e13dd6 |$");
	assert_int_equal(occurrences(r.out, "config_hash"), 0);
	pb_result_free(&r);

	compare(&r, 0, "hash-a.json", "hash-a.json", 0);
	assert_contains(r.out, "same metadata: nothing differs in how A and B were made");
	pb_result_free(&r);
}

/* The suite's own files differing: compared, with a warning naming each file. */
static void other_suite_files_warned(void **state)
{
	struct pb_result r;

	(void)state;
	page_pool_with("files-a.json", "suite_files", "guest:11111111 old.c:22222222 suite.json:33333333");
	page_pool_with("files-b.json", "suite_files", "guest:11111111 new.c:44444444 suite.json:55555555");
	compare(&r, 0, "files-a.json", "files-b.json", 0);
	assert_contains(r.out, "warning: the suite's own files differ: old.c, suite.json, new.c");
	assert_line_matches(r.out, "^| suite_files | suite | ");
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
		cmocka_unit_test(other_guest_not_comparable),
		cmocka_unit_test(other_arch_not_comparable),
		cmocka_unit_test(host_cpu_measures_under_kvm),
		cmocka_unit_test(other_config_compared_and_shown),
		cmocka_unit_test(other_suite_files_warned),
	};

	return cmocka_run_group_tests_name("compare-cmd", tests, scratch_make, scratch_remove);
}
