// SPDX-License-Identifier: GPL-2.0
/*
 * Choosing guest jobs with TEST= (pb jobs select, tests-of, and
 * list/taps under PB_TEST_CHOICE; docs/testing.md, "Choosing tests"), on
 * guest tests of the test's own (GUEST_TESTS_DIR): two guest-stage tests,
 * one of them on one vCPU, and a crash-stage test with two cases.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "pb_run.h"

static void test_folder(const char *name, const char *manifest)
{
	char dir[4096], path[4200];

	snprintf(dir, sizeof(dir), "%s/%s", scratch("gt"), name);
	assert_true(!mkdir(scratch("gt"), 0755) || errno == EEXIST);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/test.json", dir);
	write_text(path, manifest);
	snprintf(path, sizeof(path), "%s/guest", dir);
	write_text(path, "#!/bin/sh\n");
	assert_int_equal(chmod(path, 0755), 0);
}

static int tests_of_our_own(void **state)
{
	if (scratch_make(state))
		return -1;
	test_folder("alpha", "{\"description\": \"a\", \"order\": 1, \"cpus\": 1}");
	test_folder("beta", "{\"description\": \"b\", \"order\": 2}");
	test_folder("boom", "{\"description\": \"c\", \"stage\": \"crash\", \"cases\": ["
		    "{\"name\": \"small\", \"append\": \"x=1\"}, "
		    "{\"name\": \"big\", \"append\": \"x=2\"}]}");
	return setenv("GUEST_TESTS_DIR", scratch("gt"), 1);
}

/* pb jobs select PATTERNS: its output is exactly @want. */
static void chooses(const char *want, const char *pattern, const char *more)
{
	struct pb_result r;

	pb_run(&r, "jobs", "select", pattern, more, NULL);
	assert_exit(&r, 0);
	if (strcmp(r.out, want))
		fail_msg("TEST='%s%s%s' chose\n%swanted\n%s", pattern, more ? " " : "",
			 more ? more : "", r.out, want);
	pb_result_free(&r);
}

static void patterns_over_job_ids(void **state)
{
	(void)state;
	chooses("guest/patched/alpha\n", "guest/patched/alpha", NULL);
	chooses("kunit/baseline\nkunit/patched\n", "kunit/*", NULL);
	chooses("crash/big\n", "crash/big", NULL);
	chooses("guest/patched/beta\nguest/baseline/beta\ncrash/small\n", "guest/*/beta",
		"crash/small");
}

/* A word: any part of an id, a test of a shared boot, the test a crash boot boots. */
static void words_over_parts_of_ids(void **state)
{
	(void)state;
	chooses("guest/patched/alpha\nguest/baseline/alpha\n", "alpha", NULL);
	chooses("crash/small\ncrash/big\n", "boom", NULL);
	chooses("crash/small\n", "small", NULL);
	chooses("guest/patched/alpha\nguest/patched/beta\n", "guest/patched/*", NULL);
	/* the sanitizer kernels' jobs only by a pattern that says so */
	chooses("kunit/debug\nguest/debug/alpha\nguest/debug/beta\n", "debug", NULL);
	chooses("guest/debug/alpha\n", "guest/debug/alpha", NULL);
	chooses("kunit/debug-llvm\n", "kunit/debug-llvm", NULL);
}

static void a_pattern_that_chooses_nothing_is_refused(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "jobs", "select", "alpha", "gamma", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "TEST=gamma chooses no job");
	assert_contains(r.err, "  guest/patched/alpha\n");
	pb_result_free(&r);
	pb_run(&r, "jobs", "select", NULL);
	assert_exit(&r, 2);
	pb_result_free(&r);
	pb_run(&r, "jobs", "tests-of", "kunit/*", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "chooses no guest test");
	pb_result_free(&r);
}

/* make lava TEST=: the guest tests; make test TEST=: its stages' jobs, and their TAP files. */
static void lava_and_make_test_take_the_same_patterns(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "jobs", "tests-of", "guest/*/beta", "alpha", NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "alpha beta\n");
	pb_result_free(&r);
	assert_int_equal(setenv("PB_TEST_CHOICE", "beta crash/big", 1), 0);
	pb_run(&r, "jobs", "list", "guest", "crash", "kunit", NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "guest/patched/beta\nguest/baseline/beta\ncrash/big\n");
	pb_result_free(&r);
	assert_int_equal(setenv("TEST_OUT", "o", 1), 0);
	pb_run(&r, "jobs", "taps", "crash", NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "o/crash-big/vm.tap\no/crash-big/boom.tap\n");
	pb_result_free(&r);
	assert_int_equal(setenv("PB_TEST_CHOICE", "nothing-at-all", 1), 0);
	pb_run(&r, "jobs", "list", "guest", NULL);
	assert_exit(&r, 2);
	pb_result_free(&r);
	unsetenv("PB_TEST_CHOICE");
	unsetenv("TEST_OUT");
}

/* --choose is PB_TEST_CHOICE given on the command line; check knows every job. */
static void choose_option_and_check(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "jobs", "list", "--choose", "alpha crash/small", "guest", "crash", NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "guest/patched/alpha\nguest/baseline/alpha\ncrash/small\n");
	pb_result_free(&r);
	pb_run(&r, "jobs", "check", "guest/debug/alpha", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	pb_run(&r, "jobs", "check", "guest/patched/gamma", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "unknown job 'guest/patched/gamma'");
	assert_contains(r.err, "  crash/big\n");
	pb_result_free(&r);
	pb_run(&r, "jobs", "list", "nostage", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "unknown stage 'nostage'");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(patterns_over_job_ids),
		cmocka_unit_test(words_over_parts_of_ids),
		cmocka_unit_test(a_pattern_that_chooses_nothing_is_refused),
		cmocka_unit_test(lava_and_make_test_take_the_same_patterns),
		cmocka_unit_test(choose_option_and_check),
	};

	return cmocka_run_group_tests_name("jobs-select", tests, tests_of_our_own, scratch_remove);
}
