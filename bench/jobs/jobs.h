/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest jobs of make test (pb jobs): every boot, defined once here from
 * the guest tests' manifests (lib/guest_tests.h): its id, its stage, the TAP
 * files it must leave, how patterns choose it (docs/testing.md, "Choosing
 * tests"), and the pool that runs a stage's jobs N at a time within a
 * budget. How one job boots is tests/job-run.sh's.
 */
#ifndef PB_JOBS_H
#define PB_JOBS_H

#include <stddef.h>

#include "lib/guest_tests.h"

/* A list of owned strings. */
struct job_list {
	char **v;
	size_t n;
};

void job_list_add(struct job_list *l, const char *s);
int job_list_has(const struct job_list *l, const char *s);
void job_list_free(struct job_list *l);

/* The stages, in the order their jobs are listed: the longest first. */
extern const char *const job_stages[];

/* Append the jobs of @stage, the longest first; -1 (said on stderr) if there is no such stage. */
int jobs_of_stage(const struct guest_tests *all, const char *stage, struct job_list *out);
/* Every job of every stage, in job_stages order. */
void jobs_all(const struct guest_tests *all, struct job_list *out);
/* Append the TAP files @job must leave under @test_out; -1 (said) if there is no such job. */
int jobs_taps_of(const struct guest_tests *all, const char *test_out, const char *job,
		 struct job_list *out);

/* Does any of @patterns choose @job? */
int job_chosen(const struct guest_tests *all, const char *job, char *const *patterns, size_t n);
/*
 * The jobs @patterns choose, in jobs_all order; -1 when no pattern is given
 * or one chooses none (said on stderr with the list).
 */
int jobs_select(const struct guest_tests *all, char *const *patterns, size_t n,
		struct job_list *out);
/*
 * The jobs of @stages (in job_stages order); with @choice (make test TEST=:
 * patterns separated by white space) those it chooses. -1 (said) on an
 * unknown stage or a pattern that chooses nothing.
 */
int jobs_of_stages(const struct guest_tests *all, char *const *stages, size_t n,
		   const char *choice, struct job_list *out);

/* How pb jobs run runs a stage's jobs. */
struct job_pool {
	const char *runner;	/* the program that runs one job: RUNNER JOB */
	const char *test_out;	/* TEST_OUT: the TAP files' root, .jobs/ the logs */
	long jobs;		/* at once */
	long budget, start;	/* seconds from the epoch second @start */
};

/*
 * Run @jobs, pool->jobs at once, printing "[k/N] JOB: verdict [T s]" as each
 * ends and what failed under it; a job that would start with under a minute
 * of the budget left is not run and its TAP files fail saying so. Returns 0
 * once every job is done (the verdicts are the TAP files'), -1 if one cannot
 * be started.
 */
int job_pool_run(const struct guest_tests *all, const struct job_pool *pool,
		 const struct job_list *jobs, const char *stages);

#endif
