// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the KTAP parser (bench/ktap.c) and the TAP writer (bench/tap.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "ktap.h"
#include "tap.h"

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

	(void)state;
	parse("KTAP version 1\n1..1\n"
	      "    KTAP version 1\n    # Subtest: s\n    1..3\n"
	      "    ok 1 first\n"
	      "Kernel panic - not syncing: boom\n", &rep);
	assert_int_equal(find(&rep, "s.first")->status, KTAP_PASS);
	assert_non_null(find(&rep, "s.(missing)"));
	assert_non_null(find(&rep, "s.(incomplete)"));
	assert_non_null(find(&rep, "(missing)"));
	assert_int_equal(ktap_count(&rep, KTAP_PASS), 1);
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
	assert_int_equal(rep.n, 0);
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
		cmocka_unit_test(tap_round_trip),
	};

	return cmocka_run_group_tests_name("ktap", tests, NULL, NULL);
}
