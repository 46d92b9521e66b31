// SPDX-License-Identifier: GPL-2.0
/*
 * pb jobs run, the scheduler of make test's guest jobs, with a stand-in
 * for tests/job-run.sh (PB_JOB_RUNNER): no guest boots. The stages kunit
 * and harness: seven jobs of one TAP file each, or some of them.
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
#include <time.h>
#include <cmocka.h>

#include "pb_run.h"

/*
 * The stand-in: marks itself running (STAND_IN/running/JOB), writes down
 * how many were running then and its TIMEOUT_CAP, takes STAND_IN_SLEEP
 * seconds and leaves its TAP file: the job "pair" fails, the others pass.
 */
static const char stand_in[] =
	"#!/bin/sh\n"
	"set -eu\n"
	"d=$STAND_IN j=$(echo \"$1\" | tr / _)\n"
	"mkdir -p \"$d/running\" && mkdir \"$d/running/$j\"\n"
	"ls \"$d/running\" | wc -l >> \"$d/concurrency\"\n"
	"echo \"$1 ${TIMEOUT_CAP:-none} ${PB_TEST_CHOICE:-unset}\" >> \"$d/ran\"\n"
	"sleep \"$STAND_IN_SLEEP\"\n"
	"case $1 in kunit/*) tap=kunit-${1#kunit/} ;; *) tap=$1 ;; esac\n"
	"case $1 in pair) r='not ok 1 - broken # boom' ;; *) r='ok 1 - fine' ;; esac\n"
	"printf 'TAP version 13\\n1..1\\n%s\\n' \"$r\" > \"$TEST_OUT/$tap.tap\"\n"
	"rmdir \"$d/running/$j\"\n";

static char dir[4096], out[4096];

static int stand_in_setup(void **state)
{
	char path[4200];

	if (scratch_make(state))
		return -1;
	snprintf(dir, sizeof(dir), "%s", scratch("stand-in"));
	snprintf(out, sizeof(out), "%s", scratch("out"));
	if (mkdir(dir, 0755) || mkdir(out, 0755))
		return -1;
	snprintf(path, sizeof(path), "%s/runner", dir);
	write_text(path, stand_in);
	return chmod(path, 0755) || setenv("PB_JOB_RUNNER", path, 1) || setenv("STAND_IN", dir, 1) ||
	       setenv("TEST_OUT", out, 1) || setenv("STAND_IN_SLEEP", "0.3", 1);
}

/* A fresh run: no TAP files, no marks of the last. */
static void fresh(void)
{
	char cmd[13000];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'/* '%s'/ran '%s'/concurrency", out, dir, dir);
	assert_int_equal(system(cmd), 0);
	unsetenv("PB_TEST_START");
	unsetenv("PB_TEST_CHOICE");
}

static char *stand_in_file(const char *name)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return read_text(path);
}

static char *tap(const char *name)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s.tap", out, name);
	return read_text(path);
}

static void n_at_a_time(void **state)
{
	struct pb_result r;
	char *conc, *ran;
	int most = 0;

	(void)state;
	fresh();
	assert_int_equal(setenv("PB_TEST_CHOICE", "kunit/* harness pair shell", 1), 0);
	pb_run(&r, "jobs", "run", "--jobs", "2", "kunit", "harness", NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "== 5 guest boots (kunit harness), 2 at a time; ");
	for (const char *k = "12345"; *k; k++) {
		char line[16];

		snprintf(line, sizeof(line), "\n[%c/5] ", *k);
		assert_contains(r.out, line);
	}
	assert_contains(r.out, "== 5 guest boots in ");
	assert_line_matches(r.out, "^    kunit/patched [0-9]* s$");
	conc = stand_in_file("concurrency");
	for (char *l = conc; *l; l = strchr(l, '\n') + 1)
		most = atoi(l) > most ? atoi(l) : most;
	assert_int_equal(most, 2);
	/* what the jobs run themselves is not filtered again */
	ran = stand_in_file("ran");
	assert_line_matches(ran, "^kunit/baseline 5[01][0-9][0-9] unset$");
	assert_null(strstr(ran, "nonroot"));
	free(conc);
	free(ran);
	pb_result_free(&r);
}

