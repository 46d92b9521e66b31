// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the KTAP parser (bench/tap/ktap.c) and the TAP writer (bench/tap/tap.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "tap/ktap.h"
#include "tap/tap.h"

static const struct ktap_result *find(const struct ktap_report *rep, const char *path)
{
	for (size_t i = 0; i < rep->n; i++)
		if (!strcmp(rep->results[i].path, path))
			return &rep->results[i];
	return NULL;
}

static void parse(const char *text, struct ktap_report *rep)
{
	assert_int_equal(ktap_parse_string(text, rep), 0);
}

static void nested_suite_with_params(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("KTAP version 1\n"
	      "1..1\n"
	      "    KTAP version 1\n"
	      "    # Subtest: mctp\n"
	      "    1..2\n"
	      "        KTAP version 1\n"
	      "        # Subtest: frag\n"
	      "        ok 1 mtu 63\n"
	      "        not ok 2 mtu 64\n"
	      "    not ok 1 frag\n"
	      "    ok 2 plain_case\n"
	      "# mctp: pass:1 fail:1 skip:0 total:2\n"
	      "not ok 1 mctp\n", &rep);
	assert_true(rep.saw_header);
	assert_int_equal(rep.n, 3);
	assert_non_null(find(&rep, "mctp.frag.mtu 63"));
	assert_int_equal(find(&rep, "mctp.frag.mtu 63")->status, KTAP_PASS);
	assert_int_equal(find(&rep, "mctp.frag.mtu 64")->status, KTAP_FAIL);
	assert_int_equal(find(&rep, "mctp.plain_case")->status, KTAP_PASS);
	ktap_free(&rep);
}

static void skip_directive_and_reason(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("TAP version 13\n1..3\nok 1 - a # SKIP no hardware\nok 2 b\nnot ok 3 - c # boom\n", &rep);
	assert_int_equal(rep.n, 3);
	assert_int_equal(find(&rep, "a")->status, KTAP_SKIP);
	assert_string_equal(find(&rep, "a")->why, "no hardware");
	assert_int_equal(find(&rep, "b")->status, KTAP_PASS);
	assert_int_equal(find(&rep, "c")->status, KTAP_FAIL);
	assert_string_equal(find(&rep, "c")->why, "boom");
	ktap_free(&rep);
}

static void interleaved_kernel_messages_and_timestamps(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("[    0.100000] random: crng init done\n"
	      "[    0.200000] KTAP version 1\n"
	      "[    0.200001] 1..1\n"
	      "[    0.200002]     KTAP version 1\n"
	      "[    0.200003]     # Subtest: s\n"
	      "[    0.200004]     1..1\n"
	      "input: ImExPS/2 Generic Explorer Mouse\n"
	      "pkt1 skb len=7 headroom=0\n"
	      "[    0.200005]     ok 1 case_one\n"
	      "[    0.200006] ok 1 s\n", &rep);
	assert_int_equal(rep.n, 1);
	assert_int_equal(find(&rep, "s.case_one")->status, KTAP_PASS);
	ktap_free(&rep);
}

static void crash_mid_suite_is_a_failure(void **state)
{
	struct ktap_report rep;
	struct ktap_counts c;

	(void)state;
	parse("KTAP version 1\n1..1\n"
	      "    KTAP version 1\n    # Subtest: s\n    1..3\n"
	      "    ok 1 first\n"
	      "Kernel panic - not syncing: boom\n", &rep);
	c = ktap_counts(&rep);
	assert_int_equal(find(&rep, "s.first")->status, KTAP_PASS);
	assert_int_equal(find(&rep, "s.(missing 2)")->kind, KTAP_CRASHED);
	assert_int_equal(find(&rep, "s.(missing 3)")->kind, KTAP_CRASHED);
	assert_int_equal(find(&rep, "s.(result)")->kind, KTAP_ERROR);
	assert_int_equal(c.passed, 1);
	assert_int_equal(c.crashed, 2);
	assert_int_equal(c.errors, 1);
	assert_int_equal(ktap_count(&rep, KTAP_FAIL), 3);
	ktap_free(&rep);
}

