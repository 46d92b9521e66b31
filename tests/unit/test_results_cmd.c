// SPDX-License-Identifier: GPL-2.0
/*
 * The results layout (bench/lib/layout.[ch], layout_arch.c) and pb results:
 * where a run files its result, another guest architecture's apart, what a
 * partial run is, which suites a results root holds, and pb results check
 * on results filed by hand. The git walk
 * (newest, all) is checked on a planted repository by tests/results-check.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "lib/arch.h"
#include "lib/layout.h"
#include "pb_run.h"

/* An architecture's name the layout takes (it needs no description of it) */
#define OTHER_ARCH "planted_arch"

/* pb results run-id: this checkout's, without its newline (free it). */
static char *run_id(void)
{
	struct pb_result r;
	char *run;

	pb_run(&r, "results", "run-id", NULL);
	assert_exit(&r, 0);
	run = strndup(r.out, strcspn(r.out, "\n"));
	assert_true(strlen(run) == 12 || (strlen(run) == 18 && !strcmp(run + 12, "-dirty")));
	pb_result_free(&r);
	return run;
}

/*
 * pb results path of @suite: in the scratch root (--root), or as a partial
 * result under RESULTS_DIR=elsewhere; @want after this checkout's run id
 * (printf: %s the root, then the run; the run alone for elsewhere).
 */
static void path_is(const char *want, const char *suite, int partial)
{
	char *run = run_id(), text[4096];
	struct pb_result r;

	if (partial) {
		snprintf(text, sizeof(text), want, run);
		setenv("RESULTS_DIR", "elsewhere", 1);
		pb_run(&r, "results", "path", "--partial", suite, NULL);
		unsetenv("RESULTS_DIR");
	} else {
		snprintf(text, sizeof(text), want, scratch("root"), run);
		pb_run(&r, "results", "--root", scratch("root"), "path", suite, NULL);
	}
	assert_exit(&r, 0);
	assert_string_equal(r.out, text);
	pb_result_free(&r);
	free(run);
}

static void path_of_full_and_partial_result(void **state)
{
	(void)state;
	path_is("%s/%s/mctp-route.json\n", "mctp-route", 0);
	path_is("elsewhere/%s/mctp-route.partial.json\n", "mctp-route", 1);
}

static void result_paths_and_suite_names(void **state)
{
	char path[64];

	(void)state;
	assert_int_equal(layout_result_path(path, sizeof(path), "results", "0123456789ab", "s", 0), 0);
	assert_string_equal(path, "results/0123456789ab/s.json");
	assert_int_equal(layout_result_path(path, sizeof(path), "r", "0123456789ab-dirty", "s", 1), 0);
	assert_string_equal(path, "r/0123456789ab-dirty/s.partial.json");
	assert_int_equal(layout_result_path(path, 20, "results", "0123456789ab", "s", 0), -1);
	assert_true(layout_suite_ok("bpf-strings"));
	assert_false(layout_suite_ok(""));
	assert_false(layout_suite_ok("../x"));
	assert_false(layout_suite_ok("s.partial"));
	unsetenv("GUEST_ARCH");
	assert_string_equal(layout_root(NULL), getenv("RESULTS_DIR") ? getenv("RESULTS_DIR") : "results");
	assert_string_equal(layout_root("mine"), "mine");
}

/*
 * Another guest architecture's results root is ROOT/arch/NAME, whichever
 * way ROOT is given (--root, RESULTS_DIR, the default); the default's is
 * ROOT itself, GUEST_ARCH naming it or not; a GUEST_ARCH that is no
 * architecture's name is refused, nothing filed.
 */
