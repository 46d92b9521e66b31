// SPDX-License-Identifier: GPL-2.0
/*
 * Choosing jobs (TEST=, docs/testing.md, "Choosing tests"): each pattern a
 * shell glob; with a "/" it is matched against the whole id
 * (guest/patched/mctp-net, "kunit/" and a star), without one against each part of it (a
 * stage, a kernel, a test, each test of a group, a crash boot and the test
 * it boots: mctp-net, patched, crashkernel, mctp-*). A sanitizer kernel's
 * jobs only by a pattern that says so, "debug" (its BPF and modules are
 * built for it: make run) and for debug-llvm, not make test's, "llvm".
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobs/jobs.h"

static int says_its_kernel(const char *job, const char *pattern)
{
	const char *debug = strstr(job, "/debug");

	if (!debug)
		return 1;
	if (!strncmp(debug, "/debug-llvm", strlen("/debug-llvm")))
		return strstr(pattern, "llvm") != NULL;
	if (debug[strlen("/debug")] == '\0' || debug[strlen("/debug")] == '/')
		return strstr(pattern, "debug") != NULL;
	return 1;
}

static int a_part_matches(const struct guest_tests *all, const char *job, const char *pattern)
{
	char parts[4096];
	int hit = 0;

	snprintf(parts, sizeof(parts), "%s", job);
	for (char *save, *w = strtok_r(parts, "/+", &save); w && !hit; w = strtok_r(NULL, "/+", &save))
		hit = !fnmatch(pattern, w, 0);
	if (!hit && !strncmp(job, "crash/", strlen("crash/"))) {
		json_t *boot = guest_tests_crash_boot(all, job + strlen("crash/"));

		hit = boot && !fnmatch(pattern, json_string_value(json_object_get(boot, "test")), 0);
		json_decref(boot);
	}
	return hit;
}

int job_chosen(const struct guest_tests *all, const char *job, char *const *patterns, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!says_its_kernel(job, patterns[i]))
			continue;
		if (strchr(patterns[i], '/') ? !fnmatch(patterns[i], job, 0)
					     : a_part_matches(all, job, patterns[i]))
			return 1;
	}
	return 0;
}

static void say_the_jobs(const struct job_list *jobs)
{
	for (size_t i = 0; i < jobs->n; i++)
		fprintf(stderr, "  %s\n", jobs->v[i]);
}

int jobs_select(const struct guest_tests *all, char *const *patterns, size_t n,
		struct job_list *out)
{
	struct job_list every = { 0 };
	int status = 0;

	if (!n) {
		fprintf(stderr, "pb jobs: no job chosen (TEST=PATTERN..., or JOB=ID); make jobs lists them\n");
		return -1;
	}
	jobs_all(all, &every);
	for (size_t p = 0; p < n && !status; p++) {
		size_t j = 0;

		while (j < every.n && !job_chosen(all, every.v[j], patterns + p, 1))
			j++;
		if (j == every.n) {
			fprintf(stderr, "pb jobs: TEST=%s chooses no job; the jobs (make jobs) are:\n",
				patterns[p]);
			say_the_jobs(&every);
			status = -1;
		}
	}
	for (size_t j = 0; j < every.n && !status; j++)
		if (job_chosen(all, every.v[j], patterns, n))
			job_list_add(out, every.v[j]);
	job_list_free(&every);
	return status;
}

int jobs_of_stages(const struct guest_tests *all, char *const *stages, size_t n,
		   const char *choice, struct job_list *out)
{
	struct job_list patterns = { 0 }, chosen = { 0 }, scratch = { 0 };
	int status = 0;

	for (size_t i = 0; i < n && !status; i++)
		status = jobs_of_stage(all, stages[i], &scratch);
	job_list_free(&scratch);
	if (status)
		return -1;
	if (choice && *choice) {
		char *words = strdup(choice);

		for (char *save, *w = strtok_r(words, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save))
			job_list_add(&patterns, w);
		free(words);
		if (patterns.n)
			status = jobs_select(all, patterns.v, patterns.n, &chosen);
	}
	for (const char *const *s = job_stages; *s && !status; s++) {
		struct job_list of = { 0 };
		size_t i = 0;

		while (i < n && strcmp(stages[i], *s))
			i++;
		if (i == n)
			continue;
		jobs_of_stage(all, *s, &of);
		for (size_t j = 0; j < of.n; j++)
			if (!patterns.n || job_list_has(&chosen, of.v[j]))
				job_list_add(out, of.v[j]);
		job_list_free(&of);
	}
	job_list_free(&patterns);
	job_list_free(&chosen);
	return status;
}
