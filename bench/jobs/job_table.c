// SPDX-License-Identifier: GPL-2.0
/*
 * Which guest jobs make test has and the TAP files each leaves: KUnit per
 * kernel, each guest-stage test per kernel, each crash boot once, the
 * sanitizer kernels' KUnit and their guest tests in one boot per vCPU
 * count, the harness self-tests and the LAVA comparison.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobs/jobs.h"

const char *const job_stages[] = { "llvm", "debug", "harness", "lava", "guest", "crash", "kunit",
				   NULL };

/* The harness stage's jobs and the one TAP file each leaves. */
static const char *const harness_jobs[][2] = {
	{ "harness", "harness" }, { "pair", "pair" }, { "own-suite", "own-suite" },
	{ "shell", "shell" }, { "nonroot", "nonroot" }, { "lava/patched", "lava-run" },
};

void job_list_add(struct job_list *l, const char *s)
{
	char **v = realloc(l->v, (l->n + 1) * sizeof(*v));
	char *copy = strdup(s);

	if (!v || !copy) {
		fprintf(stderr, "pb jobs: out of memory\n");
		exit(1);
	}
	l->v = v;
	l->v[l->n++] = copy;
}

int job_list_has(const struct job_list *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return 1;
	return 0;
}

void job_list_free(struct job_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static const char *key(const struct guest_test *t, const char *name)
{
	return json_string_value(json_object_get(t->m, name));
}

static int guest_stage(const struct guest_test *t)
{
	return !strcmp(key(t, "stage"), "guest");
}

/*
 * The sanitizer kernel @k's guest tests share boots, one per vCPU count, the
 * tests one after the other (a KASAN boot is about 25 s of the 35-60 s a
 * test took in a boot of its own): guest/@k/A+B+...
 */
static void sanitizer_groups(const struct guest_tests *all, const char *k, struct job_list *out)
{
	for (int cpus = 1; cpus <= 8; cpus++) {
		char id[4096];
		int len = snprintf(id, sizeof(id), "guest/%s/", k), first = 1;

		for (int i = 0; i < all->n; i++)
			if (guest_stage(&all->t[i]) &&
			    json_integer_value(json_object_get(all->t[i].m, "cpus")) == cpus) {
				len += snprintf(id + len, sizeof(id) - (size_t)len, "%s%s",
						first ? "" : "+", all->t[i].name);
				first = 0;
			}
		if (!first)
			job_list_add(out, id);
	}
}

static void crash_boots(const struct guest_tests *all, struct job_list *out)
{
	char id[256];

	for (int i = 0; i < all->n; i++) {
		json_t *cases = json_object_get(all->t[i].m, "cases"), *c;
		size_t j;

		if (guest_stage(&all->t[i]))
			continue;
		if (!json_array_size(cases)) {
			snprintf(id, sizeof(id), "crash/%s", all->t[i].name);
			job_list_add(out, id);
		}
		json_array_foreach(cases, j, c) {
			snprintf(id, sizeof(id), "crash/%s",
				 json_string_value(json_object_get(c, "name")));
			job_list_add(out, id);
		}
	}
}

int jobs_of_stage(const struct guest_tests *all, const char *stage, struct job_list *out)
{
	char id[256];

	if (!strcmp(stage, "debug") || !strcmp(stage, "llvm")) {
		const char *k = !strcmp(stage, "llvm") ? "debug-llvm" : "debug";

		snprintf(id, sizeof(id), "kunit/%s", k);
		job_list_add(out, id);
		sanitizer_groups(all, k, out);
	} else if (!strcmp(stage, "kunit")) {
		job_list_add(out, "kunit/baseline");
		job_list_add(out, "kunit/patched");
	} else if (!strcmp(stage, "guest")) {
		for (const char *const *k = (const char *const[]){ "patched", "baseline", NULL }; *k; k++)
			for (int i = 0; i < all->n; i++)
				if (guest_stage(&all->t[i])) {
					snprintf(id, sizeof(id), "guest/%s/%s", *k, all->t[i].name);
					job_list_add(out, id);
				}
	} else if (!strcmp(stage, "crash")) {
		crash_boots(all, out);
	} else if (!strcmp(stage, "harness")) {
		for (size_t i = 0; i < 5; i++)
			job_list_add(out, harness_jobs[i][0]);
	} else if (!strcmp(stage, "lava")) {
		job_list_add(out, harness_jobs[5][0]);
	} else {
		fprintf(stderr, "pb jobs: unknown stage '%s' (kunit guest crash debug llvm harness lava)\n",
			stage);
		return -1;
	}
	return 0;
}

void jobs_all(const struct guest_tests *all, struct job_list *out)
{
	for (const char *const *s = job_stages; *s; s++)
		jobs_of_stage(all, *s, out);
}

static void add_tap(struct job_list *out, const char *dir, const char *name)
{
	char path[8192];

	snprintf(path, sizeof(path), "%s/%s.tap", dir, name);
	job_list_add(out, path);
}

/* guest/K/T, T one test or A+B+...: DIR/vm.tap and DIR/T.tap for each of them */
static void guest_taps(const char *test_out, const char *job, struct job_list *out)
{
	const char *k = job + strlen("guest/"), *t = strchr(k, '/') + 1;
	char dir[4096], tests[4096];

	snprintf(dir, sizeof(dir), "%s/guest-%.*s-%s", test_out, (int)(t - 1 - k), k, t);
	add_tap(out, dir, "vm");
	snprintf(tests, sizeof(tests), "%s", t);
	for (char *save, *one = strtok_r(tests, "+", &save); one; one = strtok_r(NULL, "+", &save))
		add_tap(out, dir, one);
}

/* crash/C: one directory per boot, whichever kernel it boots */
static int crash_taps(const struct guest_tests *all, const char *test_out, const char *job,
		      struct job_list *out)
{
	const char *c = job + strlen("crash/");
	json_t *boot = guest_tests_crash_boot(all, c), *tap;
	char dir[4096];
	size_t i;

	if (!boot)
		return -1;
	snprintf(dir, sizeof(dir), "%s/crash-%s", test_out, c);
	add_tap(out, dir, "vm");
	add_tap(out, dir, json_string_value(json_object_get(boot, "test")));
	json_array_foreach(json_object_get(boot, "taps"), i, tap)
		add_tap(out, dir, json_string_value(tap));
	json_decref(boot);
	return 0;
}

static int is_guest_job(const char *job)
{
	const char *k = job + strlen("guest/"), *slash = strchr(k, '/');

	return !strncmp(job, "guest/", strlen("guest/")) && slash && slash > k && slash[1];
}

int jobs_taps_of(const struct guest_tests *all, const char *test_out, const char *job,
		 struct job_list *out)
{
	char name[256];

	if (!strncmp(job, "kunit/", strlen("kunit/")) && job[strlen("kunit/")]) {
		snprintf(name, sizeof(name), "kunit-%s", job + strlen("kunit/"));
		add_tap(out, test_out, name);
		return 0;
	}
	if (is_guest_job(job)) {
		guest_taps(test_out, job, out);
		return 0;
	}
	if (!strncmp(job, "crash/", strlen("crash/")) && !crash_taps(all, test_out, job, out))
		return 0;
	for (size_t i = 0; i < sizeof(harness_jobs) / sizeof(harness_jobs[0]); i++)
		if (!strcmp(job, harness_jobs[i][0])) {
			add_tap(out, test_out, harness_jobs[i][1]);
			return 0;
		}
	fprintf(stderr, "pb jobs: unknown job '%s'\n", job);
	return -1;
}