static void parent_failure_without_failing_child(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("KTAP version 1\n1..1\n    KTAP version 1\n    1..1\n    ok 1 x\nnot ok 1 suite\n", &rep);
	assert_int_equal(find(&rep, "suite.x")->status, KTAP_PASS);
	assert_int_equal(find(&rep, "suite.(parent)")->status, KTAP_FAIL);
	ktap_free(&rep);
}

static void no_ktap_at_all(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("Linux version 6.12\nKernel panic - not syncing: VFS\n", &rep);
	assert_false(rep.saw_header);
	assert_int_equal(rep.n, 1);
	assert_int_equal(find(&rep, "(ktap)")->kind, KTAP_ERROR);
	assert_int_equal(find(&rep, "(ktap)")->status, KTAP_FAIL);
	ktap_free(&rep);
}

/* A suite without cases (mctp-sock as first added) is a leaf of its own. */
static void empty_suite_is_a_leaf(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("KTAP version 1\n1..2\n"
	      "    KTAP version 1\n    # Subtest: a\n    1..1\n    ok 1 x\nok 1 a\n"
	      "    KTAP version 1\n    # Subtest: empty\n    1..0\nok 2 empty # SKIP\n", &rep);
	assert_int_equal(rep.n, 2);
	assert_int_equal(find(&rep, "a.x")->status, KTAP_PASS);
	assert_int_equal(find(&rep, "empty")->status, KTAP_SKIP);
	ktap_free(&rep);
}

/* The real console of the pristine 6.12 MCTP suite: 13 cases, 40 leaves. */
static void real_mctp_console(void **state)
{
	struct ktap_report rep;
	FILE *f = fopen(SRCDIR "/kunit-mctp-6.12.log", "r");

	(void)state;
	assert_non_null(f);
	assert_int_equal(ktap_parse(f, &rep), 0);
	fclose(f);
	assert_int_equal(ktap_count(&rep, KTAP_PASS), 40);
	assert_int_equal(ktap_count(&rep, KTAP_FAIL), 0);
	assert_non_null(find(&rep, "mctp.mctp_test_route_input_cloned_frag"));
	assert_non_null(find(&rep, "mctp.mctp_test_fragment.mtu 63 len 68 -> 1 frags"));
	ktap_free(&rep);
}

static void parse_file(const char *name, struct ktap_report *rep)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", SRCDIR, name);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_int_equal(ktap_parse(f, rep), 0);
	fclose(f);
}

static void assert_counts(const struct ktap_report *rep, size_t passed, size_t failed,
			  size_t skipped, size_t crashed, size_t errors)
{
	struct ktap_counts c = ktap_counts(rep);

	assert_int_equal(c.passed, passed);
	assert_int_equal(c.failed, failed);
	assert_int_equal(c.skipped, skipped);
	assert_int_equal(c.crashed, crashed);
	assert_int_equal(c.errors, errors);
}

/*
 * Four levels of subtests whose indentation says nothing about their depth:
 * only the "KTAP version"/"# Subtest:" headers nest (kunit.py: 4 passed,
 * 1 failed, 1 skipped).
 */
static void nesting_from_headers_at_depth_four(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse_file("ktap-depth4.log", &rep);
	assert_counts(&rep, 4, 1, 1, 0, 0);
	assert_int_equal(find(&rep, "outer.middle.inner.param.p1")->status, KTAP_PASS);
	assert_int_equal(find(&rep, "outer.middle.inner.param.p2")->status, KTAP_FAIL);
	assert_int_equal(find(&rep, "outer.middle.inner.param.p3")->status, KTAP_SKIP);
	assert_string_equal(find(&rep, "outer.middle.inner.param.p3")->why, "not here");
	assert_non_null(find(&rep, "outer.middle.inner.flat"));
	assert_non_null(find(&rep, "outer.sibling"));
	assert_non_null(find(&rep, "second.only"));
	ktap_free(&rep);
}

