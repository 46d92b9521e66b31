// SPDX-License-Identifier: GPL-2.0
/* pb report's RESULTS.md on planted results (bench/report/cmd_report.c, report_targets.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"

/* pb report of the one result file @json; RESULTS.md's text (free it). */
static char *report(const char *json)
{
	struct pb_result r;

	pb_run(&r, "report", scratch("R.md"), json, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	return read_text(scratch("R.md"));
}

/*
 * Two boots of icount samples: x=1's first sample of boot 1 stands out (no
 * warm-up), x=2's boots disagree by 5 % where icount repeats should agree.
 * Both are published, marked suspect.
 */
static void suspect_marks(void **state)
{
	char *md;

	(void)state;
	pb_collect(NULL, "r.json", "baseline=" FIXTURES "/report/boot1.txt",
		   "baseline=" FIXTURES "/report/boot2.txt", NULL);
	md = report(scratch("r.json"));
	assert_line_matches(md, "^| x=1 .*suspect: first sample off");
	assert_line_matches(md, "^| x=2 .*suspect: icount repeats disagree");
	free(md);
}

/* PB-MEM lines of the crashkernel guest test -> the memory section. */
static void memory_section(void **state)
{
	struct pb_result r;
	char *md;

	(void)state;
	pb_run(&r, "records-collect", "--tag", "PB-MEM", "--suite", "crash-memory", "--kind", "memory",
	       "--out", scratch("mem.json"), "--meta", "project_commit=selftest",
	       FIXTURES "/records/memory.txt", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	md = report(scratch("mem.json"));
	assert_contains(md, "one process could take **244 MiB more** (835 against 591 MiB, +41 %)");
	assert_contains(md, "| Crash kernel in /proc/iomem (MiB) | 320 | 64 | -256 |");
	free(md);
}

/* @first is in @text, and before @then. */
static void assert_in_order(const char *text, const char *first, const char *then)
{
	const char *a = strstr(text, first), *b = strstr(text, then);

	if (!a || !b || a > b)
		fail_msg("not '%s' then '%s' in:\n%s", first, then, text);
}

/*
 * The targets of the suites' manifests (tests/fixtures/targets/suites/)
 * judged from the planted comparison's result (tests/fixtures/compare/):
 * x=1, 10 % slower, misses its 2 % target, x=2 meets it, and a suite with
 * no result says so. Rows by "order", the target's or else its suite's.
 * x=2's "points" is a filter list, x=1's the old object form: both select.
 */
static void targets_met_and_missed(void **state)
{
	char *md;

	(void)state;
	pb_collect(NULL, "r.json", "baseline=" FIXTURES "/compare/before.txt",
		   "patched=" FIXTURES "/compare/after.txt", NULL);
	assert_int_equal(setenv("SUITES_DIR", FIXTURES "/targets/suites", 1), 0);
	md = report(scratch("r.json"));
	unsetenv("SUITES_DIR");
	assert_in_order(md, "| x=1 within 2 % of baseline | 0 of 1 points; highest ratio 1.100 at x=1 "
			"(no profile yet: `make profile SUITE=selftest`) | **missed** |\n",
			"| x=2 within 2 % of baseline | 1 of 1 points; highest ratio 1.000 at x=2 | met |\n");
	assert_in_order(md, "| x=2 within 2 % of baseline |",
			"| unmeasured within 2 % of baseline | – | no result |\n");
	free(md);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(suspect_marks),
		cmocka_unit_test(memory_section),
		cmocka_unit_test(targets_met_and_missed),
	};

	return cmocka_run_group_tests_name("report-cmd", tests, scratch_make, scratch_remove);
}
