// SPDX-License-Identifier: GPL-2.0
/* pb tally on TAP files: the closing verdict of make test (bench/tap/cmd_tally.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

/* A stage whose TAP plans nothing ran no test: it fails the tally. */
static void empty_plan_fails(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "tally", FIXTURES "/tally/empty.tap", NULL);
	assert_exit(&r, 1);
	assert_contains(r.out, "no test ran");
	assert_contains(r.out, "0 passed, 1 failed, 0 skipped");
	pb_result_free(&r);
}

/* A stage that never wrote its file fails too, by name. */
static void missing_file_fails(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "tally", FIXTURES "/tally/passed.tap", scratch("absent.tap"), NULL);
	assert_exit(&r, 1);
	assert_line_matches(r.out, "^FAIL .*absent.tap: results missing or unreadable");
	assert_contains(r.out, "2 passed, 1 failed, 1 skipped");
	pb_result_free(&r);
}

static void passed_and_skipped_pass(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "tally", FIXTURES "/tally/passed.tap", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^2 passed, 0 failed, 1 skipped$");
	pb_result_free(&r);
}

/* Every failure is listed with its reason. */
static void failures_named(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "tally", FIXTURES "/tally/passed.tap", FIXTURES "/tally/failed.tap", NULL);
	assert_exit(&r, 1);
	assert_line_matches(r.out, "^FAIL stage.second: planted failure$");
	assert_line_matches(r.out, "^3 passed, 1 failed, 1 skipped$");
	pb_result_free(&r);
}

/* A test the kernel lacks the needs of is counted apart from other skips. */
static void not_applicable_apart(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "tally", FIXTURES "/tally/passed.tap", FIXTURES "/tally/not-applicable.tap", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "not-applicable.tap  *0 passed, 0 failed, 0 skipped, 1 not applicable$");
	assert_line_matches(r.out, "^2 passed, 0 failed, 1 skipped, 1 not applicable$");
	pb_result_free(&r);
}

/* An expected failure ("ok ... # XFAIL", kselftest's form) passes, said so. */
static void xfail_passes_named(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "tally", FIXTURES "/tally/xfail.tap", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^XFAIL series.0016: KUnit: 1 failed; fixed by 0017$");
	assert_line_matches(r.out, "^2 passed, 0 failed, 0 skipped$");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(empty_plan_fails),
		cmocka_unit_test(missing_file_fails),
		cmocka_unit_test(passed_and_skipped_pass),
		cmocka_unit_test(failures_named),
		cmocka_unit_test(not_applicable_apart),
		cmocka_unit_test(xfail_passes_named),
	};

	return cmocka_run_group_tests_name("tally", tests, scratch_make, scratch_remove);
}
