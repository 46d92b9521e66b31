// SPDX-License-Identifier: GPL-2.0
/*
 * pb bisect-tests, make bisect TEST='s verdict on a commit, on TAP files as
 * pb kunit and tests/guest-run.sh leave them: all passing is pass; a failed
 * case, or a boot that panicked (its own result failed), is fail with the
 * failures named; a missing TAP file is error; every result "not
 * applicable" is absent, and so is a commit whose results lack every case
 * the BAD end failed (the test does not exist yet); --meta-file is kept.
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

#define PASSING "TAP version 13\n1..3\nok 1 - kunit.step.mctp-route.a\nok 2 - kunit.step.mctp-route.b\n" \
		"ok 3 - kunit.step.(boot)\n"
#define FAILING "TAP version 13\n1..3\nok 1 - kunit.step.mctp-route.a\n" \
		"not ok 2 - kunit.step.mctp-route.b # expected 1, got 2\nok 3 - kunit.step.(boot)\n"
#define WITHOUT_B "TAP version 13\n1..2\nok 1 - kunit.step.mctp-route.a\nok 2 - kunit.step.(boot)\n"
#define PANIC "TAP version 13\n1..2\nok 1 - kunit.step.mctp-route.a\n" \
	      "not ok 2 - kunit.step.(boot) # Kernel panic - not syncing: Fatal exception\n"
#define NOT_APPLICABLE "TAP version 13\n1..1\nok 1 - guest.step.netmem # SKIP not applicable: step lacks X\n"

/* pb bisect-tests [--bad BAD] on a TAP file holding @tap; its verdict file's @key as JSON text */
static char *judge(const char *tap, const char *bad, const char *key)
{
	struct pb_result r;
	char out[4096], file[4096];
	json_t *v;
	char *text;

	snprintf(file, sizeof(file), "%s", scratch("step.tap"));
	write_text(file, tap);
	snprintf(out, sizeof(out), "%s", scratch("verdict.json"));
	if (bad)
		pb_run(&r, "bisect-tests", "--out", out, "--bad", bad, file, NULL);
	else
		pb_run(&r, "bisect-tests", "--out", out, file, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	v = json_load_file(out, 0, NULL);
	assert_non_null(v);
	text = json_dumps(json_object_get(v, key), JSON_ENCODE_ANY);
	json_decref(v);
	return text;
}

/* pb bisect-tests' verdict on @tap (with --bad @bad) is @want */
static void verdict_is(const char *tap, const char *bad, const char *want)
{
	char *v = judge(tap, bad, "verdict");
	char quoted[64];

	snprintf(quoted, sizeof(quoted), "\"%s\"", want);
	assert_string_equal(v, quoted);
	free(v);
}

/* and its @key (failures, why) says @text */
static void says(const char *tap, const char *bad, const char *key, const char *text)
{
	char *v = judge(tap, bad, key);

	assert_contains(v, text);
	free(v);
}

static void passing_and_failing(void **state)
{
	char *v;

	(void)state;
	verdict_is(PASSING, NULL, "pass");
	verdict_is(FAILING, NULL, "fail");
	v = judge(FAILING, NULL, "failures");
	assert_contains(v, "\"path\": \"kunit.step.mctp-route.b\"");
	assert_contains(v, "expected 1, got 2");
	assert_null(strstr(v, "mctp-route.a"));
	free(v);
}

static void a_panic_fails(void **state)
{
	(void)state;
	verdict_is(PANIC, NULL, "fail");
	says(PANIC, NULL, "failures", "Kernel panic");
}

static void a_missing_file_is_an_error(void **state)
{
	struct pb_result r;
	char out[4096], tap[4096];
	char *text;

	(void)state;
	snprintf(out, sizeof(out), "%s", scratch("verdict.json"));
	snprintf(tap, sizeof(tap), "%s", scratch("never-written.tap"));
	pb_run(&r, "bisect-tests", "--out", out, tap, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	text = read_text(out);
	assert_contains(text, "\"verdict\": \"error\"");
	assert_contains(text, "did not finish");
	free(text);
}

static void absent_tests_are_absent(void **state)
{
	char bad[4096];

	(void)state;
	verdict_is(NOT_APPLICABLE, NULL, "absent");
	/* BAD failed mctp-route.b: a commit without that case lacks the test */
	verdict_is(FAILING, NULL, "fail");
	snprintf(bad, sizeof(bad), "%s", scratch("bad.json"));
	assert_int_equal(rename(scratch("verdict.json"), bad), 0);
	verdict_is(WITHOUT_B, bad, "absent");
	says(WITHOUT_B, bad, "why", "kunit.step.mctp-route.b");
	verdict_is(PASSING, bad, "pass");
}

static void meta_is_kept(void **state)
{
	struct pb_result r;
	char out[4096], tap[4096], meta[4096];
	char *text;

	(void)state;
	snprintf(out, sizeof(out), "%s", scratch("verdict.json"));
	snprintf(tap, sizeof(tap), "%s", scratch("step.tap"));
	snprintf(meta, sizeof(meta), "%s", scratch("meta.txt"));
	write_text(tap, PASSING);
	write_text(meta, "host_cpu=Some CPU\naccel=icount\n");
	pb_run(&r, "bisect-tests", "--out", out, "--meta-file", meta, tap, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	text = read_text(out);
	assert_contains(text, "\"host_cpu\": \"Some CPU\"");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(passing_and_failing),
		cmocka_unit_test(a_panic_fails),
		cmocka_unit_test(a_missing_file_is_an_error),
		cmocka_unit_test(absent_tests_are_absent),
		cmocka_unit_test(meta_is_kept),
	};

	return cmocka_run_group_tests(tests, scratch_make, scratch_remove);
}
