// SPDX-License-Identifier: GPL-2.0
/*
 * pb report [--plot-data DIR] [--root DIR] OUT.md [RESULT.json...]: the
 * generated RESULTS.md, HISTORY.md beside it and, with --plot-data, the
 * data of every plot in them.
 *
 * The results are each suite's, oldest commit first: the RESULT files
 * given, or else every suite's (its manifest's, then make selfcheck's) as
 * pb results all lists them, asked of the results layout here. Each is
 * read once: the newest makes the suite's part, and where there are two
 * or more its History part goes to HISTORY.md (bench/compare/history.c).
 * RESULTS.md opens with a headline made of the newest results alone: what
 * they are of (report_provenance.c) and every change the suites' tables
 * call (report_changes.c), then the targets.
 *
 * One table per suite: each point's baseline and patched medians with
 * quartiles, the patched/baseline ratio of medians with a 95% bootstrap
 * interval, the Mann-Whitney p-value and a verdict. A point whose 2x batch
 * did not cost twice its 1x batch (over 3 % off) is marked invalid; one
 * whose boots' first samples stand out, or whose icount repeats disagree,
 * is marked suspect (results_suspect()).
 *
 * --plot-data DIR writes, from the same results, each suite's plot (its
 * manifest's recipe, its newest result) and the history plot of each suite
 * whose manifest says "history", and DIR/plots.list (report_plots.h):
 * RESULTS.md shows exactly the plots listed there, which make report has
 * gnuplot draw next (bench/report/plots.sh).
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/atomic.h"
#include "lib/layout.h"
#include "cmd.h"
#include "args.h"
#include "compare/history.h"
#include "report/report_changes.h"
#include "report/report_impl.h"
#include "report/report_memory.h"
#include "report/report_plots.h"
#include "report/report_provenance.h"
#include "report/report_results.h"
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
	fprintf(f, "Flame graphs: [baseline](profiles/%s/flamegraph-baseline.html), [patched](profiles/%s/flamegraph-patched.html).\n\n", suite, suite);
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

/* @s: the suite's manifest, or NULL; @drawn: its plot is drawn (plots/SUITE.png) */
static void suite_table(FILE *f, json_t *root, const struct suite *s, int drawn)
{
	static struct series a, b;
	json_t *p, *meta = json_object_get(root, "meta");
	const char *suite = json_string_value(json_object_get(root, "suite"));
	int icount = !strcmp(json_string_value(json_object_get(root, "accel")) ?
			     json_string_value(json_object_get(root, "accel")) : "", "icount");
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
	if (drawn)
		fprintf(f, "![%s](plots/%s.png)\n\n", suite, suite);
	profile_excerpt(f, suite);
	trace_excerpt(f, suite);
	analysis_excerpt(f, suite, meta);
	fprintf(f, "Recorded with:");
	json_object_foreach(meta, k, v)
		fprintf(f, " %s `%s`;", k, json_string_value(v));
	fprintf(f, "\n\n");
}

static int same_suite(json_t *a, json_t *b)
{
	return json_equal(json_object_get(a, "suite"), json_object_get(b, "suite"));
}

/*
 * Under a timing suite with results at two commits or more: its points
 * across them (bench/compare/history.c) and plots/history-SUITE.png if
 * drawn, in HISTORY.md (@hist) under the suite's name, and a link to them
 * in RESULTS.md (@f).
 */
static void history_part(FILE *f, FILE *hist, const char *suite, const struct history *h,
			 const char *err, int drawn)
{
	fprintf(f, "History: [%s across project commits](HISTORY.md#%s) (`make history SUITE=%s`).\n\n",
		suite, suite, suite);
	fprintf(hist, "## %s\n\n", suite);
	if (err) {
		fprintf(hist, "**%s**\n\n", err);
		return;
	}
	history_markdown(hist, h);
	if (drawn)
		fprintf(hist, "![%s history](plots/history-%s.png)\n\n", h->suite, h->suite);
}

/*
 * One suite's part: @roots are its results, oldest commit first, read from
 * @paths; the last is shown in @f, its history in @hist. With @plots, its
 * plots' data too. -1, said why, if a plot's data cannot be written.
 */