/*
 * What stands before "TAP version" on its line ("[time][ T1] ") is cut from
 * every later line; a message without it is noise, and the log ends at
 * "List of all partitions:" (kunit.py: 2 passed, 1 failed).
 */
static void prefix_of_the_version_line(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse_file("ktap-prefixes.log", &rep);
	assert_true(rep.saw_header);
	assert_counts(&rep, 2, 1, 0, 0, 0);
	assert_int_equal(find(&rep, "first.b")->status, KTAP_PASS);
	assert_int_equal(find(&rep, "second.c")->status, KTAP_FAIL);
	assert_null(find(&rep, "after the end marker, not read"));
	ktap_free(&rep);
}

/* A line with a shorter prefix loses its start, as in kunit.py: "b" never reported. */
static void prefix_is_cut_by_length(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("<6>[    5.000000] KTAP version 1\n<6>[    5.000000] 1..2\n"
	      "<6>[    5.000000] ok 1 a\n[    5.1] ok 2 b\n", &rep);
	assert_counts(&rep, 1, 0, 0, 1, 0);
	assert_int_equal(find(&rep, "(missing 2)")->kind, KTAP_CRASHED);
	ktap_free(&rep);
}

/*
 * "# SKIP" skips even a "not ok"; kunit.py reads the directive case-sensitively,
 * so "# skip" is a pass with a diagnostic (kunit.py: 1 passed, 3 skipped).
 */
static void skip_directives(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("KTAP version 1\n1..4\nok 1 upper # SKIP no hardware\n"
	      "ok 2 lower # skip not a directive to kunit.py\nok 3 - hyphen # SKIP\n"
	      "not ok 4 failing # SKIP skipped anyway\n", &rep);
	assert_counts(&rep, 1, 0, 3, 0, 0);
	assert_string_equal(find(&rep, "upper")->why, "no hardware");
	assert_int_equal(find(&rep, "lower")->status, KTAP_PASS);
	assert_null(find(&rep, "hyphen")->why);
	assert_int_equal(find(&rep, "failing")->status, KTAP_SKIP);
	ktap_free(&rep);
}

/*
 * An oops in the middle of a parameterised case (CRLF serial console): the
 * planned cases that never came are crashed, the missing result lines are
 * errors, and all of them fail (kunit.py: 2 passed, 3 crashed).
 */
static void crash_in_the_middle_of_a_subtest(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse_file("ktap-crash-mid-subtest.log", &rep);
	assert_counts(&rep, 2, 0, 0, 3, 2);
	assert_int_equal(find(&rep, "mctp.mctp_test_fragment.mtu 64")->status, KTAP_PASS);
	assert_int_equal(find(&rep, "mctp.mctp_test_fragment.(result)")->kind, KTAP_ERROR);
	assert_int_equal(find(&rep, "mctp.(missing 2)")->kind, KTAP_CRASHED);
	assert_int_equal(find(&rep, "mctp.(missing 3)")->status, KTAP_FAIL);
	assert_int_equal(find(&rep, "mctp.(result)")->kind, KTAP_ERROR);
	assert_int_equal(find(&rep, "(missing 2)")->kind, KTAP_CRASHED);
	assert_int_equal(ktap_count(&rep, KTAP_FAIL), 5);
	ktap_free(&rep);
}

/* Without plans a subtest ends at the result line that names it. */
static void missing_plans(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("TAP version 13\n    # Subtest: s\n    ok 1 x\n    ok 2 y\nok 1 s\n"
	      "    # Subtest: t\n    not ok 1 z\nnot ok 2 t\n", &rep);
	assert_counts(&rep, 2, 1, 0, 0, 0);
	assert_int_equal(find(&rep, "t.z")->status, KTAP_FAIL);
	ktap_free(&rep);
}

