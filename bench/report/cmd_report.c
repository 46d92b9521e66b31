// SPDX-License-Identifier: GPL-2.0
/*
 * pb report OUT.md RESULT.json...: the generated RESULTS.md.
 *
 * The results are each suite's, oldest commit first (pb results all): the
 * newest makes the suite's part, and where there are two or
 * more a History part follows it (bench/compare/history.c).
 *
 * One table per suite: each point's baseline and patched medians with
 * quartiles, the patched/baseline ratio of medians with a 95% bootstrap
 * interval, the Mann-Whitney p-value and a verdict. A point whose 2x batch
 * did not cost twice its 1x batch (over 3 % off) is marked invalid; one
 * whose boots' first samples stand out, or whose icount repeats disagree,
 * is marked suspect (results_suspect()).
 */
#include <jansson.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/atomic.h"
#include "cmd.h"
#include "args.h"
#include "compare/history.h"
#include "report/report_impl.h"
#include "report/report_memory.h"
#include "report/report_selfcheck.h"
#include "report/report_targets.h"
#include "lib/results.h"
#include "lib/stats.h"
#include "lib/suites.h"

static void cell(FILE *f, const struct series *s, int icount)
{
	const char *suspect = results_suspect(s, icount);

	if (!s->n) {
		fprintf(f, " – |");
		return;
	}
	fprintf(f, " %.1f (%.1f–%.1f)%s", stat_median(s->x, s->n), stat_quantile(s->x, s->n, 0.25),
		stat_quantile(s->x, s->n, 0.75), results_scales(s) ? "" : " **invalid: 2N≠2×N**");
	if (suspect)
		fprintf(f, " **suspect: %s**", suspect);
	fprintf(f, " |");
}

/*
 * If `make profile SUITE=...` left a perf diff for this suite, show its
 * first lines (the symbols whose share changed most) under the table.
 */
static void profile_excerpt(FILE *f, const char *suite)
{
	char path[256], line[512];
	int shown = 0;
	FILE *in;

	snprintf(path, sizeof(path), "profiles/%s/diff.txt", suite);
	in = fopen(path, "r");
	if (!in)
		return;
	fprintf(f, "Profile (`make profile SUITE=%s`, perf record -g on the cpu-clock event; "
		"`%s`, perf diff baseline -> patched, share of samples):\n\n```\n", suite, path);
	while (shown < 12 && fgets(line, sizeof(line), in))
		if (line[0] != '#' && line[0] != '\n') {
			fputs(line, f);
			shown++;
		}
	fprintf(f, "```\n\n");
	fclose(in);
}

/* If `make trace SUITE=...` left per-call durations for this suite, show them. */
static void trace_excerpt(FILE *f, const char *suite)
{
	char path[256], line[512];
	FILE *in;

	snprintf(path, sizeof(path), "profiles/%s/trace.txt", suite);
	in = fopen(path, "r");
	if (!in)
		return;
	fprintf(f, "Per-call durations (`make trace SUITE=%s`, `%s`):\n\n```\n", suite, path);
	while (fgets(line, sizeof(line), in))
		fputs(line, f);
	fprintf(f, "```\n\n");
	fclose(in);
}

/*
 * profiles/SUITE/analysis.md is written by hand: what the profile or the
 * code says about a result. Its first line, "<!-- results: COMMIT -->",
 * names the results it was written for; under newer results it is shown
 * with a warning rather than trusted.
 */
static void analysis_excerpt(FILE *f, const char *suite, json_t *meta)
{
	const char *now = json_string_value(json_object_get(meta, "project_commit"));
	char path[256], line[1024], of[64] = "";
	FILE *in;

	snprintf(path, sizeof(path), "profiles/%s/analysis.md", suite);
	in = fopen(path, "r");
	if (!in)
		return;
	if (fgets(line, sizeof(line), in) && sscanf(line, "<!-- results: %63s -->", of) != 1)
		rewind(in);
	fprintf(f, "Analysis (`%s`, written for the results of `%s`)", path, of[0] ? of : "?");
	if (!of[0] || !now || strcmp(of, now))
		fprintf(f, " **written for other results than these (`%s`): check that it still "
			"holds**", now ? now : "?");
	fprintf(f, ":\n\n");
	while (fgets(line, sizeof(line), in))
		fputs(line, f);
	fprintf(f, "\n");
	fclose(in);
}

/* The first target of @s with this metric, or NULL. */
static json_t *target_of(const struct suite *s, const char *metric)
{
	json_t *t;
	size_t i;

	if (s)
		json_array_foreach(json_object_get(s->m, "targets"), i, t)
			if (!strcmp(json_string_value(json_object_get(t, "metric")), metric))
				return t;
	return NULL;
}