static int suite_part(FILE *f, FILE *hist, json_t *const *roots, char *const *paths, int n,
		      const struct suites *all, struct report_plots *plots)
{
	json_t *newest = roots[n - 1];
	const char *kind = json_string_value(json_object_get(newest, "kind"));
	const struct suite *s = suites_find(all, json_string_value(json_object_get(newest, "suite")));
	int plotted = plots && s && json_object_get(s->m, "plot");
	int history_plotted = plots && s && n >= 2 && suite_can(s, "history");
	int history_shown = n >= 2 && !json_object_get(newest, "kind");
	struct history h;
	char err[512];
	int built = 0;

	if (plotted && report_plots_suite(plots, s, newest, paths[n - 1]))
		return -1;
	if (history_plotted || history_shown) {
		built = !history_build(&h, roots, n, err, sizeof(err));
		if (!built && history_plotted) {
			fprintf(stderr, "pb report: %s: history: %s\n", s->name, err);
			return -1;
		}
		if (built && history_plotted && report_plots_history(plots, &h)) {
			history_free(&h);
			return -1;
		}
	}
	if (kind && !strcmp(kind, "memory"))
		report_memory_table(f, newest, s);
	else if (kind && !strcmp(kind, "selfcheck"))
		report_selfcheck(f, newest);
	else
		suite_table(f, newest, s, plotted);
	if (history_shown)
		history_part(f, hist, json_string_value(json_object_get(newest, "suite")),
			     built ? &h : NULL, built ? NULL : err, history_plotted);
	if (built)
		history_free(&h);
	return 0;
}

/* What every RESULTS.md starts with: what it is, then the headline (report_provenance.h, report_changes.h). */
static void headline(FILE *f, json_t *const *newest, int n, const struct suites *all)
{
	fprintf(f, "# patchbench results\n\n"
		"Generated by `make report` from the JSON files in `results/`; do not edit. "
		"Baseline is Debian's\nlinux-source-6.12 as shipped, patched the same tree with "
		"`kernel/patches/` applied. Each\nsuite's results across project commits: "
		"[HISTORY.md](HISTORY.md). How a verdict is reached: [Method](#method).\n\n"
		"## Headline\n\n");
	report_provenance(f, newest, n);
	report_changes(f, newest, n, all);
}

