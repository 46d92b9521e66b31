// SPDX-License-Identifier: GPL-2.0
/*
 * pb jobs run's pool: a stage's jobs, N at a time, each its runner's
 * process with its output in TEST_OUT/.jobs/JOB.out, its verdict pb tally's
 * of its TAP files (TEST_OUT/.jobs/JOB.tally). A budget of seconds from a
 * start: a job that would start with under a minute left would only be cut
 * short, so it is not run and its TAP files fail, naming the budget and the
 * time spent; a running job's boots are given no more than what is left
 * (TIMEOUT_CAP).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "jobs/jobs.h"
#include "lib/mkdirs.h"
#include "tap/tap.h"

#define LEAST_SECONDS_LEFT 60
#define SLOWEST_SHOWN 5

struct slot {
	pid_t pid;
	size_t job;
	long started;
};

struct pool_state {
	const struct guest_tests *all;
	const struct job_pool *pool;
	const struct job_list *jobs;
	char dir[4096];		/* TEST_OUT/.jobs */
	long *took;		/* per job */
	size_t finished;
};

/* TEST_OUT/.jobs/JOB.EXT, the job's "/" as "_" */
static void log_path(const struct pool_state *s, size_t job, const char *ext, char *path,
		     size_t len)
{
	int n = snprintf(path, len, "%s/", s->dir);

	for (const char *c = s->jobs->v[job]; *c && (size_t)n < len - 1; c++)
		path[n++] = *c == '/' ? '_' : *c;
	snprintf(path + n, len - (size_t)n, ".%s", ext);
}

/* In a child: stdout and stderr to @path. */
static void output_to(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0) {
		perror(path);
		_exit(127);
	}
	close(fd);
}

static pid_t start_job(const struct pool_state *s, size_t job, long left)
{
	char out[8192], cap[32];
	pid_t pid;

	log_path(s, job, "out", out, sizeof(out));
	fflush(NULL);
	pid = fork();
	if (pid)
		return pid;
	snprintf(cap, sizeof(cap), "%ld", left);
	setenv("TIMEOUT_CAP", cap, 1);
	output_to(out);
	execlp(s->pool->runner, s->pool->runner, s->jobs->v[job], (char *)NULL);
	fprintf(stderr, "pb jobs run: %s: %s\n", s->pool->runner, strerror(errno));
	_exit(127);
}