static void a_failing_job_says_what_failed(void **state)
{
	struct pb_result r;

	(void)state;
	fresh();
	pb_run(&r, "jobs", "run", "--jobs", "3", "harness", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^\\[[1-5]/5\\] pair: FAIL \\[[0-9]* s\\]$");
	assert_line_matches(r.out, "^    FAIL broken: boom$");
	assert_line_matches(r.out, "^\\[[1-5]/5\\] harness: pass \\[[0-9]* s\\]$");
	pb_result_free(&r);
}

static void a_spent_budget_runs_nothing_and_fails(void **state)
{
	struct pb_result r;
	char start[32], *t;

	(void)state;
	fresh();
	snprintf(start, sizeof(start), "%ld", (long)time(NULL) - 100);
	assert_int_equal(setenv("PB_TEST_START", start, 1), 0);
	pb_run(&r, "jobs", "run", "--jobs", "1", "--budget", "30", "kunit", NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "[1/2] kunit/baseline: FAIL (not run: budget spent) [");
	assert_contains(r.out, "[2/2] kunit/patched: FAIL (not run: budget spent) [");
	t = tap("kunit-patched");
	assert_line_matches(t, "^not ok 1 - kunit\\.patched\\.(budget) # not run: "
			       "the budget of 30 s was spent after 10[0-9] s$");
	free(t);
	pb_result_free(&r);
	/* nothing ran */
	pb_run(&r, "tally", scratch("stand-in/ran"), NULL);
	assert_exit(&r, 1);
	pb_result_free(&r);
}

/* 61 s left: the first job runs, capped to what is left; two seconds later the next does not. */
static void the_budget_runs_out_between_jobs(void **state)
{
	struct pb_result r;
	char start[32], *ran, *t;

	(void)state;
	fresh();
	snprintf(start, sizeof(start), "%ld", (long)time(NULL));
	assert_int_equal(setenv("PB_TEST_START", start, 1), 0);
	assert_int_equal(setenv("STAND_IN_SLEEP", "2", 1), 0);
	pb_run(&r, "jobs", "run", "--jobs", "1", "--budget", "61", "kunit", NULL);
	assert_int_equal(setenv("STAND_IN_SLEEP", "0.3", 1), 0);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^\\[1/2\\] kunit/baseline: pass \\[[23] s\\]$");
	assert_contains(r.out, "[2/2] kunit/patched: FAIL (not run: budget spent)");
	ran = stand_in_file("ran");
	assert_line_matches(ran, "^kunit/baseline 6[01] unset$");
	assert_null(strstr(ran, "kunit/patched"));
	t = tap("kunit-baseline");
	assert_contains(t, "ok 1 - fine");
	free(t);
	free(ran);
	pb_result_free(&r);
}

static void bad_input(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "jobs", "run", "--jobs", "0", "kunit", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "--jobs must be a number of at least 1, not '0'");
	pb_result_free(&r);
	pb_run(&r, "jobs", "run", "nostage", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "unknown stage 'nostage'");
	pb_result_free(&r);
	pb_run(&r, "jobs", "taps-of", "--jobs", "2", "kunit/patched", NULL);
	assert_exit(&r, 2);
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(n_at_a_time),
		cmocka_unit_test(a_failing_job_says_what_failed),
		cmocka_unit_test(a_spent_budget_runs_nothing_and_fails),
		cmocka_unit_test(the_budget_runs_out_between_jobs),
		cmocka_unit_test(bad_input),
	};

	return cmocka_run_group_tests_name("jobs-run", tests, stand_in_setup, scratch_remove);
}