/* How the figures are taken and judged, after the targets. */
static void method(FILE *f)
{
	fprintf(f, "## Method\n\n"
		"Both kernels are built from the same config fragments and run in the same\n"
		"`make bench` invocation, interleaved boot by boot.\n\n"
		"A warm-up batch is discarded, then each sample is the mean cost of K\n"
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
}

/* What every HISTORY.md starts with. */
static void history_preamble(FILE *f)
{
	fprintf(f, "# patchbench history\n\n"
		"Generated by `make report` from the JSON files in `results/`, with "
		"[RESULTS.md](RESULTS.md); do not edit.\n"
		"Each suite's points at every project commit with results "
		"(`make history SUITE=NAME`).\n\n");
}

/* make selfcheck's result (bench/collect/selfcheck.sh): filed as a suite's, in no manifest */
#define SELFCHECK_RESULT "selfcheck"

/* The RESULT files given, or every suite's results in the layout under @root. */
static int load(struct report_results *r, const struct suites *all, const char *root,
		char *const *files, int nfiles)
{
	const char *suites[SUITES_MAX + 1];
	int n = 0;

	if (nfiles)
		return report_results_files(r, files, nfiles);
	for (int i = 0; i < all->n; i++)
		suites[n++] = all->s[i].name;
	suites[n++] = SELFCHECK_RESULT;
	root = layout_root(root);
	if (report_results_layout(r, root, suites, n))
		return -1;
	if (!r->n) {
		fprintf(stderr, "pb report: no result of any suite under %s\n", root);
		return -1;
	}
	return 0;
}

/* Each suite's part, suites in the order they first come; -1 if a plot's data cannot be written. */
static int suite_parts(FILE *f, FILE *hist, const struct report_results *r,
		       const struct suites *all, struct report_plots *plots)
{
	static json_t *roots[REPORT_MAX_RESULTS];
	static char *paths[REPORT_MAX_RESULTS];

	for (int i = 0; i < r->n; i++) {
		int k = 0, first = 1;

		for (int j = 0; j < i; j++)
			first &= !same_suite(r->root[i], r->root[j]);
		if (!first)
			continue;
		for (int j = i; j < r->n; j++)
			if (same_suite(r->root[i], r->root[j])) {
				roots[k] = r->root[j];
				paths[k++] = r->path[j];
			}
		if (suite_part(f, hist, roots, paths, k, all, plots))
			return -1;
	}
	return 0;
}

/* HISTORY.md in the directory of @out */
static void history_path(char *buf, size_t len, const char *out)
{
	const char *slash = strrchr(out, '/');

	if (slash)
		snprintf(buf, len, "%.*s/HISTORY.md", (int)(slash - out), out);
	else
		snprintf(buf, len, "HISTORY.md");
}

/* Both files, from the results in @r; 0 if every part (and plot datum) was written */
static int write_report(FILE *f, FILE *hist, const struct report_results *r,
			const struct suites *all, struct report_plots *plots)
{
	static json_t *newest[REPORT_MAX_RESULTS];
	int nnewest = 0;

	/* a suite's newest result is its last; suites in the order they first come */
	for (int i = 0; i < r->n; i++) {
		int later = 0;

		for (int j = i + 1; j < r->n; j++)
			later |= same_suite(r->root[i], r->root[j]);
		if (!later)
			newest[nnewest++] = r->root[i];
	}
	headline(f, newest, nnewest, all);
	report_targets(f, newest, nnewest, all);
	method(f);
	history_preamble(hist);
	return suite_parts(f, hist, r, all, plots);
}

static int report(int argc, char **argv)
{
	static struct report_results r;
	static struct suites all;
	const char *plot_data = NULL, *root = NULL, *out;
	char err[1024], history[4096];
	struct report_plots plots;
	struct atomic_file a, h;
	int nresults, ok, c;
	struct args args;

	args_init(&args, &cmd_report, argc, argv);
	while ((c = args_next(&args)) > 0)
		*(c == 'p' ? &plot_data : &root) = args.value;
	if (c < 0)
		return args.status;
	if (root && args.noperands > 1)
		return args_error(&cmd_report, "--root is where the layout's results are: no RESULT "
				  "files with it");
	out = args.operands[0];
	history_path(history, sizeof(history), out);
	if (suites_load(&all, err, sizeof(err))) {	/* the targets and their rows */
		fprintf(stderr, "pb report: %s\n", err);
		return 1;
	}
	if (load(&r, &all, root, args.operands + 1, args.noperands - 1)) {
		report_results_free(&r);
		suites_free(&all);
		return 1;
	}
	if (atomic_open(&a, out)) {
		perror(out);
		report_results_free(&r);
		suites_free(&all);
		return 1;
	}
	if (atomic_open(&h, history) || (plot_data && report_plots_open(&plots, plot_data))) {
		if (h.f)
			atomic_commit(&h, 0);
		else
			perror(history);
		atomic_commit(&a, 0);
		report_results_free(&r);
		suites_free(&all);
		return 1;
	}
	ok = !write_report(a.f, h.f, &r, &all, plot_data ? &plots : NULL);
	nresults = r.n;
	if (plot_data && report_plots_close(&plots, ok))
		ok = 0;
	report_results_free(&r);
	suites_free(&all);
	ok = ok && !ferror(a.f) && !ferror(h.f);
	if (atomic_commit(&h, ok)) {
		perror(history);
		atomic_commit(&a, 0);
		return 1;
	}
	if (atomic_commit(&a, ok)) {
		perror(out);
		return 1;
	}
	if (!ok)
		return 1;
	printf("report: %s and %s from %d result file(s)\n", out, history, nresults);
	return 0;
}

static const struct option options[] = {
	{ "plot-data", required_argument, NULL, 'p' },
	{ "root", required_argument, NULL, 'r' },
	{ 0 },
};

const struct pb_cmd cmd_report = {
	.name = "report",
	.run = report,
	.summary = "write RESULTS.md and HISTORY.md, and the data of their plots, from JSON results",
	.usage = "pb report [--plot-data DIR] [--root DIR] OUT.md [RESULT.json...]",
	.details = "The RESULT files of each suite are given oldest first. Without them, every\n"
		   "suite's results (the manifests' suites, then selfcheck) as pb results all\n"
		   "lists them: each result is read once, each suite's history built once\n"
		   "and written to HISTORY.md in OUT.md's directory.\n"
		   "  --plot-data DIR  also write the data of every plot the two show: each\n"
		   "                   suite's (pb suites plot, pb plotvars) and history plot\n"
		   "                   (pb history --md --data), and DIR/plots.list, a line\n"
		   "                   \"SCRIPT VARS\" per plot for gnuplot to draw\n"
		   "  --root DIR       the results root (else RESULTS_DIR, else results)\n",
	.options = options,
	.min_operands = 1,
	.max_operands = -1,
};
