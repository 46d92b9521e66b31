// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-verdict, make bench's verdict for CI, on planted samples
 * (tests/fixtures/compare/): after.txt's x=1 is 10 % slower than
 * before.txt's. A result with that regression gives the verdict file
 * status "regression" naming the point and exit 3; the same samples on
 * both kernels pass, exit 0, and so does a slowdown a target of the
 * suite's manifest allows, or its "expected" list on the project's own kernels; a suite that failed to run gives "failed",
 * exit 1, whatever the others found.
 */
#include <jansson.h>
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

#define CMP FIXTURES "/compare/"

/* The verdict file's @key (a top-level string, or of its first suite with @first). */
static char *verdict_text(const char *key, int first)
{
	json_t *v = json_load_file(scratch("verdict.json"), 0, NULL), *o;
	char *text;

	assert_non_null(v);
	o = first ? json_array_get(json_object_get(v, "suites"), 0) : v;
	text = json_dumps(json_object_get(o, key), JSON_ENCODE_ANY);
	json_decref(v);
	return text;
}

static void verdict(struct pb_result *r, const char *first, const char *second)
{
	char out[4096];

	snprintf(out, sizeof(out), "%s", scratch("verdict.json"));
	pb_run(r, "bench-verdict", "--out", out, first, second, NULL);
}

/*
 * pb bench-verdict of a result with before.txt on baseline and @patched on
 * patched: it exits @status, prints @line and the file says @want.
 */
static void judge_planted(const char *patched, int status, const char *line, const char *want)
{
	char op[4200], *text;
	struct pb_result r;

	pb_collect(NULL, "r.json", "baseline=" CMP "before.txt", patched, NULL);
	snprintf(op, sizeof(op), "selftest=%s", scratch("r.json"));
	verdict(&r, op, NULL);
	assert_exit(&r, status);
	assert_contains(r.out, line);
	pb_result_free(&r);
	text = verdict_text("status", 0);
	assert_string_equal(text, want);
	free(text);
}

static void planted_regression_fails_with_3(void **state)
{
	char *text;

	(void)state;
	judge_planted("patched=" CMP "after.txt", 3,
		      "bench: verdict regression: selftest 1 regressions, 0 accepted", "\"regression\"");
	text = verdict_text("regressions", 1);
	assert_contains(text, "x=1: 1.1");
	free(text);
}

static void no_regression_passes(void **state)
{
	(void)state;
	judge_planted("patched=" CMP "before.txt", 0, "bench: verdict pass: selftest 0 regressions",
		      "\"pass\"");
}

/*
 * A "ratio" target of the suite's manifest that keeps x=1 and allows its
 * 10 % accepts the slowdown (said in the file); one whose 2 % does not
 * (tests/fixtures/targets/), or a target of another point, leaves it a
 * regression.
 */
static void target_accepts_a_slowdown(void **state)
{
	char *text;

	(void)state;
	mkdir(scratch("suites"), 0755);
	mkdir(scratch("suites/selftest"), 0755);
	write_text(scratch("suites/selftest/suite.json"),
		   "{ \"description\": \"planted\", \"order\": 10, \"params\": \"x\", "
		   "\"runner\": \"/bin/true\", \"targets\": ["
		   "{ \"title\": \"x=2 alike\", \"metric\": \"ratio\", \"points\": [\"x=2\"], \"bound\": 0.5 },"
		   "{ \"title\": \"x=1 within 15 %\", \"metric\": \"ratio\", \"points\": [\"x=1\"], "
		   "\"bound\": 0.15 }] }\n");
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	assert_int_equal(setenv("SUITES_DIR", scratch("suites"), 1), 0);
	judge_planted("patched=" CMP "after.txt", 0, "bench: verdict pass: selftest 0 regressions, 1 accepted",
		      "\"pass\"");
	text = verdict_text("accepted", 1);
	assert_contains(text, "x=1: 1.1");
	assert_contains(text, "within a target's bound 0.15");
	free(text);

	assert_int_equal(setenv("SUITES_DIR", FIXTURES "/targets/suites", 1), 0);
	judge_planted("patched=" CMP "after.txt", 3, "bench: verdict regression: selftest 1 regressions, "
		      "0 accepted", "\"regression\"");
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
}