static void another_architecture_apart(void **state)
{
	struct pb_result r;

	(void)state;
	assert_int_equal(setenv("GUEST_ARCH", ARCH_DEFAULT, 1), 0);
	assert_string_equal(layout_root("mine"), "mine");
	assert_string_equal(layout_base_root("mine"), "mine");
	assert_int_equal(setenv("GUEST_ARCH", OTHER_ARCH, 1), 0);
	assert_string_equal(layout_root("mine"), "mine/arch/" OTHER_ARCH);
	assert_string_equal(layout_base_root("mine"), "mine");
	unsetenv("RESULTS_DIR");
	assert_string_equal(layout_root(NULL), "results/arch/" OTHER_ARCH);

	path_is("%s/arch/" OTHER_ARCH "/%s/s.json\n", "s", 0);
	path_is("elsewhere/arch/" OTHER_ARCH "/%s/s.partial.json\n", "s", 1);

	assert_int_equal(setenv("GUEST_ARCH", "../up", 1), 0);
	assert_null(layout_root("mine"));
	pb_run(&r, "results", "path", "s", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "GUEST_ARCH='../up' is no architecture's name");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
	unsetenv("GUEST_ARCH");
}

/* A result of @suite in ROOT/@run recording @recorded as its project commit. */
static void plant(const char *root, const char *run, const char *file, const char *recorded)
{
	char path[4096], text[256];

	snprintf(path, sizeof(path), "%s/%s", root, run);
	mkdir(root, 0755);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/%s", root, run, file);
	snprintf(text, sizeof(text), "{\"meta\": {\"project_commit\": \"%s\"}}\n", recorded);
	write_text(path, text);
}

/* @names is exactly @a, @b (a NULL-terminated set of the layout's); freed. */
static void assert_names(char **names, const char *a, const char *b)
{
	assert_non_null(names);
	assert_string_equal(names[0], a);
	assert_string_equal(names[1], b);
	assert_null(names[2]);
	layout_suites_free(names);
}

/*
 * The other architectures a root holds: its arch/ folder's folders named as
 * architectures, sorted; not the default's, not a file, not another name.
 */
static void architectures_of_a_root(void **state)
{
	const char *root = scratch("archs");
	char **archs, path[4096];

	(void)state;
	archs = layout_archs(root);
	assert_non_null(archs);
	assert_null(archs[0]);	/* no arch/ folder: none */
	layout_suites_free(archs);
	plant(root, "arch", "README.md", "not a run");
	plant(scratch("archs/arch"), "b_arch", "README.md", "");
	plant(scratch("archs/arch"), "a_arch", "README.md", "");
	plant(scratch("archs/arch"), ARCH_DEFAULT, "README.md", "");
	plant(scratch("archs/arch"), "Not.One", "README.md", "");
	assert_int_equal(layout_arch_root(path, sizeof(path), root, "a_arch"), 0);
	assert_string_equal(path, scratch("archs/arch/a_arch"));
	assert_int_equal(layout_arch_root(path, 8, root, "a_arch"), -1);
	assert_names(layout_archs(root), "a_arch", "b_arch");
}

/* The suites a root holds: every SUITE.json of every run, never a partial one. */
static void suites_of_a_root(void **state)
{
	const char *root = scratch("suites");

	(void)state;
	plant(root, "aaaaaaaaaaaa", "b.json", "aaaaaaaaaaaa");
	plant(root, "aaaaaaaaaaaa", "a.json", "aaaaaaaaaaaa");
	plant(root, "bbbbbbbbbbbb", "a.json", "bbbbbbbbbbbb");
	plant(root, "bbbbbbbbbbbb", "c.partial.json", "bbbbbbbbbbbb");
	write_text(scratch("suites/README.md"), "not a run\n");
	plant(root, "arch", "d.json", "arch");	/* the other architectures' folder: no run */
	assert_names(layout_suites(root), "a", "b");
	assert_null(layout_suites(scratch("no-such-root")));
}

static void check_names_a_misfiled_result(void **state)
{
	const char *root = scratch("check");
	struct pb_result r;

	(void)state;
	plant(root, "aaaaaaaaaaaa", "s.json", "aaaaaaaaaaaa");
	plant(root, "aaaaaaaaaaaa-dirty", "s.partial.json", "aaaaaaaaaaaa-dirty");
	pb_run(&r, "results", "--root", root, "check", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);

	plant(root, "bbbbbbbbbbbb", "t.json", "aaaaaaaaaaaa-dirty");
	pb_run(&r, "results", "--root", root, "check", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "bbbbbbbbbbbb/t.json: recorded at run aaaaaaaaaaaa-dirty, "
			"filed under run bbbbbbbbbbbb");
	assert_contains(r.err, "1 result(s) under");
	pb_result_free(&r);
}

