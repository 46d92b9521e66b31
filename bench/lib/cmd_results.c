// SPDX-License-Identifier: GPL-2.0
/*
 * pb results: the results layout (lib/layout.h) for scripts and the
 * Makefile, which never spell results/<commit>/ themselves.
 *   pb results run-id                     the working tree's run id
 *   pb results path [--partial] SUITE     where a run now files SUITE's result
 *   pb results newest [--rev REV] SUITE...            one path per suite with one
 *   pb results all [--from REV] [--to REV] SUITE...   every path, oldest first
 *   pb results check                      results filed under another run
 * --root DIR (else RESULTS_DIR, else results) says where the results are;
 * another guest architecture's (GUEST_ARCH) are in its arch/NAME folder.
 */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/arch.h"
#include "lib/json_load.h"
#include "lib/layout.h"

#define WHO "pb results"

struct request {
	const char *root, *rev, *from, *to;
	int json, partial;
	char **suites;
	int nsuites;
};

static int run_id(void)
{
	char run[LAYOUT_RUN_LEN];

	if (layout_run_id(WHO, run, sizeof(run)))
		return 1;
	puts(run);
	return 0;
}

static int path(const struct request *q)
{
	char run[LAYOUT_RUN_LEN], file[4096];

	if (layout_run_id(WHO, run, sizeof(run)))
		return 1;
	if (layout_result_path(file, sizeof(file), q->root, run, q->suites[0], q->partial)) {
		fprintf(stderr, WHO ": the path of %s under %s is too long\n", q->suites[0], q->root);
		return 1;
	}
	puts(file);
	return 0;
}

static json_t *found(const struct layout_walk *w, size_t i, const char *root, const char *suite)
{
	char file[4096];

	layout_result_path(file, sizeof(file), root, w->run[i], suite, 0);
	return json_pack("{s:s,s:s,s:s}", "path", file, "run", w->run[i], "commit", w->commit[i]);
}

static int print_json(json_t *doc)
{
	int r = json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);

	putchar('\n');
	json_decref(doc);
	return r ? 1 : 0;
}

static int newest(const struct request *q)
{
	json_t *doc = json_object();
	struct layout_walk w;

	if (layout_walk(&w, WHO, NULL, q->rev)) {
		json_decref(doc);
		return 1;
	}
	for (int s = 0; s < q->nsuites; s++) {
		long i = layout_newest(&w, q->root, q->suites[s]);
		json_t *hit;

		if (i < 0)
			continue;
		hit = found(&w, i, q->root, q->suites[s]);
		if (!q->json)
			puts(json_string_value(json_object_get(hit, "path")));
		json_object_set_new(doc, q->suites[s], hit);
	}
	layout_walk_free(&w);
	if (!json_object_size(doc)) {
		fprintf(stderr, WHO ": no result of");
		for (int s = 0; s < q->nsuites; s++)
			fprintf(stderr, " %s", q->suites[s]);
		fprintf(stderr, " at %s or before it in its history\n", q->rev ? q->rev : "HEAD");
		json_decref(doc);
		return 1;
	}
	if (!q->json) {
		json_decref(doc);
		return 0;
	}
	return print_json(doc);
}

static int all(const struct request *q)
{
	json_t *doc = json_object();
	struct layout_walk w;
	char file[4096];

	if (layout_walk(&w, WHO, q->from, q->to)) {
		json_decref(doc);
		return 1;
	}
	for (int s = 0; s < q->nsuites; s++) {
		json_t *list = json_array();

		for (size_t i = w.n; i-- > 0;) {
			if (!layout_has_result(q->root, w.run[i], q->suites[s]))
				continue;
			json_array_append_new(list, found(&w, i, q->root, q->suites[s]));
			layout_result_path(file, sizeof(file), q->root, w.run[i], q->suites[s], 0);
			if (!q->json)
				puts(file);
		}
		json_object_set_new(doc, q->suites[s], list);
	}
	layout_walk_free(&w);
	if (!q->json) {
		json_decref(doc);
		return 0;
	}
	return print_json(doc);
}