/* A planted suite "selftest" whose manifest has @expected as its "expected" list. */
static void expecting_suite(const char *expected)
{
	char text[1024];

	mkdir(scratch("suites"), 0755);
	mkdir(scratch("suites/selftest"), 0755);
	snprintf(text, sizeof(text), "{ \"description\": \"planted\", \"order\": 10, \"params\": \"x\", "
		 "\"runner\": \"/bin/true\", \"expected\": %s }\n", expected);
	write_text(scratch("suites/selftest/suite.json"), text);
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	assert_int_equal(setenv("SUITES_DIR", scratch("suites"), 1), 0);
}

/*
 * An "expected" entry keeping x=1 up to 1.15x accepts its 10 % on the
 * project's own kernels, saying why; up to 1.05x it does not; and on a
 * pair of a user's (meta.pair) nothing the project expects of its own
 * kernels applies.
 */
static void expected_slowdown_is_accepted_on_own_kernels_only(void **state)
{
	char op[4200], *text;
	struct pb_result r;
	json_t *res;

	(void)state;
	expecting_suite("[{ \"points\": [\"x=1\"], \"max_ratio\": 1.15, \"why\": \"the planted cost\" }]");
	judge_planted("patched=" CMP "after.txt", 0, "bench: verdict pass: selftest 0 regressions, 1 accepted",
		      "\"pass\"");
	text = verdict_text("accepted", 1);
	assert_contains(text, "expected up to 1.15x: the planted cost");
	free(text);

	res = json_load_file(scratch("r.json"), 0, NULL);
	assert_non_null(res);
	json_object_set_new(json_object_get(res, "meta"), "pair", json_string("0123456789abcdef"));
	assert_int_equal(json_dump_file(res, scratch("r.json"), 0), 0);
	json_decref(res);
	snprintf(op, sizeof(op), "selftest=%s", scratch("r.json"));
	verdict(&r, op, NULL);
	assert_exit(&r, 3);
	assert_contains(r.out, "bench: verdict regression: selftest 1 regressions, 0 accepted");
	pb_result_free(&r);

	expecting_suite("[{ \"points\": [\"x=1\"], \"max_ratio\": 1.05, \"why\": \"less than planted\" }]");
	judge_planted("patched=" CMP "after.txt", 3, "bench: verdict regression: selftest 1 regressions, "
		      "0 accepted", "\"regression\"");
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
}

/* A suite whose guest crashed (make bench: SUITE=failed): "failed", exit 1, the regression still said. */
static void failed_run_is_not_a_regression(void **state)
{
	char op[4200], *text;
	struct pb_result r;

	(void)state;
	pb_collect(NULL, "slow.json", "baseline=" CMP "before.txt", "patched=" CMP "after.txt", NULL);
	snprintf(op, sizeof(op), "selftest=%s", scratch("slow.json"));
	verdict(&r, "crashed=failed", op);
	assert_exit(&r, 1);
	assert_contains(r.out, "bench: verdict failed: crashed failed; selftest 1 regressions");
	pb_result_free(&r);
	text = verdict_text("status", 0);
	assert_string_equal(text, "\"failed\"");
	free(text);
	text = verdict_text("status", 1);
	assert_string_equal(text, "\"failed\"");
	free(text);

	verdict(&r, "missing=/nonexistent/missing.json", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "missing: /nonexistent/missing.json cannot be read");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(planted_regression_fails_with_3),
		cmocka_unit_test(no_regression_passes),
		cmocka_unit_test(target_accepts_a_slowdown),
		cmocka_unit_test(failed_run_is_not_a_regression),
		cmocka_unit_test(expected_slowdown_is_accepted_on_own_kernels_only),
	};

	return cmocka_run_group_tests_name("bench-verdict", tests, scratch_make, scratch_remove);
}
