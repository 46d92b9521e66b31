// SPDX-License-Identifier: GPL-2.0
/* The results layout and the one meaning of "newest" (layout.h). */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/env.h"
#include "lib/git_output.h"
#include "lib/layout.h"

#define RUN_HEX 12

const char *layout_base_root(const char *option)
{
	return option ? option : env_or("RESULTS_DIR", "results");
}

int layout_suite_ok(const char *suite)
{
	if (!*suite)
		return 0;
	for (const char *c = suite; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
			return 0;
	return 1;
}

int layout_result_path(char *buf, size_t len, const char *root, const char *run,
		       const char *suite, int partial)
{
	int n = snprintf(buf, len, "%s/%s/%s%s.json", root, run, suite, partial ? ".partial" : "");

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* The full hash of @rev's commit into @hash; -1 if it names none. */
static int commit_of(const char *rev, char hash[LAYOUT_COMMIT_LEN])
{
	char spec[1024], *out;
	int status;

	if (rev[0] == '-' || snprintf(spec, sizeof(spec), "%s^{commit}", rev) >= (int)sizeof(spec))
		return -1;
	status = git_output((char *[]){ "git", "rev-parse", "--verify", "--quiet", spec, NULL }, &out);
	if (status || !out || strlen(out) < LAYOUT_COMMIT_LEN - 1) {
		free(out);
		return -1;
	}
	memcpy(hash, out, LAYOUT_COMMIT_LEN - 1);
	hash[LAYOUT_COMMIT_LEN - 1] = '\0';
	free(out);
	return 0;
}

static int head_of(const char *who, char hash[LAYOUT_COMMIT_LEN])
{
	if (commit_of("HEAD", hash)) {
		fprintf(stderr, "%s: no HEAD commit: not in a git repository with commits\n", who);
		return -1;
	}
	return 0;
}

int layout_run_id(const char *who, char *run, size_t len)
{
	char head[LAYOUT_COMMIT_LEN], *status_out;
	int status;

	if (head_of(who, head))
		return -1;
	/*
	 * What make report writes (Makefile, report) is regenerated from
	 * results/ at the end of every make bench, and what make profile and
	 * make trace write under profiles/ records the run it was made at:
	 * were they counted, a second suite benched (or a trace taken after a
	 * profile) on a clean tree would be filed as -dirty. A hand-written
	 * analysis.md counts.
	 */
	status = git_output((char *[]){ "git", "status", "--porcelain", "--untracked-files=no",
					"--", ":/", ":(top,exclude)RESULTS.md",
					":(top,exclude)HISTORY.md",
					":(top,exclude,glob)plots/*.png",
					":(top,exclude,glob)profiles/*/*.folded",
					":(top,exclude,glob)profiles/*/*.report.txt",
					":(top,exclude,glob)profiles/*/diff.txt",
					":(top,exclude,glob)profiles/*/trace.txt",
					":(top,exclude,glob)profiles/*/flamegraph-*.html",
					":(top,exclude,glob)profiles/*/*.made-for.json", NULL }, &status_out);
	if (status) {
		fprintf(stderr, "%s: git status failed\n", who);
		free(status_out);
		return -1;
	}
	snprintf(run, len, "%.*s%s", RUN_HEX, head, *status_out ? "-dirty" : "");
	free(status_out);
	return 0;
}

static int walk_add(struct layout_walk *w, const char *commit, const char *suffix)
{
	void *run, *hash;

	if (!(run = realloc(w->run, (w->n + 1) * sizeof(*w->run))))
		return -1;
	w->run = run;
	if (!(hash = realloc(w->commit, (w->n + 1) * sizeof(*w->commit))))
		return -1;
	w->commit = hash;
	snprintf(w->run[w->n], LAYOUT_RUN_LEN, "%.*s%s", RUN_HEX, commit, suffix);
	snprintf(w->commit[w->n], LAYOUT_COMMIT_LEN, "%s", commit);
	w->n++;
	return 0;
}

int layout_walk(struct layout_walk *w, const char *who, const char *from, const char *to)
{
	return layout_walk_runs(w, who, from, to, LAYOUT_WITH_DIRTY);
}

int layout_walk_runs(struct layout_walk *w, const char *who, const char *from, const char *to,
		     enum layout_dirty dirty)
{
	char to_hash[LAYOUT_COMMIT_LEN], from_hash[LAYOUT_COMMIT_LEN], head[LAYOUT_COMMIT_LEN];
	char not_from[LAYOUT_COMMIT_LEN + 4], *out = NULL, *line, *save;
	int status;

	memset(w, 0, sizeof(*w));
	if (head_of(who, head))
		return -1;
	if (commit_of(to ? to : "HEAD", to_hash)) {
		fprintf(stderr, "%s: '%s' is not a commit of this repository\n", who,
			to ? to : "HEAD");
		return -1;
	}
	if (from) {
		if (commit_of(from, from_hash)) {
			fprintf(stderr, "%s: '%s' is not a commit of this repository\n", who, from);
			return -1;
		}
		status = git_output((char *[]){ "git", "merge-base", "--is-ancestor", from_hash,
						to_hash, NULL }, &out);
		free(out);
		if (status) {
			fprintf(stderr, "%s: %s is not an ancestor of %s\n", who, from,
				to ? to : "HEAD");
			return -1;
		}
		/* FROM itself and what follows it, up to TO */
		snprintf(not_from, sizeof(not_from), "%s^@", from_hash);
		status = git_output((char *[]){ "git", "rev-list", "--topo-order", to_hash, "--not",
						not_from, NULL }, &out);
	} else {
		status = git_output((char *[]){ "git", "rev-list", "--topo-order", to_hash, NULL },
				    &out);
	}
	if (status) {
		fprintf(stderr, "%s: git rev-list failed\n", who);
		free(out);
		return -1;
	}
	/* HEAD's uncommitted results are newer than HEAD's own, and no other commit's */
	if (dirty == LAYOUT_WITH_DIRTY && !strcmp(to_hash, head) && walk_add(w, head, "-dirty"))
		goto oom;
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (walk_add(w, line, ""))
			goto oom;
	free(out);
	return 0;
oom:
	fprintf(stderr, "%s: out of memory\n", who);
	free(out);
	layout_walk_free(w);
	return -1;
}

void layout_walk_free(struct layout_walk *w)
{
	free(w->run);
	free(w->commit);
	memset(w, 0, sizeof(*w));
}

static int is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

int layout_has_result(const char *root, const char *run, const char *suite)
{
	char path[4096];

	return !layout_result_path(path, sizeof(path), root, run, suite, 0) && is_file(path);
}

long layout_newest(const struct layout_walk *w, const char *root, const char *suite)
{
	for (size_t i = 0; i < w->n; i++)
		if (layout_has_result(root, w->run[i], suite))
			return (long)i;
	return -1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add SUITE of a file named SUITE.json (not SUITE.partial.json) to @set, once. */
static int suite_add(char ***set, size_t *n, const char *file)
{
	size_t len = strlen(file);
	char **more, *suite;

	if (len <= 5 || strcmp(file + len - 5, ".json"))
		return 0;
	suite = strndup(file, len - 5);
	if (!suite)
		return -1;
	for (size_t i = 0; i < *n && layout_suite_ok(suite); i++)
		if (!strcmp((*set)[i], suite))
			suite[0] = '\0';	/* seen */
	if (!layout_suite_ok(suite)) {
		free(suite);
		return 0;
	}
	more = realloc(*set, (*n + 2) * sizeof(**set));
	if (!more) {
		free(suite);
		return -1;
	}
	*set = more;
	(*set)[(*n)++] = suite;
	(*set)[*n] = NULL;
	return 0;
}

void layout_suites_free(char **suites)
{
	for (char **s = suites; s && *s; s++)
		free(*s);
	free(suites);
}

char **layout_suites(const char *root)
{
	char **set = calloc(1, sizeof(*set)), path[4096];
	struct dirent *run, *file;
	DIR *top = opendir(root), *dir;
	size_t n = 0;

	if (!top || !set) {
		fprintf(stderr, "pb: results root %s: cannot be read\n", root);
		if (top)
			closedir(top);
		free(set);
		return NULL;
	}
	while ((run = readdir(top))) {
		if (run->d_name[0] == '.' || !strcmp(run->d_name, LAYOUT_ARCH_DIR))
			continue;	/* the other architectures' roots are no runs */
		snprintf(path, sizeof(path), "%s/%s", root, run->d_name);
		if (!(dir = opendir(path)))
			continue;	/* not a run's directory (README.md) */
		while ((file = readdir(dir)))
			if (suite_add(&set, &n, file->d_name)) {
				closedir(dir);
				closedir(top);
				fprintf(stderr, "pb: out of memory\n");
				layout_suites_free(set);
				return NULL;
			}
		closedir(dir);
	}
	closedir(top);
	qsort(set, n, sizeof(*set), by_name);
	return set;
}
