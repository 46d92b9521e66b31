// SPDX-License-Identifier: GPL-2.0
/*
 * pb jobs: make test's guest jobs (jobs/jobs.h): which there are, their TAP
 * files, which patterns choose (TEST=), and running a stage's jobs N at a
 * time within a budget.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "args.h"
#include "jobs/jobs.h"
#include "probe/guest_tests_checked.h"
#include "lib/env.h"

#define JOB_RUNNER_DEFAULT "tests/job-run.sh"
#define TEST_BUDGET_DEFAULT 5100

struct opts {
	const char *choose, *jobs, *budget;
};

static void print(const struct job_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		puts(l->v[i]);
}

static const char *test_out(void)
{
	const char *out = env_or("TEST_OUT", NULL);

	if (!out)
		fprintf(stderr, "pb jobs: TEST_OUT is not set: the directory the TAP files go under\n");
	return out;
}

static int taps(const struct guest_tests *all, const struct job_list *jobs)
{
	struct job_list t = { 0 };
	const char *out = test_out();
	int status = !out;

	for (size_t i = 0; i < jobs->n && !status; i++)
		status = jobs_taps_of(all, out, jobs->v[i], &t) ? 2 : 0;
	if (!status)
		print(&t);
	job_list_free(&t);
	return status;
}

/* The guest tests whose guest/KERNEL/TEST jobs the patterns choose (make lava TEST=). */
static int tests_of(const struct guest_tests *all, char **patterns, int n)
{
	struct job_list chosen = { 0 }, tests = { 0 };
	int status;

	if (jobs_select(all, patterns, (size_t)n, &chosen))
		return 2;
	for (size_t i = 0; i < chosen.n; i++) {
		const char *j = chosen.v[i], *t = strchr(j + strlen("guest/"), '/');

		if (!strncmp(j, "guest/", 6) && strncmp(j, "guest/debug", 11) && !strchr(j, '+') &&
		    !job_list_has(&tests, t + 1))
			job_list_add(&tests, t + 1);
	}
	for (size_t i = 0; i < tests.n; i++)
		printf("%s%s", i ? " " : "", tests.v[i]);
	if (tests.n)
		printf("\n");
	else {
		fprintf(stderr, "pb jobs: TEST=");
		for (int i = 0; i < n; i++)
			fprintf(stderr, "%s%s", i ? " " : "", patterns[i]);
		fprintf(stderr, " chooses no guest test (");
		for (int i = 0, first = 1; i < all->n; i++)
			if (!strcmp(json_string_value(json_object_get(all->t[i].m, "stage")), "guest")) {
				fprintf(stderr, "%s%s", first ? "" : " ", all->t[i].name);
				first = 0;
			}
		fprintf(stderr, ")\n");
	}
	status = tests.n ? 0 : 2;
	job_list_free(&chosen);
	job_list_free(&tests);
	return status;
}

static int check(const struct guest_tests *all, const char *job)
{
	struct job_list every = { 0 };
	int known;

	jobs_all(all, &every);
	known = job_list_has(&every, job);
	if (!known) {
		fprintf(stderr, "pb jobs: unknown job '%s'; the jobs are:\n", job);
		for (size_t i = 0; i < every.n; i++)
			fprintf(stderr, "  %s\n", every.v[i]);
	}
	job_list_free(&every);
	return known ? 0 : 2;
}

/* A whole number of at least @least from an option, else from the environment, else @dflt. */
static int number(const char *given, const char *env, long dflt, long least, long *n)
{
	const char *s = given ? given : getenv(env);
	char *end;

	if (!s || !*s) {
		*n = dflt;
		return 0;
	}
	*n = strtol(s, &end, 10);
	if (*end || *n < least) {
		fprintf(stderr, "pb jobs run: %s must be a number of at least %ld, not '%s'\n",
			given ? (!strcmp(env, "JOBS") ? "--jobs" : "--budget") : env, least, s);
		return -1;
	}
	return 0;
}

static int run(const struct guest_tests *all, const struct opts *o, char **stages, int n)
{
	struct job_pool pool = { .test_out = test_out() };
	struct job_list jobs = { 0 };
	char named[1024] = "";
	int status;

	pool.runner = getenv("PB_JOB_RUNNER") ? getenv("PB_JOB_RUNNER") : JOB_RUNNER_DEFAULT;
	if (!pool.test_out || number(o->jobs, "JOBS", sysconf(_SC_NPROCESSORS_ONLN), 1, &pool.jobs) ||
	    number(o->budget, "TEST_BUDGET", TEST_BUDGET_DEFAULT, 0, &pool.budget) ||
	    number(NULL, "PB_TEST_START", time(NULL), 0, &pool.start))
		return 2;
	if (jobs_of_stages(all, stages, (size_t)n, o->choose, &jobs))
		return 2;
	/* the jobs were chosen: what they run themselves is not filtered */
	unsetenv("PB_TEST_CHOICE");
	for (int i = 0; i < n; i++)
		snprintf(named + strlen(named), sizeof(named) - strlen(named), "%s%s", i ? " " : "",
			 stages[i]);
	status = job_pool_run(all, &pool, &jobs, named) ? 1 : 0;
	job_list_free(&jobs);
	return status;
}