/* What the suite measures and at which points, as its manifest says. */
static void suite_intro(FILE *f, const struct suite *s)
{
	const char *params = json_string_value(json_object_get(s->m, "params"));

	fprintf(f, "What it measures: %s.", json_string_value(json_object_get(s->m, "description")));
	if (params && *params)
		fprintf(f, " Parameters: %s.", params);
	fprintf(f, "\n\n");
}

/* @dir: the report's directory, where its plots/ are; @s: the suite's manifest, or NULL */
static void suite_table(FILE *f, json_t *root, const char *dir, const struct suite *s)
{
	static struct series a, b;
	json_t *p, *meta = json_object_get(root, "meta");
	const char *suite = json_string_value(json_object_get(root, "suite"));
	int icount = !strcmp(json_string_value(json_object_get(root, "accel")) ?
			     json_string_value(json_object_get(root, "accel")) : "", "icount");
	char plot[4200];
	const char *k;
	json_t *v;
	size_t i;

	fprintf(f, "## %s\n\n", suite);
	if (s)
		suite_intro(f, s);
	fprintf(f, "Unit: **%s** per operation (accel `%s`). Lower is better.\n\n",
		json_string_value(json_object_get(root, "unit")),
		json_string_value(json_object_get(root, "accel")));
	fprintf(f, "| parameters | baseline median (IQR) | patched median (IQR) | ratio | 95%% CI | "
		"p (Mann-Whitney) | verdict |\n|---|---|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(root, "points"), i, p) {
		char params[256];
		int ha = results_load(p, "baseline", &a), hb = results_load(p, "patched", &b);

		results_params_text(json_object_get(p, "params"), NULL, params, sizeof(params));
		fprintf(f, "| %s |", params);
		cell(f, &a, icount);
		cell(f, &b, icount);
		if (ha && hb) {
			struct comparison c;

			results_compare(&a, &b, json_string_value(json_object_get(root, "accel")), &c);
			fprintf(f, " %.3f | %.3f–%.3f | %.3g | %s |\n", c.ratio, c.lo, c.hi, c.p,
				verdict_text(c.verdict));
		} else {
			fprintf(f, " – | – | – | %s only |\n", ha ? "baseline" : "patched");
		}
	}
	fprintf(f, "\n");
	report_impl_table(f, root, target_of(s, "speedup"));
	snprintf(plot, sizeof(plot), "%s/plots/%s.png", dir, suite);
	if (!access(plot, R_OK))	/* drawn by `make plots` from the same results */
		fprintf(f, "![%s](plots/%s.png)\n\n", suite, suite);
	profile_excerpt(f, suite);
	trace_excerpt(f, suite);
	analysis_excerpt(f, suite, meta);
	fprintf(f, "Recorded with:");
	json_object_foreach(meta, k, v)
		fprintf(f, " %s `%s`;", k, json_string_value(v));
	fprintf(f, "\n\n");
}

#define MAX_RESULTS 512

static int same_suite(json_t *a, json_t *b)
{
	return json_equal(json_object_get(a, "suite"), json_object_get(b, "suite"));
}

/*
 * Under a timing suite with results at two commits or more: its points
 * across them (bench/compare/history.c) and plots/history-SUITE.png if drawn.
 */
static void history_part(FILE *f, json_t *const *roots, int n, const char *dir)
{
	const char *suite = json_string_value(json_object_get(roots[n - 1], "suite"));
	struct history h;
	char err[512], plot[4200];

	if (n < 2 || json_object_get(roots[n - 1], "kind"))
		return;
	if (history_build(&h, roots, n, err, sizeof(err))) {
		fprintf(f, "History: **%s**\n\n", err);
		return;
	}
	fprintf(f, "### %s: history (`make history SUITE=%s`)\n\n", suite, suite);
	history_markdown(f, &h);
	snprintf(plot, sizeof(plot), "%s/plots/history-%s.png", dir, suite);
	if (!access(plot, R_OK))
		fprintf(f, "![%s history](plots/history-%s.png)\n\n", suite, suite);
	history_free(&h);
}

/* One suite's part: @roots are its results, oldest commit first; the last is shown. */
static void suite_part(FILE *f, json_t *const *roots, int n, const char *dir,
		       const struct suites *all)
{
	const char *kind = json_string_value(json_object_get(roots[n - 1], "kind"));
	const struct suite *s =
		suites_find(all, json_string_value(json_object_get(roots[n - 1], "suite")));

	if (kind && !strcmp(kind, "memory"))
		report_memory_table(f, roots[n - 1], s);
	else if (kind && !strcmp(kind, "selfcheck"))
		report_selfcheck(f, roots[n - 1]);
	else
		suite_table(f, roots[n - 1], dir, s);
	history_part(f, roots, n, dir);
}