/* pb tally of the job's TAP files into its .tally log: 0 when they pass. */
static int tally(const struct pool_state *s, size_t job, const struct job_list *taps)
{
	char path[8192], **argv = calloc(taps->n + 2, sizeof(*argv));
	int status;
	pid_t pid;

	log_path(s, job, "tally", path, sizeof(path));
	argv[0] = "tally";
	memcpy(argv + 1, taps->v, taps->n * sizeof(*argv));
	fflush(NULL);
	pid = fork();
	if (!pid) {
		output_to(path);
		status = cmd_tally.run((int)taps->n + 1, argv);
		fflush(NULL);
		_exit(status);
	}
	free(argv);
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

/* Each TAP file of the job fails: it was not run. */
static int not_run(const struct pool_state *s, size_t job, const struct job_list *taps, long now)
{
	struct ktap_report rep = { 0 };
	char name[256], why[128];
	int status = 0;

	snprintf(name, sizeof(name), "%s.(budget)", s->jobs->v[job]);
	for (char *c = name; *c; c++)
		if (*c == '/')
			*c = '.';
	snprintf(why, sizeof(why), "not run: the budget of %ld s was spent after %ld s",
		 s->pool->budget, now - s->pool->start);
	if (report_add(&rep, name, KTAP_FAIL, why))
		status = -1;
	for (size_t i = 0; i < taps->n && !status; i++) {
		char dir[8192];

		snprintf(dir, sizeof(dir), "%s", taps->v[i]);
		if (mkdirs(dirname(dir)) || tap_write(taps->v[i], &rep)) {
			perror(taps->v[i]);
			status = -1;
		}
	}
	ktap_free(&rep);
	return status;
}

/* "[k/N] JOB: verdict [T s]", and a failing job's failures under it. */
static void report(struct pool_state *s, size_t job, const char *verdict, long took)
{
	char path[8192], line[4096];
	FILE *f;

	s->took[job] = took;
	printf("[%zu/%zu] %s: %s [%ld s]\n", ++s->finished, s->jobs->n, s->jobs->v[job], verdict,
	       took);
	log_path(s, job, "tally", path, sizeof(path));
	if (!strcmp(verdict, "FAIL") && (f = fopen(path, "r"))) {
		while (fgets(line, sizeof(line), f))
			if (!strncmp(line, "FAIL", 4))
				printf("    %s", line);
		fclose(f);
	}
	fflush(stdout);
}

static int taps_of(const struct pool_state *s, size_t job, struct job_list *taps)
{
	return jobs_taps_of(s->all, s->pool->test_out, s->jobs->v[job], taps);
}

/* The job at @next, if it may start: 1 started, 0 not run (budget spent), -1 error. */
static int start_or_refuse(struct pool_state *s, size_t next, struct slot *slot)
{
	long now = time(NULL), left = s->pool->start + s->pool->budget - now;
	struct job_list taps = { 0 };
	int status;

	if (left >= LEAST_SECONDS_LEFT) {
		slot->pid = start_job(s, next, left);
		slot->job = next;
		slot->started = now;
		return slot->pid < 0 ? -1 : 1;
	}
	status = taps_of(s, next, &taps) || not_run(s, next, &taps, now) ? -1 : 0;
	job_list_free(&taps);
	if (!status)
		report(s, next, "FAIL (not run: budget spent)", time(NULL) - now);
	return status;
}

static int finish(struct pool_state *s, const struct slot *slot)
{
	struct job_list taps = { 0 };
	int status = taps_of(s, slot->job, &taps);

	if (!status)
		report(s, slot->job, tally(s, slot->job, &taps) ? "FAIL" : "pass",
		       time(NULL) - slot->started);
	job_list_free(&taps);
	return status;
}

/* Is job @i shown before job @j: slower, or as slow and later by name (as sort -rn did)? */
static int before(const struct pool_state *s, size_t i, size_t j)
{
	if (s->took[i] != s->took[j])
		return s->took[i] > s->took[j];
	return strcmp(s->jobs->v[i], s->jobs->v[j]) > 0;
}

static void slowest(const struct pool_state *s, long took)
{
	size_t *order = calloc(s->jobs->n + 1, sizeof(*order));

	for (size_t i = 0; i < s->jobs->n; i++) {
		size_t j = i;

		for (; j > 0 && before(s, i, order[j - 1]); j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	printf("== %zu guest boots in %ld s; the slowest:\n", s->jobs->n, took);
	for (size_t i = 0; i < s->jobs->n && i < SLOWEST_SHOWN; i++)
		printf("    %s %ld s\n", s->jobs->v[order[i]], s->took[order[i]]);
	free(order);
}

int job_pool_run(const struct guest_tests *all, const struct job_pool *pool,
		 const struct job_list *jobs, const char *stages)
{
	struct pool_state s = { .all = all, .pool = pool, .jobs = jobs };
	struct slot *slots = calloc((size_t)pool->jobs, sizeof(*slots));
	long began = time(NULL);
	size_t next = 0, busy = 0;
	int status = 0;

	s.took = calloc(jobs->n + 1, sizeof(*s.took));
	snprintf(s.dir, sizeof(s.dir), "%s/.jobs", pool->test_out);
	if (mkdirs(s.dir))
		status = -1;
	printf("== %zu guest boots (%s), %ld at a time; %ld s of the budget left\n", jobs->n, stages,
	       pool->jobs, pool->start + pool->budget - began);
	fflush(stdout);
	while (!status && (next < jobs->n || busy)) {
		int w;
		pid_t pid;
		size_t i;

		while (!status && next < jobs->n && busy < (size_t)pool->jobs) {
			int started = start_or_refuse(&s, next++, &slots[busy]);

			status = started < 0;
			busy += started > 0;
		}
		if (status || !busy)
			continue;
		pid = wait(&w);
		for (i = 0; i < busy && slots[i].pid != pid; i++)
			;
		if (pid < 0 || i == busy) {
			status = pid < 0;
			continue;
		}
		status = finish(&s, &slots[i]);
		slots[i] = slots[--busy];
	}
	while (busy && wait(NULL) > 0)
		busy--;
	if (!status)
		slowest(&s, time(NULL) - began);
	free(slots);
	free(s.took);
	return status ? -1 : 0;
}