/* A result of @file in ROOT/@run recording @recorded and the guest architecture @arch. */
static void plant_arch(const char *root, const char *run, const char *file, const char *recorded,
		       const char *arch)
{
	char path[4096], text[256];

	plant(root, run, file, recorded);
	snprintf(path, sizeof(path), "%s/%s/%s", root, run, file);
	snprintf(text, sizeof(text), "{\"meta\": {\"project_commit\": \"%s\", "
		 "\"guest_arch\": \"%s\"}}\n", recorded, arch);
	write_text(path, text);
}

/*
 * pb results check of the default's root checks every other
 * architecture's root under its arch/ too (arch/ itself is no run): each
 * result must record the architecture its root is of (none: the default).
 */
static void check_names_another_architecture(void **state)
{
	const char *root = scratch("checkarch");
	char other[4096];
	struct pb_result r;

	(void)state;
	snprintf(other, sizeof(other), "%s/arch/" OTHER_ARCH, root);
	plant(root, "aaaaaaaaaaaa", "s.json", "aaaaaaaaaaaa");
	plant(root, "arch", "README.md", "");
	plant_arch(other, "aaaaaaaaaaaa", "s.json", "aaaaaaaaaaaa", OTHER_ARCH);
	pb_run(&r, "results", "--root", root, "check", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);

	plant(other, "bbbbbbbbbbbb", "t.json", "bbbbbbbbbbbb");
	plant_arch(root, "bbbbbbbbbbbb", "t.json", "bbbbbbbbbbbb", OTHER_ARCH);
	pb_run(&r, "results", "--root", root, "check", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "arch/" OTHER_ARCH "/bbbbbbbbbbbb/t.json: measured on " ARCH_DEFAULT
			", filed among " OTHER_ARCH "'s results");
	assert_contains(r.err, "checkarch/bbbbbbbbbbbb/t.json: measured on " OTHER_ARCH
			", filed among " ARCH_DEFAULT "'s results");
	assert_contains(r.err, "2 result(s) under");
	pb_result_free(&r);

	/* GUEST_ARCH's root alone: the misfiled result there */
	assert_int_equal(setenv("GUEST_ARCH", OTHER_ARCH, 1), 0);
	pb_run(&r, "results", "--root", root, "check", NULL);
	unsetenv("GUEST_ARCH");
	assert_exit(&r, 1);
	assert_contains(r.err, "1 result(s) under");
	pb_result_free(&r);
}

static void usage_errors(void **state)
{
	static const char *const cases[][4] = {
		{ "path", NULL },			/* no SUITE */
		{ "newest", "--from", "x", "s" },	/* an option of another subcommand */
		{ "path", "a/b", NULL },		/* not a suite's name */
		{ "check", "s", NULL },			/* check takes no SUITE */
		{ "no-such", NULL },
	};
	struct pb_result r;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pb_run(&r, "results", cases[i][0], cases[i][1], cases[i][2], cases[i][3], NULL);
		assert_exit(&r, 2);
		assert_line_matches(r.err, "^pb results: ");
		assert_line_matches(r.err, "^usage: pb results ");
		pb_result_free(&r);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(path_of_full_and_partial_result),
		cmocka_unit_test(result_paths_and_suite_names),
		cmocka_unit_test(another_architecture_apart),
		cmocka_unit_test(architectures_of_a_root),
		cmocka_unit_test(suites_of_a_root),
		cmocka_unit_test(check_names_a_misfiled_result),
		cmocka_unit_test(check_names_another_architecture),
		cmocka_unit_test(usage_errors),
	};

	unsetenv("GUEST_ARCH");	/* the default's layout, but where a test names another */
	return cmocka_run_group_tests_name("results-cmd", tests, scratch_make, scratch_remove);
}
