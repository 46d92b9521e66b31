// SPDX-License-Identifier: GPL-2.0
/*
 * pb ktap on KUnit logs (bench/tap/cmd_ktap.c): the whole command, on the logs
 * test_ktap.c parses (tests/unit/ktap-*.log, kunit-mctp-6.12.log).
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "pb_run.h"

#define MCTP_LOG SRCDIR "/kunit-mctp-6.12.log"

static json_int_t count(json_t *rep, const char *key)
{
	json_t *v = json_object_get(rep, key);

	if (!json_is_integer(v))
		fail_msg("no count %s", key);
	return json_integer_value(v);
}

/* 40 passing cases, as TAP under the prefix the stage gives them. */
static void tap_with_prefix(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "ktap", "--suites", "mctp", MCTP_LOG, "guest.patched", NULL);
	assert_exit(&r, 0);
	assert_true(!strncmp(r.out, "TAP version 13\n1..40\n", 21));
	assert_line_matches(r.out, "^ok 1 - guest\\.patched\\.mctp\\.mctp_test_fragment\\.mtu 63 ");
	assert_line_matches(r.out, "^ok 40 - guest\\.patched\\.mctp\\.");
	assert_null(strstr(r.out, "not ok"));
	pb_result_free(&r);
}

/* A suite required by --suites that never reported is a failure by its name. */
static void required_suite_missing(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "ktap", "--suites", "mctp,nosuch", MCTP_LOG, "x", NULL);
	assert_exit(&r, 1);
	assert_line_matches(r.out, "^1\\.\\.41$");
	assert_line_matches(r.out, "^not ok 41 - x\\.nosuch # suite did not report any result$");
	pb_result_free(&r);
}

/* A log cut in the middle of a subtest: its missing results are crashed, not passed. */
static void json_counts_of_a_crash(void **state)
{
	struct pb_result r;
	json_t *rep;

	(void)state;
	pb_run(&r, "ktap", "--json", SRCDIR "/ktap-crash-mid-subtest.log", NULL);
	assert_exit(&r, 1);
	rep = json_loads(r.out, 0, NULL);
	assert_non_null(rep);
	assert_int_equal(count(rep, "passed"), 2);
	assert_int_equal(count(rep, "failed"), 0);
	assert_int_equal(count(rep, "crashed"), 3);
	assert_int_equal(count(rep, "errors"), 2);
	assert_int_equal(json_array_size(json_object_get(rep, "results")), 7);
	json_decref(rep);
	pb_result_free(&r);
}

/* No KTAP at all is a failure, not an empty pass. */
static void no_ktap_fails(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "ktap", FIXTURES "/fold/folded.txt", NULL);
	assert_exit(&r, 1);
	assert_line_matches(r.out, "^not ok 1 - (ktap) # no KTAP version line in the log$");
	assert_contains(r.err, "no KTAP/TAP version line");
	pb_result_free(&r);
}

/*
 * pb kunit on a stand-in QEMU that prints the 40-case log and exits: the
 * TAP under the label, and --json's counts as kernel/check-series.sh reads them.
 */
static void kunit_json_counts(void **state)
{
	struct pb_result r;
	json_t *counts;
	char script[512], *tap;

	(void)state;
	snprintf(script, sizeof(script), "#!/bin/sh\nexec cat %s\n", MCTP_LOG);
	write_text(scratch("fake-qemu"), script);
	assert_int_equal(chmod(scratch("fake-qemu"), 0755), 0);
	write_text(scratch("kernel-image"), "");
	assert_int_equal(setenv("PB_QEMU", scratch("fake-qemu"), 1), 0);
	pb_run(&r, "kunit", "--name", "series.0001", "--filter", "mctp*", "--suites", "mctp",
	       "--accel", "tcg", "--timeout", "30", "--kernel", scratch("kernel-image"),
	       "--tap", scratch("kunit.tap"), "--json", scratch("kunit.json"), NULL);
	unsetenv("PB_QEMU");
	assert_exit(&r, 0);
	tap = read_text(scratch("kunit.tap"));
	assert_line_matches(tap, "^ok 1 - series\\.0001\\.mctp\\.");
	free(tap);
	counts = json_load_file(scratch("kunit.json"), 0, NULL);
	assert_non_null(counts);
	assert_int_equal(count(counts, "passed"), 41);	/* 40 cases and the boot */
	assert_int_equal(count(counts, "failed"), 0);
	assert_int_equal(count(counts, "skipped"), 0);
	assert_string_equal(json_string_value(json_object_get(counts, "suites")), "mctp");
	assert_string_equal(json_string_value(json_object_get(counts, "accel")), "tcg");
	json_decref(counts);
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tap_with_prefix),
		cmocka_unit_test(required_suite_missing),
		cmocka_unit_test(json_counts_of_a_crash),
		cmocka_unit_test(no_ktap_fails),
		cmocka_unit_test(kunit_json_counts),
	};

	return cmocka_run_group_tests_name("ktap-cmd", tests, scratch_make, scratch_remove);
}