static int report(int argc, char **argv)
{
	static json_t *roots[MAX_RESULTS], *newest[MAX_RESULTS], *suite[MAX_RESULTS];
	static struct suites all;
	struct atomic_file a;
	char path[4096], dir[4096], err[1024];
	int n = 0, nnewest = 0, status;

	if (args_operands(&cmd_report, &argc, argv, &status))
		return status;
	if (argc - 2 > MAX_RESULTS) {
		fprintf(stderr, "pb report: more than %d result files\n", MAX_RESULTS);
		return 1;
	}
	if (suites_load(&all, err, sizeof(err))) {	/* the targets and their rows */
		fprintf(stderr, "pb report: %s\n", err);
		return 1;
	}
	snprintf(path, sizeof(path), "%s", argv[1]);
	snprintf(dir, sizeof(dir), "%s", dirname(path));
	if (atomic_open(&a, argv[1])) {
		perror(argv[1]);
		suites_free(&all);
		return 1;
	}
	fprintf(a.f, "# patchbench results\n\n"
		"Generated by `make report` from the JSON files in `results/`; do not edit.\n\n"
		"Baseline is Debian's linux-source-6.12 as shipped; patched is the same tree with\n"
		"`kernel/patches/` applied, built from the same config fragments. Both kernels run\n"
		"in the same `make bench` invocation, interleaved boot by boot.\n\n"
		"Method: a warm-up batch is discarded, then each sample is the mean cost of K\n"
		"operations, taken next to a 2K batch (a point whose 2K batch is more than 3 %%\n"
		"off twice the K batch is marked invalid; one where a boot's first sample is\n"
		"more than 3 %% off that boot's median, so the warm-up did not remove the\n"
		"first-iteration effects, or whose icount samples spread by more than 1 %% (CV),\n"
		"is marked suspect). The ratio is median(patched) /\n"
		"median(baseline) with a 95 %% bootstrap interval (2000 resamples, fixed seed);\n"
		"a change is called when the Mann-Whitney p < 0.05, the interval excludes 1 and\n"
		"the shift is above the noise floor: samples of one boot share its state, so two\n"
		"boots of one kernel can differ significantly by a little (at most 0.2 %% in\n"
		"icount A/A runs); the floor is 0.5 %% in icount mode, 2 %% in wall-clock modes, or\n"
		"the spread between one kernel's boots if larger (\"within boot noise\").\n"
		"In icount mode (`-icount shift=0`) the guest clock advances one ns per guest\n"
		"instruction, so the unit is guest instructions, and repeats agree to well under\n"
		"1 %%: the spread shown is real but tiny.\n\n");
	for (int i = 2; i < argc; i++) {
		json_error_t err;

		if (!(roots[n] = json_load_file(argv[i], 0, &err))) {
			fprintf(stderr, "pb report: %s: %s\n", argv[i], err.text);
			atomic_commit(&a, 0);
			for (int j = 0; j < n; j++)
				json_decref(roots[j]);
			suites_free(&all);
			return 1;
		}
		n++;
	}
	/* a suite's newest result is its last; suites in the order they first come */
	for (int i = 0; i < n; i++) {
		int later = 0;

		for (int j = i + 1; j < n; j++)
			later |= same_suite(roots[i], roots[j]);
		if (!later)
			newest[nnewest++] = roots[i];
	}
	report_targets(a.f, newest, nnewest, &all);
	for (int i = 0; i < n; i++) {
		int k = 0, first = 1;

		for (int j = 0; j < i; j++)
			first &= !same_suite(roots[i], roots[j]);
		if (!first)
			continue;
		for (int j = i; j < n; j++)
			if (same_suite(roots[i], roots[j]))
				suite[k++] = roots[j];
		suite_part(a.f, suite, k, dir, &all);
	}
	for (int i = 0; i < n; i++)
		json_decref(roots[i]);
	suites_free(&all);
	if (atomic_commit(&a, !ferror(a.f))) {
		perror(argv[1]);
		return 1;
	}
	printf("report: %s from %d result file(s)\n", argv[1], argc - 2);
	return 0;
}

const struct pb_cmd cmd_report = {
	.name = "report",
	.run = report,
	.summary = "write RESULTS.md from JSON results",
	.usage = "pb report OUT.md RESULT.json...",
	.details = "The RESULT files of each suite are given oldest first.\n",
	.min_operands = 2,
	.max_operands = -1,
};