static int json_file(const struct dirent *d)
{
	size_t len = strlen(d->d_name);

	return len > 5 && !strcmp(d->d_name + len - 5, ".json");
}

static int not_hidden(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/*
 * The results in ROOT/@run whose meta.project_commit is not @run, or whose
 * guest architecture is not @arch, the one ROOT is of; how many.
 */
static int check_run(const char *root, const char *run, const char *arch)
{
	char dir[4096], file[8192];
	struct dirent **names;
	int n, wrong = 0;

	snprintf(dir, sizeof(dir), "%s/%s", root, run);
	if ((n = scandir(dir, &names, json_file, alphasort)) < 0)
		return 0;	/* not a run's directory (README.md) */
	for (int i = 0; i < n; i++) {
		json_t *r;
		const char *recorded;

		snprintf(file, sizeof(file), "%s/%s", dir, names[i]->d_name);
		free(names[i]);
		if (!(r = json_load_said(WHO, file, 0))) {
			wrong++;
			continue;
		}
		recorded = json_string_value(json_object_get(json_object_get(r, "meta"),
							     "project_commit"));
		if (!recorded) {
			fprintf(stderr, WHO ": %s: records no meta.project_commit\n", file);
			wrong++;
		} else if (strcmp(recorded, run)) {
			fprintf(stderr, WHO ": %s: recorded at run %s, filed under run %s\n", file,
				recorded, run);
			wrong++;
		}
		if (strcmp(arch_of_result(r), arch)) {
			fprintf(stderr, WHO ": %s: measured on %s, filed among %s's results\n", file,
				arch_of_result(r), arch);
			wrong++;
		}
		json_decref(r);
	}
	free(names);
	return wrong;
}

/* Every run of @root, the results root of @arch; how many results are misfiled, -1 if unread. */
static int check_root(const char *root, const char *arch)
{
	struct dirent **runs;
	int n, wrong = 0;

	if ((n = scandir(root, &runs, not_hidden, alphasort)) < 0) {
		fprintf(stderr, WHO ": results root %s: cannot be read\n", root);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		/* the default's root holds the other architectures' under arch/: no run */
		if (!arch_is_default(arch) || strcmp(runs[i]->d_name, LAYOUT_ARCH_DIR))
			wrong += check_run(root, runs[i]->d_name, arch);
		free(runs[i]);
	}
	free(runs);
	return wrong;
}

/* The selected architecture's root; the default's with every other one's under it. */
static int check(const struct request *q)
{
	const char *arch = arch_selected();
	char **archs = NULL, root[4096];
	int wrong = check_root(q->root, arch), bad;

	if (wrong < 0)
		return 1;
	if (arch_is_default(arch) && !(archs = layout_archs(q->root))) {
		fprintf(stderr, WHO ": out of memory\n");
		return 1;
	}
	for (char **a = archs; a && *a; a++) {
		if (layout_arch_root(root, sizeof(root), q->root, *a) ||
		    (bad = check_root(root, *a)) < 0) {
			layout_suites_free(archs);
			return 1;
		}
		wrong += bad;
	}
	layout_suites_free(archs);
	if (wrong) {
		fprintf(stderr, WHO ": %d result(s) under %s filed under another run or architecture "
			"than theirs\n", wrong, q->root);
		return 1;
	}
	return 0;
}

static int run_id_of(const struct request *q)
{
	(void)q;
	return run_id();
}

enum { FORM_RUN_ID, FORM_PATH, FORM_NEWEST, FORM_ALL, FORM_CHECK };

/* Each form's SUITE operands and options (their letters), and what runs it. */
static const struct args_form forms[] = {
	[FORM_RUN_ID] = { "run-id", 0, 0, "r" },
	[FORM_PATH] = { "path", 1, 1, "rp" },
	[FORM_NEWEST] = { "newest", 1, -1, "rvj" },
	[FORM_ALL] = { "all", 1, -1, "rftj" },
	[FORM_CHECK] = { "check", 0, 0, "r" },
	{ NULL },
};

static int (*const form_run[])(const struct request *q) = {
	[FORM_RUN_ID] = run_id_of, [FORM_PATH] = path, [FORM_NEWEST] = newest,
	[FORM_ALL] = all, [FORM_CHECK] = check,
};

static int results(int argc, char **argv)
{
	struct request q = { 0 };
	const char *root = NULL;
	struct args a;
	int c, f;

	args_init(&a, &cmd_results, argc, argv);
	while ((c = args_next(&a)) > 0) {
		switch (c) {
		case 'r': root = a.value; break;
		case 'v': q.rev = a.value; break;
		case 'f': q.from = a.value; break;
		case 't': q.to = a.value; break;
		case 'j': q.json = 1; break;
		case 'p': q.partial = 1; break;
		}
	}
	if (c < 0 || (f = args_form(&a, forms)) < 0)
		return a.status;
	q.suites = a.operands + 1;
	q.nsuites = a.noperands - 1;
	for (int i = 0; i < q.nsuites; i++)
		if (!layout_suite_ok(q.suites[i]))
			return args_error(&cmd_results, "'%s' is not a suite's name "
					  "(letters, digits, '-', '_')", q.suites[i]);
	if (!(q.root = layout_root(root)))
		return 1;
	return form_run[f](&q);
}

static const struct option options[] = {
	{ "root", required_argument, NULL, 'r' },
	{ "rev", required_argument, NULL, 'v' },
	{ "from", required_argument, NULL, 'f' },
	{ "to", required_argument, NULL, 't' },
	{ "json", no_argument, NULL, 'j' },
	{ "partial", no_argument, NULL, 'p' },
	{ 0 },
};

const struct pb_cmd cmd_results = {
	.name = "results",
	.run = results,
	.summary = "where results are filed and which are a suite's newest (the results layout)",
	.usage = "pb results [--root DIR] run-id\n"
		 "pb results [--root DIR] path [--partial] SUITE\n"
		 "pb results [--root DIR] newest [--rev REV] [--json] SUITE...\n"
		 "pb results [--root DIR] all [--from REV] [--to REV] [--json] SUITE...\n"
		 "pb results [--root DIR] check",
	.details = "A result is ROOT/RUN/SUITE.json, a run of some of a suite's points\n"
		   "ROOT/RUN/SUITE.partial.json (never taken as the suite's result). ROOT is\n"
		   "--root, else $RESULTS_DIR, else results; RUN the project commit (12 hex\n"
		   "digits), -dirty when tracked files differ from it, make report's own\n"
		   "(RESULTS.md, HISTORY.md, plots/*.png) aside. With GUEST_ARCH another\n"
		   "architecture than the default, ROOT is ROOT/arch/GUEST_ARCH.\n"
		   "  run-id   the working tree's RUN\n"
		   "  path     where a run now files SUITE's result (creates nothing)\n"
		   "  newest   each SUITE's newest result at REV (default HEAD): the first found\n"
		   "           walking git rev-list --topo-order REV, HEAD's -dirty run first\n"
		   "           when REV is HEAD; one path a line, for the suites that have one\n"
		   "           (none: an error).\n"
		   "           --json: {SUITE: {path, run, commit}}\n"
		   "  all      every result of each SUITE on the commits FROM (default: the\n"
		   "           first) to TO (default: HEAD), oldest first; the paths, one a\n"
		   "           line, suite after suite. --json: {SUITE: [{path, run, commit}]}\n"
		   "  check    every result whose meta.project_commit is not its directory's\n"
		   "           RUN (a result moved by hand), or whose meta.guest_arch (none:\n"
		   "           the default) is not its root's, is an error; the default's\n"
		   "           root is checked with every architecture's under its arch/\n"
		   "exit status: 1 when a revision is not a commit, FROM is not an ancestor of\n"
		   "TO, git fails, newest finds no result, or check finds a misfiled result\n",
	.options = options,
	.min_operands = 1,
	.max_operands = -1,
};
