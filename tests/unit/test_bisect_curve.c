// SPDX-License-Identifier: GPL-2.0
/*
 * pb bisect-curve, make bisect's followed points along its commits, on
 * planted samples (tests/fixtures/compare/: after.txt's x=1 10 % slower
 * than before.txt's): three commits, GOOD measured as before.txt, one
 * skipped (no result), BAD as after.txt. The table has a row per commit, the
 * skipped one's cell "-", BAD's ratio to GOOD 1.100x; the plot data has a
 * line per measured commit, coloured by verdict, and the vars name the
 * commits as x tics, their count and the first bad one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"

#define CMP FIXTURES "/compare/"

static void three_commits(void **state)
{
	struct pb_result r;
	char good[4096], bad[4096], fol[4096], steps[4096], table[4096], dir[4096], text[16384];
	char *t;

	(void)state;
	pb_collect(NULL, "good.json", "step=" CMP "before.txt", NULL);
	pb_collect(NULL, "bad.json", "step=" CMP "after.txt", NULL);
	snprintf(good, sizeof(good), "%s", scratch("good.json"));
	snprintf(bad, sizeof(bad), "%s", scratch("bad.json"));
	snprintf(fol, sizeof(fol), "%s", scratch("followed.json"));
	pb_run(&r, "bisect-verdict", "--out", fol, good, bad, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	snprintf(text, sizeof(text), "%s\tgood (GOOD)\taaaaaaa\tthe first\n"
		 "-\tskip (the kernel failed to build)\tbbbbbbb\ta \"quoted\" subject that goes on and on\n"
		 "%s\tbad (BAD)\tccccccc\tthe last\n", good, bad);
	snprintf(steps, sizeof(steps), "%s", scratch("steps.txt"));
	write_text(steps, text);
	snprintf(table, sizeof(table), "%s", scratch("curve.md"));
	snprintf(dir, sizeof(dir), "%s", scratch(""));
	pb_run(&r, "bisect-curve", "--followed", fol, "--good", good, "--data", dir, "--name", "curve",
	       "--table", table, "--title", "GOOD..BAD", "--mark", "2", steps, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	t = read_text(table);
	assert_line_matches(t, "^| commit | subject | verdict | x=1 |$");
	assert_line_matches(t, "^| aaaaaaa | the first | good (GOOD) | [0-9.]* \\[[0-9.]*-[0-9.]*\\], 1.000x");
	assert_line_matches(t, "^| bbbbbbb | .* | skip (the kernel failed to build) | - |$");
	assert_line_matches(t, "^| ccccccc | the last | bad (BAD) | [0-9.]* \\[[0-9.]*-[0-9.]*\\], 1.1[0-9]*x (");
	free(t);
	t = read_text(scratch("curve-p1.dat"));
	assert_line_matches(t, "^0 [0-9.]* [0-9.]* [0-9.]* 2263842$");
	assert_line_matches(t, "^2 [0-9.]* [0-9.]* [0-9.]* 14423100$");
	assert_null(strstr(t, "\n1 "));
	free(t);
	t = read_text(scratch("curve.vars"));
	assert_line_matches(t, "^NCOMMITS = 3$");
	assert_line_matches(t, "^MARK = 2$");
	assert_line_matches(t, "^PANEL1 = \"x=1\"$");
	assert_contains(t, "\"bbbbbbb a \\\"quoted\\\" subject that...\" 1");
	free(t);
}

static void a_bad_steps_line_is_refused(void **state)
{
	struct pb_result r;
	char fol[4096], good[4096], steps[4096], dir[4096], table[4096];

	(void)state;
	snprintf(fol, sizeof(fol), "%s", scratch("followed.json"));
	snprintf(good, sizeof(good), "%s", scratch("good.json"));
	snprintf(steps, sizeof(steps), "%s", scratch("bad-steps.txt"));
	snprintf(dir, sizeof(dir), "%s", scratch(""));
	snprintf(table, sizeof(table), "%s", scratch("t.md"));
	write_text(steps, "no tabs here\n");
	pb_run(&r, "bisect-curve", "--followed", fol, "--good", good, "--data", dir, "--name", "x",
	       "--table", table, steps, NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "RESULT\tVERDICT\tID\tSUBJECT");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(three_commits),
		cmocka_unit_test(a_bad_steps_line_is_refused),
	};

	return cmocka_run_group_tests(tests, scratch_make, scratch_remove);
}