/* Unsupported versions, wrong numbers and a second document are errors. */
static void log_errors_fail(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("KTAP version 2\n1..2\nok 1 a\nok 3 b\nKTAP version 1\n1..1\nok 1 c\n", &rep);
	assert_counts(&rep, 2, 0, 0, 0, 3);
	assert_non_null(find(&rep, "(version)"));
	assert_string_equal(find(&rep, "b.(numbering)")->why, "expected test number 2, found 3");
	assert_non_null(find(&rep, "(rest)"));
	assert_null(find(&rep, "c"));
	ktap_free(&rep);
}

/* cmocka's TAP has a plan and no version line. */
static void plain_tap_without_version(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("1..2\nok 1 - first\nnot ok 2 - second\n# ok - group\n", &rep);
	assert_true(rep.saw_header);
	assert_counts(&rep, 1, 1, 0, 0, 0);
	ktap_free(&rep);
}

/* TAP 13 lets the plan come after the results, as the BPF runners write it. */
static void plan_at_the_end(void **state)
{
	struct ktap_report rep;

	(void)state;
	parse("TAP version 13\nok 1 - a\nnot ok 2 - b\n1..2\n", &rep);
	assert_counts(&rep, 1, 1, 0, 0, 0);
	ktap_free(&rep);
	parse("TAP version 13\nok 1 - a\n1..3\n", &rep);
	assert_counts(&rep, 1, 0, 0, 0, 1);
	ktap_free(&rep);
}

static void tap_round_trip(void **state)
{
	struct ktap_report a = { 0 }, b;
	char file[] = "/tmp/pb-tap-XXXXXX";
	int fd = mkstemp(file);
	FILE *f;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(report_add(&a, "x.y", KTAP_PASS, NULL), 0);
	assert_int_equal(report_add(&a, "x.z", KTAP_FAIL, "reason here"), 0);
	assert_int_equal(report_add(&a, "w", KTAP_SKIP, "not built"), 0);
	assert_int_equal(report_prefix(&a, "pre"), 0);
	assert_int_equal(tap_write(file, &a), 0);
	f = fopen(file, "r");
	assert_non_null(f);
	assert_int_equal(ktap_parse(f, &b), 0);
	fclose(f);
	unlink(file);
	assert_int_equal(b.n, 3);
	assert_int_equal(find(&b, "pre.x.y")->status, KTAP_PASS);
	assert_string_equal(find(&b, "pre.x.z")->why, "reason here");
	assert_int_equal(find(&b, "pre.w")->status, KTAP_SKIP);
	ktap_free(&a);
	ktap_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nested_suite_with_params),
		cmocka_unit_test(skip_directive_and_reason),
		cmocka_unit_test(interleaved_kernel_messages_and_timestamps),
		cmocka_unit_test(crash_mid_suite_is_a_failure),
		cmocka_unit_test(parent_failure_without_failing_child),
		cmocka_unit_test(no_ktap_at_all),
		cmocka_unit_test(empty_suite_is_a_leaf),
		cmocka_unit_test(real_mctp_console),
		cmocka_unit_test(nesting_from_headers_at_depth_four),
		cmocka_unit_test(prefix_of_the_version_line),
		cmocka_unit_test(prefix_is_cut_by_length),
		cmocka_unit_test(skip_directives),
		cmocka_unit_test(crash_in_the_middle_of_a_subtest),
		cmocka_unit_test(missing_plans),
		cmocka_unit_test(log_errors_fail),
		cmocka_unit_test(plain_tap_without_version),
		cmocka_unit_test(plan_at_the_end),
		cmocka_unit_test(tap_round_trip),
	};

	return cmocka_run_group_tests_name("ktap", tests, NULL, NULL);
}
