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
#include <string.h>
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tap_with_prefix),
		cmocka_unit_test(required_suite_missing),
		cmocka_unit_test(json_counts_of_a_crash),
		cmocka_unit_test(no_ktap_fails),
	};

	return cmocka_run_group_tests_name("ktap-cmd", tests, scratch_make, scratch_remove);
}