static int forms(const struct guest_tests *all, const char *form, char **ops, int n,
		 const struct opts *o)
{
	struct job_list l = { 0 };
	int status = 0;

	if (!strcmp(form, "list") || !strcmp(form, "taps")) {
		if (jobs_of_stages(all, ops, (size_t)n, o->choose, &l))
			status = 2;
		else if (!strcmp(form, "list"))
			print(&l);
		else
			status = taps(all, &l);
	} else if (!strcmp(form, "taps-of")) {
		job_list_add(&l, ops[0]);
		status = taps(all, &l);
	} else if (!strcmp(form, "select")) {
		status = jobs_select(all, ops, (size_t)n, &l) ? 2 : 0;
		print(&l);
	} else if (!strcmp(form, "tests-of")) {
		status = tests_of(all, ops, n);
	} else if (!strcmp(form, "check")) {
		status = check(all, ops[0]);
	} else {
		status = run(all, o, ops, n);
	}
	job_list_free(&l);
	return status;
}

static const struct args_form form_table[] = {
	{ "list", 1, -1, "c" },	    { "taps", 1, -1, "c" },    { "taps-of", 1, 1, "" },
	{ "select", 1, -1, "" },    { "tests-of", 1, -1, "" }, { "check", 1, 1, "" },
	{ "run", 1, -1, "cjb" },    { NULL },
};

static int jobs(int argc, char **argv)
{
	static struct guest_tests all;
	struct opts o = { .choose = getenv("PB_TEST_CHOICE") };
	struct args a;
	int c, status;

	args_init(&a, &cmd_jobs, argc, argv);
	while ((c = args_next(&a)) > 0) {
		if (c == 'c')
			o.choose = a.value;
		else if (c == 'j')
			o.jobs = a.value;
		else if (c == 'b')
			o.budget = a.value;
	}
	if (c < 0)
		return a.status;
	if (args_form(&a, form_table) < 0)
		return a.status;
	if (guest_tests_load_checked(&all, "pb jobs"))
		return 2;
	status = forms(&all, argv[1], argv + 2, a.noperands - 1, &o);
	guest_tests_free(&all);
	return status;
}

static const struct option options[] = {
	{ "choose", required_argument, NULL, 'c' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "budget", required_argument, NULL, 'b' },
	{ 0 },
};

const struct pb_cmd cmd_jobs = {
	.name = "jobs",
	.run = jobs,
	.summary = "make test's guest jobs: list, taps, select, tests-of, check, run (the scheduler)",
	.usage = "pb jobs list [--choose PATTERNS] STAGE...\n"
		 "pb jobs taps [--choose PATTERNS] STAGE...\n"
		 "pb jobs taps-of JOB\n"
		 "pb jobs select PATTERN...\n"
		 "pb jobs tests-of PATTERN...\n"
		 "pb jobs check JOB\n"
		 "pb jobs run [--jobs N] [--budget S] [--choose PATTERNS] STAGE...",
	.details =
		"STAGE: kunit, guest, crash, debug, llvm (the debug stage on debug-llvm), harness,\n"
		"lava. A PATTERN is a glob over job ids (docs/testing.md, \"Choosing tests\").\n"
		"  list            the stages' jobs, the longest first; --choose (default\n"
		"                  $PB_TEST_CHOICE: patterns separated by spaces) keeps those\n"
		"                  the patterns choose\n"
		"  taps            the TAP files those jobs leave under $TEST_OUT, one a line\n"
		"  taps-of JOB     the TAP files one job leaves\n"
		"  select          the jobs the patterns choose; one that chooses none is an error\n"
		"  tests-of        the guest tests whose guest/KERNEL/TEST jobs they choose\n"
		"  check JOB       exit 0 if JOB is a job, else 2 with the list\n"
		"  run             run the stages' jobs, --jobs (default $JOBS, else the CPUs)\n"
		"                  at once, each as $PB_JOB_RUNNER JOB (default " JOB_RUNNER_DEFAULT "),\n"
		"                  its output in $TEST_OUT/.jobs/; prints \"[k/N] JOB: verdict\n"
		"                  [T s]\" as each ends, what failed under it, and the slowest.\n"
		"                  --budget (default $TEST_BUDGET, else 5100) seconds from\n"
		"                  $PB_TEST_START (default now): a job that would start with\n"
		"                  under 60 s left is not run and fails its TAP files; a running\n"
		"                  job gets TIMEOUT_CAP, the seconds left\n"
		"Exit status: 0, 2 on bad input (an unknown stage or job, a pattern choosing\n"
		"nothing); run: 0 once every job is done (the verdicts are the TAP files'),\n"
		"1 if one could not be started.\n",
	.options = options,
	.min_operands = 1,
	.max_operands = -1,
};
